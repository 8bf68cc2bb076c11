package gpusim.calibration;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gpusim.api.QueryType;
import gpusim.gpu.RunResult;
import gpusim.gpu.cp.CommandProcessor;
import gpusim.trace.Command;
import gpusim.trace.CommandList;
import gpusim.trace.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The model's time between consecutive timestamps of a trace against a saved device replay of
 * it, interval by interval ({@code gpusim intervals}, docs/calibration.md, "Where the presets stand"): the
 * intervals themselves, the device's median over its runs, and the two-parameter baseline (a
 * fixed cost per interval plus its passed samples over a rate, least squares over these very
 * intervals) that the model is judged against.
 */
public final class TimestampIntervals {
    private TimestampIntervals() {
    }

    /** One interval: its dump and word (the later timestamp's), passed samples (-1 unknown), model and device ns. */
    public record Interval(int dump, int word, long samples, double modelNs, double deviceNs) {
    }

    /** The baseline fitted to the device's intervals: {@code fixedNs + samples / samplesPerNs}, and its predictions. */
    public record Baseline(double fixedNs, double samplesPerNs, double[] predictedNs) {
    }

    /** Why a replay report cannot be used. */
    public static final class BadReplay extends Exception {
        private static final long serialVersionUID = 1L;

        /** A replay report that cannot be used, and why. */
        public BadReplay(String message) {
            super(message, null, false, false);
        }
    }

    /** The replay report in {@code file}: a JSON object with timestamps and a positive timestamp_period_ns. */
    public static JsonNode readReplay(Path file) throws BadReplay {
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
    public static Map<String, long[]> deviceTicks(Path file, JsonNode r) throws BadReplay {
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
    public static List<Interval> intervals(Trace t, RunResult model, Map<String, long[]> device, double periodNs,
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
    public static List<Command.ResolveQueryData> timestampResolves(Trace t) {
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
    public static String timestampAt(List<Command.ResolveQueryData> resolves, String buffer, long at) {
        String found = null;
        for (Command.ResolveQueryData r : resolves) {
            if (r.buffer().name().equals(buffer) && at >= r.offset() && at < r.offset() + 8L * r.count()) {
                found = r.heap().name() + "[" + (r.start() + (at - r.offset()) / 8) + "]";
            }
        }
        return found;
    }

    /** Least squares of device ns on passed samples: device = a + samples / b. */
    public static Baseline baseline(List<Interval> intervals) {
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
     * usually quoted with (docs/calibration.md, "Where the presets stand"), weighted by the long intervals.
     */
    public static double linearR(double[] predicted, double[] measured) {
        return new org.apache.commons.math3.stat.correlation.PearsonsCorrelation().correlation(predicted, measured);
    }

    /** The intervals as correlator predictions: the model's times, or {@code predicted} (the baseline's). */
    public static List<Correlator.Prediction> predictions(List<Interval> intervals, double[] predicted) {
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

    /** The total in ms of the intervals, the model's or the device's. */
    public static double total(List<Interval> intervals, boolean model) {
        double s = 0;
        for (Interval iv : intervals) {
            s += model ? iv.modelNs() : iv.deviceNs();
        }
        return s / 1e6;
    }
}
