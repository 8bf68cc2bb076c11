package gpusim.study;

import gpusim.config.Config;
import gpusim.gpu.RunResult;
import gpusim.memory.MemorySystem;
import gpusim.sim.Stat;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The figures a sweep records for each configuration: the one place that names them. Most
 * are statistics of the run's tree, read by path ({@link gpusim.sim.StatGroup#find}); a
 * statistic the model does not (yet) produce is recorded as empty, so this list may name
 * statistics before the model has them and is the only thing to adjust when their paths
 * change. The units given here are used until a run shows the statistic's own unit.
 */
public final class SweepMetrics {
    private SweepMetrics() {
    }

    /** One figure of a sweep row: its name (the column), unit, meaning, and how to read it from a run. */
    public record Metric(String name, String unit, String description, Function<RunResult, Number> reader) {
        /** The value for a run, or null if the run has no such figure. */
        Number read(RunResult r) {
            return reader.apply(r);
        }
    }

    /** The default metric of the plot. */
    public static final String CYCLES = "run.cycles";

    /** The figures that sum a channel statistic over the channels: figure name to the channels' statistic. */
    public static final Map<String, String> CHANNEL_SUMS = new LinkedHashMap<>();

    /** The per-run figures, in column order. */
    public static final List<Metric> RUN = List.of(
            new Metric(CYCLES, "cycles", "total simulated cycles of the run", r -> r.cycles()),
            stat("queries.counter_write_latency_mean", "cycles",
                    "mean cycles from an EndQuery or WriteQuery to all of its counters being in memory"),
            stat("queries.counter_write_latency_p95", "cycles",
                    "95th percentile of the cycles from an EndQuery or WriteQuery to its counters being in memory"),
            stat("queries.counter_write_latency_p50", "cycles",
                    "median cycles from an EndQuery or WriteQuery to its counters being in memory"),
            stat("queries.counter_write_latency_max", "cycles",
                    "longest cycles from an EndQuery or WriteQuery to its counters being in memory"),
            channels("memory.bytes_counter", "bytes_counter", "bytes",
                    "bytes the channels moved for counter writes (occlusion counters, WriteQuery, reports)"),
            channels("memory.bytes_depth", "bytes_depth", "bytes", "bytes the channels moved for depth samples"),
            channels("memory.bytes_color", "bytes_color", "bytes", "bytes the channels moved for colour samples"),
            channels("memory.row_conflicts", "row_conflicts", "accesses",
                    "DRAM accesses that found another row open (memory.dram), all channels"),
            channels("memory.row_conflicts_counter", "row_conflicts_counter", "accesses",
                    "DRAM row conflicts of counter-write accesses, all channels"),
            channels("memory.row_misses_counter", "row_misses_counter", "accesses",
                    "DRAM row misses (closed bank) of counter-write accesses, all channels"),
            stat("memory.requests", "requests", "memory requests admitted, all channels"),
            stat("memory.conflicts", "requests", "requests that met another request at the same channel in the "
                    + "same cycle, summed over channels"),
            stat("memory.bytes_read", "bytes", "bytes read from memory"),
            stat("memory.bytes_written", "bytes", "bytes written to memory"),
            new Metric("memory.bytes_moved", "bytes", "bytes read plus bytes written",
                    r -> sum(value(r, "memory.bytes_read"), value(r, "memory.bytes_written"))));

    /** Per-channel figures; {@code %d} is the channel number, for channels 0 .. memory.channels - 1. */
    public static final List<Metric> PER_CHANNEL = List.of(
            stat("memory.channel%d.requests", "parts", "line parts that arrived at channel %d"),
            stat("memory.channel%d.conflicts", "requests", "requests that met another at channel %d in the same cycle"));

    /** The most channels a configuration can have (the range of memory.channels). */
    public static final int MAX_CHANNELS = (int) MemorySystem.MEMORY_CHANNELS.max();

    /** Every metric of a row of a sweep whose configurations have at most {@code channels} channels. */
    public static List<Metric> columns(int channels) {
        List<Metric> l = new ArrayList<>(RUN);
        for (int c = 0; c < channels; c++) {
            for (Metric m : PER_CHANNEL) {
                l.add(channel(m, c));
            }
        }
        return Collections.unmodifiableList(l);
    }

    /** The metric called {@code name} (per-channel names included), or null. */
    public static Metric find(String name) {
        for (Metric m : columns(MAX_CHANNELS)) {
            if (m.name().equals(name)) {
                return m;
            }
        }
        return null;
    }

    /** Every metric name a sweep can plot, for help and error messages. */
    public static String names() {
        List<String> l = new ArrayList<>();
        for (Metric m : RUN) {
            l.add(m.name());
        }
        for (Metric m : PER_CHANNEL) {
            l.add(m.name().replace("%d", "N"));
        }
        return String.join(", ", l);
    }

    /** The units of the figures one run has: the statistic's own unit where it is a statistic. */
    public static Map<String, String> units(RunResult r, Config config) {
        Map<String, String> m = new LinkedHashMap<>();
        for (Metric x : columns(config.getInt(MemorySystem.MEMORY_CHANNELS))) {
            Stat s = r.stats().find(x.name());
            if (s != null) {
                m.put(x.name(), s.unit());
            } else if (x.read(r) != null) {
                m.put(x.name(), x.unit());
            }
        }
        return m;
    }

    /** The figures of one run, in column order; a figure the run lacks maps to null. */
    public static Map<String, Number> collect(RunResult r, Config config) {
        Map<String, Number> m = new LinkedHashMap<>();
        for (Metric x : columns(config.getInt(MemorySystem.MEMORY_CHANNELS))) {
            m.put(x.name(), x.read(r));
        }
        return m;
    }

    /** A channel statistic summed over every channel the run has (null if none has it). */
    private static Metric channels(String name, String channelStat, String unit, String description) {
        CHANNEL_SUMS.put(name, channelStat);
        return new Metric(name, unit, description, r -> {
            Number total = null;
            for (int c = 0; c < MAX_CHANNELS; c++) {
                Number v = value(r, "memory.channel" + c + "." + channelStat);
                if (v != null) {
                    total = total == null ? v.longValue() : (Number) (total.longValue() + v.longValue());
                } else if (value(r, "memory.channel" + c + ".requests") == null) {
                    break;
                }
            }
            return total;
        });
    }

    private static Metric stat(String path, String unit, String description) {
        return new Metric(path, unit, description, r -> value(r, path));
    }

    private static Metric channel(Metric m, int c) {
        String path = String.format(m.name(), c);
        return new Metric(path, m.unit(), String.format(m.description(), c), r -> value(r, path));
    }

    private static Number value(RunResult r, String path) {
        Stat s = r.stats().find(path);
        return s == null ? null : s.value();
    }

    private static Number sum(Number a, Number b) {
        if (a == null || b == null) {
            return null;
        }
        if (a instanceof Double || b instanceof Double) {
            return a.doubleValue() + b.doubleValue();
        }
        return a.longValue() + b.longValue();
    }
}
