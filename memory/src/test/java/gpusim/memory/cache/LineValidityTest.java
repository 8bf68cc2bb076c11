package gpusim.memory.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The three line validities by hand, on 128-byte lines of four 32-byte sectors (bit k: bytes
 * [32k, 32k + 32)); line 0 in way 0 throughout.
 */
class LineValidityTest {
    static final LineSectors SECTORS = new LineSectors(128, 32, true);
    static final LineSectors WHOLE = new LineSectors(128, 128, false);

    /** Sector validity of one way, allocated, then bytes [from1, to1) and [from2, to2) written (whole sectors). */
    static SectorValidity sectorsWritten(int from1, int to1, int from2, int to2) {
        SectorValidity v = new SectorValidity(SECTORS, 1);
        v.allocated(0);
        v.written(0, from1, to1, SECTORS.touched(0, from1, to1 - from1));
        v.written(0, from2, to2, SECTORS.touched(0, from2, to2 - from2));
        return v;
    }

    /** Way 0 of {@code v} allocated, bytes [from, to) written, then the line moved into a new MSHR (its masks {@code words} longs). */
    static Mshr writtenThenMoved(LineValidity v, int from, int to, long touched, int words) {
        v.allocated(0);
        v.written(0, from, to, touched);
        Mshr m = new Mshr(128, words).reset(0, null, true);
        v.moveInto(m, 0);
        return m;
    }

    // The geometry: bytes 16..79 touch sectors 0, 1 and 2 and cover only sector 1; unsectored, a line
    // covers nothing (a write-allocate cache without sectors fetches what it writes).
    @Test
    void sectorsTouchedAndCovered() {
        assertEquals(0b0111, SECTORS.touched(0, 16, 64));
        assertEquals(0b0010, SECTORS.covered(0, 16, 64));
        assertEquals(0b0101, SECTORS.needed(0, 16, 64, true));
        assertEquals(0b0111, SECTORS.needed(0, 16, 64, false));
        assertEquals(1, WHOLE.touched(0, 0, 128));
        assertEquals(0, WHOLE.covered(0, 0, 128));
    }

    // Sectors 0 and 2 valid (a write of bytes 0..31 and 64..95 into a line allocated without a fetch): a
    // read of the whole line fetches only sectors 1 and 3; a read of bytes 0..31 none; a write of bytes
    // 40..47 (touching sector 1, covering none) needs sector 1's old bytes.
    @Test
    void sectorMasksFetchOnlyMissingSectors() {
        SectorValidity v = sectorsWritten(0, 32, 64, 96);
        assertEquals(0b1010, v.missing(0, 0, 128, SECTORS.needed(0, 0, 128, false), false));
        assertEquals(0, v.missing(0, 0, 32, SECTORS.needed(0, 0, 32, false), false));
        assertEquals(0b0010, v.missing(0, 40, 48, SECTORS.needed(0, 40, 8, true), true));
        // A write covering sector 3 whole needs nothing: served in place.
        assertEquals(0, v.missing(0, 96, 128, SECTORS.needed(0, 96, 32, true), true));
        assertEquals(0b0101, v.full(0));
    }

    // Dirty sectors 0, 1 and 3: written back as two runs, bytes 0..63 and 96..127.
    @Test
    void sectorWriteBacksGoARunAtATime() {
        SectorValidity v = sectorsWritten(0, 64, 96, 128);
        assertEquals(0, v.nextDirty(0, 0));
        assertEquals(64, v.dirtyEnd(0, 0));
        assertEquals(96, v.nextDirty(0, 64));
        assertEquals(128, v.dirtyEnd(0, 96));
        v.cleaned(0);
        assertEquals(-1, v.nextDirty(0, 0));
        assertFalse(v.anyDirty(0));
    }

    // A part moving a resident line into an MSHR takes its sectors with it; a part joining then fetches
    // only what neither the line kept nor an earlier part brings.
    @Test
    void anMshrKeepsTheSectorsItTook() {
        SectorValidity v = new SectorValidity(SECTORS, 1);
        Mshr m = writtenThenMoved(v, 0, 32, 0b0001, 0);
        assertEquals(0b0001, m.keptValid);
        assertEquals(0b0001, m.keptDirty);
        assertEquals(0b0110, v.mshrMissing(m, 0, 96, 0b0111));
        v.joined(m, 0, 96, 0b0111, false);
        assertEquals(0b1000, v.mshrMissing(m, 0, 128, 0b1111));
        v.filled(0, m);
        assertEquals(0b0111, v.full(0));
        assertTrue(v.anyDirty(0));
    }

    // Whole lines: a resident line is valid whole, so nothing is ever missing; dirty goes back whole.
    @Test
    void wholeLinesAreValidWhole() {
        WholeLineValidity v = new WholeLineValidity(WHOLE, 1);
        v.allocated(0);
        assertEquals(0, v.missing(0, 0, 8, 1, false));
        assertEquals(-1, v.nextDirty(0, 0));
        v.written(0, 8, 16, 1);
        assertEquals(0, v.nextDirty(0, 0));
        assertEquals(128, v.dirtyEnd(0, 0));
        assertEquals(1, v.full(0));
    }

    // Byte masks: a write of bytes 40..47 never fetches and makes only those bytes valid and dirty; a read
    // of bytes 40..47 is then in place, one of 32..63 fetches sector 1, one of 0..127 sectors 0, 1, 2, 3.
    // The write touched sector 1, which held a valid byte (itself): a hit; a write into sector 2, none.
    @Test
    void byteMasksNeverFetchForAWrite() {
        ByteMaskValidity v = new ByteMaskValidity(SECTORS, 1);
        assertEquals(2, v.words());
        v.allocated(0);
        assertEquals(0, v.missing(0, 40, 48, 0b0010, true));
        v.written(0, 40, 48, 0b0010);
        assertEquals(0, v.missing(0, 40, 48, 0b0010, false));
        assertEquals(0b0010, v.missing(0, 32, 64, 0b0010, false));
        assertEquals(0b1111, v.missing(0, 0, 128, 0b1111, false));
        assertEquals(0b0010, v.holding(0));
        assertEquals(0, v.full(0));
        assertTrue(v.writeHits(0, 0b0010));
        assertFalse(v.writeHits(0, 0b0100));
        assertEquals(40, v.nextDirty(0, 0));
        assertEquals(48, v.dirtyEnd(0, 40));
        assertEquals(-1, v.nextDirty(0, 48));
    }

    // A fill under byte masks: the bytes the line held win over the fetched ones.
    // The whole-line summary of byte masks, with way 1 beside way 0 (its bits are next to way 0's): bytes
    // 0..99 written leave 100..127 invalid, so a read of 96..127 fetches sector 3, write-backs start at 0
    // and end at 100; bytes 100..127 written make the line whole and dirty whole (a read fetches nothing,
    // one write-back run of 128); cleaned, it stays whole but has nothing dirty; a fill of an MSHR whose
    // bytes are all valid but none dirty is whole and clean. Way 1 is never touched by way 0's changes.
    @Test
    void byteMaskWholeLinesAnswerWithoutTheirMasks() {
        ByteMaskValidity v = new ByteMaskValidity(SECTORS, 2);
        v.allocated(0);
        v.allocated(1);
        v.written(0, 0, 100, 0b1111);
        assertEquals(0b1000, v.missing(0, 96, 128, 0b1000, false));
        assertEquals(0b0111, v.full(0));
        assertEquals(0, v.nextDirty(0, 0));
        assertEquals(100, v.dirtyEnd(0, 0));
        v.written(0, 100, 128, 0b1000);
        assertEquals(0, v.missing(0, 0, 128, 0b1111, false));
        assertEquals(0b1111, v.full(0));
        assertEquals(0b1111, v.holding(0));
        assertEquals(0, v.nextDirty(0, 0));
        assertEquals(128, v.dirtyEnd(0, 0));
        assertEquals(-1, v.nextDirty(0, 128));
        v.cleaned(0);
        assertFalse(v.anyDirty(0));
        assertEquals(-1, v.nextDirty(0, 0));
        assertEquals(0, v.missing(0, 0, 128, 0b1111, false));
        assertEquals(0, v.holding(1));
        assertEquals(0b1111, v.missing(1, 0, 128, 0b1111, false));
        Mshr m = new Mshr(128, v.words()).reset(0, null, false);
        v.fetching(m, 0, 128);
        v.filled(1, m);
        assertEquals(0b1111, v.full(1));
        assertFalse(v.anyDirty(1));
    }

    @Test
    void byteMaskFillsMergeUnderHeldBytes() {
        ByteMaskValidity v = new ByteMaskValidity(SECTORS, 1);
        Mshr m = writtenThenMoved(v, 2, 4, 0b0001, 2);
        m.bytes[2] = 7;
        m.bytes[3] = 8;
        byte[] fetched = new byte[32];
        java.util.Arrays.fill(fetched, (byte) 1);
        v.fetching(m, 0, 32);
        v.landed(m, fetched, 0, 32);
        assertEquals(1, m.bytes[1]);
        assertEquals(7, m.bytes[2]);
        assertEquals(8, m.bytes[3]);
        assertEquals(1, m.bytes[4]);
        assertEquals(0b0001, v.mshrFull(m));
    }

    // A new MSHR (reset for an absent line, after another line's masks were in it) holds nothing: no sector
    // is full and a read of bytes 16..79 must fetch sectors 0..2, what the cache takes for a new entry
    // without asking (Cache: "A new entry holds nothing yet"), for the three validities.
    @Test
    void aNewMshrIsEmpty() {
        ByteMaskValidity bytes = new ByteMaskValidity(SECTORS, 1);
        Mshr used = writtenThenMoved(bytes, 0, 128, SECTORS.all, bytes.words());
        used.reset(256, null, false);
        assertEquals(0, bytes.mshrFull(used));
        assertEquals(0b0111, bytes.mshrMissing(used, 16, 80, SECTORS.needed(0, 16, 64, false)));
        SectorValidity sectors = new SectorValidity(SECTORS, 1);
        Mshr m = writtenThenMoved(sectors, 0, 128, SECTORS.all, 0);
        m.reset(256, null, false);
        assertEquals(0, sectors.mshrFull(m));
        assertEquals(0b0111, sectors.mshrMissing(m, 16, 80, SECTORS.needed(0, 16, 64, false)));
        WholeLineValidity whole = new WholeLineValidity(WHOLE, 1);
        Mshr w = writtenThenMoved(whole, 0, 128, 1, 0);
        w.reset(256, null, false);
        assertEquals(0, whole.mshrFull(w));
        assertEquals(1, whole.mshrMissing(w, 16, 80, WHOLE.needed(0, 16, 64, false)));
    }
}
