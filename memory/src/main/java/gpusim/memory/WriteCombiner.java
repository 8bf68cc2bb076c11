package gpusim.memory;

import java.util.Arrays;

/**
 * A channel's write combining: which waiting part a new write to a line may merge into. Only the
 * newest waiting part of the line may take it, and only if that is a write not closed to merges:
 * merging past a read of the line would let the read see bytes written after it (a read burst, which
 * takes no chain slot of its own, closes the line's newest write instead). The write-combining buffer
 * of a memory controller (gem5's {@code MemCtrl} merges a write into a queued write to the same burst,
 * {@code src/mem/mem_ctrl.cc}, "merge" in {@code addToWriteQueue}).
 *
 * <p>The waiting slots of the channel's ring are chained by line hash, newest first, so a line's first
 * slot on its chain is its newest waiting part. A slot is added at its chain's head when it is taken and
 * leaves when served, as the oldest waiting part, from its chain's tail (through its link back: a chain
 * holds every waiting part of its lines, which may be many of one line). There are twice as many chains
 * as slots, so each step is a load or two where a general hash map cost a tenth of the host time with
 * surfaces in memory. Off (no write combining), nothing asks and no chain is kept.
 */
final class WriteCombiner {
    private final boolean on;
    /** Whether the slot is on a merge chain (a read burst is not: it closes writes instead). */
    private boolean[] chained;
    /** A waiting write closed to merges by a read burst of its line queued after it. */
    private boolean[] closed;
    private int[] head;
    private int[] next;
    private int[] prev;
    private int shift;

    WriteCombiner(boolean on) {
        this.on = on;
    }

    boolean on() {
        return on;
    }

    /**
     * The channel's ring grew to {@code cap} slots: its {@code count} parts, from slot {@code start} of the old
     * ring (mask {@code oldMask}), are in slots 0 .. count - 1 now, slot i's line {@code lines[i]}. Chained
     * oldest first, each chain ends newest first, as before.
     */
    void regrow(int cap, int start, int count, int oldMask, long[] lines) {
        boolean[] ch = new boolean[cap];
        boolean[] cl = new boolean[cap];
        for (int i = 0; i < count; i++) {
            int s = (start + i) & oldMask;
            ch[i] = chained[s];
            cl[i] = closed[s];
        }
        chained = ch;
        closed = cl;
        if (on) {
            head = new int[cap * 2];
            Arrays.fill(head, -1);
            next = new int[cap];
            prev = new int[cap];
            shift = 64 - Integer.numberOfTrailingZeros(cap * 2);
            for (int i = 0; i < count; i++) {
                if (chained[i]) {
                    link(i, lines[i]);
                }
            }
        }
    }

    /** The chain of {@code line} (a multiplicative hash of it). */
    private int chainOf(long line) {
        return (int) ((line * 0x9E3779B97F4A7C15L) >>> shift);
    }

    /** Slot {@code s} was taken for a part of {@code line}: on its line's chain (as its newest part) when {@code onChain}. */
    void take(int s, long line, boolean onChain) {
        chained[s] = onChain;
        closed[s] = false;
        if (onChain) {
            link(s, line);
        }
    }

    private void link(int s, long line) {
        int c = chainOf(line);
        int h = head[c];
        next[s] = h;
        prev[s] = -1;
        if (h >= 0) {
            prev[h] = s;
        }
        head[c] = s;
    }

    /** Slot {@code s} (of {@code line}; being served: the oldest waiting part, so its chain's tail) leaves. */
    void leave(int s, long line) {
        if (!chained[s]) {
            return;
        }
        int p = prev[s];
        if (p >= 0) {
            next[p] = -1;
        } else {
            head[chainOf(line)] = -1;
        }
    }

    /**
     * The slot of the newest waiting part of {@code line} if it is a write open to merges, else -1
     * ({@code lines} and {@code writes}: each slot's line and direction). Combining on only.
     */
    int mergeTarget(long line, long[] lines, boolean[] writes) {
        for (int s = head[chainOf(line)]; s >= 0; s = next[s]) {
            if (lines[s] == line) {
                return writes[s] && !closed[s] ? s : -1;
            }
        }
        return -1;
    }

    /** A read burst of {@code line} is queued: the line's newest waiting part, if a write, takes no more merges. */
    void close(long line, long[] lines, boolean[] writes) {
        for (int s = head[chainOf(line)]; s >= 0; s = next[s]) {
            if (lines[s] == line) {
                closed[s] = writes[s];
                return;
            }
        }
    }
}
