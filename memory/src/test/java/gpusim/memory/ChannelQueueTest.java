package gpusim.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The waiting ring of a memory channel: slots in arrival order, across wrap-around and growth. */
class ChannelQueueTest {
    static final int UNIT = 64;

    @Test
    void slotsAreTakenInOrderAndWrapAroundTheRing() {
        ChannelQueue q = new ChannelQueue(UNIT, 4, new WriteCombiner(false, UNIT, 1));
        for (int i = 0; i < 3; i++) {
            assertEquals(i, q.take(i * 64L, 0, 64, false, i, false));
        }
        // The two oldest leave (the channel moves start and count), two more wrap to slots 3 and 0.
        q.start = 2;
        q.count = 1;
        assertEquals(3, q.take(0x300, 8, 16, true, 7, false));
        assertEquals(0, q.take(0x400, 0, 64, false, 8, false));
        assertEquals(3, q.count);
        assertEquals(3, q.mask());
        assertEquals(0x300, q.line[3]);
        assertEquals(8, q.lo[3]);
        assertEquals(16, q.len[3]);
        assertEquals(true, q.write[3]);
        assertEquals(7, q.head[3]);
        assertEquals(7, q.tail[3]);
        assertEquals(1, q.left[3]);
    }

    @Test
    void aFullRingDoublesKeepingItsSlotsOldestFirstWithTheirBytes() {
        WriteCombiner combiner = new WriteCombiner(true, UNIT, 1);
        ChannelQueue q = new ChannelQueue(UNIT, 2, combiner);
        q.take(0x1000, 0, 64, false, 1, false);
        q.take(0x2000, 0, 64, true, 2, true);
        q.data[64 + 5] = 42;
        q.serve[1] = 99;
        q.setMask(1, 0, 8);
        // Slot 0 leaves and a new write wraps into it: the ring is full with the oldest in slot 1.
        q.start = 1;
        q.count = 1;
        assertEquals(0, q.take(0x3000, 0, 64, true, 3, true));
        // The next one grows the ring to 4: the oldest moves to slot 0, and the new one takes slot 2.
        assertEquals(2, q.take(0x4000, 0, 64, false, 4, false));
        assertEquals(0, q.start);
        assertEquals(3, q.count);
        assertEquals(3, q.mask());
        assertArrayEquals(new long[] {0x2000, 0x3000, 0x4000}, new long[] {q.line[0], q.line[1], q.line[2]});
        assertEquals(42, q.data[5]);
        assertEquals(99, q.serve[0]);
        assertEquals(0xFFL, q.mask0[0]);
        // Write combining's index moved with the slots: the write to 0x2000 is found in slot 0 now.
        assertEquals(0, combiner.mergeTarget(0x2000, q.line, q.write));
        assertEquals(1, combiner.mergeTarget(0x3000, q.line, q.write));
    }

    // A write burst of lines 0x1000 and 0x1040 in slot 1 of a ring of 2, its second part merged into
    // (node 3: its mask and requests kept); growing moves the burst to slot 0 with its parts' state and
    // merge chains, and leaves the part no merge touched untouched.
    @Test
    void growingKeepsAWriteBurstsMergedParts() {
        WriteCombiner combiner = new WriteCombiner(true, UNIT, 2);
        ChannelQueue q = new ChannelQueue(UNIT, 2, combiner);
        q.take(0x500, 0, 64, false, 1, false);
        int s = q.take(0x1000, 16, 48, true, 2, false);
        combiner.takeBurst(s, 0x1000, 2);
        q.touched[s] = 0b10;
        q.nodeMask0[3] = 0xF0F0L;
        q.nodeHead[3] = 2;
        q.nodeTail[3] = 5;
        q.start = 1;
        q.count = 1;
        assertEquals(0, q.take(0x2000, 0, 64, true, 6, true));
        q.take(0x3000, 0, 64, false, 7, false); // grows the ring to 4: the burst is slot 0 now
        assertEquals(0b10, q.touched[0]);
        assertEquals(0xF0F0L, q.nodeMask0[1]);
        assertEquals(2, q.nodeHead[1]);
        assertEquals(5, q.nodeTail[1]);
        assertEquals(0, q.touched[2]); // the new slot: no part touched
        assertEquals(2, combiner.parts(0));
        assertEquals(0, combiner.mergeTarget(0x1000, q.line, q.write)); // node 0: slot 0, part 0
        assertEquals(1, combiner.mergeTarget(0x1040, q.line, q.write)); // node 1: slot 0, part 1
        assertEquals(2, combiner.mergeTarget(0x2000, q.line, q.write)); // node 2: slot 1
    }

    @Test
    void masksCoverTheBytesOfBothWordsOfALine() {
        ChannelQueue q = new ChannelQueue(128, 1, new WriteCombiner(false, 128, 1));
        int s = q.take(0, 0, 0, true, -1, false);
        q.setMask(s, 60, 8);
        assertEquals(0xFL << 60, q.mask0[s]);
        assertEquals(0xFL, q.mask1[s]);
        q.setMask(s, 120, 8);
        assertEquals(0xFFL << 56 | 0xF, q.mask1[s]);
        assertEquals(0, ChannelQueue.bits(5, 5));
        assertEquals(-1L, ChannelQueue.bits(0, 64));
        assertThrows(IllegalArgumentException.class, () -> new ChannelQueue(UNIT, 3, new WriteCombiner(false, UNIT, 1)));
    }
}
