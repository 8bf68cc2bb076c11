package gpusim.gpu.se;

import gpusim.gpu.RingStage;
import gpusim.gpu.StageWiring;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.QuadWave;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Stat;
import java.util.List;

/**
 * One shader engine's pixel side, as a clocked component: takes the pixel waves of its
 * render back ends in turn (one input queue per RB), books each wave's issue on its
 * engine's units, ceil(quads x ps_cycles / units per engine) cycles, shared with vertex
 * work ({@link ShaderArray}), and hands the shaded wave to the same RB's colour back end
 * {@code shader.latency} cycles after its issue ends: waves overlap in the engine's pipe, so
 * the issue rate sets throughput and the latency only delays. Markers pass from an RB's
 * input to its output in order with its waves; RBs do not wait for each other here (the
 * end of the pipe joins them).
 */
public final class ShaderEngine extends RingStage {
    private final int engine;
    private final ShaderArray array;
    private final List<BoundedQueue<Work>> out;
    private final long latency;
    private final long defaultPsCycles;
    private final Stat.Scalar quadsShaded;
    private final Stat.Scalar waves;

    /**
     * @param in  per RB of this engine: its depth block's waves
     * @param out per RB of this engine, in the same order: to its colour back end
     */
    public ShaderEngine(StageWiring wiring, int engine, ShaderArray array, List<BoundedQueue<Work>> in,
                        List<BoundedQueue<Work>> out, gpusim.gpu.PipelineParams.ShaderArrayParams p) {
        super(wiring, "se" + engine, "shader engine " + engine + ": pixel waves of its tile owners (render back ends or "
                + "ROP units), sharing its units with vertex work", in);
        this.engine = engine;
        this.array = array;
        this.out = out;
        this.latency = p.latency();
        this.defaultPsCycles = p.psCyclesPerQuad();
        this.quadsShaded = stats.scalar("quads_shaded", "quads", "2x2 quads shaded: with a sample passing "
                + "depth/stencil, or for late-Z pipeline states with a covered sample");
        this.waves = stats.scalar("waves", "waves", "pixel waves shaded");
        stats.formula("pixel_issue_cycles", "cycles", "cycles of its units' time pixel waves took",
                () -> (double) array.pixelCycles(engine));
        stats.formula("vertex_issue_cycles", "cycles", "cycles of its units' time vertex work took",
                () -> (double) array.vertexCycles(engine));
    }

    /**
     * The shader engines of {@code in.size()} tile owners (render back ends, ROP units): owner
     * d's waves come in on {@code in.get(d)} and leave shaded on {@code out.get(d)}, on engine
     * {@code shaders.engineOf(d, n)}, which is stored in {@code engineOf[d]}. An engine with no
     * owner is not built (more engines than owners: it shades no pixels).
     */
    public static List<ShaderEngine> forOwners(StageWiring wiring, ShaderArray shaders, List<BoundedQueue<Work>> in,
                                               List<BoundedQueue<Work>> out,
                                               gpusim.gpu.PipelineParams.ShaderArrayParams p,
                                               ShaderEngine[] engineOf) {
        int n = in.size();
        List<ShaderEngine> engines = new java.util.ArrayList<>();
        for (int e = 0; e < shaders.engines(); e++) {
            List<BoundedQueue<Work>> ins = new java.util.ArrayList<>();
            List<BoundedQueue<Work>> outs = new java.util.ArrayList<>();
            for (int d = 0; d < n; d++) {
                if (shaders.engineOf(d, n) == e) {
                    ins.add(in.get(d));
                    outs.add(out.get(d));
                }
            }
            if (ins.isEmpty()) {
                continue;
            }
            ShaderEngine se = new ShaderEngine(wiring, e, shaders, ins, outs, p);
            for (int d = 0; d < n; d++) {
                if (shaders.engineOf(d, n) == e) {
                    engineOf[d] = se;
                }
            }
            engines.add(se);
        }
        return engines;
    }

    @Override
    protected long process(Work w, long now) {
        BoundedQueue<Work> to = out.get(in.last());
        if (w instanceof QuadWave q) {
            long psCycles = q.pso.psCycles() >= 0 ? q.pso.psCycles() : defaultPsCycles;
            quadsShaded.add(q.quads);
            waves.inc();
            long end = array.bookPixels(engine, now, q.quads, q.quads * psCycles);
            emit(to, q, latency);
            return end - now;
        }
        emit(to, (Marker) w);
        return 1;
    }
}
