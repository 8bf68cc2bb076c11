package gpusim.cli;

import gpusim.calibration.CalibrationSet;
import gpusim.calibration.Correlation;
import gpusim.calibration.CorrelationReport;
import gpusim.calibration.Correlator;
import gpusim.config.Config;
import gpusim.harness.OutputPaths;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gpusim correlate}: the model's times for a calibration set next to the times a real GPU took. */
@Command(name = "correlate", mixinStandardHelpOptions = true,
        description = {"Runs every trace of DIR (every *.trace under it) on the modelled GPU, in this process, "
            + "several at once, and compares each one's t1 - t0 (TIMESTAMP queries 0 and 1 of its first dump, in ns "
            + "at the configured timestamp.frequency_hz) with the measured median in MEASURED (JSON lines: "
            + "{\"trace\": NAME, \"median_ns\": T}, as data/replay/h200/transfer/calibration.jsonl). Prints a table per trace and "
            + "per category and the summary: Pearson r of the log times, MAPE, NRMSE (RMSE over the mean measured "
            + "time), the share within 10%%, the mean |log(predicted / measured)|.",
            "Exit status: 0 on success, 2 for bad input (a trace without a measurement or the other way round, a "
                + "malformed line, a trace without the timestamp pair, a trace error), 3 if the model deadlocks."})
public final class CorrelateCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    CalibrationSetOptions calibrationSet = new CalibrationSetOptions();

    @CommandLine.Mixin
    MachineOptions machine = new MachineOptions();

    @Option(names = "--out", paramLabel = "DIR", description = "Write traces.csv, categories.csv, correlation.json "
            + "and scatter.png (log-log, one colour per category, y = x, the worst 5 labelled) to DIR.")
    Path out;

    @Option(names = "--exclude", paramLabel = "REGEX", description = "Leave out the traces whose name REGEX finds "
            + "(and their measurements), e.g. a fit on the cheaper traces: --exclude '4096x4096|-k64'.")
    java.util.regex.Pattern exclude;

    @Option(names = {"-q", "--quiet"}, description = "Print only the summary line (and errors).")
    boolean quiet;

    @Override
    public Integer call() throws IOException {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Config config = machine.config(spec.commandLine());
        int n = calibrationSet.threads(spec.commandLine());
        if (out != null && OutputPaths.dirProblem(out) != null) {
            return fail(err, 2, "gpusim: cannot write --out " + out + ": " + OutputPaths.dirProblem(out));
        }
        CalibrationSet set;
        try {
            set = CalibrationSet.load(calibrationSet.dir, calibrationSet.measured, exclude);
        } catch (CalibrationSet.BadSetException e) {
            return fail(err, 2, e.getMessage());
        }
        Correlation c;
        try (Correlator correlator = new Correlator(n)) {
            CountProgress progress = CountProgress.onTerminal(err, "correlating");
            c = Correlation.of(correlator.predict(set.cases(), config, progress));
            if (progress != null) {
                progress.finish();
            }
        } catch (Correlator.RunFailed e) {
            return fail(err, e.status, e.getMessage());
        }
        if (quiet) {
            stdout.println(CorrelationReport.summaryLine(c.all()));
            stdout.flush();
        } else {
            CorrelationReport.print(stdout, c);
        }
        if (out != null) {
            CorrelationReport.write(out, c, title(calibrationSet.dir, calibrationSet.measured, machine));
        }
        return 0;
    }

    static String title(Path dir, Path measured, MachineOptions machine) {
        StringBuilder sb = new StringBuilder(dir + " against " + measured.getFileName());
        if (machine.preset != null) {
            sb.append(", preset ").append(machine.preset);
        }
        for (String s : machine.sets) {
            sb.append(", ").append(s);
        }
        return sb.toString();
    }

    static int fail(PrintWriter err, int status, String message) {
        err.println(message);
        err.flush();
        return status;
    }
}
