package gpusim.memory;

import gpusim.sim.MemoryClient;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;

/**
 * A memory channel's statistics group (gem5 keeps a stats group per memory controller,
 * {@code src/mem/mem_ctrl.hh}, {@code CtrlStats}): the parts that arrived, the bytes moved, by client
 * too, the cycles spent serving, same-cycle conflicts, merged writes, and every part's wait in the
 * queue, counted per delay for exact percentiles ({@link DelayHistogram}: memory bounded by the distinct
 * delays, not the parts). The DRAM behind a channel adds its counters to {@link #group}.
 */
final class ChannelStats {
    final StatGroup group;
    final Stat.Scalar requests;
    final Stat.Scalar reads;
    final Stat.Scalar writes;
    final Stat.Scalar bytes;
    final Stat.Scalar busy;
    final Stat.Scalar conflicts;
    final Stat.Scalar combined;
    private final Stat.Scalar delaySum;
    private final Stat.Scalar delayMax;
    private final DelayHistogram delays = new DelayHistogram();
    /** bytes_CLIENT, made when the client first moves bytes here (so only clients with bytes show). */
    private final Stat.Scalar[] clientBytes = new Stat.Scalar[MemoryClient.values().length];

    ChannelStats(int index) {
        group = new StatGroup("channel" + index, "memory channel " + index
                + " (the addresses memory.hash maps to it: with interleave, (a / memory.interleave) mod "
                + "memory.channels = " + index + ")");
        requests = group.scalar("requests", "parts",
                "line parts that arrived at this channel (a request spanning several lines is one part per line)");
        reads = group.scalar("reads", "parts", "read parts that arrived");
        writes = group.scalar("writes", "parts", "write parts that arrived (merged ones included)");
        bytes = group.scalar("bytes", "bytes",
                "bytes the channel transferred: read bytes, and written bytes under each served write's mask");
        busy = group.scalar("busy_cycles", "cycles",
                "cycles the channel spent serving parts (transfer plus partial-write cycles)");
        conflicts = group.scalar("conflicts", "requests",
                "requests that arrived in a cycle in which another request had already arrived at this channel");
        combined = group.scalar("combined_writes", "parts",
                "write parts merged into a write already waiting for the same line (write combining)");
        delaySum = group.scalar("queue_delay_total", "cycles",
                "sum over parts of the cycles from arrival to the start of service");
        group.formula("queue_delay_mean", "cycles", "queue_delay_total / parts served: mean wait in the queue",
                () -> (double) delaySum.get() / delays.count());
        group.formula("queue_delay_p50", "cycles",
                "median wait in the queue (nearest rank: Commons Math Percentile, estimation R_1)",
                () -> percentile(50));
        group.formula("queue_delay_p95", "cycles",
                "95th percentile of the wait in the queue (nearest rank: Commons Math Percentile, estimation R_1)",
                () -> percentile(95));
        delayMax = group.scalar("queue_delay_max", "cycles", "longest wait of one part in the queue");
        group.formula("bytes_per_busy_cycle", "bytes/cycle", "bytes / busy_cycles", () -> (double) bytes.get()
                / busy.get());
    }

    /** {@code parts} parts arrived, reads or writes. */
    void arrived(int parts, boolean write) {
        requests.add(parts);
        (write ? writes : reads).add(parts);
    }

    /** {@code n} bytes moved for client {@code c} (a combined write's: the client of the write merged into). */
    void moved(MemoryClient c, long n) {
        bytes.add(n);
        client(c).add(n);
    }

    /** One part waited {@code d} cycles in the queue. */
    void waited(long d) {
        delays.add(d);
        delaySum.add(d);
        delayMax.max(d);
    }

    /**
     * A part counted as waiting {@code d} cycles waits {@code more} cycles more (fewer, more < 0: its service
     * was moved); after parts waited less, {@link #delaysShortened} brings the longest wait down to what is left.
     */
    void waitedLonger(long d, long more) {
        delays.move(d, d + more);
        delaySum.add(more);
        delayMax.max(d + more);
    }

    /** Parts waited less than counted ({@link #waitedLonger}): the longest wait is the histogram's again. */
    void delaysShortened() {
        delayMax.set(delays.max());
    }

    /** {@code n} parts waited {@code d}, {@code d} + 1, ... cycles (a burst's parts, a cycle apart). */
    void waitedRun(long d, int n) {
        for (int i = 0; i < n; i++) {
            delays.add(d + i);
        }
        delaySum.add(d * n + (long) n * (n - 1) / 2);
        delayMax.max(d + n - 1);
    }

    /** The {@code p}th percentile of the queueing delays so far (nearest rank), 0 when there are none. */
    double percentile(double p) {
        return delays.percentile(p);
    }

    /**
     * The bytes_CLIENT statistic, made on first use. A combined write's bytes count for the
     * client of the write they merged into (the first of the slot).
     */
    private Stat.Scalar client(MemoryClient c) {
        Stat.Scalar st = clientBytes[c.ordinal()];
        if (st == null) {
            st = group.scalar("bytes_" + c.statName(), "bytes", "bytes this channel transferred for "
                    + c.statName() + " requests (part of bytes; a combined write's bytes count for the client "
                    + "of the write they merged into)");
            clientBytes[c.ordinal()] = st;
        }
        return st;
    }
}
