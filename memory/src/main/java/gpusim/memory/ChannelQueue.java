package gpusim.memory;

import gpusim.sim.MemoryClient;

/**
 * A memory channel's waiting ring: the line parts that have arrived and not yet left, one slot
 * each, in arrival order (the order the channel serves them, so the order their bytes land in).
 * A slot holds a part's line address and byte range, its byte mask (a write's bytes after write
 * combining), the bytes of a functional write, the chain of requests it serves, and, when the
 * channel serves parts as they arrive, its service cycle and in-flight entry. Structure of
 * primitive arrays, capacity a power of two, grown on demand: nothing is allocated per part once
 * the ring has reached the run's working size (the channel's queue depth bounds it, except for a
 * request larger than the whole queue, admitted into an empty one). The ring knows nothing of
 * timing: {@link MemoryChannel} decides when a slot is taken and when it leaves. Write
 * combining's index of the slots ({@link WriteCombiner}) is kept in step when the ring grows.
 */
final class ChannelQueue {
    /** The line size: each slot's data is this many bytes, at slot x unit. */
    private final int unit;
    private final WriteCombiner combiner;
    /** log2 of the combiner's parts a slot: node s x partsPerSlot + j is part j of slot s. */
    private final int partShift;

    long[] line;
    int[] lo;
    int[] len;
    /** Bytes of the line the part covers: bits 0..63 and 64..127. */
    long[] mask0;
    long[] mask1;
    /** The bytes of each waiting write that carry data (a timed write's are timed, not written). */
    long[] dataMask0;
    long[] dataMask1;
    boolean[] write;
    /** First and last link of the requests the slot serves (RequestChains), -1 for none. */
    int[] head;
    int[] tail;
    byte[] data;
    /** Scheduled service: each waiting part's service cycle, fixed when it was taken. */
    long[] serve;
    /** Scheduled service: the sequence number of each waiting part's in-flight entry (see InFlight). */
    long[] fseq;
    /**
     * Scheduled service: each slot's parts not yet served (a read burst holds all of a read's
     * parts; any other slot one) and the cycles from its next part's service to the one after it.
     */
    int[] left;
    int[] step;
    /** The client of a slot taken without a request on it (a write's earlier parts). */
    MemoryClient[] from;
    /**
     * Scheduled service: each slot's first part's service cycle (its parts follow a cycle apart: a burst
     * takes one only where every part is served in one cycle).
     */
    long[] base;
    /**
     * Scheduled service where a merge may change a waiting part's service (set by {@link MemoryChannel} there only):
     * the cycle each slot was taken (its own parts arrived then), whether the first request on its chain is
     * the one that took it, and the request whose first part took it without a link on it (a write's first
     * part of several), else null: what a merge that retimes a part queued before the slot must move.
     */
    long[] arrive;
    boolean[] ownLink;
    gpusim.sim.MemoryRequest[] starter;
    /**
     * A write burst's parts that a merge has written into (bits by part), and their state then: the part's
     * byte mask and the requests merged into it (the burst's own on its last part): node s x partsPerSlot + j.
     * A part no merge has touched holds the burst's bytes of its line and no request but the burst's.
     */
    long[] touched;
    long[] nodeMask0;
    long[] nodeMask1;
    int[] nodeHead;
    int[] nodeTail;
    /** The oldest slot, and how many slots are taken. */
    int start;
    int count;

    ChannelQueue(int unit, int capacity, WriteCombiner combiner) {
        if (Integer.bitCount(capacity) != 1) {
            throw new IllegalArgumentException("capacity " + capacity + " is not a power of two");
        }
        this.unit = unit;
        this.combiner = combiner;
        this.partShift = Integer.numberOfTrailingZeros(combiner.partsPerSlot());
        grow(capacity);
    }

    /** The index mask of the ring (its capacity less one). */
    int mask() {
        return line.length - 1;
    }

    /**
     * A new slot at the tail for bytes [lo, lo + len) of {@code line}, serving the requests
     * chained from {@code link} (-1: none yet), on its line's write-combining chain when
     * {@code chained}; grows the ring when it is full. Returns the slot.
     */
    int take(long lineAddress, int first, int length, boolean isWrite, int link, boolean chained) {
        if (count == line.length) {
            grow(line.length * 2);
        }
        int s = (start + count) & mask();
        count++;
        line[s] = lineAddress;
        left[s] = 1;
        combiner.take(s, lineAddress, chained);
        lo[s] = first;
        len[s] = length;
        write[s] = isWrite;
        mask0[s] = 0;
        mask1[s] = 0;
        dataMask0[s] = 0;
        dataMask1[s] = 0;
        head[s] = link;
        tail[s] = link;
        touched[s] = 0;
        return s;
    }

    /** Adds line bytes [lo, lo + len) to slot {@code s}'s byte mask. */
    void setMask(int s, int first, int length) {
        mask0[s] |= maskBits0(first, length);
        mask1[s] |= maskBits1(first, length);
    }

    /** Doubles the ring (or makes it), the waiting slots first in order: slot i holds the i-th oldest. */
    private void grow(int cap) {
        int oldMask = line == null ? 0 : mask();
        long[] nLine = new long[cap];
        int[] nLo = new int[cap];
        int[] nLen = new int[cap];
        long[] m0 = new long[cap];
        long[] m1 = new long[cap];
        long[] d0 = new long[cap];
        long[] d1 = new long[cap];
        boolean[] w = new boolean[cap];
        int[] h = new int[cap];
        int[] t = new int[cap];
        byte[] bytes = new byte[cap * unit];
        long[] at = new long[cap];
        long[] fs = new long[cap];
        int[] l = new int[cap];
        int[] st = new int[cap];
        MemoryClient[] fr = new MemoryClient[cap];
        long[] ba = new long[cap];
        long[] tc = new long[cap];
        long[] ar = new long[cap];
        boolean[] ol = new boolean[cap];
        gpusim.sim.MemoryRequest[] sr = new gpusim.sim.MemoryRequest[cap];
        int nodes = cap << partShift;
        long[] nm0 = new long[nodes];
        long[] nm1 = new long[nodes];
        int[] nh = new int[nodes];
        int[] nt = new int[nodes];
        for (int i = 0; i < count; i++) {
            int s = (start + i) & oldMask;
            nLine[i] = line[s];
            nLo[i] = lo[s];
            nLen[i] = len[s];
            m0[i] = mask0[s];
            m1[i] = mask1[s];
            d0[i] = dataMask0[s];
            d1[i] = dataMask1[s];
            w[i] = write[s];
            h[i] = head[s];
            t[i] = tail[s];
            System.arraycopy(data, s * unit, bytes, i * unit, unit);
            at[i] = serve[s];
            fs[i] = fseq[s];
            l[i] = left[s];
            st[i] = step[s];
            fr[i] = from[s];
            ba[i] = base[s];
            tc[i] = touched[s];
            ar[i] = arrive[s];
            ol[i] = ownLink[s];
            sr[i] = starter[s];
            for (long bits = touched[s]; bits != 0; bits &= bits - 1) {
                int j = Long.numberOfTrailingZeros(bits);
                int from0 = (s << partShift) + j;
                int to = (i << partShift) + j;
                nm0[to] = nodeMask0[from0];
                nm1[to] = nodeMask1[from0];
                nh[to] = nodeHead[from0];
                nt[to] = nodeTail[from0];
            }
        }
        line = nLine;
        lo = nLo;
        len = nLen;
        mask0 = m0;
        mask1 = m1;
        dataMask0 = d0;
        dataMask1 = d1;
        write = w;
        head = h;
        tail = t;
        data = bytes;
        serve = at;
        fseq = fs;
        left = l;
        step = st;
        from = fr;
        base = ba;
        touched = tc;
        arrive = ar;
        ownLink = ol;
        starter = sr;
        nodeMask0 = nm0;
        nodeMask1 = nm1;
        nodeHead = nh;
        nodeTail = nt;
        // The slots moved: part i is in slot i now.
        combiner.regrow(cap, start, count, count == 0 ? 0 : oldMask, line);
        start = 0;
    }

    /** The bits of line bytes [lo, lo + len) in the mask word of bytes 0..63 (lo + len <= unit <= 128). */
    static long maskBits0(int first, int length) {
        return first < 64 ? bits(first, Math.min(first + length, 64)) : 0;
    }

    /** The bits of line bytes [lo, lo + len) in the mask word of bytes 64..127. */
    static long maskBits1(int first, int length) {
        int hi = first + length;
        return hi > 64 ? bits(Math.max(first, 64) - 64, hi - 64) : 0;
    }

    /** Bits [from, to) of a long, 0 <= from <= to <= 64. */
    static long bits(int fromBit, int toBit) {
        if (fromBit >= toBit) {
            return 0;
        }
        long upTo = toBit == 64 ? -1L : (1L << toBit) - 1;
        return upTo & (-1L << fromBit);
    }
}
