package gpusim.cli;

import gpusim.api.QueryType;
import gpusim.calibration.CalibrationSet;
import gpusim.calibration.Correlation;
import gpusim.calibration.CorrelationReport;
import gpusim.calibration.Correlator;
import gpusim.calibration.ReplayReport;
import gpusim.config.Config;
import gpusim.gpu.Gpu;
import gpusim.gpu.RunResult;
import gpusim.gpu.cp.CommandProcessor;
import gpusim.harness.BoxResolve;
import gpusim.harness.OutputPaths;
import gpusim.harness.Simulation;
import gpusim.replay.ReplayException;
import gpusim.replay.ReplayResult;
import gpusim.replay.Replayer;
import gpusim.replay.VulkanDevice;
import gpusim.trace.Command;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import gpusim.tracefile.TraceException;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gpusim check}: the model against a real GPU, word for word and interval by interval (docs/replay.md). */
@CommandLine.Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Run each TRACE on the model and on a real GPU through Vulkan (as 'gpusim replay' does) and "
                + "compare them: every dumped word (a table of the words that differ, by dump, buffer, query and word), "
                + "except words a TIMESTAMP resolve wrote, which are compared as intervals instead: each interval "
                + "between consecutive timestamps of a dump, model against device in ns, with the figures of "
                + "'gpusim correlate' (log-scale Pearson r, MAPE, NRMSE, share within 10%%).",
            "",
            "Pipeline statistics past IAVertices and IAPrimitives are reported but do not count: Vulkan leaves them to "
                + "the implementation.",
            "",
            "A trace the device cannot run (a sample count or depth format it lacks: exit 5 of 'gpusim replay') is "
                + "listed as unsupported, with the reason, and the check goes on to the next trace.",
            "",
            "Exit status: 0 every word equal in the traces the device ran; 1 some word differs; 2 a trace or usage "
                + "error; 5 the device could run none of the traces; 3..7 as 'gpusim replay' (no Vulkan, no device, "
                + "the device lacks a feature every replay needs, not translatable, device failure)."})
public final class CheckCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "TRACE", description = "The traces to check.")
    List<Path> traces;

    @Option(names = "--device", paramLabel = "N|NAME", description = "The Vulkan device (as for 'gpusim replay').")
    String device;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1",
            description = "Device runs a trace (intervals: their median; default 1).")
    int repeat;

    @Option(names = "--out", paramLabel = "DIR", description = "Write check.csv (one row a compared word that "
            + "differs, a row a timestamp interval, and a row a trace the device cannot run, its reason in the last "
            + "column) and each trace's device report (NAME.replay.json) to DIR.")
    Path out;

    @CommandLine.Mixin
    ClearOptions clearOptions = new ClearOptions();

    @CommandLine.Mixin
    MachineOptions machine = new MachineOptions();

    @CommandLine.Mixin
    TraceOptions traceOptions = new TraceOptions();

    @Option(names = {"-q", "--quiet"}, description = "Print only the summary line of each trace and errors.")
    boolean quiet;

    /** A dumped word the two runs disagree on. */
    record Difference(String trace, int dump, String buffer, long byteOffset, long model, long device) {
        /**
         * Whether Vulkan leaves this word to the implementation: a PIPELINE_STATISTICS counter past
         * IAVertices and IAPrimitives (how many vertex-shader or pixel-shader invocations a device
         * runs is its own choice; docs/replay.md).
         */
        boolean implementationDefined(Trace t) {
            String q = query(t);
            return q.contains(" PIPELINE_STATISTICS word ") && !q.endsWith(" word 0") && !q.endsWith(" word 1");
        }

        /** The query whose result holds this word, as "HEAP[INDEX] TYPE word W", or "" when no resolve writes it. */
        String query(Trace t) {
            String found = "";
            for (CommandList l : t.commandLists()) {
                for (gpusim.trace.Command c : l.commands()) {
                    if (c instanceof gpusim.trace.Command.ResolveQueryData r && r.buffer().name().equals(buffer)) {
                        int size = r.type().resultBytes();
                        long rel = byteOffset - r.offset();
                        if (rel >= 0 && rel < (long) size * r.count()) {
                            found = r.heap().name() + "[" + (r.start() + rel / size) + "] " + r.type() + " word "
                                    + (rel % size) / 8;
                        }
                    }
                }
            }
            return found;
        }
    }

    /**
     * A render target, model against device, each resolved to one sample a pixel (the model's box
     * resolve, the device's vkCmdResolveImage): pixels whose R, G or B differ by more than 1/255
     * (resolves and blending may round differently), and the largest difference. Colour is
     * reported, not part of the exit status: the trace format fixes sample counts exactly, not
     * the last bit of an interpolated colour.
     */
    record ColourComparison(String trace, String target, int pixels, int differing, int largest) {
    }

    static List<ColourComparison> colours(String name, RunResult model, ReplayResult device) {
        List<ColourComparison> out = new ArrayList<>();
        for (gpusim.gpu.ps.ColorSurface rt : model.colorTargets()) {
            for (ReplayResult.Picture p : device.pictures()) {
                if (!p.name().equals(rt.name) || p.width() != rt.width || p.height() != rt.height) {
                    continue;
                }
                int[] m = BoxResolve.of(rt);
                int differing = 0;
                int largest = 0;
                for (int y = 0; y < p.height(); y++) {
                    for (int x = 0; x < p.width(); x++) {
                        int a = m[y * p.width() + x];
                        int d = p.rgba()[y * p.width() + x];
                        int dr = Math.abs(((a >>> 16) & 0xFF) - (d & 0xFF));
                        int dg = Math.abs(((a >>> 8) & 0xFF) - ((d >>> 8) & 0xFF));
                        int db = Math.abs((a & 0xFF) - ((d >>> 16) & 0xFF));
                        int worst = Math.max(dr, Math.max(dg, db));
                        largest = Math.max(largest, worst);
                        if (worst > 1) {
                            differing++;
                        }
                    }
                }
                out.add(new ColourComparison(name, rt.name, p.width() * p.height(), differing, largest));
            }
        }
        return out;
    }

    /** One timestamp interval: model and device, ns. */
    record Interval(String trace, int dump, int word, double modelNs, double deviceNs) {
    }

    /** A trace the device cannot run ({@link ReplayException.Kind#UNSUPPORTED}), and why. */
    record Unsupported(String trace, String reason) {
    }

    /**
     * The exit status of a check: 1 when a word that counts differs (whatever else happened),
     * else 5 ({@link ReplayException.Kind#UNSUPPORTED}'s) when the device could run none of the
     * traces, so nothing was compared, else 0. A trace the device cannot run is no difference.
     */
    static int exitStatus(int traces, int unsupported, int countedDifferences) {
        if (countedDifferences > 0) {
            return 1;
        }
        return unsupported == traces ? ReplayException.Kind.UNSUPPORTED.exitStatus() : 0;
    }

    /** The last line: traces, words that differ, and the implementation-defined and unsupported ones. */
    static String totals(int traces, int countedDifferences, int implementationDefined, int unsupported) {
        return traces + " traces, " + countedDifferences + " words differ"
                + (implementationDefined == 0 ? "" : " (and " + implementationDefined + " implementation-defined "
                        + "pipeline statistics words)")
                + (unsupported == 0 ? "" : "; " + unsupported + " unsupported by the device");
    }

    @Override
    public Integer call() throws IOException {
        CommandLine cmd = spec.commandLine();
        PrintWriter out = cmd.getOut();
        PrintWriter err = cmd.getErr();
        if (repeat < 1 || repeat > 1000) {
            throw new CommandLine.ParameterException(cmd, "--repeat " + repeat + ": expected 1..1000");
        }
        if (this.out != null && OutputPaths.dirProblem(this.out) != null) {
            err.println("gpusim: cannot write --out " + this.out + ": " + OutputPaths.dirProblem(this.out));
            err.flush();
            return 2;
        }
        Config config = machine.config(cmd);
        List<Trace> parsed = new ArrayList<>();
        try {
            for (Path p : traces) {
                Trace t = Simulation.read(p, traceOptions.params(cmd), config);
                Simulation.validate(t, config, traceOptions.debugLayer());
                parsed.add(t);
            }
        } catch (TraceException e) {
            err.println(e.getMessage());
            err.flush();
            return 2;
        }
        List<Difference> differences = new ArrayList<>();
        List<Interval> intervals = new ArrayList<>();
        List<ColourComparison> colours = new ArrayList<>();
        List<Unsupported> unsupported = new ArrayList<>();
        int implementationDefined = 0;
        try (VulkanDevice dev = VulkanDevice.open(device);
             Replayer replayer = new Replayer(dev, clearOptions.clears)) {
            out.println("device: " + dev.info().name() + " (" + dev.info().driverName() + " " + dev.info().driverInfo()
                    + ")");
            for (int i = 0; i < parsed.size(); i++) {
                Trace t = parsed.get(i);
                String name = traces.get(i).getFileName().toString().replaceFirst("\\.trace$", "");
                List<ReplayResult> runs;
                try {
                    runs = ReplayCommand.Replays.run(replayer, t, repeat, true);
                } catch (ReplayException e) {
                    if (e.kind() != ReplayException.Kind.UNSUPPORTED) {
                        throw e;
                    }
                    // This trace needs what this device lacks (a sample count that its
                    // framebufferColorSampleCounts leaves out, as lavapipe's leaves out 8): the
                    // others can still be compared.
                    unsupported.add(new Unsupported(name, e.getMessage()));
                    out.printf("%s: unsupported: %s%n", name, e.getMessage());
                    continue;
                }
                RunResult model = new Gpu(t, config).run();
                int before = differences.size();
                int beforeIntervals = intervals.size();
                int words = compare(name, t, model, runs, differences, intervals);
                out.printf("%s: %d words, %d differ; %d timestamp intervals%n", name, words,
                        differences.size() - before, intervals.size() - beforeIntervals);
                for (ColourComparison cc : colours(name, model, runs.get(0))) {
                    colours.add(cc);
                    if (!quiet) {
                        out.printf("  rt %s: %d of %d pixels differ by more than 1/255 (largest %d/255)%n", cc.target(),
                                cc.differing(), cc.pixels(), cc.largest());
                    }
                }
                for (Difference d : differences.subList(before, differences.size())) {
                    boolean free = d.implementationDefined(t);
                    if (free) {
                        implementationDefined++;
                    }
                    if (!quiet) {
                        String q = d.query(t);
                        out.printf("  dump %d %s +%d%s: model %s, device %s%s%n", d.dump(), d.buffer(), d.byteOffset(),
                                q.isEmpty() ? "" : " (" + q + ")", Long.toUnsignedString(d.model()),
                                Long.toUnsignedString(d.device()), free ? " (implementation-defined)" : "");
                    }
                }
                if (this.out != null) {
                    Files.createDirectories(this.out);
                    try (var os = Files.newOutputStream(this.out.resolve(name + ".replay.json"))) {
                        ReplayReport.write(os, traces.get(i).toString(), runs);
                    }
                }
            }
        } catch (ReplayException e) {
            err.println("gpusim check: " + e.getMessage());
            err.flush();
            return e.kind().exitStatus();
        }
        if (!intervals.isEmpty()) {
            List<Correlator.Prediction> ps = new ArrayList<>();
            for (Interval iv : intervals) {
                if (iv.deviceNs() > 0) {
                    ps.add(new Correlator.Prediction(new CalibrationSet.Case(iv.trace() + "#" + iv.dump() + "." + iv.word(),
                            iv.trace(), null, "", iv.deviceNs()), iv.modelNs(), 0));
                }
            }
            if (!ps.isEmpty()) {
                out.println("timestamp intervals, model against device: "
                        + CorrelationReport.summaryLine(Correlation.of(ps).all()));
            }
        }
        if (this.out != null) {
            StringBuilder csv = new StringBuilder("trace,kind,dump,buffer_or_word,model,device\n");
            for (Difference d : differences) {
                csv.append(d.trace()).append(",word,").append(d.dump()).append(',').append(d.buffer()).append('+')
                        .append(d.byteOffset()).append(',').append(Long.toUnsignedString(d.model())).append(',')
                        .append(Long.toUnsignedString(d.device())).append('\n');
            }
            for (ColourComparison cc : colours) {
                csv.append(cc.trace()).append(",colour_pixels_differing,").append(cc.largest()).append(',')
                        .append(cc.target()).append(',').append(cc.pixels()).append(',').append(cc.differing())
                        .append('\n');
            }
            for (Unsupported u : unsupported) {
                csv.append(u.trace()).append(",unsupported,,,,\"").append(u.reason().replace("\"", "\"\""))
                        .append("\"\n");
            }
            for (Interval iv : intervals) {
                csv.append(iv.trace()).append(",interval_ns,").append(iv.dump()).append(',').append(iv.word())
                        .append(',').append(iv.modelNs()).append(',').append(iv.deviceNs()).append('\n');
            }
            Files.createDirectories(this.out);
            Files.writeString(this.out.resolve("check.csv"), csv, StandardCharsets.UTF_8);
        }
        int counted = differences.size() - implementationDefined;
        out.println(totals(parsed.size(), counted, implementationDefined, unsupported.size()));
        out.flush();
        return exitStatus(parsed.size(), unsupported.size(), counted);
    }

    /**
     * Compares the dumps word by word; words inside a TIMESTAMP resolve's destination are compared
     * as intervals (their ticks are each clock's own). Returns the words compared.
     */
    static int compare(String name, Trace t, RunResult model, List<ReplayResult> runs, List<Difference> differences,
                       List<Interval> intervals) {
        List<long[]> timestampRanges = timestampRanges(t);
        ReplayResult device = runs.get(0);
        double modelNsPerTick = 1e9 / model.timestampFrequency();
        double deviceNsPerTick = device.device().timestampPeriodNs();
        int words = 0;
        int n = Math.min(model.dumps().size(), device.dumps().size());
        for (int i = 0; i < n; i++) {
            CommandProcessor.DumpResult m = model.dumps().get(i);
            ReplayResult.Dump d = device.dumps().get(i);
            int bufferIndex = bufferIndex(t, m.buffer());
            int previous = -1;
            for (int w = 0; w < m.values().length && w < d.values().length; w++) {
                long at = m.offset() + 8L * w;
                if (isTimestamp(timestampRanges, bufferIndex, at)) {
                    if (previous >= 0 && previous == w - 1) {
                        double modelNs = (m.values()[w] - m.values()[previous]) * modelNsPerTick;
                        double[] dev = new double[runs.size()];
                        for (int r = 0; r < runs.size(); r++) {
                            long[] v = runs.get(r).dumps().get(i).values();
                            dev[r] = (v[w] - v[previous]) * deviceNsPerTick;
                        }
                        java.util.Arrays.sort(dev);
                        intervals.add(new Interval(name, i, w, modelNs, dev[dev.length / 2]));
                    }
                    previous = w;
                    continue;
                }
                words++;
                if (m.values()[w] != d.values()[w]) {
                    differences.add(new Difference(name, i, m.buffer(), at, m.values()[w], d.values()[w]));
                }
            }
        }
        return words;
    }

    private static int bufferIndex(Trace t, String name) {
        int i = 0;
        for (Resource r : t.resources()) {
            if (r instanceof Resource.Buffer b) {
                if (b.name().equals(name)) {
                    return i;
                }
                i++;
            }
        }
        return -1;
    }

    /** {buffer index, first byte, end byte} of every TIMESTAMP resolve's destination. */
    private static List<long[]> timestampRanges(Trace t) {
        List<long[]> out = new ArrayList<>();
        for (CommandList l : t.commandLists()) {
            for (Command c : l.commands()) {
                if (c instanceof Command.ResolveQueryData r && r.type() == QueryType.TIMESTAMP) {
                    out.add(new long[] {bufferIndex(t, r.buffer().name()), r.offset(), r.offset() + 8L * r.count()});
                }
            }
        }
        return out;
    }

    private static boolean isTimestamp(List<long[]> ranges, int buffer, long at) {
        for (long[] r : ranges) {
            if (r[0] == buffer && at >= r[1] && at < r[2]) {
                return true;
            }
        }
        return false;
    }
}
