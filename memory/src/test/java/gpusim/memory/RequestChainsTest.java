package gpusim.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.sim.MemoryRequest;
import org.junit.jupiter.api.Test;

/** The channel's request chains by hand. */
class RequestChainsTest {
    static MemoryRequest read(long a) {
        return MemoryRequest.read(a, 8, null, null);
    }

    // Links 0 and 1 (parts arriving at 3 and 5) chained 0 -> 1; freed, 1 is reused first (the free list
    // is last in, first out), then 0.
    @Test
    void chainsLinkAndLinksAreReused() {
        RequestChains c = new RequestChains();
        MemoryRequest a = read(0);
        MemoryRequest b = read(64);
        int first = c.add(a, 3);
        int second = c.add(b, 5);
        assertEquals(0, first);
        assertEquals(1, second);
        c.append(first, second);
        assertSame(a, c.request(first));
        assertEquals(second, c.next(first));
        assertEquals(-1, c.next(second));
        assertEquals(5, c.arrived(second));
        c.free(first);
        c.free(second);
        assertEquals(1, c.add(read(128), 7));
        assertEquals(0, c.add(read(192), 7));
        assertEquals(2, c.add(read(256), 7));
    }

    // A chain of polls only is no work; one read on it is. The pool grows past its first 64 links.
    @Test
    void pollsAndGrowth() {
        RequestChains c = new RequestChains();
        int head = c.add(read(0).poll(), 0);
        int tail = head;
        for (int i = 1; i < 100; i++) {
            int l = c.add(read(8L * i).poll(), i);
            c.append(tail, l);
            tail = l;
        }
        assertTrue(c.onlyPolls(head));
        assertEquals(99, tail);
        assertEquals(99, c.arrived(tail));
        int r = c.add(read(0), 100);
        c.append(tail, r);
        assertFalse(c.onlyPolls(head));
        assertTrue(c.onlyPolls(-1));
    }
}
