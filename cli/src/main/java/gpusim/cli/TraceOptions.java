package gpusim.cli;

import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** How a command reads its trace, shared by run and sweep: trace parameter values and the debug-layer switch. */
final class TraceOptions {
    @Option(names = "--param", paramLabel = "NAME=VALUE",
            description = "Give trace parameter NAME the value VALUE instead of its default (repeatable; the trace "
                    + "declares it with 'param NAME=DEFAULT', docs/trace-format.md).")
    List<String> params = List.of();

    @Option(names = "--no-debug-layer",
            description = "Do not check the D3D12 debug-layer rules (core runtime and format rules stay on).")
    boolean noDebugLayer;

    /** The parameter values given; a malformed assignment is a usage error. */
    Map<String, String> params(CommandLine cmd) {
        return Configs.params(cmd, params);
    }

    boolean debugLayer() {
        return !noDebugLayer;
    }
}
