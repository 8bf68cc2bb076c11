package gpusim.bench;

import gpusim.api.CullMode;
import gpusim.gpu.BackEnd;
import gpusim.gpu.DrawTracker;
import gpusim.gpu.PipelineDrain;
import gpusim.gpu.PipelineParams;
import gpusim.gpu.RunLength;
import gpusim.gpu.RunMode;
import gpusim.gpu.StageWiring;
import gpusim.gpu.query.QueryProtocol;
import gpusim.gpu.raster.Rasterizer;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.setup.TriangleSetup;
import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.TileBatch;
import gpusim.gpu.work.TriBatch;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.StatGroup;
import gpusim.trace.PipelineState;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
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
 * The rasterizer's binning, one core: {@link Rasterizer} (the clocked stage that bins each
 * set-up triangle to every depth block whose screen tiles its bounding box covers, one
 * {@link TileBatch} per DB per triangle batch) driven directly on its own engine with
 * prepared, set-up {@link TriBatch}es. Each operation queues {@link #BATCHES} batches of
 * {@link #PER_BATCH} triangles (the clipper's batch size) and runs the engine until the stage
 * and its four DB queues have drained; four sink components stand in for the DBs and return
 * each tile batch to the rasterizer's pool. The mix (fixed seed): 512 triangles of random
 * placement over a 2048x1024 target, their extent log-uniform from 1 to 512 pixels, 4 DBs,
 * 8-pixel tiles (the defaults), in the {@code db.pattern} of {@link #pattern} (the hashed
 * pattern reads the ownership table row by row; the checkerboard answers most boxes at once).
 * Binning looks at pixel bounding boxes only, so the sample count does not matter and is not
 * a parameter.
 *
 * <p>Reports triangles binned per second ("triangles": triangles the rasterizer took) and
 * triangle-DB bins per second ("bins": the rasterizer's triangles_binned, a triangle counted
 * once for every DB it is sent to). The engine and queue work of moving the batches (a few
 * ticks a batch) is included: it is what the binning costs in a run.
 *
 * <pre>java -jar bench/target/benchmarks.jar BinningBenchmark -f 1 -wi 2 -w 1 -i 3 -r 1</pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
// The launcher's GC, and huge pages as it had them until 2026-12-04 (docs/performance.md), so that
// these figures stay comparable with the earlier ones.
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseSerialGC", "-XX:+UseTransparentHugePages"})
@State(Scope.Thread)
public class BinningBenchmark {
    static final int WIDTH = 2048;
    static final int HEIGHT = 1024;
    static final int DBS = 4;
    static final int TILE = 8;
    static final int BATCHES = 8;
    static final int PER_BATCH = 64;

    @Param({"checkerboard", "hashed"})
    public String pattern;

    /** Triangles binned and triangle-DB bins, reported per second. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Counters {
        public long triangles;
        public long bins;

        @Setup(Level.Iteration)
        public void reset() {
            triangles = 0;
            bins = 0;
        }
    }

    /** A DB's input as the binner sees it: takes every tile batch at once and returns it to the pool. */
    static final class DbSink implements Component {
        final String name;
        final ArrayDeque<TileBatch> pool;
        BoundedQueue<Work> in;
        long binned;

        DbSink(int d, ArrayDeque<TileBatch> pool) {
            this.name = "db" + d;
            this.pool = pool;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public boolean tick(long now) {
            boolean progress = false;
            for (Work w = in.peek(now); w != null; w = in.peek(now)) {
                in.pop(now);
                if (w instanceof TileBatch fb) {
                    binned += fb.count;
                    fb.source = null;
                    pool.push(fb);
                }
                progress = true;
            }
            return progress;
        }

        @Override
        public boolean hasPendingWork() {
            return !in.isEmpty();
        }

        @Override
        public StatGroup stats() {
            return new StatGroup(name, "benchmark sink");
        }
    }

    /** The queue's producer end (the setup stage, here the benchmark itself). */
    static final class Source implements Component {
        @Override
        public String name() {
            return "setup";
        }

        @Override
        public boolean tick(long now) {
            return false;
        }

        @Override
        public boolean hasPendingWork() {
            return false;
        }

        @Override
        public StatGroup stats() {
            return new StatGroup("setup", "benchmark source");
        }
    }

    /** The binner's back end: four DB queues, each emptied by a sink. */
    static final class Sinks implements BackEnd {
        final List<BoundedQueue<Work>> inputs = new ArrayList<>();
        final List<DbSink> sinks = new ArrayList<>();

        @Override
        public int units() {
            return inputs.size();
        }

        @Override
        public BoundedQueue<Work> input(int u) {
            return inputs.get(u);
        }

        @Override
        public void accept(int u, Work w) {
            // A DB would start its core's functional work here; the sinks do none.
        }

        @Override
        public long countedBy(int u, int counter, long now) {
            return 0;
        }

        @Override
        public QueryProtocol queryProtocol() {
            throw new UnsupportedOperationException("no queries in the binning benchmark");
        }

        @Override
        public void wire(Component binner) {
            for (int d = 0; d < inputs.size(); d++) {
                inputs.get(d).connect(binner, sinks.get(d));
            }
        }

        @Override
        public void finishFunctional() {
        }

        @Override
        public List<Component> components() {
            return new ArrayList<>(sinks);
        }
    }

    private Engine engine;
    private BoundedQueue<Work> in;
    private Sinks backEnd;
    private Rasterizer raster;
    private final TriBatch[] batches = new TriBatch[BATCHES];
    private long triangles;

    @Setup
    public void setup() {
        TileMap tiles = new TileMap(DBS, TILE, TileMap.Pattern.valueOf(pattern.toUpperCase(java.util.Locale.ROOT)),
                -1L);
        engine = new Engine(100_000);
        StageWiring wiring = new StageWiring(engine, new PipelineDrain(engine, null), new DrawTracker(),
                RunMode.TIMED, new RunLength());
        int drawId = wiring.draws().issue(1, 0);
        ArrayDeque<TileBatch> pool = new ArrayDeque<>();
        in = engine.queue("raster.in", BATCHES, 1);
        raster = new Rasterizer(wiring, in, tiles, pool, new PipelineParams.RasterParams(1));
        backEnd = new Sinks();
        Source source = new Source();
        engine.add(source);
        engine.add(raster);
        for (int d = 0; d < DBS; d++) {
            DbSink s = new DbSink(d, pool);
            s.in = engine.queue("db" + d + ".in", BATCHES, 1);
            backEnd.inputs.add(s.in);
            backEnd.sinks.add(s);
            engine.add(s);
        }
        in.connect(source, raster);
        raster.connect(backEnd);
        backEnd.wire(raster);

        PipelineState p = PipelineState.defaults("pso", 0);
        PipelineState pso = new PipelineState("pso", p.topology(), CullMode.NONE, false, true, true, true,
                p.depthFunc(), false, 255, 255, p.front(), p.back(), 15, p.blend(), -1, -1, 0);
        float[] identity = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        DrawState st = new DrawState(pso, null, null, 1, 0, 0, WIDTH, HEIGHT, 0, 1, 0, 0, WIDTH, HEIGHT, identity,
                0, null, null);
        SplittableRandom rnd = new SplittableRandom(14);
        for (int k = 0; k < BATCHES; k++) {
            TriBatch b = new TriBatch(drawId, st, PER_BATCH);
            while (b.count < PER_BATCH) {
                addRandomTriangle(b, rnd);
            }
            batches[k] = b;
            triangles += b.count;
        }
    }

    /** A clockwise triangle of random extent (log-uniform, 1 to 512 px) centred in the target; kept if it covers a pixel. */
    static void addRandomTriangle(TriBatch b, SplittableRandom rnd) {
        double size = Math.pow(2, rnd.nextDouble(0, 9)) * 256; // 1/256 px
        double cx = rnd.nextDouble(0, WIDTH) * 256;
        double cy = rnd.nextDouble(0, HEIGHT) * 256;
        int t = b.count;
        for (int k = 0; k < 3; k++) {
            b.fx[t * 3 + k] = (int) Math.round(cx + (rnd.nextDouble() - 0.5) * size);
            b.fy[t * 3 + k] = (int) Math.round(cy + (rnd.nextDouble() - 0.5) * size);
            b.z[t * 3 + k] = (float) rnd.nextDouble(0.1, 0.9);
            b.invW[t * 3 + k] = 1;
        }
        long area2 = (long) (b.fx[t * 3 + 1] - b.fx[t * 3]) * (b.fy[t * 3 + 2] - b.fy[t * 3])
                - (long) (b.fy[t * 3 + 1] - b.fy[t * 3]) * (b.fx[t * 3 + 2] - b.fx[t * 3]);
        if (area2 == 0) {
            return;
        }
        if (area2 < 0) {
            // Clockwise on screen (y down), as the clipper leaves every triangle: swap two vertices.
            swap(b.fx, t * 3 + 1, t * 3 + 2);
            swap(b.fy, t * 3 + 1, t * 3 + 2);
        }
        b.front[t] = true;
        if (TriangleSetup.setup(b, t)) {
            b.count++;
        }
    }

    private static void swap(int[] v, int i, int j) {
        int x = v[i];
        v[i] = v[j];
        v[j] = x;
    }

    @Benchmark
    public long bin(Counters counters) {
        long now = engine.now();
        for (TriBatch b : batches) {
            if (!in.push(b, now)) {
                throw new IllegalStateException("raster input full");
            }
        }
        long before = binned();
        engine.run(() -> false);
        long bins = binned() - before;
        counters.triangles += triangles;
        counters.bins += bins;
        return bins;
    }

    private long binned() {
        long n = 0;
        for (DbSink s : backEnd.sinks) {
            n += s.binned;
        }
        return n;
    }
}
