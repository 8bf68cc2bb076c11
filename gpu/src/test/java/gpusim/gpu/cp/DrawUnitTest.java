package gpusim.gpu.cp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.IndexFormat;
import gpusim.gpu.TraceBuilder;
import gpusim.gpu.UnitRig;
import gpusim.gpu.work.DrawPacket;
import gpusim.gpu.work.Work;
import gpusim.trace.Resource;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The draw unit and the state-binding unit ({@link BoundState}) through the engine's ports: each
 * set_* command and each draw is one step, so each costs cp.cycles_per_command; a draw's packet
 * goes to input assembly the cycle after its step, carrying the state bound before it.
 */
class DrawUnitTest {

    // Five commands of one step (render targets, pipeline state, vertex buffer, two draws) at
    // cp.cycles_per_command = 13: the list's execute at cycle 0, command k at 1 + 13k, the list
    // ends at 1 + 5 x 13 = 66. Draw 3 steps at 1 + 3 x 13 = 40: its packet leaves the next cycle
    // and arrives at 42; draw 4's steps at 53 and arrives at 55.
    @Test
    void eachCommandIsOneStepAndADrawLeavesAtTheNextTick() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 16, 16, 1);
        Resource.VertexBuffer vb = t.vertices("vb", TraceBuilder.fullScreen(0.5f));
        Resource.Pso pso = t.pso("p");
        t.execute(t.list("l").targets(rt, null).pso(pso).vb(vb).draw(3).draw(6, 0, 2).close());
        CpRig r = new CpRig(t, 1, "cp.cycles_per_command=13");
        assertEquals(1 + 5 * 13, r.run());
        List<UnitRig.Arrival<Work>> sent = r.sent();
        assertEquals(2, sent.size());
        assertEquals(1 + 3 * 13 + 2, sent.get(0).at(), "draw 3");
        assertEquals(1 + 4 * 13 + 2, sent.get(1).at(), "draw 4");
        DrawPacket a = (DrawPacket) sent.get(0).item();
        DrawPacket b = (DrawPacket) sent.get(1).item();
        assertEquals(3, a.count());
        assertEquals(1, a.instances());
        assertEquals(6, b.count());
        assertEquals(2, b.instances());
        assertFalse(a.indexed());
        assertEquals(16f, a.state().vpW(), "the viewport defaults to the render target bound before the draw");
        assertSame(vb, a.state().vb());
        assertSame(a.state(), b.state(), "no state changed between the draws: one snapshot");
        assertEquals(0, a.drawId());
        assertEquals(1, b.drawId());
        assertEquals(5, r.stat("commands"));
        assertEquals(2, r.stat("draws"));
        assertEquals(0, r.stat("stall_cycles"), "the queue to input assembly had room");
    }

    // An indexed draw carries its index range and base vertex; a state change between two draws
    // makes a new snapshot. Six commands at the default cp.cycles_per_command = 2: the list ends
    // at 1 + 6 x 2 = 13.
    @Test
    void anIndexedDrawCarriesItsRangeAndTheStateBoundBeforeIt() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 16, 16, 1);
        Resource.VertexBuffer vb = t.vertices("vb", TraceBuilder.fullScreen(0.5f));
        Resource.IndexBuffer ib = t.indices("ib", IndexFormat.R16_UINT, 0, 1, 2, 3, 4, 5);
        t.execute(t.list("l").targets(rt, null).pso(t.pso("p")).vb(vb).ib(ib).drawIndexed(3, 3, 7, 4)
                .stencilRef(9).close());
        CpRig r = new CpRig(t, 1);
        assertEquals(1 + 6 * 2, r.run());
        DrawPacket d = (DrawPacket) r.sent().get(0).item();
        assertTrue(d.indexed());
        assertEquals(3, d.count());
        assertEquals(3, d.start());
        assertEquals(7, d.baseVertex());
        assertEquals(4, d.instances());
        assertSame(ib, d.state().ib());
        assertEquals(0, d.state().stencilRef(), "set after the draw: not in its snapshot");
    }
}
