package gpusim.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import gpusim.config.Config;
import gpusim.scene.CameraPath;
import gpusim.scene.Culling;
import gpusim.scene.CullingStats;
import gpusim.scene.GltfLoader;
import gpusim.scene.Scene;
import gpusim.scene.SceneException;
import gpusim.scene.SceneTrace;
import gpusim.sim.DeadlockException;
import gpusim.study.SceneMeasurement;
import gpusim.study.SceneStudy;
import gpusim.tracefile.TraceException;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gpusim scene}: a glTF 2.0 model as a trace that culls the way engines do with occlusion queries. */
@Command(name = "scene", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Writes a trace that renders a glTF 2.0 scene (.gltf or .glb) as an engine culls it with "
                + "occlusion queries and predication (docs/workloads.md).",
            "Each frame: a depth pre-pass of the largest occluders; the objects front to back, each under "
                + "set_predication on its bounding box's query result; the box queries, resolved into a buffer.",
            "Materials are flat base colours (baseColorFactor); textures are not modelled.",
            "--stats DIR also runs the trace and an exact visibility pass on the model and writes per-frame culling "
                + "statistics (scene-stats.json, scene-frames.csv); --study DIR does so for every --culling variant "
                + "and plots them.",
            "Exit status: 0 on success, 2 for a model or option that cannot be used (one line saying why), "
                + "3 if the model deadlocks, 1 for other failures."})
public final class SceneCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "MODEL", description = "A glTF 2.0 model: .gltf (external or embedded "
            + "buffers) or .glb.")
    Path model;

    @Option(names = "--out", paramLabel = "TRACE", description = "Write the trace to TRACE.")
    Path out;

    @Option(names = "--visibility-out", paramLabel = "TRACE", description = "Also write the exact visibility pass "
            + "(every object drawn, then each queried against the finished depth) that --stats compares against.")
    Path visibilityOut;

    @Option(names = "--frames", paramLabel = "N", defaultValue = "8", description = "Frames to render (default 8).")
    int frames;

    @Option(names = "--camera", paramLabel = "PATH", defaultValue = "orbit",
            description = "orbit (default: round the scene, 3 degrees a frame), flythrough (through it along x) or a "
                    + "FILE of lines EYE_X EYE_Y EYE_Z TARGET_X TARGET_Y TARGET_Z, one a frame.")
    String camera;

    @Option(names = "--culling", paramLabel = "MODE", defaultValue = "predicated",
            description = "none, predicated (default: BINARY_OCCLUSION, predicated one frame late), binary (same-frame "
                    + "queries against the pre-pass), occlusion (OCCLUSION counts, one frame late) or hierarchical "
                    + "(group boxes first, then their members).")
    String culling;

    @Option(names = "--instances", paramLabel = "NxM", defaultValue = "1x1",
            description = "Repeat the model on an N x M grid in the ground plane (default 1x1).")
    String instances;

    @Option(names = "--width", paramLabel = "W", defaultValue = "1280", description = "Render target width (default 1280).")
    int width;

    @Option(names = "--height", paramLabel = "H", defaultValue = "720", description = "Render target height (default 720).")
    int height;

    @Option(names = "--samples", paramLabel = "S", defaultValue = "1", description = "Samples a pixel: 1, 2, 4, 8, 16.")
    int samples;

    @Option(names = "--exact", description = "Bake each frame's transform into the vertices, clipped and snapped to the "
            + "1/256-pixel grid with power-of-two w, so every conformant renderer gives the same counts.")
    boolean exact;

    @Option(names = "--occluders", paramLabel = "K", defaultValue = "16",
            description = "Objects in the depth pre-pass a frame: the K covering the largest solid angle (default 16).")
    int occluders;

    @Option(names = "--group-size", paramLabel = "G", defaultValue = "8",
            description = "Most objects in a hierarchical group (default 8).")
    int groupSize;

    @Option(names = "--stats", paramLabel = "DIR", description = "Run the trace and the exact visibility pass; write "
            + "DIR/scene-stats.json and DIR/scene-frames.csv.")
    Path stats;

    @Option(names = "--study", paramLabel = "DIR", description = "Run every culling variant with the other options; "
            + "write DIR/study.csv, DIR/study.json, DIR/study.png and each variant's statistics in DIR/VARIANT/.")
    Path study;

    @CommandLine.Mixin
    MachineOptions machine = new MachineOptions();

    @Option(names = {"-q", "--quiet"}, description = "Print nothing but errors.")
    boolean quiet;

    @Override
    public Integer call() throws IOException {
        PrintWriter o = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (out == null && stats == null && study == null && visibilityOut == null) {
            throw new CommandLine.ParameterException(spec.commandLine(), "give --out TRACE, --stats DIR or --study DIR");
        }
        Culling mode = parseCulling(culling);
        Config config = machine.config(spec.commandLine());
        try {
            long t0 = System.nanoTime();
            int[] grid = parseGrid(instances);
            Scene scene = GltfLoader.load(model).instanced(grid[0], grid[1]);
            CameraPath path = CameraPath.of(camera, scene.bounds(), frames);
            long tLoaded = System.nanoTime();
            if (!quiet) {
                o.printf(Locale.ROOT, "%s: %d objects, %d triangles (%d distinct primitives%s), loaded in %.0f ms%n",
                        model, scene.objects().size(), scene.triangles(), scene.primitives().size(),
                        scene.skipped() > 0 ? ", " + scene.skipped() + " point/line primitives left out" : "",
                        (tLoaded - t0) / 1e6);
            }
            if (study != null) {
                return runStudy(scene, path, config, o);
            }
            SceneTrace.Options opts = options(mode);
            Path traceFile = out;
            boolean temporary = false;
            if (traceFile == null) {
                traceFile = Files.createTempFile("gpusim-scene", ".trace");
                temporary = true;
            }
            try {
                SceneTrace.Plan plan = SceneMeasurement.writeTrace(scene, path, opts, traceFile);
                long tWritten = System.nanoTime();
                if (!quiet && out != null) {
                    o.printf(Locale.ROOT, "wrote %s (%d bytes, %d frames, culling %s) in %.0f ms%n", out,
                            Files.size(out), frames, mode.label(), (tWritten - tLoaded) / 1e6);
                }
                if (visibilityOut != null) {
                    try (Writer w = new BufferedWriter(Files.newBufferedWriter(visibilityOut, StandardCharsets.UTF_8),
                            1 << 16)) {
                        SceneTrace.writeVisibility(scene, path, opts, w);
                    }
                }
                if (stats != null) {
                    CullingStats s = SceneMeasurement.measure(scene, path, opts, plan, traceFile, config);
                    s.write(stats, header(scene, opts));
                    if (!quiet) {
                        printSummary(o, s);
                        o.println("wrote " + stats.resolve("scene-stats.json") + " and "
                                + stats.resolve("scene-frames.csv"));
                    }
                }
            } finally {
                if (temporary) {
                    Files.deleteIfExists(traceFile);
                }
            }
            o.flush();
            return 0;
        } catch (SceneException e) {
            err.println("gpusim scene: " + e.getMessage());
            err.flush();
            return 2;
        } catch (TraceException e) {
            err.println("gpusim scene: the written trace breaks a rule (a bug): " + e.getMessage());
            err.flush();
            return 1;
        } catch (DeadlockException e) {
            err.println("gpusim: " + e.getMessage());
            err.flush();
            return 3;
        }
    }

    private Culling parseCulling(String s) {
        for (Culling c : Culling.values()) {
            if (c.label().equals(s)) {
                return c;
            }
        }
        throw new CommandLine.ParameterException(spec.commandLine(), "--culling " + s
                + ": expected none, predicated, binary, occlusion or hierarchical");
    }

    private int[] parseGrid(String s) {
        String[] p = s.split("x", -1);
        try {
            if (p.length == 2) {
                int nx = Integer.parseInt(p[0]);
                int nz = Integer.parseInt(p[1]);
                if (nx >= 1 && nz >= 1 && nx <= 4096 && nz <= 4096) {
                    return new int[] {nx, nz};
                }
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw new CommandLine.ParameterException(spec.commandLine(), "--instances " + s
                + ": expected NxM with N and M in 1..4096, e.g. 8x8");
    }

    private SceneTrace.Options options(Culling c) {
        return new SceneTrace.Options(frames, c, width, height, samples, exact, occluders, groupSize);
    }

    private ObjectNode header(Scene scene, SceneTrace.Options opts) {
        ObjectNode h = new ObjectMapper().createObjectNode();
        h.put("model", model.toString());
        h.put("objects", scene.objects().size());
        h.put("triangles", scene.triangles());
        h.put("frames", opts.frames());
        h.put("camera", camera);
        h.put("instances", instances);
        h.put("width", opts.width());
        h.put("height", opts.height());
        h.put("samples", opts.samples());
        h.put("exact", opts.exact());
        h.put("occluders", opts.occluders());
        if (opts.culling() == Culling.HIERARCHICAL) {
            h.put("group_size", opts.groupSize());
        }
        return h;
    }

    private static void printSummary(PrintWriter o, CullingStats s) {
        CullingStats.Frame t = s.total();
        int f = s.frames().size();
        o.printf(Locale.ROOT, "%-12s %8.1f queries/frame, %5.1f%% culled, %d visible objects culled (late), "
                        + "%d invisible drawn, %d samples saved, query latency %.0f cycles mean, %d cycles%n",
                s.culling().label(), (double) t.queries() / f, 100 * t.culledShare(), t.wronglyCulled(),
                t.drawnInvisible(), t.samplesSaved(), Double.isNaN(t.queryLatencyMean()) ? 0 : t.queryLatencyMean(),
                s.cycles());
    }

    private int runStudy(Scene scene, CameraPath path, Config config, PrintWriter o) throws IOException {
        List<CullingStats> all = new ArrayList<>();
        Files.createDirectories(study);
        for (Culling c : Culling.values()) {
            SceneTrace.Options opts = options(c);
            Path tmp = Files.createTempFile("gpusim-scene", ".trace");
            try {
                SceneTrace.Plan plan = SceneMeasurement.writeTrace(scene, path, opts, tmp);
                CullingStats s = SceneMeasurement.measure(scene, path, opts, plan, tmp, config);
                s.write(study.resolve(c.label()), header(scene, opts));
                all.add(s);
                if (!quiet) {
                    printSummary(o, s);
                    o.flush();
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
        }
        SceneStudy.write(study, header(scene, options(Culling.PREDICATED)), all);
        if (!quiet) {
            o.println("wrote " + study.resolve("study.csv") + ", study.json and study.png");
        }
        o.flush();
        return 0;
    }
}
