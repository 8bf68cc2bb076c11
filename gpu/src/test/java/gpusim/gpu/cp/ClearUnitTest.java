package gpusim.gpu.cp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import gpusim.gpu.TraceBuilder;
import gpusim.gpu.work.ClearColor;
import gpusim.gpu.work.DrawPacket;
import gpusim.trace.Resource;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The clear unit through the engine's ports. A clear is a marker sent down the pipe in order
 * with the draws, one step; with cp.clear_waits it is a pass of its own (as a clear done by a
 * compute engine between barriers: radeonsi follows its compute clears with a CS partial flush),
 * waiting for the pipe to drain before its marker and after it.
 */
class ClearUnitTest {

    static TraceBuilder drawClearDraw() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 8, 8, 1);
        t.execute(t.list("l").draw(3).clearRt(rt, 1, 0, 0, 1).draw(6).close());
        return t;
    }

    // C = 2: draw at 1, clear at 3, draw at 5, each arriving two cycles after its step; the list
    // ends at 7. The clear's marker carries its colour.
    @Test
    void aClearIsOneStepInOrderWithTheDraws() {
        CpRig r = new CpRig(drawClearDraw(), 1).drainsThePipe();
        assertEquals(7, r.run());
        var sent = r.sent();
        assertEquals(List.of(3L, 5L, 7L), sent.stream().map(a -> a.at()).toList());
        ClearColor c = assertInstanceOf(ClearColor.class, sent.get(1).item());
        assertEquals(1f, c.rgba()[0]);
        assertEquals(0, r.stat("drains"));
    }

    // cp.clear_waits, C = 2: the draw at 1 (arrives at 3); the clear at 3 asks for a drain, which
    // waits from 4 until the pipe empties at 10; at 11 the engine sends the marker and asks for a
    // second drain, which waits from 12 until the pipe empties again at 20; at 21 the clear is
    // done, the draw steps at 23 and arrives at 25, and the list ends at 25.
    @Test
    void aClearThatWaitsDrainsThePipeOnBothSides() {
        CpRig r = new CpRig(drawClearDraw(), 1, "cp.clear_waits=on").drainsThePipe();
        var first = r.pipeEmptiesAt(10);
        assertEquals(1, first.size());
        assertInstanceOf(DrawPacket.class, first.get(0).item());
        var second = r.pipeEmptiesAt(20);
        assertEquals(1, second.size());
        assertEquals(13, second.get(0).at(), "the marker, sent at 12");
        assertInstanceOf(ClearColor.class, second.get(0).item());
        assertEquals(25, r.run());
        assertEquals(25, r.sent().get(0).at());
        assertEquals(2, r.stat("drains"));
        assertEquals((11 - 4) + (21 - 12), r.stat("drain_cycles"));
    }

    // cp.clear_cycles 100, C = 2: the clear's marker is sent at 3 as before, and its 100 cycles come
    // after it, before the next command's 2: the draw steps at 3 + 100 + 2 = 105 and arrives at 107.
    @Test
    void aClearsOwnCyclesComeBeforeTheNextCommand() {
        CpRig r = new CpRig(drawClearDraw(), 1, "cp.clear_cycles=100").drainsThePipe();
        assertEquals(107, r.run());
        assertEquals(List.of(3L, 5L, 107L), r.sent().stream().map(a -> a.at()).toList());
    }
}
