package gpusim.gpu.db;

import gpusim.api.ComparisonFunc;
import gpusim.api.DepthFormat;
import gpusim.api.StencilOp;
import gpusim.config.ConfigKeys;
import gpusim.gpu.GpuContext;
import gpusim.gpu.Stage;
import gpusim.gpu.query.QueryLayout;
import gpusim.gpu.raster.SamplePattern;
import gpusim.gpu.raster.ScanConverter;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.FragmentBatch;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.TileBatch;
import gpusim.gpu.work.TriBatch;
import gpusim.gpu.work.Work;
import gpusim.memory.MemoryRequest;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Stat;
import gpusim.trace.PipelineState;
import gpusim.trace.StencilFace;
import java.util.ArrayDeque;

/**
 * A depth block (DB): owns an interleaved set of screen tiles, runs the depth and stencil
 * tests on the samples of its tiles, and keeps its own 64-bit ZPASS counter of samples
 * that passed both. Query markers make it write a snapshot of the counter to memory,
 * after every earlier fragment of its tiles has been counted: for occlusion queries, into
 * its own 16-byte begin/end pair of the query slot with bit 63 set as the written mark.
 *
 * <p>It receives the rasterizer's binned tiles and finds their exact samples with its own
 * scan converter (per-region scan conversion, as in GPUs with one per render back end);
 * the samples evaluated are charged to the rasterizer's rate. With {@code hiz.enabled}, a
 * per-tile bound on the stored depths (hierarchical Z) rejects tiles whose samples must all
 * fail the depth test before any sample is looked at; this never changes a result, only
 * the work. Costs ceil(samples tested / db.samples_per_clock) cycles a batch.
 *
 * <p>Depth: the triangle's plane is evaluated at each sample position in double precision,
 * clamped to the viewport's depth range, and quantized to the surface format before the
 * comparison (D3D12: "source FUNC destination"). Stencil: (ref &amp; readMask) FUNC
 * (stored &amp; readMask), with the front or back face's ops by the triangle's facing, and
 * writes through the write mask. Without a bound depth-stencil surface every covered
 * sample passes.
 */
public final class DepthBlock extends Stage {
    private static final double HIZ_MARGIN = 1e-12;

    private final int index;
    private final BoundedQueue<Work> in;
    private BoundedQueue<Work> out;
    private final TileMap tiles;
    private final long samplesPerClock;
    private final boolean hizEnabled;
    private final ArrayDeque<TileBatch> tilePool;
    private final ArrayDeque<FragmentBatch> fragmentPool;
    private final ScanConverter scan = new ScanConverter();
    /** The ZPASS counter: samples that passed depth and stencil, since the model started. */
    private long zpass;
    private final Stat.Scalar samplesIn;
    private final Stat.Scalar samplesPassed;
    private final Stat.Scalar counterWrites;
    private final Stat.Scalar hizRejectedTiles;
    private final Stat.Scalar hizRejectedSamples;

    // Per-batch and per-triangle state of the depth test (fields, so the hot loop stays flat).
    private DepthSurface ds;
    private int[] depth;
    private byte[] stencil;
    private int width;
    private int samples;
    private SamplePattern sp;
    private int format; // 0 = D32 float, 1 = D24, 2 = D16
    private boolean depthOn;
    private boolean depthWrite;
    private ComparisonFunc func;
    private int funcCode;
    private boolean stencilOn;
    private double lo;
    private double hi;
    private int ref;
    private int readMask;
    private int writeMask;
    private StencilFace face;
    private double dzdx;
    private double dzdy;
    private double zAtOrigin;
    private double originX;
    private double originY;
    /** Per sample: the depth plane's change from the pixel corner to the sample position. */
    private final double[] sampleDz = new double[16];
    private int writtenMin;
    private int writtenMax;

    public DepthBlock(GpuContext ctx, int index, BoundedQueue<Work> in, TileMap tiles,
                      ArrayDeque<TileBatch> tilePool, ArrayDeque<FragmentBatch> fragmentPool) {
        super(ctx, "db" + index, "depth block " + index + ": scan conversion of its tiles, "
                + "hierarchical Z, depth/stencil test and occlusion counter");
        this.index = index;
        this.in = in;
        this.tiles = tiles;
        this.tilePool = tilePool;
        this.fragmentPool = fragmentPool;
        this.samplesPerClock = ctx.config().get(ConfigKeys.DB_SAMPLES);
        this.hizEnabled = ctx.config().flag(ConfigKeys.HIZ_ENABLED);
        this.samplesIn = stats.scalar("samples_tested", "samples", "covered samples depth/stencil tested");
        this.samplesPassed = stats.scalar("samples_passed", "samples", "samples that passed depth and stencil");
        this.counterWrites = stats.scalar("counter_writes", "writes", "occlusion counter snapshots written to memory");
        this.hizRejectedTiles = stats.scalar("hiz_rejected_tiles", "tiles",
                "triangle tiles rejected whole by hierarchical Z");
        this.hizRejectedSamples = stats.scalar("hiz_rejected_samples", "samples",
                "covered-or-not samples of the tiles hierarchical Z rejected");
    }

    public void connect(BoundedQueue<Work> out) {
        this.out = out;
    }

    public long zpassCounter() {
        return zpass;
    }

    @Override
    protected Work take(long now) {
        Work w = in.peek(now);
        if (w != null) {
            in.pop(now);
        }
        return w;
    }

    @Override
    protected boolean inputPending() {
        return !in.isEmpty();
    }

    @Override
    protected long process(Work w, long now) {
        if (w instanceof TileBatch tb) {
            FragmentBatch fb = fragmentPool.isEmpty() ? new FragmentBatch() : fragmentPool.pop();
            fb.reset(tb.source, index);
            long tested = test(tb, fb);
            tb.source = null;
            tilePool.push(tb);
            samplesIn.add(tested);
            if (fb.count > 0) {
                emit(out, fb);
            } else {
                fb.source = null;
                fragmentPool.push(fb);
            }
            return ceilDiv(tested, samplesPerClock);
        }
        Marker m = (Marker) w;
        switch (m.kind) {
            case OCCLUSION_BEGIN:
            case OCCLUSION_END: {
                long addr = m.address + 16L * index + (m.kind == Marker.Kind.OCCLUSION_END ? 8 : 0);
                writeCounter(m, addr, zpass | QueryLayout.WRITTEN);
                return 1;
            }
            case WRITE_QUERY_OCCLUSION:
                writeCounter(m, m.address + (long) m.stride * index, zpass);
                return 1;
            case CLEAR_DEPTH_STENCIL:
                return clear(m);
            default:
                emit(out, m);
                return 1;
        }
    }

    private void writeCounter(Marker m, long addr, long value) {
        m.pendingWrites++;
        counterWrites.inc();
        emitMemory(MemoryRequest.writeLongs(addr, new long[] {value}, (r, t) -> {
            m.pendingWrites--;
            m.landedAt = Math.max(m.landedAt, t);
        }, m));
    }

    /** Clears this DB's tiles of a depth-stencil surface; a fast clear at 4x the test rate. */
    private long clear(Marker m) {
        DepthSurface s = m.depthSurface;
        int clearDepth = s.encode(m.depth);
        byte clearStencil = (byte) m.stencil;
        int ts = tiles.tileSize;
        int n = s.samples;
        long cleared = 0;
        if (hizEnabled) {
            s.hiz(ts);
        }
        for (int ty = 0; ty * ts < s.height; ty++) {
            for (int tx = 0; tx * ts < s.width; tx++) {
                if (tiles.owner(tx, ty) != index) {
                    continue;
                }
                int x1 = Math.min(tx * ts + ts, s.width);
                for (int y = ty * ts; y < Math.min(ty * ts + ts, s.height); y++) {
                    int from = (y * s.width + tx * ts) * n;
                    int to = (y * s.width + x1) * n;
                    if (m.clearDepth) {
                        java.util.Arrays.fill(s.depth, from, to, clearDepth);
                    }
                    if (m.clearStencil && s.stencil != null) {
                        java.util.Arrays.fill(s.stencil, from, to, clearStencil);
                    }
                    cleared += to - from;
                }
                if (hizEnabled && m.clearDepth) {
                    s.hizMin[ty * s.hizTilesX + tx] = clearDepth;
                    s.hizMax[ty * s.hizTilesX + tx] = clearDepth;
                }
            }
        }
        return ceilDiv(cleared, samplesPerClock * 4);
    }

    /**
     * Scan-converts, depth/stencil-tests and counts the tiles of a batch, appending the
     * pixels with passing samples to {@code fb}. Returns the covered samples tested. This is
     * the DB's functional work without its timing: public for tests and benchmarks.
     */
    public long test(TileBatch tb, FragmentBatch fb) {
        TriBatch src = tb.source;
        DrawState st = src.state;
        sp = SamplePattern.of(st.samples());
        ds = st.ds();
        boolean hiz = false;
        width = 0;
        samples = sp.samples;
        if (ds != null) {
            PipelineState pso = st.pso();
            depth = ds.depth;
            stencil = ds.stencil;
            width = ds.width;
            samples = ds.samples;
            format = ds.format == DepthFormat.D24_UNORM_S8_UINT ? 1 : ds.format == DepthFormat.D16_UNORM ? 2 : 0;
            depthOn = pso.depthEnable();
            depthWrite = depthOn && pso.depthWrite();
            func = pso.depthFunc();
            funcCode = func.d3dValue();
            stencilOn = pso.stencilEnable() && stencil != null;
            lo = Math.min(st.vpMinDepth(), st.vpMaxDepth());
            hi = Math.max(st.vpMinDepth(), st.vpMaxDepth());
            ref = st.stencilRef() & 0xFF;
            readMask = pso.stencilReadMask();
            writeMask = pso.stencilWriteMask();
            hiz = hizEnabled && depthOn && !stencilOn;
            if (hizEnabled) {
                ds.hiz(tiles.tileSize);
            }
        }
        int ts = tiles.tileSize;
        int[] bbox = src.bbox;
        long tested = 0;
        long passed = 0;
        int lastTri = -1;
        int full = (1 << sp.samples) - 1;
        for (int i = 0; i < tb.count; i++) {
            int t = tb.tri[i];
            if (t != lastTri) {
                scan.prepare(src, t, sp);
                prepareTriangle(src, t);
                lastTri = t;
            }
            int tx = tb.tile[i] & 0xFFFF;
            int ty = tb.tile[i] >>> 16;
            int x0 = Math.max(tx * ts, bbox[t * 4]);
            int x1 = Math.min(tx * ts + ts - 1, bbox[t * 4 + 2]);
            int y0 = Math.max(ty * ts, bbox[t * 4 + 1]);
            int y1 = Math.min(ty * ts + ts - 1, bbox[t * 4 + 3]);
            int hizIndex = 0;
            if (hiz) {
                hizIndex = ty * ds.hizTilesX + tx;
                if (hizRejects(x0, y0, x1, y1, ds.hizMin[hizIndex], ds.hizMax[hizIndex])) {
                    hizRejectedTiles.inc();
                    hizRejectedSamples.add((long) (x1 - x0 + 1) * (y1 - y0 + 1) * sp.samples);
                    continue;
                }
            }
            boolean accept = tb.accept[i];
            writtenMin = Integer.MAX_VALUE;
            writtenMax = Integer.MIN_VALUE;
            long tilePassed = 0;
            long tileCovered = 0;
            long quadBits = 0;
            int quadBase = x0 >> 1;
            for (int y = y0; y <= y1; y++) {
                if ((y & 1) == 0) {
                    // A new row of 2x2 quads: count the quads the previous one shaded.
                    fb.quads += Long.bitCount(quadBits);
                    quadBits = 0;
                }
                if (!accept) {
                    scan.rowStart(x0, y);
                }
                double zRow = zAtOrigin + dzdy * (y - originY);
                int rowBase = y * width;
                for (int x = x0; x <= x1; x++) {
                    int m = accept ? full : scan.nextMask();
                    if (m == 0) {
                        continue;
                    }
                    tileCovered += Integer.bitCount(m);
                    int pass = ds == null ? m : testPixel((rowBase + x) * samples, zRow + dzdx * (x - originX), m);
                    if (pass != 0) {
                        tilePassed += Integer.bitCount(pass);
                        fb.add(t, x, y, pass);
                        quadBits |= 1L << ((x >> 1) - quadBase);
                    }
                }
            }
            fb.quads += Long.bitCount(quadBits);
            tested += tileCovered;
            passed += tilePassed;
            if (hizEnabled && ds != null && writtenMin <= writtenMax) {
                hizIndex = ty * ds.hizTilesX + tx;
                boolean wholeTile = accept && x0 == tx * ts && y0 == ty * ts
                        && x1 == Math.min(tx * ts + ts, ds.width) - 1 && y1 == Math.min(ty * ts + ts, ds.height) - 1
                        && tilePassed == tileCovered;
                if (wholeTile) {
                    // Every sample of the tile was just written: the bounds are exact again.
                    ds.hizMin[hizIndex] = writtenMin;
                    ds.hizMax[hizIndex] = writtenMax;
                } else {
                    ds.hizMin[hizIndex] = Math.min(ds.hizMin[hizIndex], writtenMin);
                    ds.hizMax[hizIndex] = Math.max(ds.hizMax[hizIndex], writtenMax);
                }
            }
        }
        zpass += passed;
        samplesPassed.add(passed);
        return tested;
    }

    private void prepareTriangle(TriBatch src, int t) {
        double[] plane = src.zPlane;
        zAtOrigin = plane[t * 3];
        dzdx = plane[t * 3 + 1];
        dzdy = plane[t * 3 + 2];
        originX = src.fx[t * 3] / 256.0;
        originY = src.fy[t * 3] / 256.0;
        PipelineState pso = src.state.pso();
        face = src.front[t] ? pso.front() : pso.back();
        for (int s = 0; s < sp.samples; s++) {
            sampleDz[s] = dzdx * sp.x[s] + dzdy * sp.y[s];
        }
    }

    /** The depth of the prepared triangle at pixel-space position (px, py), before clamping. */
    private double planeDepth(double px, double py) {
        return zAtOrigin + dzdy * (py - originY) + dzdx * (px - originX);
    }

    private int encode(double z) {
        switch (format) {
            case 1: return (int) Math.rint(z * 16777215.0);
            case 2: return (int) Math.rint(z * 65535.0);
            default: return Float.floatToIntBits((float) z + 0.0f);
        }
    }

    /** Whether hierarchical Z proves every sample of region [x0..x1] x [y0..y1] fails the depth test. */
    private boolean hizRejects(int x0, int y0, int x1, int y1, int tileMin, int tileMax) {
        // The plane's extremes over the region's sample positions lie at its corners.
        double ax = x0 + sp.minFx / 256.0;
        double bx = x1 + sp.maxFx / 256.0;
        double ay = y0 + sp.minFy / 256.0;
        double by = y1 + sp.maxFy / 256.0;
        double z00 = planeDepth(ax, ay);
        double z10 = planeDepth(bx, ay);
        double z01 = planeDepth(ax, by);
        double z11 = planeDepth(bx, by);
        double zlo = Math.min(Math.min(z00, z10), Math.min(z01, z11)) - HIZ_MARGIN;
        double zhi = Math.max(Math.max(z00, z10), Math.max(z01, z11)) + HIZ_MARGIN;
        zlo = Math.min(Math.max(zlo, lo), hi);
        zhi = Math.min(Math.max(zhi, lo), hi);
        int qlo = encode(zlo);
        int qhi = encode(zhi);
        switch (func) {
            case NEVER: return true;
            case LESS: return qlo >= tileMax;
            case LESS_EQUAL: return qlo > tileMax;
            case GREATER: return qhi <= tileMin;
            case GREATER_EQUAL: return qhi < tileMin;
            case EQUAL: return qhi < tileMin || qlo > tileMax;
            default: return false;
        }
    }

    /**
     * Depth/stencil-tests the covered samples {@code m} of the pixel whose first sample is at
     * {@code base}; {@code zPixel} is the plane at the pixel's corner, evaluated the one way
     * every path uses: (z0 + dz/dy (y - y0)) + dz/dx (x - x0), plus the sample's offset.
     * Returns the passing samples.
     */
    private int testPixel(int base, double zPixel, int m) {
        if (!stencilOn) {
            return depthOnly(base, zPixel, m);
        }
        int pass = 0;
        while (m != 0) {
            int s = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            int idx = base + s;
            int q = 0;
            boolean depthPass = true;
            if (depthOn) {
                q = encode(clamp(zPixel + sampleDz[s]));
                depthPass = func.test(q, depth[idx]);
            }
            int stored = stencil[idx] & 0xFF;
            boolean stencilPass = face.func().test(ref & readMask, stored & readMask);
            StencilOp op = !stencilPass ? face.failOp() : !depthPass ? face.depthFailOp() : face.passOp();
            if (op != StencilOp.KEEP) {
                int nv = op.apply(stored, ref);
                stencil[idx] = (byte) ((stored & ~writeMask) | (nv & writeMask));
            }
            if (!stencilPass || !depthPass) {
                continue;
            }
            if (depthWrite) {
                write(idx, q);
            }
            pass |= 1 << s;
        }
        return pass;
    }

    /** The common case without stencil: depth test (if enabled) and write. */
    private int depthOnly(int base, double zPixel, int m) {
        if (!depthOn) {
            return m;
        }
        int pass = 0;
        while (m != 0) {
            int s = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            int idx = base + s;
            int q = encode(clamp(zPixel + sampleDz[s]));
            if (compare(funcCode, q, depth[idx])) {
                if (depthWrite) {
                    write(idx, q);
                }
                pass |= 1 << s;
            }
        }
        return pass;
    }

    /** ComparisonFunc.test by D3D12 value, flat for the hot loop. */
    private static boolean compare(int func, int src, int dst) {
        switch (func) {
            case 2: return src < dst;
            case 3: return src == dst;
            case 4: return src <= dst;
            case 5: return src > dst;
            case 6: return src != dst;
            case 7: return src >= dst;
            case 8: return true;
            default: return false;
        }
    }

    private double clamp(double z) {
        return z < lo ? lo : z > hi ? hi : z;
    }

    private void write(int idx, int q) {
        depth[idx] = q;
        if (q < writtenMin) {
            writtenMin = q;
        }
        if (q > writtenMax) {
            writtenMax = q;
        }
    }
}
