package gpusim.scene;

import gpusim.config.Config;
import gpusim.gpu.Gpu;
import gpusim.gpu.RunResult;
import gpusim.trace.Trace;
import gpusim.tracefile.TraceReader;
import gpusim.tracefile.TraceValidator;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Helpers of the scene tests: the bundled model, traces written to strings, runs on the modelled GPU. */
final class Scenes {
    static final Path EXAMPLES = Path.of("..", "examples");
    static final Path TINY_CITY = EXAMPLES.resolve("tiny-city.gltf");

    private Scenes() {
    }

    static Scene tinyCity() {
        return GltfLoader.load(TINY_CITY);
    }

    static SceneTrace.Options options(Culling c, int frames, int w, int h, int samples, boolean exact) {
        return new SceneTrace.Options(frames, c, w, h, samples, exact, 3, 3);
    }

    static String trace(Scene s, SceneTrace.Options o) throws Exception {
        StringWriter w = new StringWriter();
        SceneTrace.write(s, CameraPath.of("orbit", s.bounds(), o.frames()), o, w);
        return w.toString();
    }

    static String visibility(Scene s, SceneTrace.Options o) throws Exception {
        StringWriter w = new StringWriter();
        SceneTrace.writeVisibility(s, CameraPath.of("orbit", s.bounds(), o.frames()), o, w);
        return w.toString();
    }

    /** Validates (debug layer on: no warning allowed) and runs the trace in timing mode. */
    static RunResult run(String name, String text) {
        Config c = Config.defaults();
        Trace t = TraceReader.parse(name, text, c.get(TraceReader.MEMORY_BUDGET));
        if (!TraceValidator.validate(t, true, TraceValidator.Machine.of(c)).isEmpty()) {
            throw new AssertionError("warnings: " + TraceValidator.validate(t, true, TraceValidator.Machine.of(c)));
        }
        return new Gpu(t, c).run();
    }

    static List<List<Long>> dumps(RunResult r) {
        List<List<Long>> out = new ArrayList<>();
        for (var d : r.dumps()) {
            out.add(words(d.values()));
        }
        return out;
    }

    static List<List<Long>> words(List<long[]> dumps) {
        List<List<Long>> out = new ArrayList<>();
        for (long[] d : dumps) {
            out.add(words(d));
        }
        return out;
    }

    static List<Long> words(long[] d) {
        List<Long> l = new ArrayList<>();
        for (long v : d) {
            l.add(v);
        }
        return l;
    }

    static String read(Path p) throws Exception {
        return Files.readString(p);
    }
}
