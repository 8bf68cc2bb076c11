package gpusim.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * Write combining by hand, over a ring of 4 slots whose lines and directions the test keeps as the
 * channel does: lines A = 0 and B = 128 (128-byte lines); a slot holds up to two parts, so that a write
 * burst of A and B is one slot, its parts nodes 2s and 2s + 1.
 */
class WriteCombinerTest {
    static final long A = 0;
    static final long B = 128;
    final long[] lines = new long[4];
    final boolean[] writes = new boolean[4];
    final WriteCombiner c = new WriteCombiner(true, 128, 2);

    {
        c.regrow(4, 0, 0, 0, lines); // an empty ring of 4
    }

    void take(int s, long line, boolean write) {
        lines[s] = line;
        writes[s] = write;
        c.take(s, line, true);
    }

    // A write to A waits in slot 0 (node 0): a new write to A merges into it; B has none.
    @Test
    void aWriteMergesIntoTheNewestWaitingWriteOfItsLine() {
        take(0, A, true);
        assertEquals(0, c.mergeTarget(A, lines, writes));
        assertEquals(-1, c.mergeTarget(B, lines, writes));
        take(1, A, true);
        assertEquals(2, c.mergeTarget(A, lines, writes)); // the newest: slot 1's part
    }

    // A write burst of A and B in slot 1: each part is its line's newest, found as node 2 + j; a read burst
    // of B closes only B's part; the slot leaves with both parts.
    @Test
    void aWriteBurstsPartsMergeOneByOne() {
        take(0, B, true);
        lines[1] = A;
        writes[1] = true;
        c.take(1, A, false); // as the channel takes a burst's slot: off the chains, then its parts on them
        c.takeBurst(1, A, 2);
        assertEquals(2, c.parts(1));
        assertEquals(2, c.mergeTarget(A, lines, writes));
        assertEquals(3, c.mergeTarget(B, lines, writes)); // newer than slot 0's B
        assertEquals(1, c.slotOf(3));
        assertEquals(1, c.partOf(3));
        c.close(B, lines, writes);
        assertEquals(-1, c.mergeTarget(B, lines, writes));
        assertEquals(2, c.mergeTarget(A, lines, writes));
        c.leave(0, B);
        c.leave(1, A);
        assertEquals(-1, c.mergeTarget(A, lines, writes));
        assertEquals(-1, c.mergeTarget(B, lines, writes));
    }

    // A read of A queued after the write: no merge past it; once served (the oldest first), still the read.
    @Test
    void noMergePastARead() {
        take(0, A, true);
        take(1, A, false);
        take(2, B, true);
        assertEquals(-1, c.mergeTarget(A, lines, writes));
        assertEquals(4, c.mergeTarget(B, lines, writes)); // slot 2's part: node 4
        c.leave(0, A);
        assertEquals(-1, c.mergeTarget(A, lines, writes));
        c.leave(1, A);
        assertEquals(-1, c.mergeTarget(A, lines, writes)); // nothing of A waits
    }

    // A read burst (no slot on the chain) closes the newest write of its line; a new write opens a new slot.
    @Test
    void aReadBurstClosesTheLinesNewestWrite() {
        take(0, A, true);
        c.close(A, lines, writes);
        assertEquals(-1, c.mergeTarget(A, lines, writes));
        take(1, A, true);
        assertEquals(2, c.mergeTarget(A, lines, writes)); // slot 1's part: node 2
    }

    // Growing the ring: parts in old slots 2, 3, 0 (start 2, mask 3) move to slots 0, 1, 2 and keep their
    // chains and closed marks.
    @Test
    void growingKeepsChainsInOrder() {
        take(2, A, true);
        take(3, B, true);
        take(0, A, true);
        c.close(A, lines, writes); // closes slot 0, A's newest
        long[] moved = new long[8];
        boolean[] movedWrites = new boolean[8];
        moved[0] = A;
        moved[1] = B;
        moved[2] = A;
        movedWrites[0] = true;
        movedWrites[1] = true;
        movedWrites[2] = true;
        c.regrow(8, 2, 3, 3, moved);
        assertEquals(-1, c.mergeTarget(A, moved, movedWrites)); // slot 2, closed
        assertEquals(2, c.mergeTarget(B, moved, movedWrites)); // slot 1's part: node 2
        c.leave(0, A);
        assertEquals(-1, c.mergeTarget(A, moved, movedWrites));
    }
}
