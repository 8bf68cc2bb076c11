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
 * The rasterizer: tests each set-up triangle against the screen tiles of its bounding box
 * and sends each depth block the tiles it owns (trivially accepted or partial), one tile
 * batch per DB per triangle batch; the DBs' scan converters find the exact samples.
 * Markers are broadcast to every DB, behind all earlier work. Costs
 * ceil(samples of the binned tiles / raster.samples_per_clock) cycles a batch: the
 * scan-conversion work, wherever the simulator computes it.
 */
public final class Rasterizer extends PipeStage {
    private List<BoundedQueue<Work>> out;
    private final TileMap tiles;
    private final long samplesPerClock;
    private final ArrayDeque<TileBatch> pool;
    private final TileBatch[] perDb;
    private final gpusim.sim.Stat.Scalar samplesTested;
    private final gpusim.sim.Stat.Scalar tilesBinned;

    public Rasterizer(GpuContext ctx, BoundedQueue<Work> in, TileMap tiles, ArrayDeque<TileBatch> pool) {
        super(ctx, "raster", "rasterizer: coverage with the top-left rule and standard sample patterns", in);
        this.tiles = tiles;
        this.pool = pool;
        this.samplesPerClock = ctx.config().get(ConfigKeys.RASTER_SAMPLES);
        this.perDb = new TileBatch[tiles.dbCount];
        this.samplesTested = stats.scalar("samples_tested", "samples", "sample positions of the binned tiles (scan-conversion work)");
        this.tilesBinned = stats.scalar("tiles_binned", "tiles", "triangle tiles not trivially rejected, sent to DBs");
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
        SamplePattern sp = SamplePattern.of(b.state.samples());
        long tested = 0;
        for (int t = 0; t < b.count; t++) {
            tested += ScanConverter.binTiles(b, t, sp, tiles, perDb);
        }
        samplesTested.add(tested);
        for (int d = 0; d < perDb.length; d++) {
            TileBatch fb = perDb[d];
            if (fb.count > 0) {
                tilesBinned.add(fb.count);
                DepthBlockCore core = cores[d];
                // The DB's functional work starts now, in order on its lane; the clocked DB
                // waits for it when the batch reaches it.
                fb.done = lanes.submit(d, () -> core.test(fb));
                emit(out.get(d), fb);
            } else {
                pool.push(fb);
            }
            perDb[d] = null;
        }
        return ceilDiv(tested, samplesPerClock);
    }
}
