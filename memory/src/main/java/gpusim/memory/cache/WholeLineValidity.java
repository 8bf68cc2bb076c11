package gpusim.memory.cache;

/**
 * Whole lines: a resident line is valid whole (it is installed only by a fill of the whole line), so
 * a part on a resident line never fetches; a dirty bit a line, and a dirty line is written back whole.
 * The classic cache (Hennessy and Patterson's valid and dirty bits a block).
 */
final class WholeLineValidity extends SectorBits {
    private final boolean[] dirty;

    WholeLineValidity(LineSectors sectors, int ways) {
        super(sectors);
        this.dirty = new boolean[ways];
    }

    @Override
    public long missing(int w, int from, int to, long needed, boolean write) {
        return 0;
    }

    @Override
    public boolean writeHits(int w, long touched) {
        return true;
    }

    @Override
    public long holding(int w) {
        return sectors.all;
    }

    @Override
    public long full(int w) {
        return sectors.all;
    }

    @Override
    public void allocated(int w) {
        dirty[w] = false;
    }

    @Override
    public void written(int w, int from, int to, long touched) {
        dirty[w] = true;
    }

    @Override
    public boolean anyDirty(int w) {
        return dirty[w];
    }

    @Override
    public int nextDirty(int w, int from) {
        return from == 0 && dirty[w] ? 0 : -1;
    }

    @Override
    public int dirtyEnd(int w, int start) {
        return sectors.line;
    }

    @Override
    public void cleaned(int w) {
        dirty[w] = false;
    }

    @Override
    public void moveInto(Mshr m, int w) {
        keep(m, sectors.all, dirty[w] ? sectors.all : 0);
    }

    @Override
    public void filled(int w, Mshr m) {
        dirty[w] = m.dirtied != 0;
    }
}
