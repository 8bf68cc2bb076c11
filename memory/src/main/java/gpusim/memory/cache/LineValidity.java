package gpusim.memory.cache;

/**
 * What of each resident line, and of each line being fetched, holds valid and dirty bytes, and so
 * what a line part finds there and what it must fetch. Three implementations, one a cache:
 * {@link WholeLineValidity} (a resident line is valid whole; one dirty bit a line),
 * {@link SectorValidity} (a valid and a dirty bit a sector, as NVIDIA's L1 and L2 keep them: Nsight
 * Compute's profiling guide, "sectors") and {@link ByteMaskValidity} (a valid and a dirty bit a byte,
 * as GFX9+ L2s keep dirty byte masks). The cache's lookup is one algorithm over these questions; the
 * answers are the implementation's (gem5 keeps the same apart in its blocks' status and, for sectors,
 * {@code src/mem/cache/tags/sector_blk.hh}; Akita's directory stage asks its blocks the same).
 *
 * <p>Sector masks are {@link LineSectors} masks; byte ranges [from, to) are offsets in the line. A
 * resident line is one in a way of the {@link TagArray}; a line being fetched is an {@link Mshr}'s.
 */
interface LineValidity {
    /** Whether a write never fetches (byte masks: every byte it writes is valid then, whatever the rest). */
    boolean writesWithoutFetch();

    // ---- Resident lines (way w) ----

    /**
     * The sectors a part of bytes [from, to) of the line in way {@code w} must fetch: of {@code needed}
     * (the sectors whose old bytes it needs), those not valid; 0: it is served in place.
     */
    long missing(int w, int from, int to, long needed, boolean write);

    /** Whether a write served in place that touches {@code touched} counts as a hit (else a miss that fetched nothing). */
    boolean writeHits(int w, long touched);

    /** The sectors of way {@code w} holding at least one valid byte. */
    long holding(int w);

    /** The sectors of way {@code w} whose bytes are all valid. */
    long full(int w);

    /** Way {@code w} was allocated to a new line without a fetch: nothing valid, nothing dirty. */
    void allocated(int w);

    /** Bytes [from, to) (sectors {@code touched}) of way {@code w} were written: valid and dirty. */
    void written(int w, int from, int to, long touched);

    /** Whether way {@code w} holds dirty bytes. */
    boolean anyDirty(int w);

    /** The first dirty byte of way {@code w} at or after {@code from}, or -1: write-backs go a contiguous run at a time. */
    int nextDirty(int w, int from);

    /** The end (exclusive) of the dirty run of way {@code w} starting at {@code start}. */
    int dirtyEnd(int w, int start);

    /** Way {@code w} was written back whole and stays: nothing dirty. */
    void cleaned(int w);

    // ---- Lines being fetched (MSHR m) ----

    /** The line in way {@code w} moves into {@code m} (a part missed bytes of it): its validity with it. */
    void moveInto(Mshr m, int w);

    /** {@code m}'s fill is installed in way {@code w}: the line's validity once its parts are applied. */
    void filled(int w, Mshr m);

    /** The sectors of {@code m}'s line valid whole once its fetches land and its parts are applied. */
    long mshrFull(Mshr m);

    /** The sectors a part of bytes [from, to) merging into {@code m} must add to its fetches, of {@code needed}. */
    long mshrMissing(Mshr m, int from, int to, long needed);

    /** {@code m} fetches bytes [from, to) of its line. */
    void fetching(Mshr m, int from, int to);

    /** A part of bytes [from, to) (sectors {@code touched}) joins {@code m}, to be applied at its fill. */
    void joined(Mshr m, int from, int to, long touched, boolean write);

    /**
     * A fetch of {@code m} landed: its {@code n} bytes of {@code src} at line offset {@code off} go into the
     * line's bytes as they will be installed, under any the line held (they are newer or equal).
     */
    void landed(Mshr m, byte[] src, int off, int n);
}
