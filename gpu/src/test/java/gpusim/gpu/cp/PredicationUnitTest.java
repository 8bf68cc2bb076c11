package gpusim.gpu.cp;

import static gpusim.gpu.cp.CpRig.MEMORY;
import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.PredicationOp;
import gpusim.gpu.TraceBuilder;
import gpusim.gpu.work.DrawPacket;
import gpusim.trace.Resource;
import org.junit.jupiter.api.Test;

/**
 * The predication unit through the engine's ports: SetPredication reads the 64-bit predicate
 * through memory when it executes (D3D12 SetPredication: the value at execution counts) and the
 * draws after it are skipped or sent by the op; SetPredication with no buffer turns it off in one
 * step. A skipped draw still costs the engine its decode (cp.cycles_per_command).
 */
class PredicationUnitTest {

    /** Predication by the word at {@code pred}, then a draw; predication off; then a draw. */
    static CpRig rig(long predicate, PredicationOp op) {
        TraceBuilder t = new TraceBuilder();
        Resource.Buffer pred = t.buffer("pred", 8);
        t.execute(t.list("l").predication(pred, 0, op).draw(3).predicationOff().draw(6).close());
        CpRig r = new CpRig(t, 1);
        r.u.memory.writeLong(r.res.address(pred), predicate);
        return r;
    }

    // cp.cycles_per_command C = 2. SetPredication asks for its read at cycle 1; the engine issues
    // it at 2 and it completes at 2 + MEMORY = 24, where the unit decides: done, next command at
    // 24 + C. The skipped draw (26), predication off (28) and the draw (30) take C each; that
    // draw leaves at 31 and arrives at 32; the list's end step is at 32. The engine waited MEMORY
    // cycles for the read.
    @Test
    void aZeroPredicateWithEqualZeroSkipsTheDrawsUntilPredicationIsOff() {
        CpRig r = rig(0, PredicationOp.EQUAL_ZERO);
        long read = 2 + MEMORY;
        assertEquals(read + 4 * 2, r.run());
        var sent = r.sent();
        assertEquals(1, sent.size(), "only the draw after predication off");
        assertEquals(6, ((DrawPacket) sent.get(0).item()).count());
        assertEquals(read + 3 * 2 + 2, sent.get(0).at());
        assertEquals(1, r.stat("predicated_skips"));
        assertEquals(MEMORY, r.stat("memory_wait_cycles"));
        assertEquals(4, r.stat("commands"), "a skipped draw is still a command decoded");
    }

    // The same timing; a non-zero predicate with EQUAL_ZERO skips nothing: the first draw steps
    // at 24 + C = 26 and arrives at 28.
    @Test
    void aNonZeroPredicateWithEqualZeroSendsBoth() {
        CpRig r = rig(5, PredicationOp.EQUAL_ZERO);
        long read = 2 + MEMORY;
        assertEquals(read + 4 * 2, r.run());
        var sent = r.sent();
        assertEquals(2, sent.size());
        assertEquals(read + 2 + 2, sent.get(0).at());
        assertEquals(0, r.stat("predicated_skips"));
    }

    // NOT_EQUAL_ZERO skips on a non-zero predicate: the whole 64-bit word counts (bit 40 alone).
    @Test
    void notEqualZeroSkipsOnAnyBitOfTheWord() {
        CpRig r = rig(1L << 40, PredicationOp.NOT_EQUAL_ZERO);
        r.run();
        assertEquals(1, r.sent().size());
        assertEquals(1, r.stat("predicated_skips"));
    }
}
