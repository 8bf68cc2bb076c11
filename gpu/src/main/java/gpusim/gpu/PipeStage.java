package gpusim.gpu;

import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;

/** A stage with one input queue and (usually) one output queue, taking items in arrival order. */
public abstract class PipeStage extends Stage {
    protected final BoundedQueue<Work> in;
    protected BoundedQueue<Work> out;

    protected PipeStage(StageWiring wiring, String name, String description, BoundedQueue<Work> in) {
        super(wiring, name, description);
        this.in = in;
    }

    /** Names the queue this stage's outputs go to. */
    public void connect(BoundedQueue<Work> out) {
        this.out = out;
    }

    @Override
    protected Work take(long now) {
        Work w = in.peek(now);
        if (w != null) {
            in.pop(now, true); // a stage looks again when its item is done
        }
        return w;
    }

    @Override
    protected boolean inputPending() {
        return !in.isEmpty();
    }
}
