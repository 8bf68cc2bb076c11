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
    /**
     * Each way's masks side by side: its valid words at w * 2 * words, its dirty words right after. One
     * array, so that a lookup finds both in one host cache line (with many slices the masks are megabytes,
     * and two arrays were two cache misses a lookup).
     */
    private final long[] masks;
    /**
     * One bit a way: every byte of it valid ({@code whole}), every byte dirty ({@code wholeDirty}). A
     * summary of the masks kept beside them: the common line is whole (filled whole, or written whole),
     * and the bits answer a lookup without reading its masks (kilobytes, where the masks of a large L2 are
     * megabytes and each lookup's read of them was a host cache miss).
     */
    private final long[] whole;
    private final long[] wholeDirty;

    ByteMaskValidity(LineSectors sectors, int ways) {
        this.sectors = sectors;
        this.line = sectors.line;
        this.words = (line + 63) / 64;
        this.masks = new long[ways * 2 * words];
        this.whole = new long[(ways + 63) / 64];
        this.wholeDirty = new long[(ways + 63) / 64];
    }

    private static boolean has(long[] bits, int w) {
        return (bits[w >>> 6] & (1L << w)) != 0;
    }

    private static void put(long[] bits, int w, boolean on) {
        if (on) {
            bits[w >>> 6] |= 1L << w;
        } else {
            bits[w >>> 6] &= ~(1L << w);
        }
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
        if (write || has(whole, w) || allSet(masks, v(w), from, to)) {
            return 0;
        }
        return missingSectors(masks, v(w), from, to);
    }

    @Override
    public boolean writeHits(int w, long touched) {
        return (touched & ~holding(w)) == 0; // a sector without a valid byte would have been fetched
    }

    @Override
    public long holding(int w) {
        if (has(whole, w)) {
            return sectors.all;
        }
        int base = v(w);
        long s = 0;
        for (int k = 0; k * sectors.sector < line; k++) {
            if (anySet(masks, base, k * sectors.sector, (k + 1) * sectors.sector)) {
                s |= 1L << k;
            }
        }
        return s;
    }

    @Override
    public long full(int w) {
        if (has(whole, w)) {
            return sectors.all;
        }
        return sectors.all & ~missingSectors(masks, v(w), 0, line);
    }

    @Override
    public void allocated(int w) {
        Arrays.fill(masks, v(w), v(w) + 2 * words, 0L);
        put(whole, w, false);
        put(wholeDirty, w, false);
    }

    @Override
    public void written(int w, int from, int to, long touched) {
        if (has(whole, w) && has(wholeDirty, w)) {
            return; // every byte valid and dirty already
        }
        setRange(masks, v(w), from, to);
        setRange(masks, d(w), from, to);
        put(whole, w, allSet(masks, v(w), 0, line));
        put(wholeDirty, w, allSet(masks, d(w), 0, line));
    }

    @Override
    public boolean anyDirty(int w) {
        if (has(wholeDirty, w)) {
            return true;
        }
        return anySet(masks, d(w), 0, line);
    }

    @Override
    public int nextDirty(int w, int from) {
        if (has(wholeDirty, w)) {
            return from < line ? from : -1;
        }
        // A word at a time: the first set bit at or after from (bits past the line are never set).
        int base = d(w);
        for (int wi = from >>> 6; wi < words; wi++) {
            long x = masks[base + wi] & (wi == from >>> 6 ? -1L << (from & 63) : -1L);
            if (x != 0) {
                return wi * 64 + Long.numberOfTrailingZeros(x);
            }
        }
        return -1;
    }

    @Override
    public int dirtyEnd(int w, int start) {
        if (has(wholeDirty, w)) {
            return line;
        }
        // The first clear bit at or after start, at most the line's end.
        int base = d(w);
        for (int wi = start >>> 6; wi < words; wi++) {
            long x = ~masks[base + wi] & (wi == start >>> 6 ? -1L << (start & 63) : -1L);
            if (x != 0) {
                return Math.min(line, wi * 64 + Long.numberOfTrailingZeros(x));
            }
        }
        return line;
    }

    @Override
    public void cleaned(int w) {
        Arrays.fill(masks, d(w), d(w) + words, 0L);
        put(wholeDirty, w, false);
    }

    @Override
    public void moveInto(Mshr m, int w) {
        System.arraycopy(masks, v(w), m.keptBytes, 0, words);
        System.arraycopy(masks, v(w), m.validBytes, 0, words);
        System.arraycopy(masks, d(w), m.dirtyBytes, 0, words);
        put(whole, w, false); // the way is freed: allocated or filled again before it is used
        put(wholeDirty, w, false);
    }

    @Override
    public void filled(int w, Mshr m) {
        System.arraycopy(m.validBytes, 0, masks, v(w), words);
        System.arraycopy(m.dirtyBytes, 0, masks, d(w), words);
        put(whole, w, allSet(m.validBytes, 0, 0, line));
        put(wholeDirty, w, allSet(m.dirtyBytes, 0, 0, line));
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

    /** Where way {@code w}'s valid words start in {@link #masks}. */
    private int v(int w) {
        return w * 2 * words;
    }

    /** Where way {@code w}'s dirty words start in {@link #masks}. */
    private int d(int w) {
        return w * 2 * words + words;
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
