package gpusim.gpu.setup;

import gpusim.config.ConfigKeys;
import gpusim.gpu.PipeStage;
import gpusim.gpu.StageWiring;
import gpusim.gpu.work.TriBatch;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;

/** The setup stage: edge equations, bounding boxes and depth planes; ceil(triangles / setup.prims_per_clock) cycles a batch. */
public final class SetupStage extends PipeStage {
    private final long primsPerClock;

    public SetupStage(StageWiring wiring, BoundedQueue<Work> in, gpusim.gpu.PipelineParams.PrimitiveParams p) {
        super(wiring, "setup", "triangle setup: edge equations, bounding box, depth plane", in);
        this.primsPerClock = p.primsPerClock();
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
