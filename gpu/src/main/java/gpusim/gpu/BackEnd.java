package gpusim.gpu;

import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Component;
import java.util.List;

/**
 * The bottom of the pipe as the binner sees it: units that each own a set of screen tiles
 * and take, in order, the triangle batches that touch their tiles and the markers broadcast
 * to all of them. Everything after binning (depth, shading, colour, counters, the join at
 * the end of the pipe) is the back end's own; {@link gpusim.gpu.rb.RenderBackEnds} (AMD's
 * render back ends: a depth block and a colour back end per tile owner) is the first
 * implementation, {@link gpusim.gpu.rop.RopBackEnd} (NVIDIA-style ROP units on the memory
 * partitions behind a crossbar, one occlusion report per query) the second.
 */
public interface BackEnd {
    /** The tile-owning units the binner feeds, one input queue each. */
    int units();

    /** Unit {@code u}'s input queue. */
    BoundedQueue<Work> input(int u);

    /**
     * {@code w} is being queued for unit {@code u} (a batch of the triangles touching its
     * tiles, or its copy of a marker): the unit starts its functional part now.
     */
    void accept(int u, Work w);

    /**
     * Occlusion counter {@code counter} (0: ZPASS, 1: the interval counter) of unit {@code u}
     * as it has counted it by cycle {@code now} (what a WriteQuery NO_WAIT reads).
     */
    long countedBy(int u, int counter, long now);

    /**
     * How the back end's units write occlusion queries to memory and how their results are
     * read back: the layout every query slot, reset and resolve follows.
     */
    gpusim.gpu.query.QueryProtocol queryProtocol();

    /**
     * Connects the back end's queues to their producers and consumers ({@code binner} feeding
     * the inputs), once every component is registered with the engine.
     */
    void wire(Component binner);

    /**
     * The run has ended: functional work the units keep back (colours whose shading is
     * deferred, see {@link gpusim.gpu.ps.PixelShader}) lands in the surfaces, which are read
     * next. Called once, with every unit idle.
     */
    void finishFunctional();

    /**
     * Each unit's depth and colour cache (surfaces.in_memory) writes its dirty lines back
     * downstream, ready at {@code now}; returns the lines written back (0: nothing to wait
     * for). A back end without such caches has none. At the end of a run with
     * surfaces.flush_at_end ({@link #flushesSurfaceCachesAtEnd}), and at every host sync with
     * memory.flush_at_host_sync.
     */
    default int flushSurfaceCaches(long now) {
        return 0;
    }

    /** surfaces.flush_at_end: {@link #flushSurfaceCaches} at the end of a run. */
    default boolean flushesSurfaceCachesAtEnd() {
        return false;
    }

    /** The units' depth and colour caches, for what waits until their write-backs have landed (none by default). */
    default List<? extends Component> surfaceCaches() {
        return List.of();
    }

    /** The back end's clocked components, front first, in the order the engine registers them. */
    List<Component> components();
}
