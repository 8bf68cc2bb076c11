package gpusim.memory.cache;

import gpusim.sim.Engine;
import gpusim.sim.MemoryRequest;

/**
 * The hit path's fixed latency: the parts that hit (or complete as hits: a write allocated without a
 * fetch, a write merged under byte masks) and the cycle each completes, hit latency cycles after its
 * lookup, in order (every entry has the same latency, so completion order is arrival order). The data
 * array's pipeline, Akita's bank stage ({@code mem/cache/writeback/bankstage.go}) in a write-back cache.
 *
 * <p>A ring of parallel primitive arrays (a power of two long, doubled when full), not a queue of
 * records: a record per hit was much of the allocation left per miss.
 */
final class HitPipeline {
    private final long latency;
    private MemoryRequest[] req = new MemoryRequest[16];
    private long[] at = new long[16];
    private int head;
    private int count;

    HitPipeline(long latency) {
        this.latency = latency;
    }

    /** A part of {@code r} looked up at {@code now} completes {@code latency} later; returns whether the pipeline was empty. */
    boolean add(MemoryRequest r, long now) {
        if (count == req.length) {
            int n = req.length;
            req = Rings.unwrap(req, head, new MemoryRequest[2 * n]);
            at = Rings.unwrap(at, head, new long[2 * n]);
            head = 0;
        }
        int i = (head + count++) & (req.length - 1);
        req[i] = r;
        at[i] = now + latency;
        return count == 1;
    }

    /** The oldest request whose part completes by {@code now}, taken out; null when none does. */
    MemoryRequest takeDue(long now) {
        if (count == 0 || at[head] > now) {
            return null;
        }
        MemoryRequest r = req[head];
        req[head] = null;
        head = (head + 1) & (req.length - 1);
        count--;
        return r;
    }

    /** The completion cycle of the oldest part, or {@link Engine#NEVER} when empty. */
    long nextDue() {
        return count > 0 ? at[head] : Engine.NEVER;
    }

    /** Whether a part of a request other than a poll is in the pipeline (its completion is a change to come). */
    boolean holdsWork() {
        for (int k = 0; k < count; k++) {
            if (!req[(head + k) & (req.length - 1)].isPoll()) {
                return true;
            }
        }
        return false;
    }
}
