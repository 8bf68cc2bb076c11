package gpusim.memory;

import gpusim.config.Config;
import gpusim.config.ConfigKey;
import gpusim.config.KeyGroup;
import gpusim.memory.cache.Cache;
import gpusim.memory.cache.Interleave;
import gpusim.memory.dram.DramParams;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.MemoryPort;
import gpusim.sim.MemoryRequest;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import java.util.List;

/**
 * The timed memory: {@code channels} {@link MemoryChannel}s, each a clocked component with
 * its own bounded queue, behind one front door. A request is split at line boundaries
 * (and at interleave boundaries, when the interleave granule is smaller than a line) into
 * parts; byte address a belongs to channel (a / interleave) mod channels. The request is
 * admitted whole or refused: it goes in only if every channel it touches has room for its
 * parts there (a request with more parts on a channel than that channel's whole queue
 * waits for the queue to be empty instead, so that it cannot wait forever). A refused
 * client is woken when the channel that refused it takes a part off its queue. The client
 * is told once, when the last part completes; a read's parts fill in its data.
 *
 * <p>Requests to one address stay in order because an address always maps to the same
 * channel and a channel serves its queue in order (write combining never merges a write
 * past another request to its line). A write's bytes land when its part is served, so a
 * later read of them, from any client, sees them.
 *
 * <p>With an L2 ({@link L2Params#enabled}), {@link L2Slices} is the front door: clients keep
 * calling {@link #request}, which hands the request to the slices; the slices, and counter
 * writes that go past them, reach the channels through the channel door (what
 * {@link #request} does without an L2). Channel and slice selection is {@link #channelOf}:
 * the granule number a / interleave mod channels, or with {@code memory.hash=xor} an XOR
 * fold of it.
 *
 * <p>This component itself holds no clocked state (its {@link #tick} does nothing); the
 * channels must be registered with the engine too: {@link #register} does both, or register
 * {@link #channels()} after this component.
 */
public final class MemorySystem implements Component, MemoryPort {
    // ---- Configuration keys (KEYS lists them) ----
    public static final ConfigKey MEMORY_ALIGNMENT = ConfigKey.oneOf("memory.alignment", 256,
            new long[] {8, 16, 32, 64, 128, 256, 512, 1024, 4096, 65536}, "bytes",
            "placement alignment of every buffer, vertex buffer, index buffer and query heap in device memory: "
                    + "each starts at the next multiple of this after the previous one, in trace order");
    public static final ConfigKey MEMORY_QUEUE = ConfigKey.range("memory.queue_depth", 64, 1, 1 << 16, "parts",
            "capacity of each memory channel's queue, in line parts; a client whose request does not fit in a "
                    + "channel it needs stalls");
    public static final ConfigKey MEMORY_CHANNELS = ConfigKey.range("memory.channels", 4, 1, 32, "channels",
            "memory channels; each serves its own request queue");
    public static final ConfigKey MEMORY_INTERLEAVE = ConfigKey.oneOf("memory.interleave", 256,
            new long[] {32, 64, 128, 256, 512, 1024, 2048, 4096}, "bytes",
            "address interleave granule: byte address a goes to channel (a / this) mod memory.channels");
    public static final ConfigKey MEMORY_LINE = ConfigKey.oneOf("memory.line", 64, new long[] {32, 64, 128}, "bytes",
            "memory line (burst) size: a request is split into parts at line boundaries (and at interleave "
                    + "boundaries when memory.interleave is smaller); the unit a channel transfers and combines "
                    + "writes within");
    public static final ConfigKey MEMORY_WRITE_COMBINING = ConfigKey.flag("memory.write_combining", true,
            "a write to a line that already has a write waiting in the channel's queue, with no other request to "
                    + "that line queued after it, merges into it (byte mask) and takes no queue slot");
    public static final ConfigKey MEMORY_PARTIAL_WRITE = ConfigKey.range("memory.partial_write_cycles", 0, 0, 100_000,
            "cycles", "extra channel cycles for a write that covers only part of a line after combining "
                    + "(a read-modify-write)");
    public static final ConfigKey MEMORY_LATENCY = ConfigKey.range("memory.latency", 100, 1, 100_000, "cycles",
            "cycles from a line part's service ending in its channel to its completion (data returned, or write "
                    + "acknowledged)");
    public static final ConfigKey MEMORY_BYTES_PER_CYCLE = ConfigKey.range("memory.bytes_per_cycle", 64, 1, 4096,
            "bytes/cycle", "bandwidth of each memory channel: a line part of B bytes occupies its channel for "
                    + "max(1, ceil(B / this)) cycles");

    /** The memory's keys: the placement of resources in device memory, and the channels. */
    public static final KeyGroup KEYS = KeyGroup.of(200, "memory channels", MEMORY_ALIGNMENT, MEMORY_QUEUE,
            MEMORY_CHANNELS, MEMORY_INTERLEAVE, MEMORY_LINE, MEMORY_WRITE_COMBINING, MEMORY_PARTIAL_WRITE,
            MEMORY_LATENCY, MEMORY_BYTES_PER_CYCLE);
    // ---- end of the configuration keys ----

    /**
     * The memory's shape and costs (each key above gives its meaning); {@code dram}
     * is the DRAM behind every channel, or null for none (a fixed bandwidth and latency).
     */
    public record Params(int channels, int interleave, int line, boolean writeCombining, long partialWriteCycles,
                         int queueDepth, long latency, long bytesPerCycle, DramParams dram) {
        public Params {
            if (channels < 1) {
                throw new IllegalArgumentException("memory: at least one channel");
            }
            if (interleave < 1 || Integer.bitCount(interleave) != 1 || line < 1 || Integer.bitCount(line) != 1
                    || line > 128) {
                throw new IllegalArgumentException("memory: interleave and line must be powers of two, line <= 128");
            }
            if (queueDepth < 1 || latency < 0 || bytesPerCycle < 1 || partialWriteCycles < 0) {
                throw new IllegalArgumentException("memory: bad queue depth, latency, bandwidth or partial cost");
            }
        }

        /** No DRAM behind the channels. */
        public Params(int channels, int interleave, int line, boolean writeCombining, long partialWriteCycles,
                      int queueDepth, long latency, long bytesPerCycle) {
            this(channels, interleave, line, writeCombining, partialWriteCycles, queueDepth, latency, bytesPerCycle,
                    null);
        }

        /** The memory the configuration describes. */
        public static Params of(Config c) {
            return new Params(c.getInt(MEMORY_CHANNELS), c.getInt(MEMORY_INTERLEAVE),
                    c.getInt(MEMORY_LINE), c.flag(MEMORY_WRITE_COMBINING),
                    c.get(MEMORY_PARTIAL_WRITE), c.getInt(MEMORY_QUEUE),
                    c.get(MEMORY_LATENCY), c.get(MEMORY_BYTES_PER_CYCLE), DramParams.of(c));
        }

        /** The same memory with {@code dram} behind its channels (null: none). */
        public Params withDram(DramParams dram) {
            return new Params(channels, interleave, line, writeCombining, partialWriteCycles, queueDepth, latency,
                    bytesPerCycle, dram);
        }

        /**
         * One channel, 128-byte lines, no combining, no partial-write cost: a single in-order
         * memory (for test rigs that do not study the memory).
         */
        public static Params single(int queueDepth, long latency, long bytesPerCycle) {
            return new Params(1, 4096, 128, false, 0, queueDepth, latency, bytesPerCycle);
        }

        /**
         * The bytes one part covers at most: a line, or the interleave granule when that is
         * smaller (a line then spreads over several channels, each holding its granules).
         */
        public int unit() {
            return Math.min(line, interleave);
        }
    }

    private final Engine engine;
    private final DeviceMemory memory;
    private final Params params;
    private final MemoryChannel[] channels;
    private final int unit;
    private final int interleaveShift;
    private final int[] need;
    /** The request (and its bytes) whose parts {@link #need} counts channel by channel. */
    private MemoryRequest needOf;
    private long needAddress;
    private long needEnd;
    private final L2Params l2Params;
    /** The L2 slices when enabled, else null. */
    private final L2Slices l2;
    /** The cache levels below the L2 ({@link L2Params#below}), nearest the L2 first: level k's cache c is [k][c]. */
    private final Cache[][] below;
    private final int hashBits;
    /** channels - 1 when channels is a power of two, else -1. */
    private final long channelMask;
    private long seq;
    private int outstanding;
    private java.util.function.LongConsumer idleListener = t -> { };

    private final StatGroup stats = new StatGroup("memory", "device memory: every channel, with totals");
    private final Stat.Scalar requests = stats.scalar("requests", "requests",
            "requests admitted (a request split over several lines or channels counts once)");
    private final Stat.Scalar reads = stats.scalar("reads", "requests", "read requests admitted");
    private final Stat.Scalar writes = stats.scalar("writes", "requests", "write requests admitted");
    private final Stat.Scalar bytesRead = stats.scalar("bytes_read", "bytes", "bytes read by clients");
    private final Stat.Scalar bytesWritten = stats.scalar("bytes_written", "bytes", "bytes written by clients");
    private final Stat.Scalar conflicts = stats.scalar("conflicts", "requests",
            "sum over channels of requests that arrived in a cycle in which another request had already arrived there");
    private final Stat.Scalar combinedWrites = stats.scalar("combined_writes", "parts",
            "sum over channels of write parts merged into a waiting write to the same line");
    private final Stat.Scalar refusals = stats.scalar("refusals", "requests",
            "requests refused because a channel queue they needed was full (the client stalled)");
    private final Stat.Scalar channelBusy = stats.scalar("channel_busy_cycles", "cycles",
            "sum over channels of cycles spent serving parts");

    public MemorySystem(Engine engine, DeviceMemory memory, Params params) {
        this(engine, memory, params, L2Params.OFF);
    }

    /** The memory with {@code l2}'s slices in front of its channels (when enabled) and its channel hash. */
    public MemorySystem(Engine engine, DeviceMemory memory, Params params, L2Params l2) {
        this.engine = engine;
        this.memory = memory;
        this.params = params;
        this.unit = params.unit();
        this.interleaveShift = Integer.numberOfTrailingZeros(params.interleave());
        this.channels = new MemoryChannel[params.channels()];
        this.need = new int[params.channels()];
        this.l2Params = l2;
        this.hashBits = 32 - Integer.numberOfLeadingZeros(params.channels() - 1);
        this.channelMask = Integer.bitCount(params.channels()) == 1 ? params.channels() - 1 : -1;
        // Behind an L2 the bytes land at the front door (L2Slices) and nothing sent on carries any:
        // the channels get an empty memory of their own, which no request writes.
        DeviceMemory channelBytes = l2.enabled() ? new DeviceMemory(memory.alignment()) : memory;
        for (int c = 0; c < channels.length; c++) {
            channels[c] = new MemoryChannel(this, engine, channelBytes, c, params);
            stats.child(channels[c].stats());
        }
        if (l2.enabled()) {
            MemoryPort door = new MemoryPort() {
                @Override
                public boolean request(MemoryRequest r, Component requester, long now) {
                    return toChannels(r, requester, now, false);
                }

                @Override
                public int pending() {
                    return outstanding;
                }
            };
            // The levels below the L2 are wired from the channels up: each level's cache c sends to the
            // next level's cache c, the last to the channel door; the slices send to the first.
            Interleave share = new Interleave(params.channels(), params.interleave());
            this.below = new Cache[l2.below().size()][params.channels()];
            for (int k = below.length - 1; k >= 0; k--) {
                for (int c = 0; c < params.channels(); c++) {
                    MemoryPort next = k == below.length - 1 ? door : below[k + 1][c];
                    below[k][c] = new Cache("l" + (k + 3) + "_" + c, engine, next, l2.below().get(k).withoutBytes(),
                            share);
                }
            }
            this.l2 = new L2Slices(this, engine, memory, params, l2, c -> below.length == 0 ? door : below[0][c]);
            for (Cache slice : this.l2.slices()) {
                stats.child(slice.stats());
            }
            for (Cache[] level : below) {
                for (Cache cache : level) {
                    stats.child(cache.stats());
                }
            }
        } else {
            this.l2 = null;
            this.below = new Cache[0][];
        }
        stats.formula("bytes_per_request", "bytes", "(bytes_read + bytes_written) / requests",
                () -> (double) (bytesRead.get() + bytesWritten.get()) / requests.get());
        stats.formula("channel_balance", "ratio",
                "busiest channel's busy_cycles / mean channel busy_cycles (1 = evenly spread)", this::balance);
    }

    private double balance() {
        long max = 0;
        for (MemoryChannel ch : channels) {
            max = Math.max(max, ((Stat.Scalar) ch.stats().find("busy_cycles")).get());
        }
        return (double) max * channels.length / channelBusy.get();
    }

    /** Registers this component and then its channels with the engine (so the channels are ticked first). */
    public void register() {
        engine.add(this);
        registerChannels();
    }

    /**
     * Registers the channels with the engine, highest first, so that within a cycle channel
     * 0 is ticked first (the engine ticks later registrations first): a fixed order.
     */
    public void registerChannels() {
        if (l2 != null) {
            l2.register();
        }
        for (Cache[] level : below) {
            for (int c = level.length - 1; c >= 0; c--) {
                engine.add(level[c]);
            }
        }
        for (int c = channels.length - 1; c >= 0; c--) {
            engine.add(channels[c]);
        }
    }

    public List<MemoryChannel> channels() {
        return List.of(channels);
    }

    public Params params() {
        return params;
    }

    public L2Params l2Params() {
        return l2Params;
    }

    /** The L2 slices (slice c in front of channel c), or none when the L2 is off. */
    public List<Cache> l2Slices() {
        return l2 == null ? List.of() : l2.slices();
    }

    /** The caches of level {@code k} below the L2 (0: the level next to it), cache c in front of channel c. */
    public List<Cache> levelBelow(int k) {
        return List.of(below[k]);
    }

    /** Called with the cycle whenever the memory has just completed its last outstanding request. */
    public void onIdle(java.util.function.LongConsumer listener) {
        this.idleListener = listener;
    }

    public DeviceMemory memory() {
        return memory;
    }

    /**
     * The channel (and L2 slice) byte address {@code a} maps to: its granule number
     * g = a / interleave mod channels; with {@code memory.hash=xor}, g XOR g>>k XOR g>>2k ...
     * mod channels, k = ceil(log2 channels): an XOR fold of the address bits above the
     * granule, as GPUs hash their channels so that power-of-two strides spread over them.
     * Results never depend on it.
     */
    public int channelOf(long a) {
        long g = a >>> interleaveShift;
        if (l2Params.xorHash() && hashBits > 0) {
            long h = 0;
            for (long x = g; x != 0; x >>>= hashBits) {
                h ^= x;
            }
            g = h;
        }
        // A power-of-two count (the usual) takes the low bits: the same remainder without a division.
        return channelMask >= 0 ? (int) (g & channelMask) : (int) Long.remainderUnsigned(g, channels.length);
    }

    /**
     * Offers a request at cycle {@code now}. Returns false when a channel it needs has no
     * room; the requester is then woken when that channel frees a slot and should try again.
     */
    @Override
    public int pending() {
        return l2 != null ? l2.pending() : outstanding;
    }

    /**
     * The end of a run with l2.flush_at_end: the slices write their dirty lines back, ready at
     * {@code now}; returns whether any did (the engine must then run on until they are taken).
     */
    public boolean flushL2AtEnd(long now) {
        return l2Params.flushAtEnd() && flushL2(now) > 0;
    }

    /**
     * A host sync with memory.flush_at_host_sync: the slices write their dirty lines back,
     * ready at {@code now}; returns the lines written back (0 without an L2).
     */
    public int flushL2(long now) {
        return l2 == null ? 0 : l2.flush(now);
    }

    @Override
    public boolean request(MemoryRequest r, Component requester, long now) {
        return l2 != null ? l2.request(r, requester, now) : toChannels(r, requester, now, true);
    }

    /**
     * The channel door: splits {@code r} onto the channels, admitted whole or refused. A
     * {@code client} request counts in this group's client totals; the L2's own traffic (and
     * counter writes past it) do not: the front door counts the client request instead.
     */
    boolean toChannels(MemoryRequest r, Component requester, long now, boolean client) {
        if (r.heldChannel() >= 0) {
            // Offered again after a hold: the offers a blocked client would have made meanwhile were refused.
            MemoryChannel h = channels[r.heldChannel()];
            refusals.add(h.departuresBefore(now) - r.heldMark());
            r.unhold();
        }
        long end = r.address() + r.size();
        boolean mayMerge = params.writeCombining() && r.kind() == MemoryRequest.Kind.WRITE;
        long first = r.address() & -unit;
        if (r.address() >>> interleaveShift == (end - 1) >>> interleaveShift) {
            // One interleave granule, so one channel (channelOf depends on the granule only): the
            // usual, a cache's line or sector (an RB cache's 256-byte line is four 64-byte parts),
            // refused and offered again while its channel is full. The general case below for one
            // channel, without a count a channel.
            int c = channelOf(r.address());
            MemoryChannel ch = channels[c];
            int parts = (int) ((end - 1 - first) / unit) + 1;
            if (!ch.hasRoom(parts, now)) {
                // No room for every part: refused unless merges leave fewer new slots that fit.
                int slots = mayMerge ? newSlots(r, c, end, now) : parts;
                if (slots == parts || !fits(ch, slots, now)) {
                    refusals.inc();
                    if (requester instanceof Cache) {
                        // A cache's tick offers its due head every time (Cache#tick), so the
                        // offers a hold skips are exactly those that would have been refused.
                        ch.hold(requester, r, slots, now);
                    } else {
                        ch.block(requester, now);
                    }
                    return false;
                }
            }
            admit(r, now, client, end, mayMerge);
            return true;
        }
        // First pass: the parts each channel would take. A channel with room for them all has
        // room for the new slots they need (merging parts take none; hasRoom is monotone in the
        // count), so only a channel without is asked which of its parts would merge: the
        // admitted parts are looked up once, when accepted.
        if (r != needOf || r.address() != needAddress || end != needEnd) {
            // (A refused request offered again, the usual case, has its counts already.)
            java.util.Arrays.fill(need, 0);
            long a = r.address();
            do {
                need[channelOf(a)]++;
                a = (a & -unit) + unit;
            } while (a < end);
            needOf = r;
            needAddress = r.address();
            needEnd = end;
        }
        for (int c = 0; c < channels.length; c++) {
            if (need[c] > 0 && !channels[c].hasRoom(need[c], now)) {
                if (mayMerge && fits(channels[c], newSlots(r, c, end, now), now)) {
                    continue;
                }
                refusals.inc();
                channels[c].block(requester, now);
                return false;
            }
        }
        admit(r, now, client, end, mayMerge);
        return true;
    }

    /** Whether channel {@code ch} takes {@code slots} new queue slots: none, or as many as it has room for. */
    private static boolean fits(MemoryChannel ch, int slots, long now) {
        return slots == 0 || ch.hasRoom(slots, now);
    }

    /** Admitted at the channel door: hand each part to its channel. */
    private void admit(MemoryRequest r, long now, boolean client, long end, boolean mayMerge) {
        r.admitted(seq++, now);
        outstanding++;
        if (client) {
            admittedClient(r);
        }
        long a = r.address();
        // Split over interleave granules, a request's parts may go to several channels.
        boolean split = a >>> interleaveShift != (end - 1) >>> interleaveShift;
        if (!split) {
            MemoryChannel ch = channels[channelOf(a)];
            if (ch.scheduled()) {
                // All its parts in one scheduled channel: taken together, with one part to count down
                // (a write only when no part of it merges, else part by part below).
                if (r.kind() == MemoryRequest.Kind.READ) {
                    r.partAdded();
                    ch.acceptRead(r, now);
                    return;
                }
                if (!mayMerge || !mergesAny(ch, a, end, now)) {
                    r.partAdded();
                    ch.acceptWrite(r, now);
                    return;
                }
            }
        }
        do {
            long line = a & -unit;
            long partEnd = Math.min(line + unit, end);
            MemoryChannel ch = channels[channelOf(a)];
            r.partAdded();
            ch.accept(r, line, (int) (a - line), (int) (partEnd - a), mayMerge ? ch.mergeTarget(line, now) : -1, now,
                    partEnd >= end, split);
            a = partEnd;
        } while (a < end);
    }

    /** Whether a part of [a, end), all of it in channel {@code ch}, has a waiting write to merge into. */
    private boolean mergesAny(MemoryChannel ch, long a, long end, long now) {
        for (long line = a & -unit; line < end; line += unit) {
            if (ch.mergeTarget(line, now) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** The new queue slots the parts of write {@code r} on channel {@code c} need: those with no waiting write to merge into. */
    private int newSlots(MemoryRequest r, int c, long end, long now) {
        int slots = 0;
        long a = r.address();
        do {
            long line = a & -unit;
            if (channelOf(a) == c && channels[c].mergeTarget(line, now) < 0) {
                slots++;
            }
            a = line + unit;
        } while (a < end);
        return slots;
    }

    /** A client request was admitted (at the channel door, or at the L2's front door). */
    void admittedClient(MemoryRequest r) {
        requests.inc();
        if (r.kind() == MemoryRequest.Kind.WRITE) {
            writes.inc();
            bytesWritten.add(r.size());
        } else {
            reads.inc();
            bytesRead.add(r.size());
        }
    }

    /** The L2's front door refused a client (a slice's input queue was full). */
    void refused() {
        refusals.inc();
    }

    /** The last outstanding client request has completed. */
    void idle(long now) {
        idleListener.accept(now);
    }

    /** A request's last part has completed: tell its client, and the idle listener if nothing is left. */
    void complete(MemoryRequest r, long now) {
        outstanding--;
        if (r.client() != null) {
            r.client().memoryDone(r, now);
        }
        if (outstanding == 0 && l2 == null) {
            idleListener.accept(now);
        }
    }

    void conflict() {
        conflicts.inc();
    }

    void combined() {
        combinedWrites.inc();
    }

    void served(long cycles) {
        channelBusy.add(cycles);
    }

    @Override
    public String name() {
        return "memory";
    }

    /** Nothing to do: the channels are the clocked parts. */
    @Override
    public boolean tick(long now) {
        return false;
    }

    @Override
    public boolean hasPendingWork() {
        return outstanding > 0 || (l2 != null && l2.pending() > 0);
    }

    @Override
    public StatGroup stats() {
        return stats;
    }

    @Override
    public String describe() {
        StringBuilder sb = new StringBuilder().append(outstanding).append(" requests outstanding");
        if (l2 != null) {
            sb.append("; ").append(l2.describe());
        }
        for (MemoryChannel ch : channels) {
            sb.append("; channel ").append(ch.index()).append(": ").append(ch.describe());
        }
        return sb.toString();
    }
}
