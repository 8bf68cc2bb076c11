package gpusim.memory.dram;

/**
 * The DRAM behind one memory channel: a bounded queue of access requests served by an
 * FR-FCFS scheduler over banks with an open- or closed-page policy, honouring the
 * {@link DramTiming} constraints, and telling for each request the cycle its data completes.
 *
 * <p><b>Scheduling.</b> The controller makes one decision at a time, at decision time
 * T = max(issue cycle of the last column command, arrival of the oldest waiting request).
 * Its {@link DramScheduler} chooses among the requests that have arrived by T (FR-FCFS unless
 * built with another: the oldest row hit, else the oldest; {@link FrFcfsScheduler}). The chosen request's commands are then placed at the earliest
 * cycles the constraints allow, which may be before T: this stands for a command-level
 * scheduler that issues an ACT/PRE for a waiting request while another's column command is
 * still pending, so streams to different banks overlap. Row commands (ACT) issue in
 * decision order and so do column commands (RD/WR); row and column commands go on separate
 * command buses, as on HBM3 (JESD238), and GDDR6 is approximated the same way.
 *
 * <p><b>Commands of one request</b> (bank b, row r, arrival a):
 * <ul>
 * <li>row hit: column at max(a, b.earliestColumn);
 * <li>row miss on an idle bank: ACT at max(a, b.earliestAct, last ACT + tRRD(S|L),
 *   fourth-last ACT + tFAW), column tRCD later;
 * <li>row conflict: PRE at max(a, b.earliestPrecharge), then ACT no earlier than tRP later
 *   (and the ACT rules above).
 * </ul>
 * A column command also waits for last column + tCCD(S|L); a read for the end of the last
 * write's data + tWTR(S|L) and a free data bus; a write until its data (tCWL after the
 * command) starts tRTW after the end of the last read's data. A read completes at
 * column + tCL + burst, a write at column + tCWL + burst. Under {@link PagePolicy#CLOSED} the
 * bank precharges at its earliest PRE cycle after every access.
 *
 * <p><b>Refresh.</b> Before each decision its {@link DramRefresh} takes the refreshes due by
 * then (all-bank refresh every tREFI unless built with another: {@link AllBankRefresh}).
 *
 * <p>Deterministic, no allocation per request: the queue ({@link DramQueue}) is primitive arrays.
 */
public final class DramController {
    /** Row-buffer outcomes of an access ({@link #lastOutcome}). */
    public static final int ROW_HIT = 0;
    public static final int ROW_MISS = 1;
    public static final int ROW_CONFLICT = 2;

    /** Receives each request's completion cycle, in the order the controller decides. */
    @FunctionalInterface
    public interface Completion {
        void done(int tag, long cycle);
    }

    private final DramTiming t;
    private final DramAddressMap map;
    private final PagePolicy policy;
    private final DramBank[] banks;

    /** Waiting requests, oldest first. */
    private final DramQueue queue;
    private final DramScheduler scheduler;
    private final DramRefresh refresh;

    private long lastColumn = Long.MIN_VALUE;
    private int lastColumnGroup = -1;
    private long lastReadDataEnd = Long.MIN_VALUE;
    private long lastWriteDataEnd = Long.MIN_VALUE;
    private int lastWriteGroup = -1;
    private long dataBusFree;
    private final long[] recentActs = new long[4];
    private long actCount;
    private int lastActGroup = -1;

    private long reads;
    private long writes;
    /** The row-buffer outcome of the access placed last: {@link #ROW_HIT}, {@link #ROW_MISS} or {@link #ROW_CONFLICT}. */
    private int lastOutcome;
    private long rowHits;
    private long rowMisses;
    private long rowConflicts;
    private long activates;
    private long precharges;
    private long bankBusy;
    private long dataCycles;

    /** An FR-FCFS controller with all-bank refresh. */
    public DramController(DramTiming timing, DramAddressMap map, PagePolicy policy, int queueDepth) {
        this(timing, map, policy, queueDepth, "frfcfs", "all_bank");
    }

    /** A controller with the scheduler and refresh registered as {@code scheduler} and {@code refresh}. */
    public DramController(DramTiming timing, DramAddressMap map, PagePolicy policy, int queueDepth, String scheduler,
                          String refresh) {
        if (queueDepth <= 0 || queueDepth > 4096) {
            throw new IllegalArgumentException("DRAM queue depth must be 1..4096: " + queueDepth);
        }
        this.t = timing;
        this.map = map;
        this.policy = policy;
        this.banks = new DramBank[map.banks()];
        for (int i = 0; i < banks.length; i++) {
            banks[i] = new DramBank(i % map.bankGroups());
        }
        this.queue = new DramQueue(queueDepth);
        this.scheduler = DramScheduler.named(scheduler);
        this.refresh = DramRefresh.named(refresh, timing);
    }

    public boolean canAccept() {
        return !queue.full();
    }

    public int queued() {
        return queue.count();
    }

    /**
     * Queues one access arriving at {@code arrival} (not before the previous one's arrival).
     * The address is within this channel; {@code tag} is handed back with the completion.
     */
    public void enqueue(long arrival, long address, boolean write, int tag) {
        if (!canAccept()) {
            throw new IllegalStateException("DRAM queue full (" + queue.capacity() + ")");
        }
        int n = queue.count();
        if (n > 0 && arrival < queue.arrival(n - 1)) {
            throw new IllegalArgumentException("DRAM requests must arrive in order: " + arrival + " after "
                    + queue.arrival(n - 1));
        }
        queue.add(arrival, map.row(address), map.bank(address), write, tag);
    }

    /**
     * Makes every decision due at or before {@code now}, reporting each placed request's
     * completion cycle (which may be after {@code now}). Returns how many were placed.
     */
    public int advance(long now, Completion sink) {
        int placed = 0;
        while (queue.count() > 0) {
            long decision = Math.max(lastColumn, queue.arrival(0));
            if (decision > now) {
                break;
            }
            refresh.before(decision, banks);
            int pick = scheduler.pick(queue, banks, decision);
            long done = place(queue.arrival(pick), queue.bank(pick), queue.row(pick), queue.write(pick));
            int tag = queue.tag(pick);
            queue.remove(pick);
            placed++;
            sink.done(tag, done);
        }
        return placed;
    }

    /** Places every waiting request. */
    public int drain(Completion sink) {
        return advance(Long.MAX_VALUE, sink);
    }

    private long place(long arrival, int bankIndex, long row, boolean write) {
        DramBank b = banks[bankIndex];
        long columnEarliest;
        long first = -1; // the access's first command (PRE or ACT; a hit's is its column)
        if (b.openRow == row) {
            rowHits++;
            lastOutcome = ROW_HIT;
            columnEarliest = Math.max(arrival, b.earliestColumn);
        } else {
            long actEarliest;
            if (b.openRow != DramBank.NO_ROW) {
                rowConflicts++;
                lastOutcome = ROW_CONFLICT;
                precharges++;
                first = Math.max(arrival, b.earliestPrecharge);
                actEarliest = first + t.tRP();
            } else {
                rowMisses++;
                lastOutcome = ROW_MISS;
                actEarliest = Math.max(arrival, b.earliestAct);
            }
            long act = activate(actEarliest, b.group);
            if (first < 0) {
                first = act;
            }
            b.openRow = row;
            b.earliestColumn = act + t.tRCD();
            b.earliestPrecharge = act + t.tRAS();
            columnEarliest = Math.max(arrival, b.earliestColumn);
        }
        long col = columnEarliest;
        if (lastColumnGroup >= 0) {
            col = Math.max(col, lastColumn + (lastColumnGroup == b.group ? t.tCCDL() : t.tCCDS()));
        }
        long latency = write ? t.tCWL() : t.tCL();
        if (write) {
            if (lastReadDataEnd != Long.MIN_VALUE) {
                col = Math.max(col, lastReadDataEnd + t.tRTW() - latency);
            }
        } else if (lastWriteGroup >= 0) {
            col = Math.max(col, lastWriteDataEnd + (lastWriteGroup == b.group ? t.tWTRL() : t.tWTRS()));
        }
        col = Math.max(col, dataBusFree - latency);
        long dataEnd = col + latency + t.burst();
        lastColumn = col;
        lastColumnGroup = b.group;
        dataBusFree = dataEnd;
        dataCycles += t.burst();
        b.accesses++;
        // The bank is busy from the access's first command to the end of its data; an access
        // overlapping the bank's previous one adds only the cycles beyond it.
        long from = Math.max(first < 0 ? col : first, b.busyUntil);
        if (dataEnd > from) {
            bankBusy += dataEnd - from;
            b.busyUntil = dataEnd;
        }
        if (write) {
            writes++;
            lastWriteDataEnd = dataEnd;
            lastWriteGroup = b.group;
            b.earliestPrecharge = Math.max(b.earliestPrecharge, dataEnd + t.tWR());
        } else {
            reads++;
            lastReadDataEnd = dataEnd;
            b.earliestPrecharge = Math.max(b.earliestPrecharge, col + t.tRTP());
        }
        if (policy == PagePolicy.CLOSED) {
            precharges++;
            b.openRow = DramBank.NO_ROW;
            b.earliestAct = b.earliestPrecharge + t.tRP();
        }
        return dataEnd;
    }

    /** Issues an ACT no earlier than {@code earliest}, honouring tRRD and tFAW; returns its cycle. */
    private long activate(long earliest, int group) {
        long act = earliest;
        if (actCount > 0) {
            long last = recentActs[(int) ((actCount - 1) & 3)];
            act = Math.max(act, last + (lastActGroup == group ? t.tRRDL() : t.tRRDS()));
        }
        if (actCount >= 4) {
            // the slot about to be overwritten holds the fourth-last ACT
            act = Math.max(act, recentActs[(int) (actCount & 3)] + t.tFAW());
        }
        recentActs[(int) (actCount & 3)] = act;
        actCount++;
        lastActGroup = group;
        activates++;
        return act;
    }

    public long reads() {
        return reads;
    }

    public long writes() {
        return writes;
    }

    /**
     * The row-buffer outcome of the access whose completion was reported last (read it in the
     * {@link Completion}): which client's accesses open rows and conflict.
     */
    public int lastOutcome() {
        return lastOutcome;
    }

    public long rowHits() {
        return rowHits;
    }

    /** Accesses that found their bank idle (no open row) and activated. */
    public long rowMisses() {
        return rowMisses;
    }

    /** Accesses that found another row open and precharged it first. */
    public long rowConflicts() {
        return rowConflicts;
    }

    public long activates() {
        return activates;
    }

    public long refreshes() {
        return refresh.refreshes();
    }

    /** PREs issued: one per row conflict, one per access under the closed policy, one per open bank a refresh closes. */
    public long precharges() {
        return precharges + refresh.precharges();
    }

    /**
     * Bank-cycles the banks were busy: for each access, the cycles from its first command (PRE,
     * ACT, or the column command of a row hit) to the end of its data, cycles one bank already
     * counted for its previous access not counted again. Over banks x cycles, the bank utilisation.
     */
    public long bankBusyCycles() {
        return bankBusy;
    }

    public int banks() {
        return banks.length;
    }

    /**
     * The memory cycle of the next decision (the scheduler places a request no earlier), or
     * Long.MAX_VALUE when nothing is waiting: a caller need not advance before it.
     */
    public long nextDecision() {
        return queue.count() == 0 ? Long.MAX_VALUE : Math.max(lastColumn, queue.arrival(0));
    }

    /** Data-bus cycles used (burst per access): over a run's cycles, the bus utilisation. */
    public long dataCycles() {
        return dataCycles;
    }

    /** Accesses served by bank {@code bank} (group + bankGroups x bank-in-group). */
    public long bankAccesses(int bank) {
        return banks[bank].accesses;
    }
}
