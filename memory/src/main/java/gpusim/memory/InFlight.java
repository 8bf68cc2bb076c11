package gpusim.memory;

import gpusim.sim.Engine;

/**
 * A channel's served parts waiting out their latency: a ring of entries, each the cycle its part
 * completes and the chain of requests it serves ({@link RequestChains}), completion cycles
 * non-decreasing from the head. Entries are numbered in the order they were pushed (a sequence number
 * the channel keeps in a waiting slot to find the slot's entry again). A scheduled channel marks the
 * entries that may complete a request as significant: it must tick at their cycles, and takes the others
 * at its next tick. The return path of a memory controller (gem5's {@code MemCtrl} keeps its responses
 * in a queue ordered by ready time, {@code src/mem/mem_ctrl.cc}, {@code respQueue}).
 *
 * <p>An entry may be a run of parts completing a cycle apart (a scheduled channel's write burst): only
 * its last part serves a request when it is made, a part before it only once a merge gives it a chain,
 * and a part without one is never taken, so a burst costs one entry, not one a part.
 *
 * <p>Primitive arrays, a power of two long, doubled when full: nothing allocated per part.
 */
final class InFlight {
    /** log2 of the most parts one entry holds: part j of entry n is numbered (n << partShift) | j. */
    private final int partShift;
    private long[] done = new long[16];
    private int[] link = new int[16];
    private boolean[] significant = new boolean[16];
    /**
     * A run's parts ({@link #pushRun}): how many; which parts before the last have a chain of their own
     * (set by {@link #setChain}, cleared when taken) and which of those are significant; their chains.
     */
    private int[] parts = new int[16];
    private long[] partChains = new long[16];
    private long[] partSignificant = new long[16];
    private int[] partLink;
    private int start;
    private int count;
    /** The sequence number of the entry at {@code start}: entry n is at start + (n - seqHead). */
    private long seqHead;

    /** Entries of one part each. */
    InFlight() {
        this(1);
    }

    /** Entries of up to {@code partsPerEntry} parts (a power of two, at most 64). */
    InFlight(int partsPerEntry) {
        if (Integer.bitCount(partsPerEntry) != 1 || partsPerEntry > 64) {
            throw new IllegalArgumentException("parts an entry: a power of two up to 64, not " + partsPerEntry);
        }
        this.partShift = Integer.numberOfTrailingZeros(partsPerEntry);
        this.partLink = new int[16 << partShift];
    }

    int count() {
        return count;
    }

    /** An entry completing at {@code at} for the chain from {@code chain}, at the tail; returns its number. */
    long push(long at, int chain) {
        return pushRun(at, 1, chain);
    }

    /**
     * A run of {@code n} parts completing at {@code at}, {@code at} + 1, ... (a burst's parts, a cycle apart),
     * the last serving the chain from {@code chain} and the others none until {@link #setChain} gives them
     * one, at the tail; returns the number of its first part (part j's is that + j).
     */
    long pushRun(long at, int n, int chain) {
        if (count == done.length) {
            grow();
        }
        fill((start + count) & (done.length - 1), at, n, chain);
        return (seqHead + count++) << partShift;
    }

    /** Slot {@code f} holds a new entry: {@code n} parts from {@code at}, the last serving {@code chain}. */
    private void fill(int f, long at, int n, int chain) {
        done[f] = at;
        link[f] = chain;
        significant[f] = false;
        parts[f] = n;
        partChains[f] = 0;
        partSignificant[f] = 0;
    }

    /**
     * An entry completing at {@code at} for the chain from {@code chain}, inserted after the entries that
     * complete no later (DRAM completions come in decision order, not cycle order; no part numbers then).
     */
    void insert(long at, int chain) {
        if (count == done.length) {
            grow();
        }
        int mask = done.length - 1;
        int i = count;
        while (i > 0 && done[(start + i - 1) & mask] > at) {
            int to = (start + i) & mask;
            int from = (start + i - 1) & mask;
            done[to] = done[from];
            link[to] = link[from];
            significant[to] = significant[from];
            parts[to] = parts[from];
            partChains[to] = partChains[from];
            partSignificant[to] = partSignificant[from];
            i--;
        }
        fill((start + i) & mask, at, 1, chain);
        count++;
    }

    private int slot(long number) {
        return (start + (int) ((number >>> partShift) - seqHead)) & (done.length - 1);
    }

    private int part(long number) {
        return (int) number & ((1 << partShift) - 1);
    }

    /** Part {@code number} (with no requests yet) serves the chain from {@code chain}. */
    void setChain(long number, int chain) {
        int f = slot(number);
        int j = part(number);
        if (j == parts[f] - 1) {
            link[f] = chain;
        } else {
            partChains[f] |= 1L << j;
            partLink[(f << partShift) | j] = chain;
        }
    }

    /** The completion cycle of entry {@code number} (an entry of one part). */
    long done(long number) {
        return done[slot(number)];
    }

    /**
     * Entry {@code number} (of one part) completes {@code d} cycles later (sooner, d < 0): a merge changed
     * the service of its part or of one served before it. The caller keeps the completions in order (they
     * move as a suffix, each to no sooner than the one before it).
     */
    void delay(long number, long d) {
        done[slot(number)] += d;
    }

    /** Marks part {@code number} significant; returns its completion cycle if it was not, else -1. */
    long markSignificant(long number) {
        int f = slot(number);
        int j = part(number);
        if (j == parts[f] - 1) {
            if (significant[f]) {
                return -1;
            }
            significant[f] = true;
        } else {
            if ((partSignificant[f] & 1L << j) != 0) {
                return -1;
            }
            partSignificant[f] |= 1L << j;
        }
        return done[f] + j;
    }

    /**
     * The completion cycle of the head part to take, or {@link Engine#NEVER} when none: the head entry's
     * first part with a chain of its own before its last, else its last (parts with no requests are not taken).
     */
    long headDone() {
        if (count == 0) {
            return Engine.NEVER;
        }
        long c = partChains[start];
        return done[start] + (c != 0 ? Long.numberOfTrailingZeros(c) : parts[start] - 1);
    }

    /** The chain of the head part. */
    int headChain() {
        long c = partChains[start];
        return c != 0 ? partLink[(start << partShift) | Long.numberOfTrailingZeros(c)] : link[start];
    }

    /** Takes the head part out (with the last part, its entry). */
    void pop() {
        long c = partChains[start];
        if (c != 0) {
            long low = c & -c;
            partChains[start] = c & ~low;
            partSignificant[start] &= ~low;
            return;
        }
        start = (start + 1) & (done.length - 1);
        count--;
        seqHead++;
    }

    /** The completion cycle of the first significant part, or {@link Engine#NEVER}. */
    long nextSignificant() {
        int mask = done.length - 1;
        for (int i = 0; i < count; i++) {
            int f = (start + i) & mask;
            if (partSignificant[f] != 0) {
                return done[f] + Long.numberOfTrailingZeros(partSignificant[f]);
            }
            if (significant[f]) {
                return done[f] + parts[f] - 1;
            }
        }
        return Engine.NEVER;
    }

    /** The chain of the {@code i}th entry from the head (its last part's). */
    int chain(int i) {
        return link[(start + i) & (done.length - 1)];
    }

    /** The parts before its last of the {@code i}th entry from the head that have a chain of their own (bits). */
    long partChains(int i) {
        return partChains[(start + i) & (done.length - 1)];
    }

    /** The chain of part {@code j} of the {@code i}th entry from the head (one {@link #partChains} names). */
    int partChain(int i, int j) {
        return partLink[(((start + i) & (done.length - 1)) << partShift) | j];
    }

    private void grow() {
        int n = done.length * 2;
        long[] d = new long[n];
        int[] l = new int[n];
        boolean[] sig = new boolean[n];
        int[] pa = new int[n];
        long[] pc = new long[n];
        long[] ps = new long[n];
        int[] pl = new int[n << partShift];
        for (int i = 0; i < count; i++) {
            int s = (start + i) & (done.length - 1);
            d[i] = done[s];
            l[i] = link[s];
            sig[i] = significant[s];
            pa[i] = parts[s];
            pc[i] = partChains[s];
            ps[i] = partSignificant[s];
            System.arraycopy(partLink, s << partShift, pl, i << partShift, 1 << partShift);
        }
        done = d;
        link = l;
        significant = sig;
        parts = pa;
        partChains = pc;
        partSignificant = ps;
        partLink = pl;
        start = 0;
    }
}
