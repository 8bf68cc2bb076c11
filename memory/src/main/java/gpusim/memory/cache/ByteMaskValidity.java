package gpusim.memory.cache;

import java.util.Arrays;

/**
 * Byte masks: a valid and a dirty bit a byte in each way (a write-back cache only), as GFX9+ L2s keep
 * dirty byte masks so that a partial write needs no fetch. A write never fetches: every byte it writes
 * is valid and dirty after it. A read is served in place when every byte it reads is valid; otherwise it
 * fetches the sectors holding the bytes it lacks, and the fill is merged under the bytes the line held
 * (they are the cache's newest, dirty or clean). A dirty line writes back only its dirty bytes, one
 * write a contiguous run. Sectors are then only what is fetched.
 */
final class ByteMaskValidity implements LineValidity {
    private final LineSectors sectors;
    private final int line;
    /** Longs of mask a line: one bit a byte. */
    private final int words;
    private final long[] valid;
    private final long[] dirty;

    ByteMaskValidity(LineSectors sectors, int ways) {
        this.sectors = sectors;
        this.line = sectors.line;
        this.words = (line + 63) / 64;
        this.valid = new long[ways * words];
        this.dirty = new long[ways * words];
    }

    /** The longs of mask a line (the size of an MSHR's masks). */
    int words() {
        return words;
    }

    @Override
    public boolean writesWithoutFetch() {
        return true;
    }

    @Override
    public long missing(int w, int from, int to, long needed, boolean write) {
        if (write || allSet(valid, w * words, from, to)) {
            return 0;
        }
        return missingSectors(valid, w * words, from, to);
    }

    @Override
    public boolean writeHits(int w, long touched) {
        return (touched & ~holding(w)) == 0; // a sector without a valid byte would have been fetched
    }

    @Override
    public long holding(int w) {
        int base = w * words;
        long s = 0;
        for (int k = 0; k * sectors.sector < line; k++) {
            if (anySet(valid, base, k * sectors.sector, (k + 1) * sectors.sector)) {
                s |= 1L << k;
            }
        }
        return s;
    }

    @Override
    public long full(int w) {
        return sectors.all & ~missingSectors(valid, w * words, 0, line);
    }

    @Override
    public void allocated(int w) {
        Arrays.fill(valid, w * words, (w + 1) * words, 0L);
        Arrays.fill(dirty, w * words, (w + 1) * words, 0L);
    }

    @Override
    public void written(int w, int from, int to, long touched) {
        setRange(valid, w * words, from, to);
        setRange(dirty, w * words, from, to);
    }

    @Override
    public boolean anyDirty(int w) {
        return anySet(dirty, w * words, 0, line);
    }

    @Override
    public int nextDirty(int w, int from) {
        for (int i = from; i < line; i++) {
            if (bit(dirty, w * words, i)) {
                return i;
            }
        }
        return -1;
    }

    @Override
    public int dirtyEnd(int w, int start) {
        int i = start;
        while (i < line && bit(dirty, w * words, i)) {
            i++;
        }
        return i;
    }

    @Override
    public void cleaned(int w) {
        Arrays.fill(dirty, w * words, (w + 1) * words, 0L);
    }

    @Override
    public void moveInto(Mshr m, int w) {
        System.arraycopy(valid, w * words, m.keptBytes, 0, words);
        System.arraycopy(valid, w * words, m.validBytes, 0, words);
        System.arraycopy(dirty, w * words, m.dirtyBytes, 0, words);
    }

    @Override
    public void filled(int w, Mshr m) {
        System.arraycopy(m.validBytes, 0, valid, w * words, words);
        System.arraycopy(m.dirtyBytes, 0, dirty, w * words, words);
    }

    @Override
    public long mshrFull(Mshr m) {
        return sectors.all & ~missingSectors(m.validBytes, 0, 0, line);
    }

    @Override
    public long mshrMissing(Mshr m, int from, int to, long needed) {
        return missingSectors(m.validBytes, 0, from, to);
    }

    @Override
    public void fetching(Mshr m, int from, int to) {
        setRange(m.validBytes, 0, from, to);
    }

    @Override
    public void joined(Mshr m, int from, int to, long touched, boolean write) {
        if (write) {
            setRange(m.validBytes, 0, from, to);
            setRange(m.dirtyBytes, 0, from, to);
        }
    }

    @Override
    public void landed(Mshr m, byte[] src, int off, int n) {
        // The bytes the line held are newer than memory's (dirty) or equal to them: they win.
        for (int i = 0; i < n; i++) {
            if (!bit(m.keptBytes, 0, off + i)) {
                m.bytes[off + i] = src[i];
            }
        }
    }

    private static boolean bit(long[] mask, int base, int i) {
        return (mask[base + (i >>> 6)] & (1L << (i & 63))) != 0;
    }

    /** The bits of word {@code wi} that bytes [from, to) of a line cover. */
    private static long wordBits(int wi, int from, int to) {
        int lo = Math.max(from - wi * 64, 0);
        int hi = Math.min(to - wi * 64, 64);
        return (hi == 64 ? -1L : (1L << hi) - 1) & -(1L << lo);
    }

    private static void setRange(long[] mask, int base, int from, int to) {
        for (int wi = from >>> 6; wi * 64 < to; wi++) {
            mask[base + wi] |= wordBits(wi, from, to);
        }
    }

    private static boolean allSet(long[] mask, int base, int from, int to) {
        for (int wi = from >>> 6; wi * 64 < to; wi++) {
            long b = wordBits(wi, from, to);
            if ((mask[base + wi] & b) != b) {
                return false;
            }
        }
        return true;
    }

    private static boolean anySet(long[] mask, int base, int from, int to) {
        for (int wi = from >>> 6; wi * 64 < to; wi++) {
            if ((mask[base + wi] & wordBits(wi, from, to)) != 0) {
                return true;
            }
        }
        return false;
    }

    /** The sectors holding a byte of [from, to) whose bit is clear: what a read of those bytes must fetch. */
    private long missingSectors(long[] mask, int base, int from, int to) {
        int sector = sectors.sector;
        long s = 0;
        for (int k = from / sector; k * sector < to; k++) {
            if (!allSet(mask, base, Math.max(from, k * sector), Math.min(to, (k + 1) * sector))) {
                s |= 1L << k;
            }
        }
        return s;
    }
}
