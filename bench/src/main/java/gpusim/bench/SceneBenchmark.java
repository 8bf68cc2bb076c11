package gpusim.bench;

import gpusim.config.Config;
import gpusim.gpu.Gpu;
import gpusim.scene.CameraPath;
import gpusim.scene.Culling;
import gpusim.scene.GltfLoader;
import gpusim.scene.Scene;
import gpusim.scene.SceneTrace;
import gpusim.trace.Trace;
import gpusim.tracefile.TraceReader;
import gpusim.tracefile.TraceValidator;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The speed check on a large scene as a benchmark: a glTF model of about 100k triangles (Debian's
 * assimp-testmodels 2CylinderEngine.glb: 121,496 triangles, 115 objects) converted to an
 * occlusion-culling trace of 8 frames at 1920x1080 ({@code predicated}, orbit camera, the
 * defaults of {@code gpusim scene}), then that trace parsed, validated and simulated in
 * timing mode on the default machine (one host thread). Seconds per operation.
 *
 * <pre>java -jar bench/target/benchmarks.jar Scene [-p model=PATH]</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseSerialGC"})
@State(Scope.Benchmark)
public class SceneBenchmark {
    @Param("/usr/share/assimp/models/glTF2/2CylinderEngine-glTF-Binary/2CylinderEngine.glb")
    public String model;

    static final int FRAMES = 8;

    /** Read the model and write its trace (the {@code gpusim scene} step). */
    @Benchmark
    public String convert() throws IOException {
        Scene scene = GltfLoader.load(Path.of(model));
        CameraPath path = CameraPath.of("orbit", scene.bounds(), FRAMES);
        SceneTrace.Options o = new SceneTrace.Options(FRAMES, Culling.PREDICATED, 1920, 1080, 1, false, 16, 8);
        StringWriter w = new StringWriter(1 << 23);
        SceneTrace.write(scene, path, o, w);
        return w.toString();
    }

    /** Convert, then parse, validate and simulate the trace: the cycles it took. */
    @Benchmark
    public long convertAndSimulate() throws IOException {
        String text = convert();
        Config c = Config.defaults().with("sim.threads=1");
        Trace t = TraceReader.parse("scene.trace", text, c.get(TraceReader.MEMORY_BUDGET));
        TraceValidator.validate(t, true, TraceValidator.Machine.of(c));
        return new Gpu(t, c).run().cycles();
    }
}
