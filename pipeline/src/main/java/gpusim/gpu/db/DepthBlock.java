package gpusim.gpu.db;

import gpusim.api.ComparisonFunc;
import gpusim.api.StencilOp;
import gpusim.config.ConfigKeys;
import gpusim.gpu.GpuContext;
import gpusim.gpu.Stage;
import gpusim.gpu.query.QueryLayout;
import gpusim.gpu.raster.SamplePattern;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.FragmentBatch;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.TriBatch;
import gpusim.gpu.work.Work;
import gpusim.memory.MemoryRequest;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Stat;
import gpusim.trace.PipelineState;
import gpusim.trace.StencilFace;

/**
 * A depth block (DB): owns an interleaved set of screen tiles, runs the depth and stencil
 * tests on the samples of its tiles, and keeps its own 64-bit ZPASS counter of samples
 * that passed both. Query markers make it write a snapshot of the counter to memory,
 * after every earlier fragment of its tiles has been counted: for occlusion queries, into
 * its own 16-byte begin/end pair of the query slot with bit 63 set as the written mark.
 * Costs ceil(samples / db.samples_per_clock) cycles a batch.
 *
 * <p>Depth: the triangle's plane is evaluated at each sample position in double precision,
 * clamped to the viewport's depth range, and quantized to the surface format before the
 * comparison (D3D12: "source FUNC destination"). Stencil: (ref &amp; readMask) FUNC
 * (stored &amp; readMask), with the front or back face's ops by the triangle's facing, and
 * writes through the write mask. Without a bound depth-stencil surface every covered
 * sample passes.
 */
public final class DepthBlock extends Stage {
    private final int index;
    private final BoundedQueue<Work> in;
    private BoundedQueue<Work> out;
    private final TileMap tiles;
    private final long samplesPerClock;
    /** The ZPASS counter: samples that passed depth and stencil, since the model started. */
    private long zpass;
    private final Stat.Scalar samplesIn;
    private final Stat.Scalar samplesPassed;
    private final Stat.Scalar counterWrites;

    public DepthBlock(GpuContext ctx, int index, BoundedQueue<Work> in, TileMap tiles) {
        super(ctx, "db" + index, "depth block " + index + ": depth/stencil test and occlusion counter");
        this.index = index;
        this.in = in;
        this.tiles = tiles;
        this.samplesPerClock = ctx.config().get(ConfigKeys.DB_SAMPLES);
        this.samplesIn = stats.scalar("samples_tested", "samples", "covered samples depth/stencil tested");
        this.samplesPassed = stats.scalar("samples_passed", "samples", "samples that passed depth and stencil");
        this.counterWrites = stats.scalar("counter_writes", "writes", "occlusion counter snapshots written to memory");
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
        if (w instanceof FragmentBatch fb) {
            long tested = test(fb);
            samplesIn.add(tested);
            emit(out, fb);
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
        DepthSurface ds = m.depthSurface;
        int clearDepth = ds.encode(m.depth);
        byte clearStencil = (byte) m.stencil;
        int ts = tiles.tileSize;
        int s = ds.samples;
        long cleared = 0;
        for (int ty = 0; ty * ts < ds.height; ty++) {
            for (int tx = 0; tx * ts < ds.width; tx++) {
                if (tiles.owner(tx, ty) != index) {
                    continue;
                }
                int x1 = Math.min(tx * ts + ts, ds.width);
                for (int y = ty * ts; y < Math.min(ty * ts + ts, ds.height); y++) {
                    int from = (y * ds.width + tx * ts) * s;
                    int to = (y * ds.width + x1) * s;
                    if (m.clearDepth) {
                        java.util.Arrays.fill(ds.depth, from, to, clearDepth);
                    }
                    if (m.clearStencil && ds.stencil != null) {
                        java.util.Arrays.fill(ds.stencil, from, to, clearStencil);
                    }
                    cleared += to - from;
                }
            }
        }
        return ceilDiv(cleared, samplesPerClock * 4);
    }

    /** Depth/stencil-tests every covered sample of the batch; leaves the passing mask in place. Returns samples tested. */
    long test(FragmentBatch fb) {
        TriBatch src = fb.source;
        DrawState st = src.state;
        DepthSurface ds = st.ds();
        int n = fb.count;
        int[] mask = fb.mask;
        long tested = 0;
        long passed = 0;
        if (ds == null) {
            for (int i = 0; i < n; i++) {
                int c = Integer.bitCount(mask[i]);
                tested += c;
                passed += c;
            }
            zpass += passed;
            samplesPassed.add(passed);
            return tested;
        }
        PipelineState pso = st.pso();
        SamplePattern sp = SamplePattern.of(ds.samples);
        int samples = ds.samples;
        int width = ds.width;
        int[] depth = ds.depth;
        byte[] stencil = ds.stencil;
        boolean depthOn = pso.depthEnable();
        boolean depthWrite = depthOn && pso.depthWrite();
        ComparisonFunc func = pso.depthFunc();
        boolean stencilOn = pso.stencilEnable() && stencil != null;
        double lo = Math.min(st.vpMinDepth(), st.vpMaxDepth());
        double hi = Math.max(st.vpMinDepth(), st.vpMaxDepth());
        int ref = st.stencilRef() & 0xFF;
        int readMask = pso.stencilReadMask();
        int writeMask = pso.stencilWriteMask();
        int[] tri = fb.tri;
        int[] xy = fb.xy;
        double[] plane = src.zPlane;
        int[] fx = src.fx;
        int[] fy = src.fy;
        boolean[] front = src.front;
        for (int i = 0; i < n; i++) {
            int t = tri[i];
            int x = xy[i] & 0xFFFF;
            int y = xy[i] >>> 16;
            int m = mask[i];
            int pass = 0;
            double z0 = plane[t * 3];
            double dzdx = plane[t * 3 + 1];
            double dzdy = plane[t * 3 + 2];
            double ox = x - fx[t * 3] / 256.0;
            double oy = y - fy[t * 3] / 256.0;
            StencilFace face = front[t] ? pso.front() : pso.back();
            int base = (y * width + x) * samples;
            while (m != 0) {
                int s = Integer.numberOfTrailingZeros(m);
                m &= m - 1;
                tested++;
                int idx = base + s;
                int q = 0;
                boolean depthPass = true;
                if (depthOn) {
                    double z = z0 + dzdx * (ox + sp.x[s]) + dzdy * (oy + sp.y[s]);
                    if (z < lo) {
                        z = lo;
                    } else if (z > hi) {
                        z = hi;
                    }
                    q = ds.encode(z);
                    depthPass = func.test(q, depth[idx]);
                }
                if (stencilOn) {
                    int stored = stencil[idx] & 0xFF;
                    StencilOp op;
                    boolean stencilPass = face.func().test(ref & readMask, stored & readMask);
                    if (!stencilPass) {
                        op = face.failOp();
                    } else if (!depthPass) {
                        op = face.depthFailOp();
                    } else {
                        op = face.passOp();
                    }
                    if (op != StencilOp.KEEP) {
                        int nv = op.apply(stored, ref);
                        stencil[idx] = (byte) ((stored & ~writeMask) | (nv & writeMask));
                    }
                    if (!stencilPass) {
                        continue;
                    }
                }
                if (!depthPass) {
                    continue;
                }
                if (depthWrite) {
                    depth[idx] = q;
                }
                pass |= 1 << s;
                passed++;
            }
            mask[i] = pass;
        }
        zpass += passed;
        samplesPassed.add(passed);
        return tested;
    }
}
