package gpusim.memory.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.sim.Engine;
import gpusim.sim.MemoryClient;
import org.junit.jupiter.api.Test;

/** The MSHR file by hand: two entries, 64-byte lines. */
class MshrFileTest {
    static final MemoryClient C = MemoryClient.values()[0];

    // Two entries: one free needs fit, two do not once one is used; a request needing three (more than
    // exist) is admitted only when all are free.
    @Test
    void aFullFileRefuses() {
        MshrFile f = new MshrFile(new Engine(100), 2, 64, 64, 0);
        assertFalse(f.refuses(0));
        assertFalse(f.refuses(2));
        assertFalse(f.refuses(3)); // more than exist, all free: admitted
        f.open(0, C, false);
        assertEquals(1, f.inUse());
        assertFalse(f.refuses(1));
        assertTrue(f.refuses(2));
        assertTrue(f.refuses(3));
        f.take(); // a write-back buffer entry
        assertEquals(2, f.inUse());
        assertTrue(f.refuses(1));
        assertFalse(f.refuses(0)); // a hit needs none
    }

    // An open entry is found by its line until filled; the recycled object serves the next miss, reset.
    @Test
    void entriesAreFoundByLineAndReused() {
        MshrFile f = new MshrFile(new Engine(100), 2, 64, 64, 0);
        Mshr m = f.open(128, C, false);
        m.fetchesPending = 3;
        m.bytes[5] = 7;
        assertTrue(f.fetching(128));
        assertSame(m, f.of(128));
        assertNull(f.of(0));
        assertFalse(f.fetching(192));
        f.filled(m);
        assertFalse(f.fetching(128));
        assertEquals(1, f.inUse()); // filled is not freed: the caller releases the entry
        f.release(0);
        f.recycle(m);
        Mshr n = f.open(192, C, false);
        assertSame(m, n);
        assertEquals(192, n.line);
        assertEquals(0, n.fetchesPending);
        assertEquals(0, n.bytes[5]);
        assertNotSame(n, f.open(256, C, false)); // none free: a new one
    }

    // Waking the refused when an entry frees is pinned through a cache: CacheTest's MSHR stalls.
}
