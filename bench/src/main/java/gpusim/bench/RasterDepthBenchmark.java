package gpusim.bench;

import gpusim.api.ComparisonFunc;
import gpusim.api.CullMode;
import gpusim.api.DepthFormat;
import gpusim.gpu.db.DepthBlockCore;
import gpusim.gpu.db.DepthSurface;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.setup.TriangleSetup;
import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.TileBatch;
import gpusim.gpu.work.TriBatch;
import gpusim.trace.PipelineState;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Rasterization + depth test on large triangles, one core: a 1024x1024 square of two
 * triangles is binned to one DB, whose tiles are tested whole, scan-converted exactly and depth-tested (LESS_EQUAL, with
 * depth writes, D32_FLOAT; hierarchical Z off so every sample is tested) by one DB core,
 * no render target bound (no colour work).
 * Reports covered samples per second ("samples" counter). Target: at least 200 M/s.
 *
 * <pre>java -jar bench/target/benchmarks.jar RasterDepth -prof gc</pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
// The launcher's GC, and huge pages as it had them until 2026-12-04 (docs/performance.md), so that
// these figures stay comparable with the earlier ones.
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseSerialGC", "-XX:+UseTransparentHugePages"})
@State(Scope.Thread)
public class RasterDepthBenchmark {
    @Param({"1", "4"})
    public int samples;

    private static final int SIZE = 1024;
    private TriBatch batch;
    private DepthBlockCore db;
    private TileMap tiles;
    private final TileBatch[] bins = {new TileBatch()};

    /** Covered samples processed, reported per second. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Counters {
        public long samples;

        @Setup(Level.Iteration)
        public void reset() {
            samples = 0;
        }
    }

    @Setup
    public void setup() {
        tiles = new TileMap(1, 8);
        db = new DepthBlockCore(0, tiles, false);
        DepthSurface ds = new DepthSurface("ds", SIZE, SIZE, samples, DepthFormat.D32_FLOAT, 8);
        java.util.Arrays.fill(ds.depth, Float.floatToIntBits(1.0f));
        PipelineState p = PipelineState.defaults("pso", 0);
        PipelineState pso = new PipelineState("pso", p.topology(), CullMode.NONE, false, true, true, true,
                ComparisonFunc.LESS_EQUAL, false, 255, 255, p.front(), p.back(), 15, p.blend(), -1, -1, 0);
        float[] identity = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        DrawState st = new DrawState(pso, null, ds, samples, 0, 0, SIZE, SIZE, 0, 1, 0, 0, SIZE, SIZE, identity,
                0, null, null);
        batch = new TriBatch(0, st, 2);
        int s = SIZE * 256;
        // Two clockwise triangles covering the square, with a depth slope.
        addTriangle(0, 0, s, 0, 0, s, 0.25f, 0.5f, 0.75f);
        addTriangle(s, 0, s, s, 0, s, 0.5f, 0.6f, 0.75f);
        for (int t = 0; t < batch.count; t++) {
            TriangleSetup.setup(batch, t);
        }
    }

    private void addTriangle(int x0, int y0, int x1, int y1, int x2, int y2, float z0, float z1, float z2) {
        int t = batch.count++;
        int[] xs = {x0, x1, x2};
        int[] ys = {y0, y1, y2};
        float[] zs = {z0, z1, z2};
        for (int k = 0; k < 3; k++) {
            batch.fx[t * 3 + k] = xs[k];
            batch.fy[t * 3 + k] = ys[k];
            batch.z[t * 3 + k] = zs[k];
            batch.invW[t * 3 + k] = 1;
        }
        batch.front[t] = true;
    }

    @Benchmark
    public long rasterizeAndDepthTest(Counters counters) {
        bins[0].reset(batch, 0);
        for (int t = 0; t < batch.count; t++) {
            bins[0].add(t); // one DB owns every tile: the rasterizer bins each triangle to it
        }
        long tested = db.test(bins[0]);
        counters.samples += tested;
        return tested;
    }
}
