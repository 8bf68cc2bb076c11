package gpusim.calibration;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import gpusim.config.Config;
import gpusim.harness.Simulation;
import gpusim.replay.ClearTranslation;
import gpusim.replay.DeviceInfo;
import gpusim.replay.ReplayException;
import gpusim.replay.ReplayResult;
import gpusim.replay.Replayer;
import gpusim.replay.VulkanDevice;
import gpusim.trace.Trace;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Measuring a calibration set on the local GPU (docs/calibration.md, "Measuring your own GPU"):
 * every trace replayed N times, each run's t1 - t0 from its first dump ([t0, t1], the layout of
 * ../shared/calibration), and one JSON line a trace ({@link CalibrationSet}'s format), with the
 * device, its driver and, where nvidia-smi answers, the clocks read right after the trace's runs.
 */
public final class DeviceMeasurement {
    private DeviceMeasurement() {
    }

    /**
     * The most times one trace is measured while the clock read after its runs is below the
     * device's maximum. On the H200, whole stretches of a set ran at 1,515 MHz or less instead of
     * 1,980 (each interval up to 5.7x as long), with nothing else on the GPU (docs/replay.md,
     * "Clocks"); the attempt at the highest clock is kept.
     */
    public static final int MAX_ATTEMPTS = 3;

    /** The JSON lines of {@code cases} measured with {@code runs} runs each on {@code device}. */
    public static String measure(List<CalibrationSet.Case> cases, String device, ClearTranslation clears, int runs,
                                 Correlator.Listener progress) throws IOException {
        return measure(cases, device, clears, runs, progress, DeviceMeasurement::query);
    }

    /** As above, the clocks read by {@code smiQuery} (nvidia-smi's query fields to figures, or null). */
    public static String measure(List<CalibrationSet.Case> cases, String device, ClearTranslation clears, int runs,
                                 Correlator.Listener progress, java.util.function.Function<String, String[]> smiQuery)
            throws IOException {
        StringBuilder out = new StringBuilder();
        try (VulkanDevice dev = VulkanDevice.open(device); Replayer replayer = new Replayer(dev, clears)) {
            // Clocks are read right after each trace's runs, while the GPU is still at its working
            // clock (nvidia-smi reads a lower one once it idles); not again once nvidia-smi has not
            // answered. Reading before the runs too, and replaying a trace unmeasured for 200 ms
            // first when that reading was low, made more traces run below the maximum, not fewer.
            String[] max = smiQuery.apply("clocks.max.gr");
            long maxGraphics = max == null ? 0 : Long.parseLong(max[0]);
            boolean smi = max != null;
            DeviceInfo info = dev.info();
            int done = 0;
            for (CalibrationSet.Case c : cases) {
                Trace t = Simulation.parse(c.name() + ".trace", c.text(), java.util.Map.of(), Config.defaults(), 1);
                Simulation.validate(t, Config.defaults(), true);
                long[] ns = null;
                long graphics = -1;
                long memory = -1;
                int attempts = 0;
                while (attempts < MAX_ATTEMPTS && (attempts == 0 || (smi && graphics < maxGraphics))) {
                    long[] got = intervals(c, replays(replayer, t, runs), info);
                    String[] read = smi ? smiQuery.apply(CLOCKS) : null;
                    smi = read != null;
                    attempts++;
                    if (ns == null || (smi && Long.parseLong(read[0]) > graphics)) {
                        ns = got;
                        graphics = smi ? Long.parseLong(read[0]) : -1;
                        memory = smi ? Long.parseLong(read[1]) : -1;
                    }
                }
                long[] sorted = ns.clone();
                Arrays.sort(sorted);
                StringWriter w = new StringWriter();
                try (JsonGenerator g = new JsonFactory().createGenerator(w)) {
                    g.writeStartObject();
                    g.writeStringField("trace", c.name());
                    g.writeNumberField("median_ns", sorted[sorted.length / 2]);
                    g.writeArrayFieldStart("runs_ns");
                    for (long v : ns) {
                        g.writeNumber(v);
                    }
                    g.writeEndArray();
                    g.writeStringField("device", info.name());
                    g.writeNumberField("timestamp_period_ns", info.timestampPeriodNs());
                    g.writeStringField("driver", info.driverName() + " " + info.driverInfo());
                    if (graphics >= 0) {
                        g.writeNumberField("graphics_clock_mhz", graphics);
                        g.writeNumberField("memory_clock_mhz", memory);
                    }
                    g.writeStringField("clears", clears.label);
                    if (attempts > 1) {
                        g.writeNumberField("attempts", attempts);
                    }
                    g.writeEndObject();
                }
                out.append(w).append('\n');
                done++;
                if (progress != null) {
                    progress.update(done, cases.size());
                }
            }
        }
        return out.toString();
    }

    /** nvidia-smi's fields for the clocks in use: graphics, memory. */
    private static final String CLOCKS = "clocks.gr,clocks.mem";

    /** {@code runs} replays of {@code t}, each on fresh resources, without reading pictures back. */
    private static List<ReplayResult> replays(Replayer replayer, Trace t, int runs) {
        replayer.check(t);
        List<ReplayResult> out = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            out.add(replayer.run(t, false));
        }
        return out;
    }

    /** Each run's t1 - t0 in ns, from its first dump. */
    private static long[] intervals(CalibrationSet.Case c, List<ReplayResult> rs, DeviceInfo info) {
        long[] ns = new long[rs.size()];
        for (int i = 0; i < rs.size(); i++) {
            long[] ts = rs.get(i).dumps().isEmpty() ? new long[0] : rs.get(i).dumps().get(0).values();
            if (ts.length < 2 || ts[1] <= ts[0]) {
                throw new ReplayException(ReplayException.Kind.NOT_TRANSLATABLE, c.name()
                        + ": its first dump does not hold [t0, t1] with t1 > t0 (the calibration set's layout)");
            }
            ns[i] = Math.round((ts[1] - ts[0]) * info.timestampPeriodNs());
        }
        return ns;
    }

    /**
     * nvidia-smi's figures for {@code fields} (whole numbers, MHz for clocks), or null where it
     * does not answer: Vulkan exposes no clock, so the figure comes from the vendor's tool when
     * there is one.
     */
    public static String[] query(String fields) {
        int n = fields.split(",").length;
        try {
            Process p = new ProcessBuilder("nvidia-smi", "--query-gpu=" + fields,
                    "--format=csv,noheader,nounits").redirectErrorStream(true).start();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            String line = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim().split("\n")[0];
            String[] f = line.split(",\\s*");
            if (p.exitValue() != 0 || f.length != n || !Arrays.stream(f).allMatch(x -> x.matches("\\d+"))) {
                return null;
            }
            return f;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
