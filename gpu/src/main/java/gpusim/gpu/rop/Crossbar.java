package gpusim.gpu.rop;

import gpusim.gpu.RingStage;
import gpusim.gpu.StageWiring;
import gpusim.gpu.work.QuadWave;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Stat;
import java.util.List;

/**
 * The crossbar between the shader engines and the ROP units, as a clocked component: on
 * NVIDIA parts the SMs' shaded pixels reach the ROPs of whichever memory partition owns
 * their screen tile across the crossbar that also carries L2 traffic (Fermi and Turing
 * whitepapers: ROP partitions sit with the memory controllers and L2 slices). It takes the
 * shaded waves of every ROP unit's queue in turn, ceil(quads / rop.crossbar_quads_per_clock)
 * cycles each (its width, shared by all ROPs), and delivers each to its ROP unit
 * {@code rop.crossbar_latency} cycles later; markers cross in order with their unit's waves.
 * A ROP whose queue is full holds the crossbar (head-of-line blocking).
 */
public final class Crossbar extends RingStage {
    private final List<BoundedQueue<Work>> out;
    private final long quadsPerClock;
    private final long latency;
    private final Stat.Scalar quads;
    private final Stat.Scalar waves;

    /**
     * @param in  per ROP unit: the shaded waves for it, from its shader engine
     * @param out per ROP unit, in the same order: to its colour unit
     */
    public Crossbar(StageWiring wiring, List<BoundedQueue<Work>> in, List<BoundedQueue<Work>> out, RopParams p) {
        super(wiring, "xbar", "crossbar: shaded waves from the shader engines to the ROP unit owning their tiles",
                in);
        this.out = out;
        this.quadsPerClock = p.crossbarQuadsPerClock();
        this.latency = p.crossbarLatency();
        this.quads = stats.scalar("quads", "quads", "shaded 2x2 quads carried to the ROPs");
        this.waves = stats.scalar("waves", "waves", "shaded waves carried to the ROPs");
    }

    @Override
    protected long process(Work w, long now) {
        BoundedQueue<Work> to = out.get(in.last());
        emit(to, w, latency);
        if (w instanceof QuadWave q) {
            quads.add(q.quads);
            waves.inc();
            return ceilDiv(q.quads, quadsPerClock);
        }
        return 1; // a marker takes a slot
    }
}
