package gpusim.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.sim.Engine;
import org.junit.jupiter.api.Test;

/** The in-flight ring by hand. */
class InFlightTest {
    // Entries completing at 10, 12, 12 (chains 1, 2, 3) are numbered 0, 1, 2 and leave in that order.
    @Test
    void entriesLeaveInOrderWithTheirChains() {
        InFlight f = new InFlight();
        assertEquals(Engine.NEVER, f.headDone());
        assertEquals(0, f.push(10, 1));
        assertEquals(1, f.push(12, 2));
        assertEquals(2, f.push(12, 3));
        assertEquals(10, f.headDone());
        assertEquals(1, f.headChain());
        f.pop();
        assertEquals(12, f.headDone());
        assertEquals(2, f.headChain());
        f.setChain(2, 7); // entry 2 (no requests yet) takes a merged write's chain
        assertEquals(7, f.chain(1));
        f.pop();
        assertEquals(3, f.push(20, 4)); // numbering goes on
        assertEquals(2, f.count());
    }

    // Significant entries: the first marked in ring order gives the next tick; marking twice tells nothing.
    @Test
    void significantEntriesSetTheNextTick() {
        InFlight f = new InFlight();
        f.push(10, 1);
        f.push(15, 2);
        f.push(20, 3);
        assertEquals(Engine.NEVER, f.nextSignificant());
        assertEquals(20, f.markSignificant(2));
        assertEquals(-1, f.markSignificant(2));
        assertEquals(20, f.nextSignificant());
        assertEquals(15, f.markSignificant(1));
        assertEquals(15, f.nextSignificant());
    }

    // Runs of parts (entries of up to 4): a burst of 4 parts completing at 10..13 (numbers 0..3, its request's
    // chain 5 on the last) and an entry at 20 (number 4). A merge gives part 1 chain 6 and marks it
    // significant: the run is taken at 11 (part 1) and then 13 (its last part); parts 0 and 2 are never taken.
    @Test
    void aRunsPartsAreTakenOnlyWhenTheyServeARequest() {
        InFlight f = new InFlight(4);
        assertEquals(0, f.pushRun(10, 4, 5));
        assertEquals(4, f.push(20, 8));
        assertEquals(13, f.headDone());
        assertEquals(13, f.markSignificant(3));
        f.setChain(1, 6);
        assertEquals(0b10, f.partChains(0));
        assertEquals(6, f.partChain(0, 1));
        assertEquals(11, f.markSignificant(1));
        assertEquals(-1, f.markSignificant(1));
        assertEquals(11, f.nextSignificant());
        assertEquals(11, f.headDone());
        assertEquals(6, f.headChain());
        f.pop();
        assertEquals(13, f.nextSignificant());
        assertEquals(13, f.headDone());
        assertEquals(5, f.headChain());
        assertEquals(2, f.count());
        f.pop();
        assertEquals(20, f.headDone());
        assertEquals(8, f.headChain());
        assertEquals(1, f.count());
        // Growing past 16 entries keeps the runs, their parts' chains and their order.
        f.setChain(f.pushRun(30, 4, 9) + 2, 3);
        for (int i = 0; i < 20; i++) {
            f.pushRun(40 + 4 * i, 4, i);
        }
        f.pop(); // the entry at 20
        assertEquals(32, f.headDone());
        assertEquals(3, f.headChain());
        f.pop();
        assertEquals(33, f.headDone());
        assertEquals(9, f.headChain());
        f.pop();
        for (int i = 0; i < 20; i++) {
            assertEquals(43 + 4 * i, f.headDone());
            assertEquals(i, f.headChain());
            f.pop();
        }
        assertEquals(0, f.count());
    }

    // DRAM completions inserted out of order (30, 10, 20, 10) leave sorted, equal cycles in insertion order;
    // the ring grows past 16 keeping its order.
    @Test
    void insertionsKeepCompletionOrder() {
        InFlight f = new InFlight();
        f.insert(30, 1);
        f.insert(10, 2);
        f.insert(20, 3);
        f.insert(10, 4);
        int[] chains = new int[4];
        for (int i = 0; i < 4; i++) {
            chains[i] = f.headChain();
            f.pop();
        }
        assertEquals("[2, 4, 3, 1]", java.util.Arrays.toString(chains));
        for (int i = 0; i < 40; i++) {
            f.insert(100 - i, i);
        }
        assertEquals(40, f.count());
        assertEquals(61, f.headDone());
        assertEquals(39, f.headChain());
    }

    // Entries completing at 10, 12 and 15, the second put back by 4 and the third by 2 (a merge lengthened the
    // second's part, and the third began when it ended): they complete at 10, 16 and 17, in order, and the
    // significant third sets the next tick at 17.
    @Test
    void aDelayedEntryCompletesLater() {
        InFlight f = new InFlight();
        f.push(10, 1);
        long second = f.push(12, 2);
        long third = f.push(15, 3);
        f.markSignificant(third);
        f.delay(second, 4);
        f.delay(third, 2);
        assertEquals(16, f.done(second));
        assertEquals(17, f.nextSignificant());
        assertEquals(10, f.headDone());
        f.pop();
        assertEquals(16, f.headDone());
        assertEquals(2, f.headChain());
        f.pop();
        assertEquals(17, f.headDone());
        assertEquals(3, f.headChain());
    }
}
