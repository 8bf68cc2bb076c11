package gpusim.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code gpusim} command: a cycle-approximate GPU model driven by command traces. */
@Command(name = "gpusim", mixinStandardHelpOptions = true, versionProvider = Version.class,
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
        return configured(new CommandLine(new Main()));
    }

    /**
     * CMD with the handling every root shares: a {@link Configs.OneLineException} is its message
     * alone and exit status 2 (picocli's exit status for invalid input); any other usage error is
     * picocli's, the message and then the command's usage.
     */
    private static CommandLine configured(CommandLine cmd) {
        CommandLine.IParameterExceptionHandler usage = cmd.getParameterExceptionHandler();
        return cmd.setParameterExceptionHandler((ex, args) -> {
            if (!(ex instanceof Configs.OneLineException)) {
                return usage.handleParseException(ex, args);
            }
            CommandLine at = ex.getCommandLine();
            at.getErr().println(ex.getMessage());
            at.getErr().flush();
            return at.getCommandSpec().exitCodeOnInvalidInput();
        });
    }

    /**
     * {@code gpusim run ...}, the command a short run starts with, parsed by a root that knows
     * only {@code run}: picocli builds the model of every subcommand it is given (reflection over
     * each class's options and an annotation proxy per annotation), which costs a short run
     * tens of milliseconds for commands it never uses (docs/performance.md, "Start-up"). The
     * root has the same name and options as {@link Main}, so help, errors and exit codes are
     * the same as through the full command line ({@code CliTest} compares them).
     */
    @Command(name = "gpusim", mixinStandardHelpOptions = true, versionProvider = Version.class,
            subcommands = {RunCommand.class})
    static final class RunOnly implements Runnable {
        @Override
        public void run() {
            // never reached: main uses this root only when the first argument is "run"
        }
    }

    /** The command line a process builds for ARGS: {@link RunOnly} for a run, else the full one. */
    static CommandLine commandLineFor(String[] args) {
        return args.length > 0 && args[0].equals("run") ? configured(new CommandLine(new RunOnly())) : commandLine();
    }

    public static void main(String[] args) {
        System.exit(commandLineFor(args).execute(args));
    }
}
