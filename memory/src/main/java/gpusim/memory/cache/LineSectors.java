package gpusim.memory.cache;

/**
 * A line's sectors as bit masks (bit k: bytes [k * sector, (k + 1) * sector) of the line): which
 * sectors a byte range touches, and which it covers whole. With no sectors the line is one sector.
 * Only a sectored cache lets a write that covers a sector skip its fetch, so an unsectored line
 * covers nothing (a write-allocate cache without sectors fetches the line it writes).
 */
final class LineSectors {
    final int line;
    final int sector;
    final boolean sectored;
    /** log2 of the sector (a power of two): a shift, not a division, on every part. */
    private final int sectorShift;
    /** Every sector of a line. */
    final long all;

    LineSectors(int line, int sector, boolean sectored) {
        this.line = line;
        this.sector = sector;
        this.sectored = sectored;
        this.sectorShift = Integer.numberOfTrailingZeros(sector);
        int perLine = line / sector;
        this.all = perLine == 64 ? -1L : (1L << perLine) - 1;
    }

    /** The sectors of line {@code l} that [a, a + len) touches. */
    long touched(long l, long a, int len) {
        int first = (int) ((a - l) >>> sectorShift);
        int last = (int) ((a + len - 1 - l) >>> sectorShift);
        return span(first, last);
    }

    /** The sectors of line {@code l} that [a, a + len) covers whole (none when unsectored: a write then needs its line). */
    long covered(long l, long a, int len) {
        if (!sectored) {
            return 0;
        }
        int first = (int) ((a - l + sector - 1) >>> sectorShift);
        int end = (int) ((a + len - l) >>> sectorShift);
        return end > first ? span(first, end - 1) : 0;
    }

    /** The sectors of line {@code l} whose old bytes a part needs: all it touches, less those a write covers whole. */
    long needed(long l, long a, int len, boolean write) {
        long t = touched(l, a, len);
        return write ? t & ~covered(l, a, len) : t;
    }

    /** Sectors {@code first} .. {@code last}. */
    static long span(int first, int last) {
        long upTo = last == 63 ? -1L : (1L << (last + 1)) - 1;
        return upTo & -(1L << first);
    }

    /** The sector holding line byte {@code b}. */
    int sectorOf(int b) {
        return b >>> sectorShift;
    }
}
