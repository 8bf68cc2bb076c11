package gpusim.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import gpusim.config.Config;
import gpusim.replay.DeviceInfo;
import gpusim.replay.ReplayException;
import gpusim.replay.ReplayResult;
import gpusim.replay.Replayer;
import gpusim.replay.VulkanDevice;
import gpusim.trace.Trace;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Measuring a calibration set on the local GPU (docs/calibration.md, "Measuring your own GPU"):
 * every trace replayed N times, each run's t1 - t0 from its first dump ([t0, t1], the layout of
 * ../shared/calibration), and one JSON line a trace in the format of h200.jsonl, with the
 * device, its driver and, where nvidia-smi answers, the clocks read right after the trace's runs.
 */
final class DeviceMeasurement {
    private DeviceMeasurement() {
    }

    /** The JSON lines of {@code cases} measured with {@code runs} runs each on {@code device}. */
    static String measure(List<CalibrationSet.Case> cases, String device, int runs, CountProgress progress)
            throws IOException {
        StringBuilder out = new StringBuilder();
        try (VulkanDevice dev = VulkanDevice.open(device); Replayer replayer = new Replayer(dev)) {
            // Clocks are read after each trace's runs, while the GPU is at its working clock
            // (idle, nvidia-smi reads a lower one); not again once nvidia-smi has not answered.
            boolean smi = true;
            DeviceInfo info = dev.info();
            int done = 0;
            for (CalibrationSet.Case c : cases) {
                Trace t = Simulation.parse(c.name() + ".trace", c.text(), java.util.Map.of(), Config.defaults(), 1);
                Simulation.validate(t, Config.defaults(), true);
                List<ReplayResult> rs = ReplayCommand.Replays.run(replayer, t, runs, false);
                long[] ns = new long[rs.size()];
                for (int i = 0; i < rs.size(); i++) {
                    long[] ts = rs.get(i).dumps().isEmpty() ? new long[0] : rs.get(i).dumps().get(0).values();
                    if (ts.length < 2 || ts[1] <= ts[0]) {
                        throw new ReplayException(ReplayException.Kind.NOT_TRANSLATABLE, c.name()
                                + ": its first dump does not hold [t0, t1] with t1 > t0 (the calibration set's layout)");
                    }
                    ns[i] = Math.round((ts[1] - ts[0]) * info.timestampPeriodNs());
                }
                String[] clocks = smi ? clocks() : null;
                smi = clocks != null;
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
                    if (clocks != null) {
                        g.writeNumberField("graphics_clock_mhz", Long.parseLong(clocks[0]));
                        g.writeNumberField("memory_clock_mhz", Long.parseLong(clocks[1]));
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

    /**
     * {graphics, memory} clocks in MHz from nvidia-smi, or null where it does not answer: Vulkan
     * exposes no clock, so the figure comes from the vendor's tool when there is one.
     */
    static String[] clocks() {
        try {
            Process p = new ProcessBuilder("nvidia-smi", "--query-gpu=clocks.gr,clocks.mem",
                    "--format=csv,noheader,nounits").redirectErrorStream(true).start();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            String line = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim().split("\n")[0];
            String[] f = line.split(",\\s*");
            if (p.exitValue() != 0 || f.length != 2 || !f[0].matches("\\d+") || !f[1].matches("\\d+")) {
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
