package gpusim.memory.dram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The request queue and the schedulers by hand: two banks, bank 0 with row 7 open, bank 1 closed. */
class DramSchedulerTest {
    static DramBank[] banks() {
        DramBank[] b = {new DramBank(0), new DramBank(1)};
        b[0].openRow = 7;
        return b;
    }

    /** Queue: (arrival 0, bank 1, row 3), (arrival 2, bank 0, row 5: a conflict), (arrival 4, bank 0, row 7: a hit). */
    static DramQueue queue() {
        DramQueue q = new DramQueue(4);
        q.add(0, 3, 1, false, 10);
        q.add(2, 5, 0, true, 11);
        q.add(4, 7, 0, false, 12);
        return q;
    }

    // FR-FCFS: at decision 4 the hit (position 2) has arrived and goes first; at 3 it has not, so the oldest.
    @Test
    void frFcfsTakesTheOldestArrivedRowHitElseTheOldest() {
        DramScheduler s = DramScheduler.named("frfcfs");
        assertTrue(s instanceof FrFcfsScheduler);
        assertEquals(2, s.pick(queue(), banks(), 4));
        assertEquals(0, s.pick(queue(), banks(), 3));
    }

    @Test
    void fcfsTakesTheOldest() {
        assertEquals(0, DramScheduler.named("fcfs").pick(queue(), banks(), 4));
        assertThrows(IllegalArgumentException.class, () -> DramScheduler.named("bliss"));
    }

    // Removing position 1 moves position 2 up; the queue is bounded.
    @Test
    void theQueueKeepsOrderOnRemoval() {
        DramQueue q = queue();
        q.add(5, 1, 1, true, 13);
        assertTrue(q.full());
        q.remove(1);
        assertEquals(3, q.count());
        assertEquals(0, q.arrival(0));
        assertEquals(4, q.arrival(1));
        assertEquals(12, q.tag(1));
        assertEquals(7, q.row(1));
        assertEquals(0, q.bank(1));
        assertEquals(13, q.tag(2));
        assertTrue(q.write(2));
    }
}
