package gpusim.memory.cache;

/**
 * Sectors: one tag a line, a valid and a dirty bit a sector (NVIDIA's L1 and L2: Nsight Compute's
 * profiling guide, a sector an aligned 32-byte chunk, four a line; Jia et al., "Dissecting the NVIDIA
 * Volta GPU Architecture via Microbenchmarking", 2018; AMD's RDNA caches move 64-byte requests within
 * 128-byte lines, the RDNA whitepaper). A part fetches only the sectors it needs that are not valid; a
 * write covering a sector whole needs none of its old bytes; a dirty line writes back its dirty sectors,
 * one write a run of adjacent ones.
 */
final class SectorValidity extends SectorBits {
    private final long[] valid;
    private final long[] dirty;

    SectorValidity(LineSectors sectors, int ways) {
        super(sectors);
        this.valid = new long[ways];
        this.dirty = new long[ways];
    }

    @Override
    public long missing(int w, int from, int to, long needed, boolean write) {
        return needed & ~valid[w];
    }

    @Override
    public boolean writeHits(int w, long touched) {
        return true; // served in place: every sector it needs was valid, those it covers become so
    }

    @Override
    public long holding(int w) {
        return valid[w];
    }

    @Override
    public long full(int w) {
        return valid[w];
    }

    @Override
    public void allocated(int w) {
        valid[w] = 0;
        dirty[w] = 0;
    }

    @Override
    public void written(int w, int from, int to, long touched) {
        valid[w] |= touched;
        dirty[w] |= touched;
    }

    @Override
    public boolean anyDirty(int w) {
        return dirty[w] != 0;
    }

    @Override
    public int nextDirty(int w, int from) {
        long left = dirty[w] & (-1L << sectors.sectorOf(from));
        return left == 0 ? -1 : Long.numberOfTrailingZeros(left) * sectors.sector;
    }

    @Override
    public int dirtyEnd(int w, int start) {
        int first = sectors.sectorOf(start);
        return (first + Long.numberOfTrailingZeros(~(dirty[w] >>> first))) * sectors.sector;
    }

    @Override
    public void cleaned(int w) {
        dirty[w] = 0;
    }

    @Override
    public void moveInto(Mshr m, int w) {
        keep(m, valid[w], dirty[w]);
    }

    @Override
    public void filled(int w, Mshr m) {
        valid[w] = m.willBeValid;
        dirty[w] = m.dirtied;
    }
}
