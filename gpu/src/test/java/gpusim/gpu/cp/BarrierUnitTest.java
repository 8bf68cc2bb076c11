package gpusim.gpu.cp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.gpu.TraceBuilder;
import gpusim.trace.Resource;
import org.junit.jupiter.api.Test;

/**
 * The barrier unit through the engine's ports: a transition barrier waits for all earlier work
 * to finish (a full wait-for-idle, as drivers make a write-to-read transition): one step asks
 * for the drain, the next, once the pipe is empty, completes it.
 */
class BarrierUnitTest {

    // C = 2: the draw at 1 (arrives at 3); the barrier at 3 asks for the drain, which waits from 4;
    // the pipe empties at 30, the engine sees it at 31 and the barrier is done: the draw after it
    // steps at 33 (arrives at 35) and the list ends at 35.
    @Test
    void aBarrierHoldsLaterCommandsUntilThePipeIsEmpty() {
        TraceBuilder t = new TraceBuilder();
        Resource.Buffer b = t.buffer("b", 8);
        t.execute(t.list("l").draw(3).barrier(b, 0, 1).draw(6).close());
        CpRig r = new CpRig(t, 1).drainsThePipe();
        assertEquals(1, r.pipeEmptiesAt(30).size(), "only the draw before the barrier was sent");
        assertEquals(35, r.run());
        assertEquals(35, r.sent().get(0).at());
        assertEquals(1, r.stat("drains"));
        assertEquals(31 - 4, r.stat("drain_cycles"));
    }

    // With the pipe empty a barrier costs its two steps, 1 (the drain asked for) and 2 (found
    // done), then C: the list ends at 2 + 2 = 4.
    @Test
    void aBarrierOnAnEmptyPipeCostsOneCycleMoreThanACommand() {
        TraceBuilder t = new TraceBuilder();
        Resource.Buffer b = t.buffer("b", 8);
        t.execute(t.list("l").barrier(b, 0, 1).close());
        CpRig r = new CpRig(t, 1).drainsThePipe();
        assertEquals(1 + 1 + 2, r.run());
        assertEquals(0, r.stat("drain_cycles"));
    }
}
