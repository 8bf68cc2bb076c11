package gpusim.gpu;

import gpusim.gpu.db.DepthBlock;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Component;
import java.util.ArrayList;
import java.util.List;

/**
 * What the back ends share at the binner's side of the seam: each tile owner (a render back
 * end, a ROP unit) starts with a depth block, which takes the owner's input queue, starts
 * its functional work as work is queued and keeps its occlusion counters. Subclasses fill
 * the lists in unit order and build the rest of their pipe.
 */
public abstract class TiledBackEnd implements BackEnd {
    /** Per tile owner: its input queue from the binner. */
    protected final List<BoundedQueue<Work>> inputs = new ArrayList<>();
    /** Per tile owner: its depth block. */
    protected final List<DepthBlock> depthBlocks = new ArrayList<>();
    /** Every clocked component, front first. */
    protected final List<Component> components = new ArrayList<>();

    @Override
    public int units() {
        return inputs.size();
    }

    @Override
    public BoundedQueue<Work> input(int u) {
        return inputs.get(u);
    }

    @Override
    public void accept(int u, Work w) {
        depthBlocks.get(u).accept(w);
    }

    @Override
    public long countedBy(int u, int counter, long now) {
        return depthBlocks.get(u).countedBy(counter, now);
    }

    @Override
    public List<Component> components() {
        return components;
    }

    /** Each depth block lands the functional work it kept back (deferred colour). */
    @Override
    public void finishFunctional() {
        for (DepthBlock d : depthBlocks) {
            d.finishFunctional();
        }
    }
}
