package gpusim.cli;

import com.fasterxml.jackson.databind.JsonNode;
import gpusim.calibration.Correlation;
import gpusim.calibration.CorrelationPlot;
import gpusim.calibration.CorrelationReport;
import gpusim.calibration.Correlator;
import gpusim.calibration.TimestampIntervals;
import gpusim.calibration.TimestampIntervals.BadReplay;
import gpusim.calibration.TimestampIntervals.Baseline;
import gpusim.calibration.TimestampIntervals.Interval;
import gpusim.config.Config;
import gpusim.gpu.Gpu;
import gpusim.gpu.RunResult;
import gpusim.harness.OutputPaths;
import gpusim.harness.Simulation;
import gpusim.trace.Trace;
import gpusim.tracefile.TraceException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gpusim intervals}: the model's time between consecutive timestamps of a trace against
 * a saved device replay of it, interval by interval, next to the two-parameter baseline (a
 * fixed cost per interval plus its passed samples over a rate, least squares over these very
 * intervals): how the calibration judges the model per draw (docs/calibration.md, "Where the presets stand").
 */
@CommandLine.Command(name = "intervals", mixinStandardHelpOptions = true,
        description = {"Runs TRACE on the modelled GPU and compares each interval between consecutive timestamps of "
                + "its dumps (the words TIMESTAMP resolves wrote) with the same interval in REPLAY, a device report "
                + "of that trace ('gpusim replay --repeat N --json', or NAME.replay.json of 'gpusim check --out'): "
                + "the device's interval is the median over its runs. Prints the figures of 'gpusim correlate' "
                + "(log-scale Pearson r, MAPE, NRMSE, share within 10%%) and the linear Pearson r, and, with --samples, "
                + "those of the "
                + "two-parameter baseline fitted to the device's intervals (a ns + samples / b), and a table by "
                + "sample count.",
            "",
            "Exit status: 0 on success; 2 for bad input (a trace error, a replay that is not a report of this "
                + "trace, a --samples buffer that is not dumped or holds fewer words than there are intervals); "
                + "3 if the model deadlocks."})
public final class IntervalsCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TRACE", description = "The trace.")
    Path trace;

    @Parameters(index = "1", paramLabel = "REPLAY", description = "Its device report (JSON, 'gpusim replay').")
    Path replay;

    @Option(names = "--samples", paramLabel = "BUFFER", description = "The dumped buffer whose words are each "
            + "interval's passed samples, in order (the per-draw stress traces of 'gpusim microbench --stress': res, "
            + "one OCCLUSION query a draw): fits and reports the baseline.")
    String samples;

    @Option(names = "--out", paramLabel = "DIR", description = "Write intervals.csv (interval, samples, model, "
            + "device and baseline ns) and scatter.png (model against device, log-log) to DIR.")
    Path out;

    @CommandLine.Mixin
    MachineOptions machine = new MachineOptions();

    @CommandLine.Mixin
    TraceOptions traceOptions = new TraceOptions();

    @Option(names = {"-q", "--quiet"}, description = "Print only the summary lines (and errors).")
    boolean quiet;

    @Override
    public Integer call() throws IOException {
        CommandLine cmd = spec.commandLine();
        PrintWriter stdout = cmd.getOut();
        PrintWriter err = cmd.getErr();
        if (out != null && OutputPaths.dirProblem(out) != null) {
            return fail(err, "gpusim: cannot write --out " + out + ": " + OutputPaths.dirProblem(out));
        }
        Config config = machine.config(cmd);
        Trace t;
        try {
            t = Simulation.read(trace, traceOptions.params(cmd), config);
            Simulation.validate(t, config, traceOptions.debugLayer());
        } catch (TraceException e) {
            return fail(err, e.getMessage());
        }
        Map<String, long[]> device;
        double periodNs;
        try {
            JsonNode r = TimestampIntervals.readReplay(replay);
            periodNs = r.get("timestamp_period_ns").asDouble();
            device = TimestampIntervals.deviceTicks(replay, r);
        } catch (BadReplay e) {
            return fail(err, e.getMessage());
        }
        RunResult model;
        try {
            model = new Gpu(t, config).run();
        } catch (gpusim.sim.DeadlockException e) {
            err.println("gpusim: " + e.getMessage());
            err.flush();
            return 3;
        } catch (gpusim.sim.WorkLimitException e) {
            return fail(err, Simulation.workLimit(trace.getFileName().toString(), e).getMessage());
        }
        List<Interval> intervals;
        try {
            intervals = TimestampIntervals.intervals(t, model, device, periodNs, samples);
        } catch (BadReplay e) {
            return fail(err, replay + ": " + e.getMessage());
        }
        if (intervals.size() < 3) {
            return fail(err, trace + ": " + intervals.size() + " timestamp intervals in its dumps; at least 3 are needed");
        }
        Baseline baseline = samples == null ? null : TimestampIntervals.baseline(intervals);
        List<Correlator.Prediction> ps = TimestampIntervals.predictions(intervals, null);
        Correlation c = Correlation.of(ps);
        stdout.println(intervals.size() + " intervals, device total "
                + String.format("%.3f ms", TimestampIntervals.total(intervals, false))
                + ", model total " + String.format("%.3f ms", TimestampIntervals.total(intervals, true)));
        double[] dev = new double[intervals.size()];
        double[] mod = new double[intervals.size()];
        for (int i = 0; i < dev.length; i++) {
            dev[i] = intervals.get(i).deviceNs();
            mod[i] = intervals.get(i).modelNs();
        }
        stdout.println("model:    " + CorrelationReport.summaryLine(c.all()).replaceFirst(" traces:", " intervals:")
                + String.format(", linear r %.4f", TimestampIntervals.linearR(mod, dev)));
        if (baseline != null) {
            stdout.println("baseline: " + CorrelationReport.summaryLine(Correlation.of(
                    TimestampIntervals.predictions(intervals, baseline.predictedNs())).all())
                    .replaceFirst(" traces:", " intervals:")
                    + String.format(", linear r %.4f", TimestampIntervals.linearR(baseline.predictedNs(), dev))
                    + String.format(" (%.0f ns + samples / %.3f a ns)", baseline.fixedNs(), baseline.samplesPerNs()));
            if (!quiet) {
                printBins(stdout, intervals, baseline);
            }
        }
        if (out != null) {
            Files.createDirectories(out);
            StringBuilder csv = new StringBuilder("interval,dump,word,samples,model_ns,device_ns,baseline_ns\n");
            for (int i = 0; i < intervals.size(); i++) {
                Interval iv = intervals.get(i);
                csv.append(i).append(',').append(iv.dump()).append(',').append(iv.word()).append(',')
                        .append(iv.samples()).append(',').append(iv.modelNs()).append(',').append(iv.deviceNs())
                        .append(',').append(baseline == null ? "" : Double.toString(baseline.predictedNs()[i]))
                        .append('\n');
            }
            Files.writeString(out.resolve("intervals.csv"), csv, StandardCharsets.UTF_8);
            CorrelationPlot.write(out.resolve("scatter.png"), c, trace.getFileName() + " against " + replay.getFileName()
                    + ", interval by interval");
        }
        stdout.flush();
        return 0;
    }

    /** Mean device, model and baseline ns by tenths of the intervals sorted by passed samples. */
    private static void printBins(PrintWriter out, List<Interval> intervals, Baseline b) {
        Integer[] order = new Integer[intervals.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Long.compare(intervals.get(x).samples(), intervals.get(y).samples()));
        out.printf("%-21s %12s %12s %12s%n", "SAMPLES", "DEVICE_NS", "MODEL_NS", "BASELINE_NS");
        int n = order.length;
        int bins = Math.min(10, n);
        for (int k = 0; k < bins; k++) {
            int from = k * n / bins;
            int to = (k + 1) * n / bins;
            double d = 0;
            double m = 0;
            double p = 0;
            for (int j = from; j < to; j++) {
                Interval iv = intervals.get(order[j]);
                d += iv.deviceNs();
                m += iv.modelNs();
                p += b.predictedNs()[order[j]];
            }
            int c = to - from;
            out.printf("%-21s %12.0f %12.0f %12.0f%n", intervals.get(order[from]).samples() + "-"
                    + intervals.get(order[to - 1]).samples(), d / c, m / c, p / c);
        }
    }

    private static int fail(PrintWriter err, String message) {
        err.println(message);
        err.flush();
        return 2;
    }
}
