package gpusim.memory.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.sim.MemoryClient;
import org.junit.jupiter.api.Test;

/**
 * The tag store and LRU, by hand: 2 sets of 4 ways, 64-byte lines, so line L*64 lives in set L mod 2
 * (ways 0..3 of set 0 are indices 0..3, of set 1 indices 4..7).
 */
class TagArrayTest {
    static TagArray tags() {
        return new TagArray(2, 4, 64, ReplacementPolicy.named("lru"), null);
    }

    // FIFO: set 0 takes lines 0, 128, 256, 384 in ways 0..3 (installs 1..4); a hit on way 0 changes nothing,
    // so the victim is way 0, installed first (LRU would take way 1); line 512 refills way 0 (install 5) and
    // the next victim is way 1.
    @Test
    void fifoReplacesTheLineInstalledFirstWhateverItsHits() {
        TagArray t = new TagArray(2, 4, 64, ReplacementPolicy.named("fifo"), null);
        for (int i = 0; i < 4; i++) {
            t.install(i, i * 128L, MemoryClient.values()[0]);
        }
        t.touch(0);
        assertEquals(0, t.victim(512));
        t.install(0, 512, MemoryClient.values()[0]);
        assertEquals(1, t.victim(640));
    }

    // Set 0 takes lines 0, 128, 256, 384 in its free ways in order; line 64 goes to set 1.
    @Test
    void linesGoToTheFreeWaysOfTheirSetInOrder() {
        TagArray t = tags();
        for (int i = 0; i < 4; i++) {
            long line = i * 128L;
            int w = t.victim(line);
            assertEquals(i, w);
            t.install(w, line, MemoryClient.values()[0]);
        }
        assertEquals(4, t.victim(64));
        assertEquals(2, t.find(256));
        assertEquals(256, t.tag(2));
        assertSame(MemoryClient.values()[0], t.owner(2));
        assertEquals(-1, t.find(512));
        assertEquals(-1, t.find(64));
    }

    // Fills at clock 1..4 into ways 0..3; a hit on way 0 at clock 5: the oldest use is way 1's, then
    // (way 1 refilled at 6) way 2's.
    @Test
    void lruEvictsTheLeastRecentlyUsedWay() {
        TagArray t = tags();
        for (int i = 0; i < 4; i++) {
            t.install(t.victim(i * 128L), i * 128L, MemoryClient.values()[0]);
        }
        assertEquals(0, t.victim(512)); // untouched since its fill, the oldest
        t.touch(0);
        assertEquals(1, t.victim(512));
        t.install(1, 512, MemoryClient.values()[0]);
        assertEquals(-1, t.find(128));
        assertEquals(2, t.victim(640));
    }

    // An invalidated way is taken before any victim, whatever its age.
    @Test
    void anInvalidWayComesBeforeTheVictim() {
        TagArray t = tags();
        for (int i = 0; i < 4; i++) {
            t.install(t.victim(i * 128L), i * 128L, MemoryClient.values()[0]);
        }
        t.invalidate(3);
        assertFalse(t.valid(3));
        assertEquals(-1, t.find(384));
        assertEquals(3, t.victim(512));
        assertTrue(t.valid(0));
    }

    @Test
    void policiesAreFoundByName() {
        assertTrue(ReplacementPolicy.named("lru") instanceof LruPolicy);
        assertTrue(ReplacementPolicy.named("fifo") instanceof FifoPolicy);
        assertThrows(IllegalArgumentException.class, () -> ReplacementPolicy.named("plru"));
    }

    // LRU alone: one set of 3 ways holding lines 0, 64, 128 (installed in that order), then used in the order
    // 2, 0, 1: the victim is way 2, then (way 2 used) way 0.
    @Test
    void lruPicksTheOldestUseAmongTheSet() {
        TagArray t = new TagArray(1, 3, 64, ReplacementPolicy.named("lru"), null);
        for (int i = 0; i < 3; i++) {
            t.install(i, i * 64L, MemoryClient.values()[0]);
        }
        t.touch(2);
        t.touch(0);
        t.touch(1);
        assertEquals(2, t.victim(192));
        t.touch(2);
        assertEquals(0, t.victim(192));
    }

    // The policies' 32-bit stamps wrap after 2^32 - 1: started 5 ticks before, each policy makes the same
    // victim choices as one started at 0, through a fixed pseudo-random run of 400 installs and hits over 2
    // sets of 4 ways (the stamps renumbered by rank within each set when the clock runs out).
    @Test
    void stampsRenumberedWhenTheClockRunsOutChooseAsBefore() {
        for (String name : new String[] {"lru", "fifo"}) {
            TagArray fresh = new TagArray(2, 4, 64, ReplacementPolicy.named(name), null);
            StampClock late = new StampClock(-6);
            TagArray wrapped = new TagArray(2, 4, 64, name.equals("lru") ? new LruPolicy(late) : new FifoPolicy(late), null);
            java.util.Random rnd = new java.util.Random(7);
            for (int step = 0; step < 400; step++) {
                long line = rnd.nextInt(16) * 64L;
                int w = fresh.find(line);
                assertEquals(w, wrapped.find(line), name + " step " + step);
                if (w >= 0) {
                    fresh.touch(w);
                    wrapped.touch(w);
                } else {
                    int v = fresh.victim(line);
                    assertEquals(v, wrapped.victim(line), name + " step " + step);
                    fresh.install(v, line, MemoryClient.values()[0]);
                    wrapped.install(v, line, MemoryClient.values()[0]);
                }
            }
        }
    }

    // One slice of 4 channels interleaved every 256 bytes, 8 sets of 1 way, 64-byte lines. The slice of
    // channel 1 receives granules 1, 5, 9, ... (bytes 256..511, 1280..1535, ...). Indexed by the raw
    // address, lines 256, 320, 384, 448 would take sets 4..7 and the next granule's lines (1280..) sets
    // 4..7 again: half the sets never used. Indexed by the slice's own addresses (granule k of the slice
    // at local byte 256k), the two granules' eight lines take the eight sets 0..7.
    @Test
    void aSliceTakesItsSetFromItsOwnShareOfTheAddresses() {
        TagArray t = new TagArray(8, 1, 64, ReplacementPolicy.named("lru"), new Interleave(4, 256));
        long[] lines = {256, 320, 384, 448, 1280, 1344, 1408, 1472};
        for (int i = 0; i < lines.length; i++) {
            assertEquals(i, t.victim(lines[i]));
            t.install(i, lines[i], MemoryClient.values()[0]);
        }
        for (int i = 0; i < lines.length; i++) {
            assertEquals(i, t.find(lines[i]));
        }
        TagArray raw = new TagArray(8, 1, 64, ReplacementPolicy.named("lru"), null);
        assertEquals(4, raw.victim(256));
        assertEquals(4, raw.victim(1280));
    }

    // A line wider than the granule (128-byte lines over 64-byte granules, 2 channels): the slice keeps one
    // granule of each line, so consecutive lines of the slice take consecutive sets.
    @Test
    void aLineWiderThanTheGranuleIndexesByGranule() {
        TagArray t = new TagArray(4, 1, 128, ReplacementPolicy.named("lru"), new Interleave(2, 64));
        assertEquals(0, t.victim(0));
        assertEquals(1, t.victim(128));
        assertEquals(2, t.victim(256));
        assertEquals(3, t.victim(384));
    }

    // Two sets: lines 0 and 64 fall in sets 0 and 1, so two consecutive lines have sets of their own; a third
    // (128, set 0 again) shares line 0's, and so does any line with itself once the run wraps.
    @Test
    void consecutiveLinesHaveDistinctSetsUntilTheRunWraps() {
        TagArray t = tags();
        assertTrue(t.distinctSets(0, 1));
        assertTrue(t.distinctSets(0, 2));
        assertTrue(t.distinctSets(64, 2));
        assertFalse(t.distinctSets(0, 3));
        TagArray one = new TagArray(1, 4, 64, ReplacementPolicy.named("lru"), null);
        assertTrue(one.distinctSets(0, 1));
        assertFalse(one.distinctSets(0, 2));
    }
}
