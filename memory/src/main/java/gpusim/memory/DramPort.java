package gpusim.memory;

import gpusim.memory.cache.Interleave;

import gpusim.memory.dram.DramController;
import gpusim.memory.dram.DramParams;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.MemoryClient;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import java.util.Arrays;

/**
 * A channel's way into the DRAM behind it ({@code memory.dram}): a served part becomes one access per
 * {@code dram.access_bytes} block its bytes touch (at least one), addressed in the channel's own address
 * space, and handed to the channel's {@link DramController}; when the controller has placed all of a
 * part's accesses, the part goes in flight, completing at the first GPU cycle at or after the end of its
 * last access's data. It keeps the controller's counters in the channel's statistics, the data bus's
 * cycles as the channel's busy cycles, and counts row misses and conflicts against the client of each
 * part. The front end of a memory controller, which cuts transactions into bursts (gem5's
 * {@code MemCtrl::addToReadQueue} splits a packet into bursts, {@code src/mem/mem_ctrl.cc}).
 *
 * <p>Primitive arrays with a free list for the parts in the controller: nothing allocated per part.
 */
final class DramPort {
    private final DramParams params;
    private final DramController dram;
    private final int unit;
    private final Interleave interleaving;
    private final long interleave;
    private final Engine engine;
    /** The channel: timeline spans are its. */
    private final Component channel;
    private final MemorySystem system;
    private final RequestChains links;
    private final InFlight flight;
    private final StatGroup stats;
    private final Stat.Scalar busy;
    // Parts handed to the controller whose accesses are not all placed: chain, accesses left, latest data
    // end (memory cycles); the index is the controller's tag.
    private int[] pLink = new int[16];
    private int[] pLeft = new int[16];
    private long[] pDone = new long[16];
    private int pFree = -1;
    private int pTop;
    private int pCount;
    private long tickNow;
    private long busyReported;
    private long spanEnd;
    /** The DRAM data-bus cycles {@link #sync} last converted (-1: none yet). */
    private long dataCyclesReported = -1;
    private final DramController.Completion placed = this::accessPlaced;
    private final Stat.Scalar[] counters;
    /** row_misses_CLIENT and row_conflicts_CLIENT, made when the client first opens a row here. */
    private final Stat.Scalar[] clientRowMisses = new Stat.Scalar[MemoryClient.values().length];
    private final Stat.Scalar[] clientRowConflicts = new Stat.Scalar[MemoryClient.values().length];

    /**
     * The DRAM {@code p.dram()} behind channel {@code channel}, of {@code p.unit()}-byte lines; its counters go
     * in {@code stats} (after the channel's own), its data bus's cycles in {@code busy} and the system's served
     * cycles; placed parts go in {@code flight}, their requests found through {@code links}.
     */
    DramPort(MemorySystem.Params p, Engine engine, Component channel, MemorySystem system, RequestChains links,
             InFlight flight, StatGroup stats, Stat.Scalar busy) {
        this.params = p.dram();
        this.unit = p.unit();
        this.interleave = p.interleave();
        this.interleaving = new Interleave(p.channels(), p.interleave());
        this.engine = engine;
        this.channel = channel;
        this.system = system;
        this.links = links;
        this.flight = flight;
        this.stats = stats;
        this.busy = busy;
        this.dram = new DramController(params.timing(), params.map(), params.policy(), params.queueDepth(),
                params.scheduler(), params.refresh());
        counters = new Stat.Scalar[] {
            stats.scalar("dram_reads", "accesses", "DRAM read accesses (column commands) of this channel"),
            stats.scalar("dram_writes", "accesses", "DRAM write accesses (column commands) of this channel"),
            stats.scalar("row_hits", "accesses", "accesses to their bank's open row (no ACT)"),
            stats.scalar("row_misses", "accesses", "accesses that found their bank closed (ACT, no PRE)"),
            stats.scalar("row_conflicts", "accesses",
                    "accesses that found another row open in their bank (PRE, then ACT)"),
            stats.scalar("activates", "commands", "ACT commands"),
            stats.scalar("precharges", "commands",
                    "PRE commands: one per row conflict, one per access under dram.page_policy=closed, one per "
                            + "open bank a refresh closes"),
            stats.scalar("refreshes", "commands", "all-bank refreshes taken (one due every dram.tREFI)"),
            stats.scalar("bank_busy_cycles", "bank-memory cycles",
                    "sum over banks of the memory cycles each was busy: from an access's first command (PRE, "
                            + "ACT, or a row hit's column command) to the end of its data, overlaps counted once"),
        };
        stats.formula("bank_utilization", "ratio",
                "bank_busy_cycles / (banks x the memory cycles of the GPU cycles the engine ran): the share of bank time "
                        + "in use",
                () -> (double) counters[8].get() / dram.banks()
                        / Math.max(1, params.toMemory(engine.now())));
        stats.formula("row_hit_rate", "ratio", "row_hits / (dram_reads + dram_writes)",
                () -> (double) counters[2].get() / (counters[0].get() + counters[1].get()));
    }

    /**
     * The accesses a part needs: one per access block its bytes touch, at least one. A write's bytes are its
     * masks {@code m0} (line bytes 0..63) and {@code m1} (64..127); a read's are [lo, lo + len).
     */
    int accesses(boolean write, long m0, long m1, int lo, int len) {
        int a = params.map().accessBytes();
        if (a >= unit) {
            return 1;
        }
        int n = 0;
        for (int k = 0; k < unit; k += a) {
            n += touches(write, m0, m1, lo, len, k, a) ? 1 : 0;
        }
        return Math.max(1, n);
    }

    /** Whether the controller has room for {@code accesses} more. */
    boolean hasRoom(int accesses) {
        return params.queueDepth() - dram.queued() >= accesses;
    }

    /** Whether the part has bytes in [k, k + a) of its line. */
    private static boolean touches(boolean write, long m0, long m1, int lo, int len, int k, int a) {
        if (write) {
            return (m0 & ChannelQueue.bits(Math.min(k, 64), Math.min(k + a, 64))) != 0
                    || (m1 & ChannelQueue.bits(Math.max(k, 64) - 64, Math.max(k + a, 64) - 64)) != 0;
        }
        return lo < k + a && k < lo + len;
    }

    /** The address of line byte {@code a} within this channel (the channel's own address space). */
    private long local(long a) {
        return interleaving.local(a);
    }

    /** Hands a served part of line {@code line} (its bytes as in {@link #accesses}, chain {@code link}) to the controller at {@code now}. */
    void handOff(long line, boolean write, long m0, long m1, int lo, int len, int link, long now) {
        int p;
        if (pFree >= 0) {
            p = pFree;
            pFree = pLink[p];
        } else {
            if (pTop == pLink.length) {
                pLink = Arrays.copyOf(pLink, pTop * 2);
                pLeft = Arrays.copyOf(pLeft, pTop * 2);
                pDone = Arrays.copyOf(pDone, pTop * 2);
            }
            p = pTop++;
        }
        pCount++;
        pLink[p] = link;
        pDone[p] = 0;
        long mNow = params.toMemory(now);
        int a = params.map().accessBytes();
        if (a >= unit) {
            pLeft[p] = 1;
            dram.enqueue(mNow, local(line) & -a, write, p);
            return;
        }
        int n = accesses(write, m0, m1, lo, len);
        pLeft[p] = n;
        boolean none = n == 1 && !touchesAny(write, m0, m1, lo, len, a);
        for (int k = 0; k < unit; k += a) {
            if (none ? k == 0 : touches(write, m0, m1, lo, len, k, a)) {
                dram.enqueue(mNow, local(line + k), write, p);
            }
        }
    }

    private boolean touchesAny(boolean write, long m0, long m1, int lo, int len, int a) {
        for (int k = 0; k < unit; k += a) {
            if (touches(write, m0, m1, lo, len, k, a)) {
                return true;
            }
        }
        return false;
    }

    /** The GPU cycle {@code now} of this tick, to which placed parts' completions are held (at least the next cycle). */
    void tick(long now) {
        tickNow = now;
    }

    /** Lets the controller make every decision due by GPU cycle {@code now}; returns how many accesses it placed. */
    int advance(long now) {
        return dram.advance(params.toMemory(now), placed);
    }

    /** The GPU cycle of the controller's next decision, no sooner than {@code now + 1}, or {@link Engine#NEVER}. */
    long nextDecision(long now) {
        long decision = dram.nextDecision();
        return decision == Long.MAX_VALUE ? Engine.NEVER : Math.max(now + 1, params.toGpu(decision));
    }

    /** Parts in the controller. */
    int parts() {
        return pCount;
    }

    /** Whether a part of a request other than a poll is in the controller. */
    boolean holdsWork() {
        if (pCount > 0) {
            // A free slot's pLink is the free list, so look only at the slots in use (pLeft > 0).
            for (int p = 0; p < pTop; p++) {
                if (pLeft[p] > 0 && !links.onlyPolls(pLink[p])) {
                    return true;
                }
            }
        }
        return false;
    }

    String describe() {
        return pCount + " parts (" + dram.queued() + " accesses) in the DRAM controller";
    }

    /** Brings the counters in step with the controller (after every DRAM tick: no allocation). */
    void sync() {
        Stat.Scalar[] d = counters;
        d[0].set(dram.reads());
        d[1].set(dram.writes());
        d[2].set(dram.rowHits());
        d[3].set(dram.rowMisses());
        d[4].set(dram.rowConflicts());
        d[5].set(dram.activates());
        d[6].set(dram.precharges());
        d[7].set(dram.refreshes());
        d[8].set(dram.bankBusyCycles());
        // busy_cycles: the DRAM data bus's cycles, in GPU cycles (rounded up as they add up), converted only
        // when they moved.
        long data = dram.dataCycles();
        if (data == dataCyclesReported) {
            return;
        }
        dataCyclesReported = data;
        long total = params.toGpu(data);
        if (total != busyReported) {
            busy.add(total - busyReported);
            system.served(total - busyReported);
            busyReported = total;
        }
    }

    /** Counts a placed access that was not a row hit against its part's client (the first request of the part). */
    private void rowOutcome(int p) {
        int outcome = dram.lastOutcome();
        if (outcome == DramController.ROW_HIT) {
            return;
        }
        MemoryClient c = links.request(pLink[p]).from();
        boolean conflict = outcome == DramController.ROW_CONFLICT;
        Stat.Scalar[] by = conflict ? clientRowConflicts : clientRowMisses;
        Stat.Scalar st = by[c.ordinal()];
        if (st == null) {
            String what = conflict ? "row_conflicts_" : "row_misses_";
            st = stats.scalar(what + c.statName(), "accesses", (conflict ? "row conflicts (PRE, then ACT)"
                    : "row misses (ACT into a closed bank)") + " of " + c.statName() + " accesses (part of "
                    + (conflict ? "row_conflicts" : "row_misses") + ")");
            by[c.ordinal()] = st;
        }
        st.add(1);
    }

    /** The controller placed one access of pending part {@code p}, its data ending at memory cycle {@code end}. */
    private void accessPlaced(int p, long end) {
        rowOutcome(p);
        if (engine.hook() != null) {
            // The access's data burst on the timeline: the data bus serves accesses in placement
            // order, so the spans follow one another (clamped where GPU-cycle rounding meets).
            long from = Math.max(spanEnd, params.toGpu(end - params.timing().burst()));
            long to = params.toGpu(end);
            if (to > from) {
                engine.hook().span(channel, "busy", from, to);
                spanEnd = to;
            }
        }
        pDone[p] = Math.max(pDone[p], end);
        if (--pLeft[p] > 0) {
            return;
        }
        long done = Math.max(tickNow + 1, params.toGpu(pDone[p]));
        int link = pLink[p];
        pLink[p] = pFree;
        pFree = p;
        pCount--;
        // Completions come in decision order, not cycle order: insert keeping the ring sorted.
        flight.insert(done, link);
    }
}
