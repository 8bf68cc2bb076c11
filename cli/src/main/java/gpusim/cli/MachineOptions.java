package gpusim.cli;

import gpusim.config.Config;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** The machine a command models, shared by run, sweep and config: a named preset, then --set assignments. */
final class MachineOptions {
    @Option(names = "--preset", paramLabel = "NAME|FILE",
            description = "Start from a named machine (small; console: an Xbox One class GPU; desktop: a GDDR6 "
                    + "RDNA part; h100, h200: fitted to NVIDIA H100 and H200 GPUs; each with its memory system; "
                    + "'gpusim config --presets' lists them) or a preset file of KEY = VALUE lines; --set applies after.")
    String preset;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "Set a configuration key (repeatable; 'gpusim config' lists them).")
    List<String> sets = List.of();

    /** The configuration these options give; a bad name, key or value is a usage error. */
    Config config(CommandLine cmd) {
        return Configs.build(cmd, preset, sets);
    }
}
