package gpusim.memory;

import gpusim.memory.dram.DramController;
import gpusim.memory.dram.DramParams;
import gpusim.sim.MemoryClient;
import gpusim.sim.MemoryRequest;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.StatGroup;
import gpusim.sim.WakeList;

/**
 * One memory channel: a clocked component with its own bounded FIFO of line parts. The
 * head part is served when the channel is free: a part carrying B bytes occupies the
 * channel for max(1, ceil(B / bytes_per_cycle)) cycles, plus partial_write_cycles for a
 * write covering less than the whole line (a read-modify-write), and completes
 * {@code latency} cycles after its service ends. A write's bytes land in device memory
 * when it is served, a read's bytes are taken then, so a later request to the same
 * address (which always maps to this channel) sees them: the FIFO is the ordering.
 *
 * <p>With write combining, a write part whose line already has a write waiting (not yet
 * served) in this queue, with no other request to that line queued after it, merges
 * into it: its bytes go under the waiting write's byte mask (later bytes win) and it takes
 * no queue slot. Both are told when the merged write completes.
 *
 * <p>With DRAM behind the channel ({@code memory.dram}, {@link DramParams}) the head part is
 * instead handed, in queue order, to the channel's {@link DramController} as soon as the
 * controller has room for its accesses (one per {@code dram.access_bytes} block the part's
 * bytes touch); its bytes move then, as above, so results stay in queue order whatever the
 * DRAM reorders. The controller schedules the accesses (FR-FCFS, in memory cycles) and the
 * part completes at the first GPU cycle at or after the end of its last access's data;
 * bytes_per_cycle, latency and partial_write_cycles are not used.
 *
 * <p>Hot state lives in primitive arrays: the waiting ring ({@link ChannelQueue}: line address,
 * byte range, mask, data), the in-flight ring (completion cycle, chain of requests: {@link InFlight}),
 * and a pool of links that chain the requests a slot serves ({@link RequestChains}). Nothing is
 * allocated per part once the arrays have grown to the run's working size. Write combining's index
 * of the waiting ring is {@link WriteCombiner}; the way into the DRAM, {@link DramPort}.
 */
public final class MemoryChannel implements Component {
    private final MemorySystem system;
    private final Engine engine;
    private final DeviceMemory memory;
    private final int index;
    private final String name;
    private final int unit;
    private final int depth;
    private final long latency;
    private final long bytesPerCycle;
    private final long partialCycles;
    private final boolean combining;

    /** The waiting parts, one slot each (a read burst's parts share one). */
    private final ChannelQueue q;
    /** Parts waiting in the queue: what its room counts. */
    private int waiting;
    /** The service cycles of a part that moves a whole line of reads. */
    private final int lineService;
    /** Write combining: which waiting write a new write to its line may merge into. */
    private final WriteCombiner combiner;

    /** Served parts waiting out their latency. */
    private final InFlight flight;

    /**
     * Scheduled mode (no DRAM, no timeline hook). A part's service cycle is decided when it arrives: the
     * later of the next cycle and the end of the part before it (FIFO); a merge that changes a waiting
     * part's service moves the parts after it ({@link #retiming}). So the part is served when taken: its
     * bytes move (in queue order, as serving would move them: a merge writes its bytes at once, and
     * a read queued after a waiting write to its line stops merges into it), its statistics are
     * counted and it goes in flight; it stays in the waiting ring until its service cycle only to
     * count against the queue's room and to take merges. The channel then ticks only when an entry
     * that may complete a request lands, and at a service cycle when a client is blocked (to wake it
     * then, as serving would). Results, cycles and statistics are those of serving a part a tick.
     */
    private final boolean schedulable;
    /**
     * How this channel serves its queue ({@link ChannelService}): {@link Scheduled} when {@link #schedulable}
     * and no timeline hook watches (decided at the first part, when the engine's hook is known), else
     * {@link #unscheduled}. Null until then: a tick before any part is {@link #unscheduled}'s.
     */
    private ChannelService service;
    /** The service without scheduling, known when the channel is built: {@link DramFed} with DRAM, else {@link Ticked}. */
    private final ChannelService unscheduled;
    /** Whether {@link #service} is {@link Scheduled} (read on every retire). */
    private boolean onArrival;
    /**
     * Scheduled mode with every part served in one cycle (bytes_per_cycle >= the part, no partial-write
     * cost: the default machine). The parts not yet served then take the cycles now + 1, now + 2, ...
     * up to {@link #busyUntil} - 1, one each (a part is served at the later of the cycle after it arrives
     * and the end of the part before it), so the queue's room, the departures and the cycle a held client
     * is woken are arithmetic on {@link #busyUntil}, {@link #runStart} and {@link #partsTaken}, with no walk
     * of the ring; the ring is retired only to free its slots.
     */
    private final boolean unitParts;
    /**
     * Scheduled mode in which a merge may change a waiting part's service (write combining, and a part of
     * more than bytes_per_cycle bytes, whose service is its bytes' cycles, or a partial-write cost, which a
     * merge that fills the line saves): the part then ends later or sooner, and so may every part queued
     * after it ({@link #retime}). A held client is woken by this channel when its room has come
     * ({@link #wakeHeld}), not at a cycle decided at its refusal, which a merge could move.
     */
    private final boolean retiming;
    /** Retiming or fed to DRAM: the clients held here, which this channel wakes when the room they wait for has come. */
    private final HeldClients held;
    /** The parts that have left the waiting ring (counted where parts are not all one cycle). */
    private long partsGone;
    /** Retiming: the slots a merge moves and by how many cycles (scratch, at most the queue's slots). */
    private int[] movedSlot = new int[16];
    private long[] movedBy = new long[16];
    /** Retiming: the merges that changed a waiting part's service (for tests: the host's work, not the machine's). */
    private long retimed;
    /** The most parts of a write burst (see the constructor). */
    private static final int MAX_BURST_PARTS = 8;
    /** Unit parts: the parts taken so far (those that took a slot: a merge takes none). */
    private long partsTaken;
    /** The first cycle of the run of back-to-back services that ends at {@link #busyUntil}. */
    private long runStart;
    /** Scheduled mode: the service cycle of the last part to leave the waiting ring. */
    private long lastServe = -1;
    /** Scheduled mode: the request whose parts are being taken and the latest in-flight entry among them. */
    private long curSeq = -1;
    private long curMaxF;

    /** The requests each slot serves: one link per request part. */
    private final RequestChains links = new RequestChains();

    private long busyUntil;
    private long lastArrivalCycle = -1;
    private long lastArrivalSeq = -1;
    /** Clients refused for want of room, to wake when a part leaves the queue. */
    private final WakeList blocked;
    /**
     * Scheduled or fed to DRAM: the distinct cycles at which parts have left the waiting ring, each one
     * at which serving wakes the blocked clients (see {@link #hold}).
     */
    private long departures;

    /** Wakes this component by its engine index (no lookup a wake). */
    private final gpusim.sim.Waker self;

    /** The channel's statistics. */
    private final ChannelStats st;

    /** The DRAM behind the channel, or null (none: the fixed-latency model). */
    private final DramPort dram;

    MemoryChannel(MemorySystem system, Engine engine, DeviceMemory memory, int index, MemorySystem.Params p) {
        this.system = system;
        this.engine = engine;
        this.self = new gpusim.sim.Waker(engine, this);
        this.blocked = new WakeList(engine);
        this.held = new HeldClients(engine::wake, index);
        this.memory = memory;
        this.index = index;
        this.name = "memory.channel" + index;
        this.unit = p.unit();
        this.depth = p.queueDepth();
        this.latency = p.latency();
        this.bytesPerCycle = p.bytesPerCycle();
        this.partialCycles = p.partialWriteCycles();
        this.combining = p.writeCombining();
        this.lineService = (int) Math.max(1, (unit + bytesPerCycle - 1) / bytesPerCycle);
        this.schedulable = p.dram() == null;
        this.unitParts = schedulable && bytesPerCycle >= unit && partialCycles == 0;
        this.retiming = schedulable && combining && !unitParts;
        // A write in one granule is one burst slot when it is served as it arrives with write combining
        // (every part one cycle then): up to a granule's parts, 8 at most, a render back end cache's
        // 256-byte line in 32-byte parts. Every slot keeps room for that many merge nodes, so a longer
        // write (a 4 KiB copy) takes a slot a part instead of making a deep queue's ring 64 nodes a slot.
        this.combiner = new WriteCombiner(combining, unit,
                combining && unitParts ? Math.min(MAX_BURST_PARTS, p.interleave() / unit) : 1);
        this.flight = new InFlight(combiner.partsPerSlot());
        // Start small and double on demand: a deep queue (up to 65536 parts of 128 bytes) costs
        // host memory only if a run fills it.
        this.q = new ChannelQueue(unit, Math.min(16, Integer.highestOneBit(Math.max(1, depth - 1)) << 1), combiner);
        st = new ChannelStats(index);
        dram = p.dram() == null ? null : new DramPort(p, engine, this, system, links, flight, st.group, st.busy);
        unscheduled = dram != null ? new DramFed() : new Ticked();
    }

    public int index() {
        return index;
    }

    /** Parts waiting in the queue. */
    public int queued() {
        return waiting;
    }

    /** The merges that changed a waiting part's service, scheduled ({@link #retime}): the host's work, for tests. */
    long retimed() {
        return retimed;
    }

    /** Served parts whose latency has not yet passed. */
    public int inFlight() {
        return flight.count();
    }

    /**
     * Whether {@code parts} new queue slots can be taken now: there is room for them all,
     * or (a request larger than the whole queue) the queue is empty.
     */
    boolean hasRoom(int parts, long now) {
        if (unitParts && onArrival) {
            long w = unitWaiting(now);
            return parts <= depth ? w + parts <= depth : w == 0;
        }
        if (waiting + parts <= depth) {
            return true; // room before a part leaves; retiring only makes more (the ring is retired where read)
        }
        retire(now);
        return parts <= depth ? waiting + parts <= depth : waiting == 0;
    }

    /**
     * Holds refused request {@code r} of {@code requester}, which needs {@code slots} new slots here,
     * when {@code requester} offers it again at every tick until it is taken (a cache: see
     * MemorySystem#toChannels); served a part a tick (a timeline hook attached, without DRAM) it
     * {@link #block}s it instead. Blocked, the
     * client would be woken at every cycle a part leaves the queue and offer again; room grows only
     * as parts leave, so every such offer before the part whose departure leaves room for
     * {@code slots} (if nothing else is taken meanwhile) would be refused. A held client is woken
     * only at that part's service cycle (where that cycle may yet move, retiming or fed to DRAM, at
     * the tick it comes: {@link #wakeHeld}): no cycle changes, and the offers skipped are counted when
     * {@code r} is offered again ({@link #departuresBefore}, from the mark kept on {@code r}), so
     * memory.refusals is what it was. That cycle never comes sooner for a write that may merge:
     * a write to merge into arrives only with a new slot of its own, which takes the room the merge
     * saves (a read never opens one, and only the newest part of a line takes merges).
     */
    void hold(Component requester, MemoryRequest r, int slots, long now) {
        if (!onArrival && (dram == null || engine.hook() != null)) {
            block(requester, now);
            return;
        }
        if (unitParts) {
            // The m-th part to leave does at now + m (see unitParts).
            long w = unitWaiting(now);
            r.hold(index, partsTaken - w);
            engine.wake(blocked.engineIndex(requester), now + (slots <= depth ? w + slots - depth : w));
            return;
        }
        // The refusal found waiting + slots > depth (or, slots > depth, a non-empty queue), so at
        // least one part must leave: the m-th to leave, counting the slots' parts in queue order.
        int m = slots <= depth ? waiting + slots - depth : waiting;
        r.hold(index, departures);
        int client = blocked.engineIndex(requester);
        if (!onArrival || retiming) {
            // Fed to DRAM, a part leaves when the controller has room for it, which is not known ahead; retiming,
            // a merge may yet move that part's departure: this channel wakes the client at the tick the part
            // has left (wakeHeld), as serving would then, and ticks then (DRAM: at its controller's decisions).
            held.keep(client, r, partsGone + m);
            if (retiming) {
                self.wakeAt(leaveAt(m));
            }
            return;
        }
        engine.wake(client, leaveAt(m));
    }

    /** Scheduled, not unit parts: the cycle the {@code m}-th waiting part (from 1, in queue order) leaves. */
    private long leaveAt(int m) {
        int mask = q.mask();
        for (int i = 0; i < q.count; i++) {
            int s = (q.start + i) & mask;
            if (m <= q.left[s]) {
                // A slot's parts leave at q.serve, then q.step later, then one line's service apart (retire).
                return m == 1 ? q.serve[s] : q.serve[s] + q.step[s] + (long) (m - 2) * lineService;
            }
            m -= q.left[s];
        }
        throw new IllegalStateException(name + ": part " + m + " of " + waiting + " waiting");
    }

    /**
     * Retiming or fed to DRAM, at a tick after parts have left: wakes the held clients whose part has
     * left now (serving would wake them now, blocked, and their offer be the first that may fit: see
     * {@link #hold}) and drops those offered again since their hold (admitted, or held anew). Retiming
     * ({@code scheduled}), returns the cycle the next of the others' parts leaves, or {@link Engine#NEVER}:
     * the channel ticks then, so a part is found the cycle it leaves (a merge that puts the departure back
     * makes that tick early; one that brings it forward makes the channel tick at the next cycle, see
     * {@link #retime}). Fed to DRAM, the channel ticks at every decision of its controller,
     * which is when parts may leave.
     */
    private long wakeHeld(long now, boolean scheduled) {
        long next = held.wake(partsGone, now);
        return scheduled && next != Long.MAX_VALUE ? leaveAt((int) (next - partsGone)) : Engine.NEVER;
    }

    /**
     * Scheduled mode: the departure cycles before {@code now}; with a held request's mark, the
     * cycles at which its client, blocked, would have been woken and refused ({@link #hold}).
     */
    long departuresBefore(long now) {
        if (unitParts) {
            // Every part leaves at a cycle of its own: those served before now.
            return partsTaken - Math.max(0, busyUntil - Math.max(now, runStart));
        }
        retire(now);
        return lastServe == now ? departures - 1 : departures;
    }

    void block(Component requester, long now) {
        blocked.add(requester);
        if (onArrival) {
            // Serving would wake it when the next part leaves the queue: tick then.
            long at = nextDeparture(now);
            if (at != Engine.NEVER) {
                self.wakeAt(at);
            }
        }
    }

    /**
     * Scheduled mode: the cycle the next waiting part leaves, or {@link Engine#NEVER} when none waits: with
     * unit parts the next cycle while parts wait (one leaves every cycle of the busy run), else the service
     * cycle of the ring's head.
     */
    private long nextDeparture(long now) {
        if (unitParts) {
            return unitWaiting(now) > 0 ? now + 1 : Engine.NEVER;
        }
        return q.count > 0 ? q.serve[q.start] : Engine.NEVER;
    }


    /** Unit parts: the parts not yet served at {@code now} (see {@link #unitParts}). */
    private long unitWaiting(long now) {
        return Math.max(0, busyUntil - 1 - now);
    }

    /** Scheduled mode: the waiting parts whose service cycle has come leave the ring (their slots free). */
    private void retire(long now) {
        if (!onArrival) {
            return;
        }
        int mask = q.mask();
        while (q.count > 0 && q.serve[q.start] <= now) {
            int s = q.start;
            long first = q.serve[s];
            // The slot's parts served by now, counted at once: a read burst's parts leave at q.serve, then
            // q.step later, then one whole line's service apart (a request is contiguous).
            int left = q.left[s];
            int gone = 1;
            if (left > 1 && now >= first + q.step[s]) {
                gone += (int) Math.min(left - 1, 1 + (now - first - q.step[s]) / lineService);
            }
            long last = gone == 1 ? first : first + q.step[s] + (long) (gone - 2) * lineService;
            // A part's service takes a cycle at least, so only the first part can leave at lastServe.
            departures += first != lastServe ? gone : gone - 1;
            lastServe = last;
            waiting -= gone;
            partsGone += gone;
            if (gone < left) {
                q.left[s] = left - gone;
                q.serve[s] = last + (gone == 1 ? q.step[s] : lineService);
                q.step[s] = lineService;
                return; // the rest of the burst has not come due, nor has anything queued after it
            }
            q.left[s] = 0;
            combiner.leave(s, q.line[s]);
            q.start = (s + 1) & mask;
            q.count--;
        }
    }

    /** The slot of the newest waiting part for {@code line} if it is a write (so a write may merge into it), else -1. */
    int mergeTarget(long line, long now) {
        // Only the newest part for the line may take the write: merging past a read of the
        // line would let the read see bytes written after it. The chains find that slot
        // without a scan of the queue (a scan was most of the host time with surfaces in
        // memory, whose queues grow long).
        if (!combining) {
            return -1;
        }
        int node = combiner.mergeTarget(line, q.line, q.write);
        // Scheduled, a part whose service cycle has come is served even before its slot is retired, and so
        // is every older part of its line: no waiting part of the line is left to merge into. (A slot's
        // parts are served a cycle apart from q.base: write bursts are taken only with every part one cycle.)
        return node >= 0 && onArrival && q.base[combiner.slotOf(node)] + combiner.partOf(node) <= now ? -1 : node;
    }

    /** Whether this channel serves in scheduled mode ({@link #schedulable}), decided at its first request. */
    boolean scheduled() {
        if (service == null) {
            service = schedulable && engine.hook() == null ? new Scheduled() : unscheduled;
            onArrival = service.servesOnArrival();
        }
        return onArrival;
    }

    /**
     * Takes one part of {@code r}: bytes [lo, lo + len) of the line at {@code line}, into
     * the waiting write {@code mergeInto} (a part found by {@link #mergeTarget}) or a new slot
     * when it is -1.
     */
    void accept(MemoryRequest r, long line, int lo, int len, int mergeInto, long now, boolean last, boolean split) {
        boolean scheduled = scheduled();
        boolean write = r.kind() == MemoryRequest.Kind.WRITE;
        st.arrived(1, write);
        arrived(r, now);
        int link = links.add(r, now);
        if (scheduled) {
            acceptScheduled(r, line, lo, len, mergeInto, now, write, link, last, split);
            return;
        }
        int s;
        if (mergeInto >= 0) {
            s = combiner.slotOf(mergeInto); // a slot of one part: bursts are taken in scheduled mode only
            merge(s, link);
        } else {
            s = takeSlot(line, lo, len, write, link, combining, now);
            self.wakeAt(now + 1);
        }
        if (write) {
            q.setMask(s, lo, len);
            if (r.data() != null) {
                System.arraycopy(r.data(), (int) (line + lo - r.address()), q.data, s * unit + lo, len);
                q.dataMask0[s] |= ChannelQueue.maskBits0(lo, len);
                q.dataMask1[s] |= ChannelQueue.maskBits1(lo, len);
            }
        }
    }

    /** Counts a conflict when another request already arrived this cycle (a request's later parts are not one). */
    private void arrived(MemoryRequest r, long now) {
        if (now == lastArrivalCycle && r.seq() != lastArrivalSeq) {
            st.conflicts.inc();
            system.conflict();
        }
        if (now != lastArrivalCycle || r.seq() != lastArrivalSeq) {
            lastArrivalCycle = now;
            lastArrivalSeq = r.seq();
        }
    }

    /**
     * Scheduled mode: takes and serves read {@code r}, all of whose parts fall in this channel (one
     * interleave granule), as one burst ({@link #takeBurst}). Nothing merges into a read, so it takes no
     * merge chain (see WriteCombiner#close).
     */
    void acceptRead(MemoryRequest r, long now) {
        long a = r.address();
        long end = a + r.size();
        long first = a & -(long) unit;
        int parts = (int) ((end - 1 - first) / unit) + 1;
        st.arrived(parts, false);
        arrived(r, now);
        if (combining) {
            for (long line = first; line < end; line += unit) {
                combiner.close(line, q.line, q.write);
            }
        }
        takeBurst(r, now, a, end, first, parts, false, links.add(r, now));
    }

    /**
     * Scheduled mode: request {@code r} (chained from {@code link}), bytes [a, end) in {@code parts} parts
     * from line {@code first}, all in this channel, taken and served as one burst: a read, or a write
     * when nothing can merge into its parts (write combining off). Its parts are served back to back from
     * the cycle the first would be, so service cycles, bytes, delays and statistics are those of taking
     * them one by one; one link and one in-flight entry, which completes the request when its last part
     * would, and one slot, which leaves the waiting ring a part at a time ({@link #retire}), so the queue's
     * room is the same; with unit parts, no slot (the room is arithmetic, and nothing merges into it).
     */
    private void takeBurst(MemoryRequest r, long now, long a, long end, long first, int parts, boolean write,
                           int link) {
        long serve = Math.max(now + 1, busyUntil);
        int s = -1;
        if (unitParts) {
            // Every part one cycle: the queue's room and departures are arithmetic on the busy run, and nothing
            // merges into a burst, so it takes no slot of the ring (see unitParts), only its place in the count.
            partsTaken += parts;
        } else {
            int firstLen = (int) (Math.min(first + unit, end) - a);
            s = takeSlot(first, (int) (a - first), firstLen, write, link, false, now);
            q.serve[s] = serve;
            q.left[s] = parts;
            waiting += parts - 1;
            partsTaken += parts - 1;
            q.step[s] = (int) serviceCycles(firstLen, write);
        }
        if (r.data() != null) {
            if (write) {
                memory.write(a, r.data(), 0, r.size());
            } else {
                memory.read(a, r.data(), 0, r.size());
            }
        }
        st.moved(r.from(), r.size());
        r.partServed(serve);
        // Each part waits from now to its service: the first's, then one part's service more each.
        long start = serve;
        if (unitParts) {
            st.waitedRun(serve - now, parts);
            serve += parts;
        } else {
            long at = a;
            for (int i = 0; i < parts; i++) {
                long partEnd = Math.min((at & -(long) unit) + unit, end);
                st.waited(serve - now);
                serve += serviceCycles(partEnd - at, write);
                at = partEnd;
            }
        }
        long fseq = occupy(start, serve - start, link);
        if (s >= 0) {
            q.fseq[s] = fseq;
        }
        significant(fseq);
    }

    /**
     * Scheduled mode: takes and serves write {@code r}, all of whose parts fall in this channel (one
     * interleave granule) and none of which merges into a waiting write ({@link #mergeTarget} found
     * none). Each part takes its slot, on its line's merge chain, and goes in flight as
     * {@link #acceptScheduled} would take it, with the same service cycles, bytes, delays and
     * statistics; but the request has one link, on its last part, which completes it. The other
     * parts' slots start with no requests: a later write merging into one of them chains onto the
     * slot and its in-flight entry then ({@link #merge}).
     */
    void acceptWrite(MemoryRequest r, long now) {
        long a = r.address();
        long end = a + r.size();
        long first = a & -(long) unit;
        int parts = (int) ((end - 1 - first) / unit) + 1;
        st.arrived(parts, true);
        arrived(r, now);
        int link = links.add(r, now);
        if (!combining) {
            takeBurst(r, now, a, end, first, parts, true, link);
            return;
        }
        if (parts > 1 && parts <= combiner.partsPerSlot()) {
            takeWriteBurst(r, now, a, end, first, parts, link);
            return;
        }
        long serve = Math.max(now + 1, busyUntil);
        r.partServed(serve);
        long fseq = 0;
        long at = a;
        for (int i = 0; i < parts; i++) {
            long line = at & -(long) unit;
            long partEnd = Math.min(line + unit, end);
            int lo = (int) (at - line);
            int len = (int) (partEnd - at);
            int l = i == parts - 1 ? link : -1;
            int s = takeSlot(line, lo, len, true, l, combining, now);
            if (retiming && i == 0 && l < 0) {
                q.starter[s] = r;
            }
            q.from[s] = r.from();
            q.serve[s] = serve;
            q.base[s] = serve;
            q.setMask(s, lo, len);
            if (r.data() != null) {
                memory.write(at, r.data(), (int) (at - a), len);
            }
            st.waited(serve - now);
            long service = serviceCycles(len, true);
            fseq = occupy(serve, service, l);
            q.fseq[s] = fseq;
            serve += service;
            at = partEnd;
        }
        st.moved(r.from(), r.size());
        significant(fseq);
    }

    /**
     * Scheduled mode with write combining (every part one cycle): write {@code r}, {@code parts} parts of
     * one granule none of which merges, as one slot whose parts are each on their line's merge chain
     * (WriteCombiner#takeBurst) and which goes in flight as one run of parts (InFlight#pushRun), so that a
     * later write can merge into any part: the service cycles, bytes, delays, completions and statistics of
     * taking them slot by slot ({@link #acceptWrite}), without a slot, an entry and a retire a part. A part's
     * byte mask and merged requests are kept only once a merge touches it ({@link #mergeIntoBurst}).
     */
    private void takeWriteBurst(MemoryRequest r, long now, long a, long end, long first, int parts, int link) {
        int firstLen = (int) (Math.min(first + unit, end) - a);
        int s = takeSlot(first, (int) (a - first), firstLen, true, link, false, now);
        combiner.takeBurst(s, first, parts);
        long serve = Math.max(now + 1, busyUntil);
        q.from[s] = r.from();
        q.serve[s] = serve;
        q.base[s] = serve;
        q.left[s] = parts;
        q.step[s] = 1;
        waiting += parts - 1;
        partsTaken += parts - 1;
        if (r.data() != null) {
            memory.write(a, r.data(), 0, r.size());
        }
        r.partServed(serve);
        // The parts one cycle each from serve: their delays, the channel's busy run, and one in-flight run
        // of parts completing a cycle apart (as occupy would make them part by part), the request's on the last.
        st.waitedRun(serve - now, parts);
        occupyRun(serve, parts);
        long fseq = flight.pushRun(serve + 1 + latency, parts, link);
        q.fseq[s] = fseq;
        fseq += parts - 1;
        st.moved(r.from(), r.size());
        significant(fseq);
    }

    /**
     * Scheduled mode: part {@code j} of write burst slot {@code s} (node {@code node}) takes link {@code link},
     * a write of bytes [lo, lo + len) of its line: chained onto the part's requests and its in-flight entry,
     * its new bytes added to the part's mask and counted. Returns the entry's sequence number.
     */
    private long mergeIntoBurst(int s, int j, int node, int lo, int len, int link) {
        long bit = 1L << j;
        boolean lastPart = j == combiner.parts(s) - 1;
        if ((q.touched[s] & bit) == 0) {
            // The part as the burst left it: its share of the burst's bytes (the burst's request is the slot's),
            // and that request on the last.
            MemoryRequest burst = links.request(q.head[s]);
            int plo = j == 0 ? q.lo[s] : 0;
            int plen = j == 0 ? q.len[s]
                    : lastPart ? (int) (burst.address() + burst.size() - (q.line[s] + (long) j * unit)) : unit;
            q.nodeMask0[node] = ChannelQueue.maskBits0(plo, plen);
            q.nodeMask1[node] = ChannelQueue.maskBits1(plo, plen);
            q.nodeHead[node] = lastPart ? q.head[s] : -1;
            q.nodeTail[node] = lastPart ? q.tail[s] : -1;
            q.touched[s] |= bit;
        }
        long fseq = q.fseq[s] + j;
        // The client of the write merged into: its first request's, or (no request on the part yet) the burst's.
        MemoryClient into = q.nodeHead[node] >= 0 ? links.request(q.nodeHead[node]).from() : q.from[s];
        if (q.nodeTail[node] < 0) {
            q.nodeHead[node] = link;
            flight.setChain(fseq, link);
        } else {
            links.append(q.nodeTail[node], link);
        }
        q.nodeTail[node] = link;
        st.combined.inc();
        system.combined();
        long before = Long.bitCount(q.nodeMask0[node]) + Long.bitCount(q.nodeMask1[node]);
        q.nodeMask0[node] |= ChannelQueue.maskBits0(lo, len);
        q.nodeMask1[node] |= ChannelQueue.maskBits1(lo, len);
        long added = Long.bitCount(q.nodeMask0[node]) + Long.bitCount(q.nodeMask1[node]) - before;
        st.moved(into, added);
        return fseq;
    }

    /**
     * Chains link {@code link} (a part merging into the waiting write in slot {@code s}) onto the slot;
     * onto its in-flight entry too when the slot has no requests yet (a part of {@link #acceptWrite}'s).
     */
    private void merge(int s, int link) {
        if (q.tail[s] < 0) {
            q.head[s] = link;
            flight.setChain(q.fseq[s], link);
        } else {
            links.append(q.tail[s], link);
        }
        q.tail[s] = link;
        st.combined.inc();
        system.combined();
    }

    /**
     * A new waiting slot of one part at the queue's tail for bytes [lo, lo + len) of {@code line}, its
     * requests chained from {@code link}; on its line's merge chain when {@code chained}.
     */
    private int takeSlot(long line, int lo, int len, boolean write, int link, boolean chained, long now) {
        waiting++;
        partsTaken++;
        int s = q.take(line, lo, len, write, link, chained);
        if (retiming) {
            taken(s, link, now);
        }
        return s;
    }

    /** Retiming: slot {@code s} was taken at {@code now}, its requests chained from {@code link} (see {@link #shift}). */
    private void taken(int s, int link, long now) {
        q.arrive[s] = now;
        q.ownLink[s] = link >= 0;
        q.starter[s] = null;
    }

    /**
     * Retiming: a merge changed waiting write slot {@code s}'s service by {@code change} cycles (more bytes
     * to move, or a partial-write cost saved). Serving a part a tick would serve it with its bytes when its
     * service begins, so it ends that much later or sooner, and a part queued after it begins at the later of
     * the cycle after it arrived and the end of the part before it: each slot after it, until one that does
     * not move, is moved, and with it its in-flight entry, its parts' delays and its requests' first service
     * cycles. Nothing else was decided from those cycles: the head of the waiting ring (whose service cycle
     * wakes blocked clients) is {@code s} or older, and a held client's wake is checked when it comes
     * ({@link #wakeHeld}); where parts come sooner, the channel ticks at the next cycle to find the sooner
     * completions and departures. Rare (a merge that adds a bytes_per_cycle's worth to a part, or fills its
     * line), and at most a queue's slots.
     */
    private void retime(int s, long change, long now) {
        retimed++;
        st.busy.add(change);
        system.served(change);
        flight.delay(q.fseq[s], change);
        int mask = q.mask();
        long end = flight.done(q.fseq[s]) - latency;
        int after = q.count - 1 - ((s - q.start) & mask);
        if (movedSlot.length < after) {
            movedSlot = new int[Integer.highestOneBit(after) << 1];
            movedBy = new long[movedSlot.length];
        }
        int n = 0;
        boolean toTail = true;
        for (int t = (s + 1) & mask, i = 0; i < after; i++, t = (t + 1) & mask) {
            long d = Math.max(q.arrive[t] + 1, end) - q.serve[t];
            if (d == 0) {
                toTail = false; // it and the parts after it keep their cycles
                break;
            }
            movedSlot[n] = t;
            movedBy[n++] = d;
            end = flight.done(q.fseq[t]) - latency + d;
        }
        if (toTail) {
            busyUntil = end;
        }
        // Last first: a request's first service cycle is moved by its first part's slot only (one whose
        // moved cycle equals a later slot's old one is not moved twice).
        for (int i = n - 1; i >= 0; i--) {
            shift(movedSlot[i], movedBy[i]);
        }
        if (change < 0) {
            st.delaysShortened();
            self.wakeAt(now + 1);
        }
    }

    /** Retiming: waiting slot {@code t}'s parts begin {@code d} cycles later (sooner, d < 0; see {@link #retime}). */
    private void shift(int t, long d) {
        long old = q.serve[t];
        q.serve[t] = old + d;
        q.base[t] += d;
        flight.delay(q.fseq[t], d);
        // The slot's own parts, from its arrival: a read burst's a part's service apart (see retire).
        long start = old;
        for (int k = 0; k < q.left[t]; k++) {
            st.waitedLonger(start - q.arrive[t], d);
            start += k == 0 ? q.step[t] : lineService;
        }
        int l = q.head[t];
        if (q.ownLink[t] && l >= 0) {
            links.request(l).serviceMoved(old, old + d);
            l = links.next(l);
        }
        for (; l >= 0; l = links.next(l)) { // the parts merged into it, each from its own arrival
            st.waitedLonger(old - links.arrived(l), d);
            links.request(l).serviceMoved(old, old + d);
        }
        if (q.starter[t] != null) {
            q.starter[t].serviceMoved(old, old + d);
        }
    }

    /**
     * Scheduled mode: takes and serves one part (see {@link #schedulable}). Its bytes move now, its
     * statistics are those serving counts (a merge adds the bytes it newly covers), and a new slot
     * goes in flight at once with its completion cycle.
     */
    private void acceptScheduled(MemoryRequest r, long line, int lo, int len, int mergeInto, long now, boolean write,
                                 int link, boolean last, boolean split) {
        int s;
        long serve;
        long fseq;
        if (mergeInto >= 0 && combiner.parts(combiner.slotOf(mergeInto)) > 1) {
            s = combiner.slotOf(mergeInto);
            int j = combiner.partOf(mergeInto);
            fseq = mergeIntoBurst(s, j, mergeInto, lo, len, link);
            if (r.data() != null) { // a timed write leaves the bytes as they are
                memory.write(line + lo, r.data(), (int) (line + lo - r.address()), len);
            }
            serve = q.base[s] + j;
        } else if (mergeInto >= 0) {
            s = combiner.slotOf(mergeInto);
            // The client of the write merged into: its first request's, or (no request on the slot yet) its own.
            MemoryClient into = q.head[s] >= 0 ? links.request(q.head[s]).from() : q.from[s];
            merge(s, link);
            long before = Long.bitCount(q.mask0[s]) + Long.bitCount(q.mask1[s]);
            q.setMask(s, lo, len);
            long added = Long.bitCount(q.mask0[s]) + Long.bitCount(q.mask1[s]) - before;
            st.moved(into, added);
            if (retiming) {
                long change = serviceCycles(before + added, true) - serviceCycles(before, true);
                if (change != 0) {
                    retime(s, change, now);
                }
            }
            if (r.data() != null) { // a timed write leaves the bytes as they are
                memory.write(line + lo, r.data(), (int) (line + lo - r.address()), len);
            }
            serve = q.serve[s];
            fseq = q.fseq[s];
        } else {
            s = takeSlot(line, lo, len, write, link, combining, now);
            serve = Math.max(now + 1, busyUntil);
            q.serve[s] = serve;
            q.base[s] = serve;
            if (write) {
                q.setMask(s, lo, len);
                if (r.data() != null) {
                    memory.write(line + lo, r.data(), (int) (line + lo - r.address()), len);
                }
            } else if (r.data() != null) {
                memory.read(line + lo, r.data(), (int) (line + lo - r.address()), len);
            }
            st.moved(r.from(), len);
            fseq = occupy(serve, serviceCycles(len, write), link);
            q.fseq[s] = fseq;
        }
        r.partServed(serve);
        st.waited(serve - now);
        // The entry whose completion may complete r: every part of a request split over granules
        // (channels count its parts down together), else the latest entry among r's parts here.
        if (split) {
            significant(fseq);
        } else {
            if (r.seq() != curSeq) {
                curSeq = r.seq();
                curMaxF = fseq;
            } else {
                curMaxF = Math.max(curMaxF, fseq);
            }
            if (last) {
                significant(curMaxF);
            }
        }
    }

    /** Marks in-flight entry {@code fseq} as one the channel must tick at. */
    private void significant(long fseq) {
        long at = flight.markSignificant(fseq);
        if (at >= 0) {
            self.wakeAt(at);
        }
    }

    /**
     * Completes the in-flight entries landed by {@code now}: each of their requests counts a part
     * done, and one whose last part it was completes. Returns whether any was not a poll (polls are
     * timed like any read but are no progress, MemoryRequest#poll). In scheduled mode an entry may
     * be taken after its cycle, but only one that completes no request (see {@link #significant}).
     */
    private boolean landed(long now) {
        boolean progress = false;
        while (flight.headDone() <= now) {
            int l = flight.headChain();
            long done = flight.headDone();
            flight.pop();
            while (l >= 0) {
                MemoryRequest r = links.request(l);
                int next = links.next(l);
                links.free(l);
                l = next;
                progress |= !r.isPoll();
                if (r.partDone(done)) {
                    if (done != now) {
                        throw new IllegalStateException(name + ": a request completed at " + now
                                + " by a part that landed at " + done);
                    }
                    system.complete(r, now);
                }
            }
        }
        return progress;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean tick(long now) {
        return (service != null ? service : unscheduled).tick(now);
    }

    /**
     * Serving a part a tick, without DRAM and with a timeline hook (the reference {@link Scheduled} is
     * tested against): the head part is served when the channel is free
     * ({@link #serve}: its bytes move, it occupies the channel for its service cycles and goes in
     * flight), and the channel sleeps until the next completion or the end of the part being served.
     */
    private final class Ticked implements ChannelService {
        @Override
        public boolean tick(long now) {
            boolean progress = landed(now);
            if (q.count > 0 && busyUntil <= now) {
                progress |= !links.onlyPolls(q.head[q.start]);
                serve(now);
                blocked.wakeAll(now);
            }
            long next = flight.headDone();
            if (q.count > 0) {
                next = Math.min(next, Math.max(busyUntil, now + 1));
            }
            if (next != Engine.NEVER) {
                self.wakeAt(next);
            }
            return progress;
        }

        @Override
        public boolean servesOnArrival() {
            return false;
        }
    }

    /**
     * Serving into the DRAM behind the channel: completions first, then head parts go to the
     * controller while it has room, it decides everything due by this cycle's memory cycle, and the
     * channel sleeps until the next completion or decision.
     */
    private final class DramFed implements ChannelService {
        @Override
        public boolean tick(long now) {
            boolean progress = landed(now);
            dram.tick(now);
            boolean moved = false;
            while (true) {
                boolean any = false;
                while (q.count > 0 && dram.hasRoom(dram.accesses(q.write[q.start], q.mask0[q.start], q.mask1[q.start],
                        q.lo[q.start], q.len[q.start]))) {
                    progress |= !links.onlyPolls(q.head[q.start]);
                    serve(now);
                    any = true;
                }
                if (dram.advance(now) == 0 && !any) {
                    break;
                }
                moved |= any;
            }
            dram.sync();
            if (moved) {
                departures++;
                lastServe = now;
                blocked.wakeAll(now);
                if (!held.isEmpty()) {
                    wakeHeld(now, false);
                }
            }
            long next = Math.min(flight.headDone(), dram.nextDecision(now));
            if (next != Engine.NEVER) {
                self.wakeAt(next);
            }
            return progress;
        }

        @Override
        public boolean servesOnArrival() {
            return false;
        }
    }

    /**
     * Serving on arrival (see {@link #schedulable}): a part is served when taken, so a tick only
     * retires the parts whose service cycle has come from the waiting ring (waking the clients
     * blocked on it, when one left this cycle) and completes the entries landed by now.
     */
    private final class Scheduled implements ChannelService {
        @Override
        public boolean servesOnArrival() {
            return true;
        }

        @Override
        public boolean tick(long now) {
            retire(now);
            // A part left now: unit parts, one a cycle through the busy run (a burst has no slot); else the ring's.
            if (unitParts ? runStart <= now && now < busyUntil : lastServe == now) {
                blocked.wakeAll(now);
            }
            long heldNext = held.isEmpty() ? Engine.NEVER : wakeHeld(now, true);
            boolean progress = landed(now);
            long next = Math.min(flight.nextSignificant(), heldNext);
            if (!blocked.isEmpty()) {
                next = Math.min(next, nextDeparture(now)); // serving wakes them when the next part leaves
            }
            if (next != Engine.NEVER) {
                self.wakeAt(next);
            }
            if (progress) {
                // Progress without the re-tick next cycle that returning true asks for.
                engine.noteProgress();
            }
            return false;
        }
    }

    /**
     * Whether a part of a request other than a poll is waiting or in flight: its completion
     * is a change to come, however long memory.latency is.
     */
    @Override
    public boolean working(long now) {
        for (int i = 0; i < q.count; i++) {
            if (!links.onlyPolls(q.head[(q.start + i) & q.mask()])) {
                return true;
            }
        }
        for (int i = 0; i < flight.count(); i++) {
            if (!links.onlyPolls(flight.chain(i))) {
                return true;
            }
            for (long bits = flight.partChains(i); bits != 0; bits &= bits - 1) {
                if (!links.onlyPolls(flight.partChain(i, Long.numberOfTrailingZeros(bits)))) {
                    return true;
                }
            }
        }
        return dram != null && dram.holdsWork();
    }

    /**
     * Serves the head part: moves its bytes, and occupies the channel and puts it in flight
     * (or, with DRAM, hands it to the controller).
     */
    private void serve(long now) {
        int s = q.start;
        q.start = (q.start + 1) & q.mask();
        q.count--;
        waiting--;
        partsGone++;
        long line = q.line[s];
        combiner.leave(s, line);
        long moved;
        if (q.write[s]) {
            long m0 = q.mask0[s];
            long m1 = q.mask1[s];
            moved = Long.bitCount(m0) + Long.bitCount(m1);
            writeMasked(line, s * unit, q.dataMask0[s], 0);
            writeMasked(line, s * unit, q.dataMask1[s], 64);
        } else {
            int lo = q.lo[s];
            int len = q.len[s];
            MemoryRequest r = links.request(q.head[s]);
            if (r.data() != null) {
                memory.read(line + lo, r.data(), (int) (line + lo - r.address()), len);
            }
            moved = len;
        }
        for (int l = q.head[s]; l >= 0; l = links.next(l)) {
            MemoryRequest r = links.request(l);
            r.partServed(now);
            st.waited(now - links.arrived(l));
        }
        st.moved(links.request(q.head[s]).from(), moved);
        if (dram != null) {
            dram.handOff(line, q.write[s], q.mask0[s], q.mask1[s], q.lo[s], q.len[s], q.head[s], now);
            return;
        }
        occupy(now, serviceCycles(moved, q.write[s]), q.head[s]);
        if (engine.hook() != null) {
            engine.hook().span(this, "busy", now, busyUntil);
        }
    }

    /** Writes the bytes under the 64-bit {@code mask} (covering line bytes base..base+63) as runs of set bits. */
    private void writeMasked(long line, int dataOff, long mask, int base) {
        while (mask != 0) {
            int from = Long.numberOfTrailingZeros(mask);
            int to = from + Long.numberOfTrailingZeros(~(mask >>> from));
            if (to > 64) {
                to = 64;
            }
            memory.write(line + base + from, q.data, dataOff + base + from, to - from);
            mask &= to == 64 ? 0 : -1L << to;
        }
    }

    /**
     * The cycles a part moving {@code moved} bytes occupies the channel: max(1, ceil(moved /
     * bytes_per_cycle)), and for a write covering only part of its line the read-modify-write's
     * partial_write_cycles more.
     */
    private long serviceCycles(long moved, boolean write) {
        long service = Math.max(1, (moved + bytesPerCycle - 1) / bytesPerCycle);
        if (write && moved > 0 && moved < unit) {
            service += partialCycles; // read the line, merge, write it back
        }
        return service;
    }

    /**
     * Occupies the channel for {@code service} cycles from {@code start} and puts the part whose
     * requests are chained from {@code link} in flight, completing {@code latency} cycles after;
     * returns its in-flight entry's sequence number.
     */
    private long occupy(long start, long service, int link) {
        occupyRun(start, service);
        return flight.push(busyUntil + latency, link);
    }

    /** Occupies the channel for {@code service} cycles from {@code start} (the busy run, its statistics). */
    private void occupyRun(long start, long service) {
        if (start > busyUntil) {
            runStart = start; // a new run of back-to-back services
        }
        st.busy.add(service);
        system.served(service);
        busyUntil = start + service;
    }

    /** The {@code p}th percentile of the queueing delays so far (nearest rank), 0 when there are none. */
    double percentile(double p) {
        return st.percentile(p);
    }

    @Override
    public boolean hasPendingWork() {
        return q.count > 0 || flight.count() > 0 || (dram != null && dram.parts() > 0);
    }

    @Override
    public StatGroup stats() {
        return st.group;
    }

    @Override
    public String describe() {
        return waiting + " queued, " + flight.count() + " in flight, " + (dram == null ? "busy until " + busyUntil
                : dram.describe());
    }
}
