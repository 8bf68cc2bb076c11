package gpusim.cli;

import gpusim.calibration.ReplayReport;
import gpusim.config.Config;
import gpusim.harness.OutputPaths;
import gpusim.harness.Simulation;
import gpusim.replay.DeviceInfo;
import gpusim.replay.ReplayException;
import gpusim.replay.ReplayResult;
import gpusim.replay.Replayer;
import gpusim.replay.VulkanDevice;
import gpusim.trace.Trace;
import gpusim.tracefile.TraceException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gpusim replay}: the trace on a real GPU through Vulkan (docs/replay.md). */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = {"Run a trace on a real GPU through Vulkan (headless) and report what it gave: the same dumps as "
                + "'run' (the report contract), every TIMESTAMP as device ticks with the device's timestampPeriod, and "
                + "the device and driver. The translation of Direct3D 12's rules onto Vulkan is in docs/replay.md.",
            "",
            "Exit status: 0 done; 2 a trace or usage error; 3 no Vulkan loader; 4 no (matching) device; 5 the device "
                + "lacks something the trace needs (a sample count, a depth format); 6 the trace uses something with "
                + "no Vulkan translation (write_query, stream output, video decode, pipeline statistics); 7 the device "
                + "failed while running."})
public final class ReplayCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "TRACE", description = "The trace file.")
    Path trace;

    @Option(names = "--device", paramLabel = "N|NAME",
            description = "The Vulkan device: its index in --list-devices, or text its name contains. Default: the "
                    + "first discrete GPU, else the first device.")
    String device;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1",
            description = "Run the trace N times, each on fresh resources (default 1); the report keeps every run's "
                    + "timestamps and the first run's dumps.")
    int repeat;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the JSON report to FILE.")
    Path json;

    @Option(names = "--images", paramLabel = "DIR",
            description = "Write each render target as the device left it (resolved to one sample by the device) "
                    + "to DIR/rt-NAME.png, as 'gpusim run --images' names the model's.")
    Path images;

    @Option(names = "--list-devices", description = "List the Vulkan devices and exit.")
    boolean listDevices;

    @CommandLine.Mixin
    TraceOptions traceOptions = new TraceOptions();

    @CommandLine.Mixin
    ClearOptions clearOptions = new ClearOptions();

    @Option(names = {"-q", "--quiet"}, description = "Print nothing but errors.")
    boolean quiet;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            if (listDevices) {
                List<DeviceInfo> devices = VulkanDevice.list();
                for (int i = 0; i < devices.size(); i++) {
                    DeviceInfo d = devices.get(i);
                    out.printf("%d: %s (%s, %s %s, Vulkan %s, timestamp %.3f ns)%n", i, d.name(), d.type(),
                            d.driverName(), d.driverInfo(), d.apiVersion(), d.timestampPeriodNs());
                }
                out.flush();
                return 0;
            }
            if (trace == null) {
                throw new CommandLine.ParameterException(spec.commandLine(), "replay needs a TRACE");
            }
            if (repeat < 1 || repeat > 1000) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--repeat " + repeat
                        + ": expected 1..1000");
            }
            if (images != null && OutputPaths.dirProblem(images) != null) {
                err.println("gpusim: cannot write --images " + images + ": " + OutputPaths.dirProblem(images));
                err.flush();
                return 2;
            }
            if (json != null) {
                String why = OutputPaths.fileProblem(json);
                if (why != null) {
                    err.println("gpusim: cannot write --json " + json + ": " + why);
                    err.flush();
                    return 2;
                }
            }
            Trace t;
            try {
                Config config = Config.defaults();
                t = Simulation.read(trace, traceOptions.params(spec.commandLine()), config);
                List<gpusim.tracefile.TraceWarning> warnings = Simulation.validate(t, config, traceOptions.debugLayer());
                if (!quiet) {
                    warnings.forEach(w -> err.println(Simulation.format(w)));
                }
            } catch (TraceException e) {
                err.println(e.getMessage());
                err.flush();
                return 2;
            }
            List<ReplayResult> runs = Replays.run(t, device, clearOptions.clears, repeat, images != null);
            if (json != null) {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream();
                ReplayReport.write(bytes, trace.toString(), runs);
                Path tmp = json.resolveSibling(json.getFileName() + ".tmp");
                Files.write(tmp, bytes.toByteArray());
                Files.move(tmp, json, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            if (images != null) {
                Files.createDirectories(images);
                DevicePictures.write(images, runs.get(0).pictures());
            }
            if (!quiet) {
                summary(out, runs);
            }
            return 0;
        } catch (ReplayException e) {
            err.println("gpusim replay: " + e.getMessage());
            err.flush();
            return e.kind().exitStatus();
        }
    }

    private static void summary(PrintWriter out, List<ReplayResult> runs) {
        ReplayResult r = runs.get(0);
        DeviceInfo d = r.device();
        out.printf("device: %s (%s %s)%n", d.name(), d.driverName(), d.driverInfo());
        out.printf("dumps: %d, timestamps: %d, runs: %d%n", r.dumps().size(), r.timestamps().size(), runs.size());
        for (ReplayResult.Dump dump : r.dumps()) {
            out.printf("  dump %s @%d: %s%n", dump.buffer(), dump.offset(), Arrays.toString(
                    Arrays.stream(dump.values()).mapToObj(Long::toUnsignedString).limit(16).toArray()));
        }
        if (r.timestamps().size() >= 2) {
            long[] spans = new long[runs.size()];
            for (int i = 0; i < runs.size(); i++) {
                List<ReplayResult.Timestamp> ts = runs.get(i).timestamps();
                spans[i] = Math.round((ts.get(ts.size() - 1).ticks() - ts.get(0).ticks()) * d.timestampPeriodNs());
            }
            Arrays.sort(spans);
            out.printf("first to last timestamp: %d ns (median of %d)%n", spans[spans.length / 2], spans.length);
        }
        out.flush();
    }

    /** Replays shared by replay, check and calibrate --device. */
    static final class Replays {
        private Replays() {
        }

        /** {@code repeat} runs of {@code t} on {@code device}, each on fresh resources. */
        static List<ReplayResult> run(Trace t, String device, gpusim.replay.ClearTranslation clears, int repeat,
                                      boolean pictures) {
            try (VulkanDevice dev = VulkanDevice.open(device); Replayer replayer = new Replayer(dev, clears)) {
                return run(replayer, t, repeat, pictures);
            }
        }

        /** {@code repeat} runs; with {@code pictures}, the first reads its render targets back. */
        static List<ReplayResult> run(Replayer replayer, Trace t, int repeat, boolean pictures) {
            replayer.check(t);
            List<ReplayResult> runs = new ArrayList<>();
            for (int i = 0; i < repeat; i++) {
                runs.add(replayer.run(t, pictures && i == 0));
            }
            return runs;
        }
    }
}
