package gpusim.gpu.raster;

import gpusim.config.ConfigKeys;
import gpusim.gpu.GpuContext;
import gpusim.gpu.Stage;
import gpusim.gpu.work.FragmentBatch;
import gpusim.gpu.work.TriBatch;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import java.util.ArrayDeque;
import java.util.List;

/**
 * The rasterizer: scan-converts each set-up triangle and sends each depth block the
 * fragments that fall in its tiles, one fragment batch per DB per triangle batch. Markers
 * are broadcast to every DB, behind all earlier fragments. Costs
 * ceil(samples evaluated / raster.samples_per_clock) cycles a batch.
 */
public final class Rasterizer extends Stage {
    private final BoundedQueue<Work> in;
    private List<BoundedQueue<Work>> out;
    private final TileMap tiles;
    private final long samplesPerClock;
    private final ScanConverter scan = new ScanConverter();
    private final ArrayDeque<FragmentBatch> pool;
    private final FragmentBatch[] perDb;
    private final gpusim.sim.Stat.Scalar samplesTested;
    private final gpusim.sim.Stat.Scalar fragments;

    public Rasterizer(GpuContext ctx, BoundedQueue<Work> in, TileMap tiles, ArrayDeque<FragmentBatch> pool) {
        super(ctx, "raster", "rasterizer: coverage with the top-left rule and standard sample patterns");
        this.in = in;
        this.tiles = tiles;
        this.pool = pool;
        this.samplesPerClock = ctx.config().get(ConfigKeys.RASTER_SAMPLES);
        this.perDb = new FragmentBatch[tiles.dbCount];
        this.samplesTested = stats.scalar("samples_tested", "samples", "sample positions evaluated");
        this.fragments = stats.scalar("fragments", "pixels", "pixels with at least one covered sample");
    }

    public void connect(List<BoundedQueue<Work>> perDbQueues) {
        this.out = perDbQueues;
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
        if (!(w instanceof TriBatch b)) {
            for (BoundedQueue<Work> q : out) {
                emit(q, w);
            }
            return 1;
        }
        for (int d = 0; d < perDb.length; d++) {
            FragmentBatch fb = pool.isEmpty() ? new FragmentBatch() : pool.pop();
            fb.reset(b, d);
            perDb[d] = fb;
        }
        SamplePattern sp = SamplePattern.of(b.state.samples());
        long tested = 0;
        for (int t = 0; t < b.count; t++) {
            tested += scan.rasterize(b, t, sp, tiles, perDb);
        }
        samplesTested.add(tested);
        for (int d = 0; d < perDb.length; d++) {
            FragmentBatch fb = perDb[d];
            if (fb.count > 0) {
                fragments.add(fb.count);
                emit(out.get(d), fb);
            } else {
                pool.push(fb);
            }
            perDb[d] = null;
        }
        return ceilDiv(tested, samplesPerClock);
    }
}
