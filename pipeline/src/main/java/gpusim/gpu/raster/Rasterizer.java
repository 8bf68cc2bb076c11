package gpusim.gpu.raster;

import gpusim.config.ConfigKeys;
import gpusim.gpu.GpuContext;
import gpusim.gpu.PipeStage;
import gpusim.gpu.db.DepthBlockCore;
import gpusim.gpu.db.FunctionalLanes;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.TileBatch;
import gpusim.gpu.work.TriBatch;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import java.util.ArrayDeque;
import java.util.List;

/**
 * The rasterizer's front: bins each set-up triangle to every depth block whose screen tiles
 * its bounding box covers, one batch per DB per triangle batch. Each DB's scan converter
 * then tests its own tiles of the triangle whole, and walks the partial ones sample by
 * sample (per-region scan conversion, as GPUs with one scan converter per render back end
 * do). Markers are broadcast to every DB, behind all earlier work. Costs
 * ceil(triangles / raster.tris_per_clock) cycles a batch.
 */
public final class Rasterizer extends PipeStage {
    private List<BoundedQueue<Work>> out;
    private final TileMap tiles;
    private final long trisPerClock;
    private final ArrayDeque<TileBatch> pool;
    private final TileBatch[] perDb;
    private final gpusim.sim.Stat.Scalar binned;

    public Rasterizer(GpuContext ctx, BoundedQueue<Work> in, TileMap tiles, ArrayDeque<TileBatch> pool,
                      gpusim.gpu.PipelineParams.RasterParams p) {
        super(ctx, "raster", "rasterizer front: bins triangles to the depth blocks whose tiles they cover", in);
        this.tiles = tiles;
        this.pool = pool;
        this.trisPerClock = p.trisPerClock();
        this.perDb = new TileBatch[tiles.dbCount];
        this.binned = stats.scalar("triangles_binned", "triangles",
                "triangles sent to DBs, counted once for every DB whose tiles their bounding box covers");
    }

    public void connect(List<BoundedQueue<Work>> perDbQueues, DepthBlockCore[] cores, FunctionalLanes lanes) {
        this.out = perDbQueues;
        this.cores = cores;
        this.lanes = lanes;
    }

    private DepthBlockCore[] cores;
    private FunctionalLanes lanes;

    /** Queues each DB core's part of a marker behind the work already queued on its lane. */
    @SuppressWarnings("unchecked")
    private void startCoreJobs(Marker m) {
        int n = cores.length;
        m.dbDone = new java.util.concurrent.CompletableFuture[n];
        m.dbCounters = new long[n];
        for (int d = 0; d < n; d++) {
            DepthBlockCore core = cores[d];
            switch (m.kind) {
                case OCCLUSION_BEGIN:
                case OCCLUSION_END:
                case WRITE_QUERY_OCCLUSION:
                    m.dbDone[d] = lanes.submit(d, () -> core.snapshot(m));
                    break;
                case CLEAR_DEPTH_STENCIL:
                    m.dbDone[d] = lanes.submit(d, () -> m.dbCounters[core.index()] = core.clearDepthStencil(m));
                    break;
                case CLEAR_COLOR:
                    m.dbDone[d] = lanes.submit(d, () -> m.dbCounters[core.index()] = core.clearColor(m));
                    break;
                default:
                    m.dbDone[d] = null;
                    break;
            }
        }
    }

    @Override
    protected long process(Work w, long now) {
        if (!(w instanceof TriBatch b)) {
            if (w instanceof Marker m) {
                startCoreJobs(m);
            }
            for (BoundedQueue<Work> q : out) {
                emit(q, w);
            }
            return 1;
        }
        for (int d = 0; d < perDb.length; d++) {
            TileBatch fb = pool.isEmpty() ? new TileBatch() : pool.pop();
            fb.reset(b, d);
            perDb[d] = fb;
        }
        int shift = tiles.tileShift;
        for (int t = 0; t < b.count; t++) {
            int minX = b.bbox[t * 4];
            int minY = b.bbox[t * 4 + 1];
            int maxX = b.bbox[t * 4 + 2];
            int maxY = b.bbox[t * 4 + 3];
            if (minX > maxX || minY > maxY) {
                continue;
            }
            for (int d = 0; d < perDb.length; d++) {
                if (tiles.ownsAny(d, minX >> shift, minY >> shift, maxX >> shift, maxY >> shift)) {
                    perDb[d].add(t);
                }
            }
        }
        for (int d = 0; d < perDb.length; d++) {
            TileBatch fb = perDb[d];
            if (fb.count > 0) {
                binned.add(fb.count);
                DepthBlockCore core = cores[d];
                // The DB's functional work starts now, in order on its lane; the clocked DB
                // waits for it when the batch reaches it.
                fb.done = lanes.submit(d, () -> core.test(fb));
                emit(out.get(d), fb);
            } else {
                fb.source = null;
                pool.push(fb);
            }
            perDb[d] = null;
        }
        return ceilDiv(b.count, trisPerClock);
    }
}
