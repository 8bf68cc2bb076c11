package gpusim.gpu.se;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.gpu.IdleComponent;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.PipelineParams;
import gpusim.gpu.TraceBuilder;
import gpusim.gpu.UnitRig;
import gpusim.gpu.work.ClearColor;
import gpusim.gpu.work.MarkerProgress;
import gpusim.gpu.work.QuadWave;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import gpusim.trace.PipelineState;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A shader engine's pixel side between two render back ends' idle sources and an idle sink: it
 * takes their waves in turn, books each on its engine, ceil(quads x ps.cycles / units per engine)
 * cycles from the cycle the engine is free (vertex work booked on the same engine delays it), and
 * hands the wave to the same RB's output shader.latency cycles after its issue ends (the queue
 * adds one); markers pass in order with the waves, a cycle each.
 */
class ShaderEngineTest {

    static final class Rig {
        final UnitRig u = new UnitRig();
        final ShaderArray shaders;
        final ShaderEngine se;
        final BoundedQueue<Work> in1;
        final BoundedQueue<Work> out0;
        final BoundedQueue<Work> out1;
        final PipelineState pso = new TraceBuilder().pso("p").state();

        /** One engine of 4 units, shader.latency 10, ps.cycles 8; RB 0 feeds UnitRig's input, RB 1 its own. */
        Rig() {
            PipelineParams.ShaderArrayParams p = new PipelineParams.ShaderArrayParams(1, 4, 10, 8);
            shaders = new ShaderArray(p, new PipelineCounters().value);
            in1 = u.engine.queue("in1", 16, 1);
            out0 = u.engine.queue("out0", 16, 1);
            out1 = u.engine.queue("out1", 16, 1);
            se = new ShaderEngine(u.wiring, 0, shaders, List.of(u.in, in1), List.of(out0, out1), p);
            u.wire(se);
            IdleComponent rb1 = new IdleComponent("rb1");
            IdleComponent cbs = new IdleComponent("cbs");
            u.engine.add(rb1);
            u.engine.add(cbs);
            in1.connect(rb1, se);
            out0.connect(se, cbs);
            out1.connect(se, cbs);
            u.draws.issue(1, 0);
        }

        QuadWave wave(int rb, int quads) {
            return new QuadWave().set(0, rb, pso, quads, 0, 0);
        }

        long stat(String name) {
            return ((gpusim.sim.Stat.Scalar) se.stats().find(name)).get();
        }
    }

    // RB 0 sends a wave of 16 quads and RB 1 one of 4, both arriving at 1. The engine takes RB 0's
    // first: 16 x 8 / 4 = 32 cycles, issue 1..33, out at 33 + 10 + 1 = 44; then RB 1's at 33:
    // 4 x 8 / 4 = 8 cycles, 33..41, out at 52, on RB 1's output.
    @Test
    void wavesOfTheRbsAreIssuedInTurnAndLeaveOnTheirRbsOutput() {
        Rig r = new Rig();
        QuadWave a = r.wave(0, 16);
        QuadWave b = r.wave(1, 4);
        assertTrue(r.u.in.push(a, 0));
        assertTrue(r.in1.push(b, 0));
        r.u.engine.run(() -> false);
        var o0 = UnitRig.arrivals(r.out0, r.u.engine.now());
        var o1 = UnitRig.arrivals(r.out1, r.u.engine.now());
        assertSame(a, o0.get(0).item());
        assertEquals(44, o0.get(0).at());
        assertSame(b, o1.get(0).item());
        assertEquals(52, o1.get(0).at());
        assertEquals(32 + 8, r.stat("busy_cycles"));
        assertEquals(20, r.stat("quads_shaded"));
        assertEquals(40, r.shaders.pixelCycles(0));
    }

    // Vertex work booked on the engine from 0 to 20 (80 unit-cycles / 4 units) delays a wave
    // arriving at 1: issue 20..52 (the engine is busy 51 cycles for it), out at 52 + 10 + 1 = 63.
    // A marker behind it on the same RB goes a cycle later (52..53), in order: arrives at 54.
    @Test
    void vertexWorkOnTheEngineDelaysAWaveAndAMarkerFollowsIt() {
        Rig r = new Rig();
        assertEquals(20, r.shaders.bookVertices(0, 80));
        QuadWave a = r.wave(0, 16);
        ClearColor m = new ClearColor(null, new float[4], "marker", new MarkerProgress());
        assertTrue(r.u.in.push(a, 0));
        assertTrue(r.u.in.push(m, 0));
        r.u.engine.run(() -> false);
        var o0 = UnitRig.arrivals(r.out0, r.u.engine.now());
        assertSame(a, o0.get(0).item());
        assertEquals(63, o0.get(0).at());
        assertSame(m, o0.get(1).item());
        assertEquals(54, o0.get(1).at(), "its own arrival; behind the wave in the queue");
        assertEquals((52 - 1) + 1, r.stat("busy_cycles"));
        assertEquals(32, r.shaders.pixelCycles(0));
        assertEquals(20, r.shaders.vertexCycles(0));
    }
}
