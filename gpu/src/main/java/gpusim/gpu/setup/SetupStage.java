package gpusim.gpu.setup;

import gpusim.config.ConfigKeys;
import gpusim.gpu.PipeStage;
import gpusim.gpu.StageWiring;
import gpusim.gpu.work.TriBatch;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;

/**
 * The setup stage: edge equations, bounding boxes and depth planes. A batch takes
 * ceil(triangles / setup.prims_per_clock) cycles, or, with setup.interval_cycles above 1,
 * ceil(triangles / setup.prims_per_clock) + ceil(held / setup.prims_per_clock) x
 * (setup.interval_cycles - 1), where held counts the triangles whose bounding box holds a sample
 * position: those that go on to rate-limited setup work, the others dropped by the small-primitive
 * cull after one cycle's look.
 */
public final class SetupStage extends PipeStage {
    private final long primsPerClock;
    private final long intervalCycles;

    public SetupStage(StageWiring wiring, BoundedQueue<Work> in, gpusim.gpu.PipelineParams.PrimitiveParams p) {
        super(wiring, "setup", "triangle setup: edge equations, bounding box, depth plane", in);
        this.primsPerClock = p.primsPerClock();
        this.intervalCycles = p.setupIntervalCycles();
    }

    @Override
    protected long process(Work w, long now) {
        if (w instanceof TriBatch b) {
            int held = 0;
            for (int t = 0; t < b.count; t++) {
                TriangleSetup.setup(b, t);
                if (intervalCycles > 1 && TriangleSetup.holdsSample(b, t)) {
                    held++;
                }
            }
            emit(out, b);
            return ceilDiv(b.count, primsPerClock) + ceilDiv(held, primsPerClock) * (intervalCycles - 1);
        }
        emit(out, w);
        return 1;
    }
}
