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
 * <p>Primitive arrays, a power of two long, doubled when full: nothing allocated per part.
 */
final class InFlight {
    private long[] done = new long[16];
    private int[] link = new int[16];
    private boolean[] significant = new boolean[16];
    private int start;
    private int count;
    /** The sequence number of the entry at {@code start}: entry n is at start + (n - seqHead). */
    private long seqHead;

    int count() {
        return count;
    }

    /** An entry completing at {@code at} for the chain from {@code chain}, at the tail; returns its sequence number. */
    long push(long at, int chain) {
        if (count == done.length) {
            grow();
        }
        int f = (start + count) & (done.length - 1);
        done[f] = at;
        link[f] = chain;
        significant[f] = false;
        return seqHead + count++;
    }

    /**
     * An entry completing at {@code at} for the chain from {@code chain}, inserted after the entries that
     * complete no later (DRAM completions come in decision order, not cycle order).
     */
    void insert(long at, int chain) {
        if (count == done.length) {
            grow();
        }
        int mask = done.length - 1;
        int i = count;
        while (i > 0 && done[(start + i - 1) & mask] > at) {
            done[(start + i) & mask] = done[(start + i - 1) & mask];
            link[(start + i) & mask] = link[(start + i - 1) & mask];
            i--;
        }
        done[(start + i) & mask] = at;
        link[(start + i) & mask] = chain;
        count++;
    }

    private int slot(long seq) {
        return (start + (int) (seq - seqHead)) & (done.length - 1);
    }

    /** Entry {@code seq} (with no requests yet) serves the chain from {@code chain}. */
    void setChain(long seq, int chain) {
        link[slot(seq)] = chain;
    }

    /** Marks entry {@code seq} significant; returns its completion cycle if it was not, else -1. */
    long markSignificant(long seq) {
        int f = slot(seq);
        if (significant[f]) {
            return -1;
        }
        significant[f] = true;
        return done[f];
    }

    /** The completion cycle of the head entry, or {@link Engine#NEVER} when none. */
    long headDone() {
        return count > 0 ? done[start] : Engine.NEVER;
    }

    /** The chain of the head entry. */
    int headChain() {
        return link[start];
    }

    /** Takes the head entry out. */
    void pop() {
        start = (start + 1) & (done.length - 1);
        count--;
        seqHead++;
    }

    /** The completion cycle of the first significant entry, or {@link Engine#NEVER}. */
    long nextSignificant() {
        int mask = done.length - 1;
        for (int i = 0; i < count; i++) {
            int f = (start + i) & mask;
            if (significant[f]) {
                return done[f];
            }
        }
        return Engine.NEVER;
    }

    /** The chain of the {@code i}th entry from the head. */
    int chain(int i) {
        return link[(start + i) & (done.length - 1)];
    }

    private void grow() {
        int n = done.length * 2;
        long[] d = new long[n];
        int[] l = new int[n];
        boolean[] sig = new boolean[n];
        for (int i = 0; i < count; i++) {
            int s = (start + i) & (done.length - 1);
            d[i] = done[s];
            l[i] = link[s];
            sig[i] = significant[s];
        }
        done = d;
        link = l;
        significant = sig;
        start = 0;
    }
}
