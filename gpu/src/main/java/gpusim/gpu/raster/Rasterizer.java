package gpusim.gpu.raster;

import gpusim.config.ConfigKeys;
import gpusim.gpu.PipeStage;
import gpusim.gpu.StageWiring;
import gpusim.gpu.BackEnd;
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
 * do). Markers are broadcast to every DB, behind all earlier work. Each DB starts its own
 * functional work as its batch is queued ({@link BackEnd#accept}). Costs
 * ceil(triangles / raster.tris_per_clock) cycles a batch.
 */
public final class Rasterizer extends PipeStage {
    private final TileMap tiles;
    private final long trisPerClock;
    private final ArrayDeque<TileBatch> pool;
    private final TileBatch[] perDb;
    private final gpusim.sim.Stat.Scalar binned;

    public Rasterizer(StageWiring wiring, BoundedQueue<Work> in, TileMap tiles, ArrayDeque<TileBatch> pool,
                      gpusim.gpu.PipelineParams.RasterParams p) {
        super(wiring, "raster", "rasterizer front: bins triangles to the depth blocks whose tiles they cover", in);
        this.tiles = tiles;
        this.pool = pool;
        this.trisPerClock = p.trisPerClock();
        this.perDb = new TileBatch[tiles.dbCount];
        this.binned = stats.scalar("triangles_binned", "triangles",
                "triangles sent to DBs, counted once for every DB whose tiles their bounding box covers");
    }

    /** Names the back end the binned work goes to. */
    public void connect(BackEnd backEnd) {
        this.backEnd = backEnd;
    }

    private BackEnd backEnd;

    /** Queues {@code w} for back-end unit {@code d}, which starts its functional part now. */
    private void send(int d, Work w) {
        backEnd.accept(d, w);
        emit(backEnd.input(d), w);
    }

    @Override
    protected long process(Work w, long now) {
        if (!(w instanceof TriBatch b)) {
            if (w instanceof Marker m) {
                m.progress().broadcast(perDb.length);
            }
            for (int d = 0; d < perDb.length; d++) {
                send(d, w);
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
                send(d, fb);
            } else {
                fb.source = null;
                pool.push(fb);
            }
            perDb[d] = null;
        }
        return ceilDiv(b.count, trisPerClock);
    }
}
