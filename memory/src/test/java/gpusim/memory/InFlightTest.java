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
}
