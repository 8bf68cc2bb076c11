package gpusim.memory.cache;

import gpusim.sim.MemoryClient;
import gpusim.sim.MemoryRequest;

/**
 * A miss status holding register: one line being fetched, the parts of client requests waiting on it in
 * arrival order (applied to the line at its fill, so request order is the order), and the line's bytes
 * and validity as they will be installed. Entries live in an {@link MshrFile}, which reuses them; gem5's
 * {@code MSHR} ({@code src/mem/cache/mshr.hh}) and Akita's MSHR entry
 * ({@code mem/mshr/mshr.go}) hold the same: the block address, the waiting targets, and the data.
 */
final class Mshr {
    long line;
    /**
     * The targets, in arrival order: target k is the part [addr, addr + len) of request r, which completes
     * at the fill when {@code completes} (parallel arrays, grown on demand: a record a merge was a steady
     * allocation, and entries are reused).
     */
    private MemoryRequest[] tReq = new MemoryRequest[4];
    private long[] tAddr = new long[4];
    private int[] tLen = new int[4];
    private boolean[] tCompletes = new boolean[4];
    private int targets;
    /** The line's bytes as they will be installed: the sectors it kept (if it was resident) and those fetched. */
    final byte[] bytes;
    MemoryClient owner;
    /** Whether the line was resident (a sector miss took it out of its way) rather than allocated anew. */
    boolean wasResident;
    /** Sectors kept from the resident line, and their dirty ones. */
    long keptValid;
    long keptDirty;
    /** Sectors valid once the fill is installed and the targets applied; those the targets dirty. */
    long willBeValid;
    long dirtied;
    long fetchedBytes;
    int fetchesPending;
    /**
     * Byte masks only (else null): the bytes the resident line held (they win over the fill), the bytes
     * valid once the fetches land and the parts are applied, and the dirty ones then.
     */
    final long[] keptBytes;
    final long[] validBytes;
    final long[] dirtyBytes;

    Mshr(int lineBytes, int maskWords) {
        this.bytes = new byte[lineBytes];
        this.keptBytes = maskWords == 0 ? null : new long[maskWords];
        this.validBytes = maskWords == 0 ? null : new long[maskWords];
        this.dirtyBytes = maskWords == 0 ? null : new long[maskWords];
    }

    /**
     * Makes a free entry (new, or back from {@link MshrFile#recycle}) the MSHR of {@code line}: every field as a
     * new one has, so that reuse is invisible. {@code resident}: its bytes and masks are about to be
     * copied from the line's way whole, so they need no clearing.
     */
    Mshr reset(long line, MemoryClient owner, boolean resident) {
        this.line = line;
        this.owner = owner;
        java.util.Arrays.fill(tReq, 0, targets, null);
        targets = 0;
        wasResident = false;
        keptValid = 0;
        keptDirty = 0;
        willBeValid = 0;
        dirtied = 0;
        fetchedBytes = 0;
        fetchesPending = 0;
        if (!resident) {
            java.util.Arrays.fill(bytes, (byte) 0);
            if (keptBytes != null) {
                java.util.Arrays.fill(keptBytes, 0L);
                java.util.Arrays.fill(validBytes, 0L);
                java.util.Arrays.fill(dirtyBytes, 0L);
            }
        }
        return this;
    }

    /** Adds a target: part [addr, addr + len) of {@code r}, completing at the fill when {@code completes}. */
    void addTarget(MemoryRequest r, long addr, int len, boolean completes) {
        if (targets == tReq.length) {
            int n = 2 * targets;
            tReq = java.util.Arrays.copyOf(tReq, n);
            tAddr = java.util.Arrays.copyOf(tAddr, n);
            tLen = java.util.Arrays.copyOf(tLen, n);
            tCompletes = java.util.Arrays.copyOf(tCompletes, n);
        }
        tReq[targets] = r;
        tAddr[targets] = addr;
        tLen[targets] = len;
        tCompletes[targets] = completes;
        targets++;
    }

    /** The targets waiting on this line. */
    int targets() {
        return targets;
    }

    MemoryRequest targetRequest(int k) {
        return tReq[k];
    }

    long targetAddress(int k) {
        return tAddr[k];
    }

    int targetLength(int k) {
        return tLen[k];
    }

    boolean targetCompletes(int k) {
        return tCompletes[k];
    }
}
