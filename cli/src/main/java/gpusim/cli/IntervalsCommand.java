package gpusim.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gpusim.api.QueryType;
import gpusim.config.Config;
import gpusim.gpu.Gpu;
import gpusim.gpu.RunResult;
import gpusim.gpu.cp.CommandProcessor;
import gpusim.harness.OutputPaths;
import gpusim.harness.Simulation;
import gpusim.trace.Command;
import gpusim.trace.CommandList;
import gpusim.trace.Trace;
import gpusim.traces.TraceException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
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
 * intervals): how issue 11 judges the model per draw (docs/calibration.md, "Per draw").
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

    /** One interval: its dump and word (the later timestamp's), passed samples (-1 unknown), model and device ns. */
    record Interval(int dump, int word, long samples, double modelNs, double deviceNs) {
    }

    /** The baseline fitted to the device's intervals: {@code fixedNs + samples / samplesPerNs}, and its predictions. */
    record Baseline(double fixedNs, double samplesPerNs, double[] predictedNs) {
    }

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
            JsonNode r = readReplay(replay);
            periodNs = r.get("timestamp_period_ns").asDouble();
            device = deviceTicks(replay, r);
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
            intervals = intervals(t, model, device, periodNs, samples);
        } catch (BadReplay e) {
            return fail(err, replay + ": " + e.getMessage());
        }
        if (intervals.size() < 3) {
            return fail(err, trace + ": " + intervals.size() + " timestamp intervals in its dumps; at least 3 are needed");
        }
        Baseline baseline = samples == null ? null : baseline(intervals);
        List<Correlator.Prediction> ps = predictions(intervals, null);
        Correlation c = Correlation.of(ps);
        stdout.println(intervals.size() + " intervals, device total " + String.format("%.3f ms", total(intervals, false))
                + ", model total " + String.format("%.3f ms", total(intervals, true)));
        double[] dev = new double[intervals.size()];
        double[] mod = new double[intervals.size()];
        for (int i = 0; i < dev.length; i++) {
            dev[i] = intervals.get(i).deviceNs();
            mod[i] = intervals.get(i).modelNs();
        }
        stdout.println("model:    " + CorrelationReport.summaryLine(c.all()).replaceFirst(" traces:", " intervals:")
                + String.format(", linear r %.4f", linearR(mod, dev)));
        if (baseline != null) {
            stdout.println("baseline: " + CorrelationReport.summaryLine(Correlation.of(predictions(intervals,
                    baseline.predictedNs())).all()).replaceFirst(" traces:", " intervals:") + String.format(", linear r %.4f", linearR(baseline.predictedNs(),
                    dev)) + String.format(" (%.0f ns + samples / %.3f a ns)", baseline.fixedNs(),
                    baseline.samplesPerNs()));
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

    /** Why a replay report cannot be used. */
    static final class BadReplay extends Exception {
        private static final long serialVersionUID = 1L;

        BadReplay(String message) {
            super(message, null, false, false);
        }
    }

    private static JsonNode readReplay(Path file) throws BadReplay {
        JsonNode r;
        try {
            if (Files.size(file) > 1L << 30) {
                throw new BadReplay(file + ": larger than 1 GiB; not a replay report");
            }
            r = new ObjectMapper().readTree(file.toFile());
        } catch (IOException e) {
            throw new BadReplay(file + ": not a replay report (" + e.getMessage().split("\n")[0] + ")");
        }
        if (r == null || !r.path("timestamps").isArray() || !r.path("timestamp_period_ns").isNumber()
                || r.get("timestamp_period_ns").asDouble() <= 0) {
            throw new BadReplay(file + ": not a replay report (no timestamps, or no timestamp_period_ns)");
        }
        return r;
    }

    /** Each timestamp of the report, "HEAP[INDEX]" to its ticks in every run (the last write of an index counts). */
    private static Map<String, long[]> deviceTicks(Path file, JsonNode r) throws BadReplay {
        Map<String, long[]> m = new HashMap<>();
        int runs = -1;
        for (JsonNode ts : r.get("timestamps")) {
            JsonNode ticks = ts.path("ticks");
            if (!ts.path("heap").isTextual() || !ts.path("index").canConvertToInt() || !ticks.isArray()
                    || ticks.isEmpty() || (runs >= 0 && ticks.size() != runs)) {
                throw new BadReplay(file + ": a timestamp without heap, index or one tick a run: " + ts);
            }
            runs = ticks.size();
            long[] v = new long[runs];
            for (int i = 0; i < runs; i++) {
                v[i] = Long.parseUnsignedLong(ticks.get(i).asText());
            }
            m.put(ts.get("heap").asText() + "[" + ts.get("index").asInt() + "]", v);
        }
        return m;
    }

    /**
     * The intervals between consecutive timestamp words of the model's dumps, each with the
     * device's median over its runs of the same two timestamps (found by heap and index), and,
     * with {@code samplesBuffer}, interval k's passed samples as word k of that buffer's dump.
     */
    static List<Interval> intervals(Trace t, RunResult model, Map<String, long[]> device, double periodNs,
                                    String samplesBuffer) throws BadReplay {
        long[] passed = null;
        if (samplesBuffer != null) {
            for (CommandProcessor.DumpResult d : model.dumps()) {
                if (d.buffer().equals(samplesBuffer)) {
                    passed = d.values();
                    break;
                }
            }
            if (passed == null) {
                throw new BadReplay("--samples " + samplesBuffer + ": the trace dumps no buffer of that name");
            }
        }
        double modelNsPerTick = 1e9 / model.timestampFrequency();
        List<Command.ResolveQueryData> resolves = timestampResolves(t);
        List<Interval> out = new ArrayList<>();
        for (int i = 0; i < model.dumps().size(); i++) {
            CommandProcessor.DumpResult m = model.dumps().get(i);
            String previous = null;
            int previousWord = -1;
            for (int w = 0; w < m.values().length; w++) {
                String at = timestampAt(resolves, m.buffer(), m.offset() + 8L * w);
                if (at == null) {
                    previous = null;
                    continue;
                }
                if (previous != null && previousWord == w - 1) {
                    long[] a = device.get(previous);
                    long[] b = device.get(at);
                    if (a == null || b == null) {
                        throw new BadReplay("no device timestamp " + (a == null ? previous : at)
                                + ": not a report of this trace");
                    }
                    double[] d = new double[a.length];
                    for (int r = 0; r < a.length; r++) {
                        d[r] = (b[r] - a[r]) * periodNs;
                    }
                    Arrays.sort(d);
                    int k = out.size();
                    long s = -1;
                    if (passed != null) {
                        if (k >= passed.length) {
                            throw new BadReplay("--samples " + samplesBuffer + ": " + passed.length
                                    + " words dumped, fewer than the intervals");
                        }
                        s = passed[k];
                    }
                    out.add(new Interval(i, w, s, (m.values()[w] - m.values()[previousWord]) * modelNsPerTick,
                            d[d.length / 2]));
                }
                previous = at;
                previousWord = w;
            }
        }
        return out;
    }

    /** Every TIMESTAMP resolve of the trace, in command-list order. */
    private static List<Command.ResolveQueryData> timestampResolves(Trace t) {
        List<Command.ResolveQueryData> out = new ArrayList<>();
        for (CommandList l : t.commandLists()) {
            for (Command c : l.commands()) {
                if (c instanceof Command.ResolveQueryData r && r.type() == QueryType.TIMESTAMP) {
                    out.add(r);
                }
            }
        }
        return out;
    }

    /**
     * "HEAP[INDEX]" of the TIMESTAMP query whose resolved value is at byte {@code at} of {@code buffer}
     * (the last of {@code resolves} to write there), or null.
     */
    static String timestampAt(List<Command.ResolveQueryData> resolves, String buffer, long at) {
        String found = null;
        for (Command.ResolveQueryData r : resolves) {
            if (r.buffer().name().equals(buffer) && at >= r.offset() && at < r.offset() + 8L * r.count()) {
                found = r.heap().name() + "[" + (r.start() + (at - r.offset()) / 8) + "]";
            }
        }
        return found;
    }

    /** Least squares of device ns on passed samples: device = a + samples / b. */
    static Baseline baseline(List<Interval> intervals) {
        int n = intervals.size();
        double mx = 0;
        double my = 0;
        for (Interval iv : intervals) {
            mx += iv.samples();
            my += iv.deviceNs();
        }
        mx /= n;
        my /= n;
        double sxy = 0;
        double sxx = 0;
        for (Interval iv : intervals) {
            sxy += (iv.samples() - mx) * (iv.deviceNs() - my);
            sxx += (iv.samples() - mx) * (iv.samples() - mx);
        }
        double slope = sxx == 0 ? 0 : sxy / sxx;
        double a = my - slope * mx;
        double[] p = new double[n];
        for (int i = 0; i < n; i++) {
            p[i] = a + slope * intervals.get(i).samples();
        }
        return new Baseline(a, slope == 0 ? Double.POSITIVE_INFINITY : 1 / slope, p);
    }

    /**
     * Pearson r of the times themselves (not their logs): what the two-parameter baseline is
     * quoted with (issue 9: r 0.990 and 0.997), weighted by the long intervals.
     */
    static double linearR(double[] predicted, double[] measured) {
        return new org.apache.commons.math3.stat.correlation.PearsonsCorrelation().correlation(predicted, measured);
    }

    /** The intervals as correlator predictions: the model's times, or {@code predicted} (the baseline's). */
    private static List<Correlator.Prediction> predictions(List<Interval> intervals, double[] predicted) {
        List<Correlator.Prediction> ps = new ArrayList<>();
        for (int i = 0; i < intervals.size(); i++) {
            Interval iv = intervals.get(i);
            if (iv.deviceNs() > 0) {
                ps.add(new Correlator.Prediction(new CalibrationSet.Case("interval " + i, "interval", null, "",
                        iv.deviceNs()), predicted == null ? iv.modelNs() : Math.max(predicted[i], 1e-9), 0));
            }
        }
        return ps;
    }

    private static double total(List<Interval> intervals, boolean model) {
        double s = 0;
        for (Interval iv : intervals) {
            s += model ? iv.modelNs() : iv.deviceNs();
        }
        return s / 1e6;
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
