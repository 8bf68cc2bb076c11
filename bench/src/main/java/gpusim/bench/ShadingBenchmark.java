package gpusim.bench;

import gpusim.api.DepthFormat;
import gpusim.gpu.db.DepthSurface;
import gpusim.gpu.db.SurfaceLayout;
import gpusim.gpu.ps.ColorSurface;
import gpusim.gpu.ps.PixelShader;
import gpusim.gpu.raster.SamplePattern;
import gpusim.gpu.raster.ScanConverter;
import gpusim.gpu.setup.TriangleSetup;
import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.TriBatch;
import gpusim.trace.PipelineState;
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
 * The pixel shader's colour work, one core: {@link PixelShader} shading the covered pixels of
 * 256 gradient-coloured triangles (four batches of 64, the clipper's batch size; fixed seed)
 * into an RGBA8 {@link ColorSurface} of 2048x1024 pixels with a depth surface of the same
 * layout (8-pixel tiles), opaque (blend off, every channel written), through the entry points
 * the DB kernels call, tile row by tile row as they do: {@link PixelShader#shadeRow} with the
 * row's covered run at one sample a pixel (DepthOnlyTileKernel), {@link PixelShader#shadeMasks}
 * with each pixel's covered-sample mask at four (GeneralTileKernel), after
 * {@link PixelShader#begin} for each batch. Every covered sample passes (the depth test is not
 * part of this: coverage is found once, in setup, with the {@link ScanConverter}). One
 * operation is one pass over the 256 triangles; every {@link #OVERDRAW}th ends with
 * {@link PixelShader#resolveDeferred} (at one sample a pixel the shader defers an opaque colour
 * and computes it once, for the last fragment to land on the pixel, when the target is next
 * read or at the end of the run: the resolve is that computation, here once for four layers
 * of fragments, about the overdraw of stress-2k's 4.7; at four samples nothing is deferred).
 * Each operation returns a checksum of a spread of the target's words, and every write goes
 * to the surface's heap arrays, so no work can be dropped. The extents of the triangles are
 * log-uniform from 4 to 256 pixels, their vertex colours and alphas random, half of them with
 * a perspective 1/w per vertex (the divide per pixel), the rest affine.
 *
 * <p>Reports shaded pixels per second ("pixels": pixels handed to the shader, each a fragment
 * with at least one covered sample) and samples written per second ("samples").
 *
 * <pre>java -jar bench/target/benchmarks.jar ShadingBenchmark -f 1 -wi 2 -w 1 -i 3 -r 1</pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
// The launcher's GC, and huge pages as it had them until 2026-12-04 (docs/performance.md), so that
// these figures stay comparable with the earlier ones.
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseSerialGC", "-XX:+UseTransparentHugePages"})
@State(Scope.Thread)
public class ShadingBenchmark {
    static final int WIDTH = 2048;
    static final int HEIGHT = 1024;
    static final int TILE = 8;
    static final int BATCHES = 4;
    static final int PER_BATCH = 64;
    /** Operations (layers of fragments) a deferred-colour resolve serves. */
    static final int OVERDRAW = 4;

    @Param({"1", "4"})
    public int samples;

    /** Shaded pixels and written samples, reported per second. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Counters {
        public long pixels;
        public long samples;

        @Setup(Level.Iteration)
        public void reset() {
            pixels = 0;
            samples = 0;
        }
    }

    private final PixelShader shader = new PixelShader();
    private ColorSurface rt;
    private final TriBatch[] batches = new TriBatch[BATCHES];
    /**
     * The tile rows to shade, in the DB's order (batch, triangle, tile, row): per record its
     * batch, triangle, row y, first column x0, pixel count n, the row's storage base and where
     * its n columns (one sample) or masks (more) start in {@link #rowData}.
     */
    private int records;
    private int[] recBatch;
    private int[] recTri;
    private int[] recY;
    private int[] recX0;
    private int[] recN;
    private int[] recBase;
    private int[] recData;
    private int[] rowData;
    private final int[] scratch = new int[TILE];
    private long pixelsPerOp;
    private long samplesPerOp;
    private long operations;

    @Setup
    public void setup() {
        rt = new ColorSurface("rt", WIDTH, HEIGHT, samples, TILE);
        DepthSurface ds = new DepthSurface("ds", WIDTH, HEIGHT, samples, DepthFormat.D32_FLOAT, TILE);
        float[] identity = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        DrawState st = new DrawState(PipelineState.defaults("pso", 0), rt, ds, samples, 0, 0, WIDTH, HEIGHT, 0, 1,
                0, 0, WIDTH, HEIGHT, identity, 0, null, null);
        SplittableRandom rnd = new SplittableRandom(14);
        for (int k = 0; k < BATCHES; k++) {
            TriBatch b = new TriBatch(0, st, PER_BATCH);
            while (b.count < PER_BATCH) {
                addRandomTriangle(b, rnd);
            }
            batches[k] = b;
        }
        buildRecords(ds.layout);
    }

    /** A clockwise gradient-coloured triangle of random extent (log-uniform, 4 to 256 px); kept if it covers a pixel. */
    static void addRandomTriangle(TriBatch b, SplittableRandom rnd) {
        double size = Math.pow(2, rnd.nextDouble(2, 8)) * 256; // 1/256 px
        double cx = rnd.nextDouble(0, WIDTH) * 256;
        double cy = rnd.nextDouble(0, HEIGHT) * 256;
        boolean perspective = rnd.nextBoolean();
        int t = b.count;
        for (int k = 0; k < 3; k++) {
            b.fx[t * 3 + k] = (int) Math.round(cx + (rnd.nextDouble() - 0.5) * size);
            b.fy[t * 3 + k] = (int) Math.round(cy + (rnd.nextDouble() - 0.5) * size);
            b.z[t * 3 + k] = (float) rnd.nextDouble(0.1, 0.9);
            b.invW[t * 3 + k] = perspective ? (float) rnd.nextDouble(0.2, 1.0) : 1f;
            for (int ch = 0; ch < 4; ch++) {
                b.color[t * 12 + k * 4 + ch] = (float) rnd.nextDouble();
            }
        }
        long area2 = (long) (b.fx[t * 3 + 1] - b.fx[t * 3]) * (b.fy[t * 3 + 2] - b.fy[t * 3])
                - (long) (b.fy[t * 3 + 1] - b.fy[t * 3]) * (b.fx[t * 3 + 2] - b.fx[t * 3]);
        if (area2 == 0) {
            return;
        }
        if (area2 < 0) {
            // Clockwise on screen (y down), as the clipper leaves every triangle: swap vertices 1 and 2.
            swap(b.fx, t * 3 + 1, t * 3 + 2);
            swap(b.fy, t * 3 + 1, t * 3 + 2);
            swap(b.z, t * 3 + 1, t * 3 + 2);
            swap(b.invW, t * 3 + 1, t * 3 + 2);
            for (int ch = 0; ch < 4; ch++) {
                swap(b.color, t * 12 + 4 + ch, t * 12 + 8 + ch);
            }
        }
        b.front[t] = true;
        if (TriangleSetup.setup(b, t)) {
            b.count++;
        }
    }

    /** Each triangle's covered pixels, tile by tile and row by row, as a DB's kernels walk them. */
    private void buildRecords(SurfaceLayout layout) {
        SamplePattern sp = SamplePattern.of(samples);
        ScanConverter scan = new ScanConverter();
        int full = (1 << samples) - 1;
        IntList bt = new IntList(), tt = new IntList(), yy = new IntList(), x0s = new IntList(), ns = new IntList(),
                bases = new IntList(), offs = new IntList(), data = new IntList();
        for (int k = 0; k < BATCHES; k++) {
            TriBatch b = batches[k];
            for (int t = 0; t < b.count; t++) {
                scan.prepare(b, t, sp);
                int[] bb = b.bbox;
                for (int ty = bb[t * 4 + 1] / TILE; ty <= bb[t * 4 + 3] / TILE; ty++) {
                    for (int tx = bb[t * 4] / TILE; tx <= bb[t * 4 + 2] / TILE; tx++) {
                        int x0 = Math.max(tx * TILE, bb[t * 4]);
                        int x1 = Math.min(tx * TILE + TILE - 1, bb[t * 4 + 2]);
                        int y0 = Math.max(ty * TILE, bb[t * 4 + 1]);
                        int y1 = Math.min(ty * TILE + TILE - 1, bb[t * 4 + 3]);
                        int coverage = scan.classify(x0, y0, x1, y1);
                        if (coverage < 0) {
                            continue;
                        }
                        for (int y = y0; y <= y1; y++) {
                            int at = data.size;
                            int first;
                            int n;
                            long covered = 0;
                            if (samples == 1) {
                                int lo = x0;
                                int hi = x1;
                                if (coverage == 0) {
                                    scan.rowSpan(y, x0, x1);
                                    lo = scan.spanFirst;
                                    hi = scan.spanLast;
                                }
                                if (lo > hi) {
                                    continue;
                                }
                                first = lo;
                                n = hi - lo + 1;
                                for (int x = lo; x <= hi; x++) {
                                    data.add(x);
                                }
                                covered = n;
                                pixelsPerOp += n;
                            } else {
                                first = x0;
                                n = x1 - x0 + 1;
                                scan.rowStart(x0, y);
                                for (int x = x0; x <= x1; x++) {
                                    int m = coverage > 0 ? full : scan.nextMask();
                                    data.add(m);
                                    covered += Integer.bitCount(m);
                                    pixelsPerOp += m != 0 ? 1 : 0;
                                }
                                if (covered == 0) {
                                    data.size = at;
                                    continue;
                                }
                            }
                            samplesPerOp += covered;
                            bt.add(k);
                            tt.add(t);
                            yy.add(y);
                            x0s.add(first);
                            ns.add(n);
                            bases.add(layout.pixel(x0, y) - x0 * samples);
                            offs.add(at);
                        }
                    }
                }
            }
        }
        records = bt.size;
        recBatch = bt.toArray();
        recTri = tt.toArray();
        recY = yy.toArray();
        recX0 = x0s.toArray();
        recN = ns.toArray();
        recBase = bases.toArray();
        recData = offs.toArray();
        rowData = data.toArray();
    }

    @Benchmark
    public long shade(Counters counters) {
        PixelShader ps = shader;
        int[] row = scratch;
        int current = -1;
        boolean one = samples == 1;
        for (int r = 0; r < records; r++) {
            int k = recBatch[r];
            TriBatch b = batches[k];
            if (k != current) {
                ps.begin(b.state);
                current = k;
            }
            int n = recN[r];
            System.arraycopy(rowData, recData[r], row, 0, n);
            if (one) {
                ps.shadeRow(b, recTri[r], recY[r], row, n, recBase[r]);
            } else {
                ps.shadeMasks(b, recTri[r], recY[r], recX0[r], n, row, recBase[r], samples);
            }
        }
        if (++operations % OVERDRAW == 0) {
            ps.resolveDeferred();
        }
        counters.pixels += pixelsPerOp;
        counters.samples += samplesPerOp;
        int[] rgba = rt.rgba;
        long sum = 0;
        for (int i = 0; i < rgba.length; i += 1021) {
            sum = sum * 31 + rgba[i];
        }
        return sum;
    }

    private static void swap(int[] v, int i, int j) {
        int x = v[i];
        v[i] = v[j];
        v[j] = x;
    }

    private static void swap(float[] v, int i, int j) {
        float x = v[i];
        v[i] = v[j];
        v[j] = x;
    }

    /** A growable int array for the setup's records. */
    private static final class IntList {
        int[] a = new int[1024];
        int size;

        void add(int v) {
            if (size == a.length) {
                a = java.util.Arrays.copyOf(a, size * 2);
            }
            a[size++] = v;
        }

        int[] toArray() {
            return java.util.Arrays.copyOf(a, size);
        }
    }
}
