package gpusim.cli;

import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The calibration set and the threads that run it, shared by correlate and calibrate. */
final class CalibrationSetOptions {
    @Parameters(index = "0", paramLabel = "DIR",
            description = "Directory of calibration traces (searched recursively).")
    Path dir;

    @Parameters(index = "1", paramLabel = "MEASURED", description = "The measured times, one JSON object a line.")
    Path measured;

    @Option(names = "--threads", paramLabel = "N", description = "Traces run at once (default: the number of cores).")
    Integer threads;

    /** The number of threads: --threads, or the cores. */
    int threads(CommandLine cmd) {
        if (threads == null) {
            return Math.max(1, Runtime.getRuntime().availableProcessors());
        }
        if (threads < 1 || threads > 256) {
            throw new CommandLine.ParameterException(cmd, "--threads " + threads + ": expected 1..256");
        }
        return threads;
    }
}
