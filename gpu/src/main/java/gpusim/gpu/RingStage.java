package gpusim.gpu;

import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import java.util.List;

/**
 * A stage fed by several producers' queues, taken in turn ({@link InputRing}): a shader
 * engine's tile owners, the crossbar's shader engines. {@link InputRing#last} tells which
 * queue the item being processed came from.
 */
public abstract class RingStage extends Stage {
    protected final InputRing in;

    protected RingStage(StageWiring wiring, String name, String description, List<BoundedQueue<Work>> in) {
        super(wiring, name, description);
        this.in = new InputRing(in);
    }

    @Override
    protected Work take(long now) {
        return in.take(now, null);
    }

    @Override
    protected boolean inputPending() {
        return in.anyQueued();
    }
}
