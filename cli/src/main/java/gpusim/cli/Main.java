package gpusim.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code gpusim} command: a cycle-approximate GPU model driven by command traces. */
@Command(name = "gpusim", mixinStandardHelpOptions = true, version = "gpusim 0.1.0",
        description = {"A cycle-approximate GPU hardware model driven by Direct3D 12 style command traces.",
            "Runs a trace on a modelled GPU (command processor, geometry stages, rasterizer, depth blocks, "
                + "pixel stage, memory) and reports the query results, bit-exact, with cycle counts and statistics."},
        subcommands = {RunCommand.class, SweepCommand.class, SweepTaskCommand.class, ConfigCommand.class,
            CorrelateCommand.class, CalibrateCommand.class, ReplayCommand.class, CheckCommand.class, IntervalsCommand.class, MicrobenchCommand.class,
            SceneCommand.class, CommandLine.HelpCommand.class})
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /** A configured command line, for the process and for tests (which use setOut/setErr and execute). */
    public static CommandLine commandLine() {
        return new CommandLine(new Main());
    }

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }
}
