package gpusim.memory;

import gpusim.memory.cache.Cache;
import gpusim.memory.cache.HitCalendar;
import gpusim.memory.cache.Interleave;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.MemoryClient;
import gpusim.sim.MemoryPort;
import gpusim.sim.MemoryRequest;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The L2: one {@link Cache} slice in front of each memory channel, the memory's front door
 * when {@code l2.enabled}. A request is cut at interleave-granule boundaries; each piece goes
 * to the slice of its channel ({@link MemorySystem#channelOf}: the slice is chosen by the
 * same address hash as the channel, so a slice only ever talks to its own channel when
 * {@code l2.line <= memory.interleave}; a wider line's fill spans channels). A slice's misses,
 * write-backs and write-throughs go to the channels through the memory's channel door (the
 * path every request took before the L2). With {@code query.counter_path=direct}, writes
 * tagged {@link MemoryClient#COUNTER} take that door themselves, past the L2, as the DB's
 * occlusion writes did on GFX6-8 and Xbox One (GFX7-class; RADV's radv_query.c,
 * radv_occlusion_query_use_l2(): occlusion query writes don't go through L2 on GFX6-8, so
 * the driver polls with WAIT_REG_MEM instead of reading them in a shader); with {@code l2},
 * they go through their slice as on GFX9+ (that function is true from GFX9).
 *
 * <p>Admission. Each slice has an input queue of {@code memory.queue_depth} pieces (the
 * crossbar's request queue in front of the slice). A request is admitted whole or refused:
 * it goes in only if every slice it touches has room for its pieces (a request with more
 * pieces on a slice than the whole queue waits for that queue to be empty), as the channels
 * admit theirs. A piece offered to an empty queue goes straight into its slice in the same
 * cycle; one the slice refuses (no free MSHR) waits in the queue, which the slice drains when
 * it wakes this component. A refused client is woken when a queue it needed moves.
 *
 * <p>Coherence: the functional bytes land at the front door, the caches and channels model
 * only timing. At admission a write's bytes go into {@link DeviceMemory} and a read takes
 * its bytes from it; the pieces sent on carry no bytes (reads are {@link MemoryRequest#fetch}es,
 * writes {@link MemoryRequest#timedWrite}s), and the slices hold none
 * ({@link gpusim.memory.cache.CacheParams#withoutBytes}): tags, validity and dirtiness only. Why: with the L2 off, requests to one address are served in the
 * order they were admitted (an address always maps to the same channel, a channel is a
 * FIFO), so every read sees exactly the writes admitted before it; applying each request
 * at admission gives the same bytes by construction, on every path at once -- through a
 * write-back slice, through a write-through one, and past the L2 for direct counter writes,
 * which would otherwise leave a slice's copy of the line stale or have a dirty victim
 * written back over them. A dump, a query resolve and the end-of-run query decode read
 * device memory and see data that is, for timing, still dirty in a slice, with no flush
 * to model. Dirty lines left at the end of a run are written back only with
 * {@code l2.flush_at_end} ({@link #flush}: the run then ends when the channels have taken
 * them); without it no cycles are charged for them. A poll that reads at admission may see a write earlier than it would have
 * with the L2 off: a wait ends at another cycle, never with another value.
 */
public final class L2Slices implements Component, MemoryRequest.Client {
    private final MemorySystem system;
    private final Engine engine;
    private final DeviceMemory memory;
    private final L2Params params;
    private final Cache[] slices;
    /** Completes the slices' hits (one event a cycle for all of them). */
    private final HitCalendar hits;
    private final ArrayDeque<MemoryRequest>[] queued;

    private final List<List<Component>> blocked = new ArrayList<>();
    private final int depth;
    private final long granule;
    private final int[] need;
    private final Stat.Scalar[] countersDirect;
    private final Stat.Scalar[] countersThrough;
    /** Per slice: dirty lines the end-of-run flush wrote back (with l2.flush_at_end only; null otherwise). */
    private final Stat.Scalar[] flushed;
    private long seq;
    private int outstanding;

    /** The slices of {@code params}; slice c sends its misses, write-backs and write-throughs to {@code below(c)}. */
    L2Slices(MemorySystem system, Engine engine, DeviceMemory memory, MemorySystem.Params mp, L2Params params,
             java.util.function.IntFunction<MemoryPort> below) {
        this.system = system;
        this.engine = engine;
        this.memory = memory;
        this.params = params;
        this.depth = mp.queueDepth();
        this.granule = mp.interleave();
        this.slices = new Cache[mp.channels()];
        @SuppressWarnings("unchecked")
        ArrayDeque<MemoryRequest>[] qs = new ArrayDeque[mp.channels()];
        this.queued = qs;
        this.need = new int[mp.channels()];
        this.countersDirect = new Stat.Scalar[mp.channels()];
        this.countersThrough = new Stat.Scalar[mp.channels()];
        this.flushed = new Stat.Scalar[mp.channels()];
        Interleave share = new Interleave(mp.channels(), mp.interleave());
        for (int c = 0; c < slices.length; c++) {
            slices[c] = new Cache("l2_" + c, engine, below.apply(c), params.slice().withoutBytes(), share);
            queued[c] = new ArrayDeque<>();
            blocked.add(new ArrayList<>());
            StatGroup g = slices[c].stats();
            countersDirect[c] = g.scalar("counter_writes_direct", "pieces",
                    "COUNTER writes to this slice's addresses that went past it straight to the channel "
                            + "(query.counter_path=direct; one per interleave granule a write touches)");
            countersThrough[c] = g.scalar("counter_writes_l2", "pieces",
                    "COUNTER writes that went through this slice (query.counter_path=l2)");
            if (params.flushAtEnd() || params.flushAtHostSync()) {
                flushed[c] = g.scalar("flushed_lines", "lines",
                        "dirty lines this slice wrote back in flushes (l2.flush_at_end, memory.flush_at_host_sync)");
            }
        }
        this.hits = new HitCalendar("memory.l2_hits", engine, slices);
    }

    /**
     * l2.flush_at_end: every slice writes its dirty lines back, ready at {@code now} (the run's
     * end); returns the lines written back, all slices together.
     */
    int flush(long now) {
        int n = 0;
        for (int c = 0; c < slices.length; c++) {
            int k = slices[c].flush(now);
            if (flushed[c] != null) {
                flushed[c].add(k);
            }
            n += k;
        }
        return n;
    }

    /** The slices, slice c in front of channel c. */
    public List<Cache> slices() {
        return List.of(slices);
    }

    /**
     * Registers this front door, then the slices highest first (the engine ticks later registrations first),
     * then the calendar of their hits (run before them in a cycle: {@link HitCalendar}).
     */
    void register() {
        engine.add(this);
        for (int c = slices.length - 1; c >= 0; c--) {
            engine.add(slices[c]);
        }
        engine.add(hits);
    }

    /** Client requests admitted and not yet complete. */
    int pending() {
        return outstanding;
    }

    boolean request(MemoryRequest r, Component requester, long now) {
        boolean write = r.kind() == MemoryRequest.Kind.WRITE;
        boolean counter = write && r.from() == MemoryClient.COUNTER;
        long end = r.address() + r.size();
        if (counter && params.countersDirect()) {
            // Past the L2: a timing copy through the channel door, which admits it or refuses it whole.
            MemoryRequest t = MemoryRequest.timedWrite(r.address(), r.size(), this, r).from(r.from());
            if (!system.toChannels(t, requester, now, false)) {
                return false;
            }
            admit(r, now);
            r.partAdded();
            long a = r.address();
            do {
                countersDirect[system.channelOf(a)].inc();
                a = (a & -granule) + granule;
            } while (a < end);
            return true;
        }
        long a = r.address();
        if ((a & -granule) == ((end - 1) & -granule)) {
            // One granule, so one slice: the usual (a cache's line fill or write-back). Only its queue is asked.
            int c = system.channelOf(a);
            ArrayDeque<MemoryRequest> q = queued[c];
            if (q.size() >= depth) { // depth >= 1: room for one piece
                refuse(c, requester);
                return false;
            }
            admit(r, now);
            MemoryRequest p = piece(r, a, (int) (end - a), write);
            r.partAdded();
            toSlice(c, p, counter, now);
            return true;
        }
        Arrays.fill(need, 0);
        do {
            need[system.channelOf(a)]++;
            a = (a & -granule) + granule;
        } while (a < end);
        for (int c = 0; c < slices.length; c++) {
            int n = need[c];
            ArrayDeque<MemoryRequest> q = queued[c];
            if (n > 0 && !(n <= depth ? q.size() + n <= depth : q.isEmpty())) {
                refuse(c, requester);
                return false;
            }
        }
        admit(r, now);
        // Every piece is made and counted on r before the first goes to its slice, so that r's count of parts
        // left is whole before any completes (a local array: this path is rare).
        MemoryRequest[] pieces = new MemoryRequest[(int) ((((end - 1) & -granule) - (r.address() & -granule))
                / granule) + 1];
        int n = 0;
        a = r.address();
        do {
            long pieceEnd = Math.min((a & -granule) + granule, end);
            pieces[n++] = piece(r, a, (int) (pieceEnd - a), write);
            r.partAdded();
            a = pieceEnd;
        } while (a < end);
        for (int k = 0; k < n; k++) {
            MemoryRequest p = pieces[k];
            toSlice(system.channelOf(p.address()), p, counter, now);
        }
        return true;
    }

    /** Refuses {@code requester} for want of room in slice {@code c}'s queue: it is woken when that queue moves. */
    private void refuse(int c, Component requester) {
        system.refused();
        if (!blocked.get(c).contains(requester)) {
            blocked.get(c).add(requester);
        }
    }

    /** The piece of client request {@code r} at [a, a + len) that goes to a slice: a fetch or a timed write. */
    private MemoryRequest piece(MemoryRequest r, long a, int len, boolean write) {
        MemoryRequest p;
        if (write) {
            p = MemoryRequest.timedWrite(a, len, this, r);
        } else {
            p = MemoryRequest.fetch(a, len, this, r);
            if (r.isPoll()) {
                p.poll();
            }
        }
        return p.from(r.from());
    }

    /** Piece {@code p} goes into slice {@code c}, or waits in its queue behind others (or when the slice refuses it). */
    private void toSlice(int c, MemoryRequest p, boolean counter, long now) {
        if (counter) {
            countersThrough[c].inc();
        }
        ArrayDeque<MemoryRequest> q = queued[c];
        if (!q.isEmpty() || !slices[c].request(p, this, now)) {
            q.add(p); // the slice wakes this component when an MSHR frees
        }
    }

    /** Admits a client request: counts it and applies its bytes to device memory now (see the class comment). */
    private void admit(MemoryRequest r, long now) {
        r.admitted(seq++, now);
        outstanding++;
        system.admittedClient(r);
        if (r.kind() == MemoryRequest.Kind.WRITE) {
            if (r.data() != null) { // a timed write leaves the bytes as they are
                memory.write(r.address(), r.data(), 0, r.size());
            }
        } else if (r.data() != null) {
            memory.read(r.address(), r.data(), 0, r.size());
        }
    }

    /** A piece completed (in its slice, or in the channels for a direct counter write). */
    @Override
    public void memoryDone(MemoryRequest piece, long now) {
        MemoryRequest r = (MemoryRequest) piece.tag();
        if (r.partDone(now)) {
            outstanding--;
            if (r.client() != null) {
                r.client().memoryDone(r, now);
            }
            if (outstanding == 0) {
                system.idle(now);
            }
        }
    }

    @Override
    public String name() {
        return "memory.l2";
    }

    /** Offers each slice's waiting pieces, in order, until the slice refuses one. */
    @Override
    public boolean tick(long now) {
        boolean progress = false;
        for (int c = 0; c < slices.length; c++) {
            ArrayDeque<MemoryRequest> q = queued[c];
            boolean moved = false;
            while (!q.isEmpty() && slices[c].request(q.peek(), this, now)) {
                progress |= !q.poll().isPoll();
                moved = true;
            }
            if (moved) {
                for (Component w : blocked.get(c)) {
                    engine.wakeAt(w, now);
                }
                blocked.get(c).clear();
            }
        }
        return progress;
    }

    @Override
    public boolean hasPendingWork() {
        return outstanding > 0;
    }

    /** A piece other than a poll waiting for its slice is a change to come. */
    @Override
    public boolean working(long now) {
        for (ArrayDeque<MemoryRequest> q : queued) {
            for (MemoryRequest p : q) {
                if (!p.isPoll()) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The slices' statistics are children of the memory's ({@code memory.l2_N}); this door has none of its own. */
    @Override
    public StatGroup stats() {
        return noStats;
    }

    private final StatGroup noStats = new StatGroup("l2", "the L2's front door (its slices report as memory.l2_N)");

    @Override
    public String describe() {
        StringBuilder sb = new StringBuilder().append(outstanding).append(" requests outstanding");
        for (int c = 0; c < slices.length; c++) {
            sb.append("; l2_").append(c).append(": ").append(queued[c].size()).append(" queued, ")
                    .append(slices[c].describe());
        }
        return sb.toString();
    }
}
