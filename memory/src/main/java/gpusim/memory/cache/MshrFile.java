package gpusim.memory.cache;

import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.MemoryClient;
import gpusim.sim.WakeList;

/**
 * A cache's miss status holding registers: a fixed number of entries, each in use for a line being
 * fetched, a write-through write in flight, or a dirty victim's write-back not yet accepted downstream
 * (the write-back buffer shares the entries, so a cache with one MSHR has one thing outstanding at a
 * time). It finds the entry fetching a line (a later miss to the line merges into it), decides whether a
 * request needing some entries is admitted, and wakes the requesters it refused when an entry frees.
 * Akita keeps the same apart from the cache's stages ({@code mem/mshr/mshr.go}: find, is-full, add,
 * remove), as gem5 does in its {@code MSHRQueue} ({@code src/mem/cache/mshr_queue.hh}).
 *
 * <p>Entries are reused: a miss made one (its line buffer and masks) each, most of a run's allocation with
 * surfaces in memory. An entry is recycled once its fill has been applied; the only references left then
 * are the tags of its completed fetches, which nothing reads again.
 */
final class MshrFile {
    private final int capacity;
    private final int lineShift;
    /** Each entry's line buffer (0 for a cache that holds no bytes) and byte-mask words (0: no byte masks). */
    private final int entryBytes;
    private final int maskWords;
    /**
     * Lines being fetched, by line number (address / line): keyed by the address, a line's low zero bits
     * would put every line of a 64 KiB window in one HashMap bucket. A primitive map ({@link LineMap}):
     * every line part that misses the tags looks here, and a boxed key cost a HashMap lookup and an
     * allocation each.
     */
    private final LineMap<Mshr> fetching;
    /**
     * Entries open a line, counted by a hash of the line number: a line whose count is 0 has none, and
     * is not looked up in {@link #fetching} (most lookups of a cache that mostly misses are of lines
     * not being fetched, and a miss in the map costs a probe of its table).
     */
    private final int[] openIn;
    private final int filterMask;
    private Mshr[] free = new Mshr[8];
    private int freeCount;
    /** Entries in use: fills in flight, write-throughs in flight, write-backs not yet accepted downstream. */
    private int used;
    /** Requesters refused for want of entries, to wake when one frees. */
    private final WakeList waiting;

    /** {@code capacity} entries for a cache of {@code lineBytes}-byte lines; see the fields for the rest. */
    MshrFile(Engine engine, int capacity, int lineBytes, int entryBytes, int maskWords) {
        this.capacity = capacity;
        this.lineShift = Integer.numberOfTrailingZeros(lineBytes);
        this.entryBytes = entryBytes;
        this.maskWords = maskWords;
        this.waiting = new WakeList(engine);
        this.fetching = new LineMap<>(Math.min(capacity, 1024));
        this.openIn = new int[Math.max(64, Integer.highestOneBit(Math.max(1, capacity)) << 2)];
        this.filterMask = openIn.length - 1;
    }

    private int filterSlot(long lineNumber) {
        return (int) (lineNumber ^ (lineNumber >>> 17)) & filterMask;
    }

    int capacity() {
        return capacity;
    }

    /** Entries in use now. */
    int inUse() {
        return used;
    }

    /**
     * Whether a request that needs {@code need} new entries must be refused: more than are free, unless it
     * needs more than exist and all are free (admitted then, so that it cannot wait forever).
     */
    boolean refuses(int need) {
        return need > 0 && used + need > capacity && !(need > capacity && used == 0);
    }

    /** Refuses {@code requester}: it is woken when an entry frees. */
    void refuse(Component requester) {
        waiting.add(requester);
    }

    /** Whether line {@code lineAddr} is being fetched. */
    boolean fetching(long lineAddr) {
        long n = lineAddr >>> lineShift;
        return openIn[filterSlot(n)] != 0 && fetching.containsKey(n);
    }

    /** The entry fetching line {@code lineAddr}, or null. */
    Mshr of(long lineAddr) {
        long n = lineAddr >>> lineShift;
        return openIn[filterSlot(n)] == 0 ? null : fetching.get(n);
    }

    /**
     * Takes an entry for a fetch of line {@code lineAddr} for {@code owner}: reset (see {@link Mshr#reset};
     * {@code resident}: the caller copies the line's bytes and masks into it whole) and found by the line
     * until {@link #filled}.
     */
    Mshr open(long lineAddr, MemoryClient owner, boolean resident) {
        Mshr m = freeCount > 0 ? free[--freeCount] : new Mshr(entryBytes, maskWords);
        m.reset(lineAddr, owner, resident);
        fetching.put(lineAddr >>> lineShift, m);
        openIn[filterSlot(lineAddr >>> lineShift)]++;
        used++;
        return m;
    }

    /** The fill of {@code m} is being installed: the line is no longer being fetched (its entry is still in use). */
    void filled(Mshr m) {
        fetching.remove(m.line >>> lineShift);
        openIn[filterSlot(m.line >>> lineShift)]--;
    }

    /** {@code m}'s fill has been applied: the entry object may serve another miss. */
    void recycle(Mshr m) {
        if (freeCount == free.length) {
            free = java.util.Arrays.copyOf(free, freeCount * 2);
        }
        free[freeCount++] = m;
    }

    /** Takes an entry for a write-through write or a write-back (nothing to find it by). */
    void take() {
        used++;
    }

    /** An entry frees at {@code now}: the refused requesters are woken to offer again. */
    void release(long now) {
        used--;
        waiting.wakeAll(now);
    }
}
