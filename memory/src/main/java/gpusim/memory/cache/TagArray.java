package gpusim.memory.cache;

import gpusim.sim.MemoryClient;

/**
 * The tag store of a set-associative cache: for each way (set * ways + way) whether it holds a line,
 * which line, and whose bytes the line holds (the client of the request that filled it, for its
 * write-back's statistics). It finds a line's way and chooses where a new line goes: an invalid way of
 * the set if there is one, else the {@link ReplacementPolicy}'s victim. Akita's write-back cache calls
 * this the directory ({@code mem/cache/writeback/directorystage.go}); what of a line is valid or dirty
 * is the line validity's, not the tags'.
 */
final class TagArray implements WayWords {
    private final int sets;
    private final int ways;
    private final int lineShift;
    /** The slice's share of the address space its set index is taken from, or null (the whole space). */
    private final Interleave slice;
    private final int setShift;
    /**
     * Each way's line number (its address / the line), or {@link #NONE}, in the low 32 bits, and its
     * replacement policy's word ({@link WayWords}) in the high 32: one array of longs, so that a lookup reads
     * one stream (a set of 16 ways is 128 bytes: two or three adjacent host cache lines) and the policy's update at a hit
     * writes the line the lookup has just read (with many large slices the tags are megabytes, and each
     * lookup's read of them is a host cache miss; an array of the policy's own was a second).
     */
    private final long[] way;
    /** The tag of a way holding no line (no line number is negative). */
    private static final int NONE = -1;

    private final MemoryClient[] owner;
    private final ReplacementPolicy policy;

    /**
     * {@code lineBytes} a power of two, {@code sets} a power of two; {@code slice}: the cache is one
     * slice of an interleaved level and takes its set index from the slice's own addresses
     * ({@link Interleave#local}), or null.
     */
    TagArray(int sets, int ways, int lineBytes, ReplacementPolicy policy, Interleave slice) {
        this.sets = sets;
        this.ways = ways;
        this.lineShift = Integer.numberOfTrailingZeros(lineBytes);
        this.slice = slice;
        // A line wider than the granule: the slice holds one granule of it, so a granule is its unit.
        this.setShift = slice == null ? lineShift
                : Math.min(lineShift, Integer.numberOfTrailingZeros(slice.granule()));
        int n = sets * ways;
        this.way = new long[n];
        java.util.Arrays.fill(way, NONE & 0xFFFFFFFFL);

        this.owner = new MemoryClient[n];
        this.policy = policy;
    }

    /** The ways in all (sets x ways). */
    @Override
    public int size() {
        return way.length;
    }

    @Override
    public int setWays() {
        return ways;
    }

    @Override
    public int word(int w) {
        return (int) (way[w] >>> 32);
    }

    @Override
    public void word(int w, int value) {
        way[w] = (way[w] & 0xFFFFFFFFL) | ((long) value << 32);
    }

    /** Way {@code w}'s tag: its line number, or {@link #NONE}. */
    private int tagOf(int w) {
        return (int) way[w];
    }

    private void setTag(int w, int t) {
        way[w] = (way[w] & 0xFFFFFFFF00000000L) | (t & 0xFFFFFFFFL);
    }

    private int setOf(long lineAddr) {
        long a = slice == null ? lineAddr : slice.local(lineAddr);
        return (int) ((a >>> setShift) & (sets - 1));
    }

    /**
     * Line {@code lineAddr}'s number as a tag. Device addresses are below memory.budget (at most 64 GiB) and
     * lines at least 32 bytes, so it fits an int.
     */
    private int number(long lineAddr) {
        long n = lineAddr >>> lineShift;
        if (n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("cache: line address " + lineAddr + " beyond the tags' range");
        }
        return (int) n;
    }

    /**
     * Whether the {@code n} consecutive lines from {@code lineAddr} (n small) each fall in a set of their
     * own: then installing, evicting or invalidating one of them leaves the others' ways as they were.
     */
    boolean distinctSets(long lineAddr, int n) {
        for (int i = 1; i < n; i++) {
            int si = setOf(lineAddr + ((long) i << lineShift));
            for (int j = 0; j < i; j++) {
                if (setOf(lineAddr + ((long) j << lineShift)) == si) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The way holding line {@code lineAddr} (its first byte's address), or -1. */
    int find(long lineAddr) {
        int base = setOf(lineAddr) * ways;
        int t = number(lineAddr);
        for (int w = 0; w < ways; w++) {
            if (tagOf(base + w) == t) {
                return base + w;
            }
        }
        return -1;
    }

    /** The way a new line {@code lineAddr} goes into: an invalid one of its set, else the policy's victim. */
    int victim(long lineAddr) {
        int base = setOf(lineAddr) * ways;
        for (int i = 0; i < ways; i++) {
            if (tagOf(base + i) == NONE) {
                return base + i;
            }
        }
        return policy.victim(this, base, ways);
    }

    /** Way {@code w} was used (a hit or a write into it). */
    void touch(int w) {
        policy.touched(this, w);
    }

    /** Way {@code w} now holds line {@code lineAddr}, filled for {@code from}; a use of it. */
    void install(int w, long lineAddr, MemoryClient from) {
        setTag(w, number(lineAddr));
        owner[w] = from;
        policy.installed(this, w);
    }

    /** Way {@code w} holds no line (it moved into an MSHR). */
    void invalidate(int w) {
        setTag(w, NONE);
    }

    boolean valid(int w) {
        return tagOf(w) != NONE;
    }

    /** The address of the line in way {@code w}. */
    long tag(int w) {
        return (long) tagOf(w) << lineShift;
    }

    /** The client whose request filled way {@code w}. */
    MemoryClient owner(int w) {
        return owner[w];
    }
}
