package gpusim.memory.cache;

import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.MemoryPort;
import gpusim.sim.MemoryRequest;

/**
 * Everything a cache sends downstream (fills, dirty victims' write-backs, write-through writes), in one
 * FIFO in the order it was made, each from the cycle it may go (after the tag lookup). The head is
 * offered to the downstream port until it refuses (the port wakes the cache when it has room). One FIFO
 * keeps order per address: a re-fetch of an evicted line goes after its write-back, so it sees it. The
 * last write of a write-back frees its write-back buffer entry (an {@link MshrFile} entry) when the
 * downstream accepts it. Akita's write-back cache has the same stage ({@code WriteBufferStage},
 * {@code mem/cache/writeback/writebufferstage.go}), which sends fetches and evictions below in order.
 *
 * <p>A ring of parallel primitive arrays (a power of two long, doubled when full), not a queue of
 * records: a record per request sent was much of the allocation left per miss.
 */
final class WriteBuffer {
    private MemoryRequest[] req = new MemoryRequest[16];
    private long[] at = new long[16];
    private boolean[] frees = new boolean[16];
    private int head;
    private int count;

    /**
     * Queues {@code r} to go downstream from cycle {@code readyAt}; {@code freesEntry}: its acceptance frees
     * an MSHR file entry. Returns whether the buffer was empty (the caller then ticks at {@code readyAt}).
     */
    boolean add(MemoryRequest r, long readyAt, boolean freesEntry) {
        if (count == req.length) {
            int n = req.length;
            req = Rings.unwrap(req, head, new MemoryRequest[2 * n]);
            at = Rings.unwrap(at, head, new long[2 * n]);
            frees = Rings.unwrap(frees, head, new boolean[2 * n]);
            head = 0;
        }
        int i = (head + count++) & (req.length - 1);
        req[i] = r;
        at[i] = readyAt;
        frees[i] = freesEntry;
        return count == 1;
    }

    /**
     * Offers the requests ready by {@code now} to {@code downstream} in order, as {@code requester}, until
     * one is refused; each accepted that frees an entry releases it in {@code mshrs}. Returns whether any
     * was accepted.
     */
    boolean drain(long now, MemoryPort downstream, Component requester, MshrFile mshrs) {
        boolean moved = false;
        while (count > 0 && at[head] <= now) {
            if (!downstream.request(req[head], requester, now)) {
                break; // the downstream wakes the requester when it has room
            }
            boolean f = frees[head];
            req[head] = null;
            head = (head + 1) & (req.length - 1);
            count--;
            moved = true;
            if (f) {
                mshrs.release(now);
            }
        }
        return moved;
    }

    /** The cycle the head becomes ready when that is after {@code now}, else {@link Engine#NEVER} (none, or ready). */
    long readyAfter(long now) {
        return count > 0 && at[head] > now ? at[head] : Engine.NEVER;
    }

    /** Requests waiting to go downstream. */
    int size() {
        return count;
    }
}
