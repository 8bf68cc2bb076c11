package gpusim.memory.cache;

/**
 * The sector masks an {@link Mshr} keeps (what it kept of a resident line, what will be valid and dirty
 * once its parts are applied), shared by {@link WholeLineValidity} and {@link SectorValidity}: a line
 * being fetched is valid by the sector whatever its resident form.
 */
abstract class SectorBits implements LineValidity {
    final LineSectors sectors;

    SectorBits(LineSectors sectors) {
        this.sectors = sectors;
    }

    @Override
    public boolean writesWithoutFetch() {
        return false;
    }

    @Override
    public final long mshrFull(Mshr m) {
        return m.willBeValid;
    }

    @Override
    public final long mshrMissing(Mshr m, int from, int to, long needed) {
        return needed & ~m.willBeValid;
    }

    @Override
    public final void fetching(Mshr m, int from, int to) {
        // The sectors fetched are valid at the fill by willBeValid, set when the parts needing them join.
    }

    @Override
    public final void joined(Mshr m, int from, int to, long touched, boolean write) {
        m.willBeValid |= touched;
        if (write) {
            m.dirtied |= touched;
        }
    }

    @Override
    public final void landed(Mshr m, byte[] src, int off, int n) {
        // Only sectors the line did not hold are fetched: nothing to merge under.
        System.arraycopy(src, 0, m.bytes, off, n);
    }

    /** Moves a resident line's sector masks into {@code m}: what it kept is valid (and dirty) at the fill too. */
    final void keep(Mshr m, long valid, long dirty) {
        m.keptValid = valid;
        m.keptDirty = dirty;
        m.willBeValid = valid;
        m.dirtied = dirty;
    }
}
