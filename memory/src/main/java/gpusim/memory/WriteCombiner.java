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
 * <p>A slot of the channel's ring holds one part, or (a write burst) up to {@code partsPerSlot} parts of
 * consecutive lines; part j of slot s is node s x partsPerSlot + j, of line (the slot's line) + j x unit.
 * The chained nodes are chained by line hash, newest first, so a line's first node on its chain is its
 * newest waiting part. A node is added at its chain's head when its slot is taken and leaves when the
 * slot is served, as the oldest waiting part, from its chain's tail (through its link back: a chain holds
 * every waiting part of its lines, which may be many of one line). There are twice as many chains as
 * nodes, so each step is a load or two where a general hash map cost a tenth of the host time with
 * surfaces in memory. Off (no write combining), nothing asks and no chain is kept.
 */
final class WriteCombiner {
    private final boolean on;
    /** Nodes a slot: a power of two, at most 64 (a slot's node bits are one long). */
    private final int partsPerSlot;
    private final int partShift;
    private final int unitShift;
    /** Each slot's parts, and which of them are on a merge chain (a read burst's are not: it closes writes instead). */
    private int[] parts;
    private long[] chained;
    /** The parts of each slot closed to merges (a waiting write with a read burst of its line queued after it). */
    private long[] closed;
    private int[] head;
    private int[] next;
    private int[] prev;
    private int shift;

    /** {@code unit}: the bytes of a part's line; {@code partsPerSlot}: the most parts one slot holds. */
    WriteCombiner(boolean on, int unit, int partsPerSlot) {
        if (Integer.bitCount(partsPerSlot) != 1 || partsPerSlot > 64) {
            throw new IllegalArgumentException("parts a slot: a power of two up to 64, not " + partsPerSlot);
        }
        this.on = on;
        this.partsPerSlot = partsPerSlot;
        this.partShift = Integer.numberOfTrailingZeros(partsPerSlot);
        this.unitShift = Integer.numberOfTrailingZeros(unit);
    }

    boolean on() {
        return on;
    }

    /** The most parts one slot holds (its nodes). */
    int partsPerSlot() {
        return partsPerSlot;
    }

    /**
     * The channel's ring grew to {@code cap} slots: its {@code count} slots, from slot {@code start} of the old
     * ring (mask {@code oldMask}), are in slots 0 .. count - 1 now, slot i's line {@code lines[i]}. Chained
     * oldest first, each chain ends newest first, as before.
     */
    void regrow(int cap, int start, int count, int oldMask, long[] lines) {
        int[] pa = new int[cap];
        long[] ch = new long[cap];
        long[] cl = new long[cap];
        for (int i = 0; i < count; i++) {
            int s = (start + i) & oldMask;
            pa[i] = parts[s];
            ch[i] = chained[s];
            cl[i] = closed[s];
        }
        parts = pa;
        chained = ch;
        closed = cl;
        if (on) {
            int nodes = cap << partShift;
            head = new int[nodes * 2];
            Arrays.fill(head, -1);
            next = new int[nodes];
            prev = new int[nodes];
            shift = 64 - Integer.numberOfTrailingZeros(nodes * 2);
            for (int i = 0; i < count; i++) {
                for (long bits = chained[i]; bits != 0; bits &= bits - 1) {
                    int j = Long.numberOfTrailingZeros(bits);
                    link((i << partShift) + j, lines[i] + ((long) j << unitShift));
                }
            }
        }
    }

    /** The chain of {@code line} (a multiplicative hash of it). */
    private int chainOf(long line) {
        return (int) ((line * 0x9E3779B97F4A7C15L) >>> shift);
    }

    /** Slot {@code s} was taken for one part, of {@code line}: on its line's chain (as its newest part) when {@code onChain}. */
    void take(int s, long line, boolean onChain) {
        parts[s] = 1;
        chained[s] = onChain ? 1 : 0;
        closed[s] = 0;
        if (onChain) {
            link(s << partShift, line);
        }
    }

    /**
     * Slot {@code s} (taken as one part of {@code line}, off the chains) holds a write burst of {@code n} parts
     * of consecutive lines from {@code line}: each on its line's chain, as its newest part.
     */
    void takeBurst(int s, long line, int n) {
        parts[s] = n;
        chained[s] = n == 64 ? -1L : (1L << n) - 1;
        for (int j = 0; j < n; j++) {
            link((s << partShift) + j, line + ((long) j << unitShift));
        }
    }

    private void link(int node, long line) {
        int c = chainOf(line);
        int h = head[c];
        next[node] = h;
        prev[node] = -1;
        if (h >= 0) {
            prev[h] = node;
        }
        head[c] = node;
    }

    /** Slot {@code s} (of {@code line}; being served: its parts the oldest waiting, so their chains' tails) leaves. */
    void leave(int s, long line) {
        for (long bits = chained[s]; bits != 0; bits &= bits - 1) {
            int j = Long.numberOfTrailingZeros(bits);
            int p = prev[(s << partShift) + j];
            if (p >= 0) {
                next[p] = -1;
            } else {
                head[chainOf(line + ((long) j << unitShift))] = -1;
            }
        }
    }

    /**
     * The node of the newest waiting part of {@code line} if it is a write open to merges, else -1
     * ({@code lines} and {@code writes}: each slot's first line and direction). Combining on only.
     */
    int mergeTarget(long line, long[] lines, boolean[] writes) {
        for (int node = head[chainOf(line)]; node >= 0; node = next[node]) {
            int s = node >>> partShift;
            int j = node & (partsPerSlot - 1);
            if (lines[s] + ((long) j << unitShift) == line) {
                return writes[s] && (closed[s] & 1L << j) == 0 ? node : -1;
            }
        }
        return -1;
    }

    /** A read burst of {@code line} is queued: the line's newest waiting part, if a write, takes no more merges. */
    void close(long line, long[] lines, boolean[] writes) {
        for (int node = head[chainOf(line)]; node >= 0; node = next[node]) {
            int s = node >>> partShift;
            int j = node & (partsPerSlot - 1);
            if (lines[s] + ((long) j << unitShift) == line) {
                if (writes[s]) {
                    closed[s] |= 1L << j;
                }
                return;
            }
        }
    }

    /** The slot of node {@code node}. */
    int slotOf(int node) {
        return node >>> partShift;
    }

    /** The part of its slot node {@code node} is (0 for a slot of one part). */
    int partOf(int node) {
        return node & (partsPerSlot - 1);
    }

    /** The parts slot {@code s} holds. */
    int parts(int s) {
        return parts[s];
    }
}
