package gpusim.gpu.setup;

import gpusim.config.ConfigKeys;
import gpusim.gpu.GpuContext;
import gpusim.gpu.Stage;
import gpusim.gpu.work.TriBatch;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;

/** The setup stage: edge equations, bounding boxes and depth planes; ceil(triangles / setup.prims_per_clock) cycles a batch. */
public final class SetupStage extends Stage {
    private final BoundedQueue<Work> in;
    private BoundedQueue<Work> out;
    private final long primsPerClock;

    public SetupStage(GpuContext ctx, BoundedQueue<Work> in) {
        super(ctx, "setup", "triangle setup: edge equations, bounding box, depth plane");
        this.in = in;
        this.primsPerClock = ctx.config().get(ConfigKeys.SETUP_PRIMS);
    }

    public void connect(BoundedQueue<Work> out) {
        this.out = out;
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
        if (w instanceof TriBatch b) {
            for (int t = 0; t < b.count; t++) {
                TriangleSetup.setup(b, t);
            }
            emit(out, b);
            return ceilDiv(b.count, primsPerClock);
        }
        emit(out, w);
        return 1;
    }
}
