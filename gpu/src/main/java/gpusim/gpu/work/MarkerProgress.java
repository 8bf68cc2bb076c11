package gpusim.gpu.work;

import java.util.concurrent.CompletableFuture;

/**
 * What happens to one marker on its way down the pipe, as the units it passes record it:
 * each depth block's functional job for it (a counter snapshot or a clear) and what that
 * found, the copies that have reached the end of the pipe, and the memory writes the marker
 * makes (expected, in flight, landed) with the cycles it was issued and its last write
 * landed. The command processor reads it to wait for a query's writes (BeginQuery of a
 * reused index, resolves) and the run reports query latency from it.
 */
public final class MarkerProgress {
    /** Memory writes this marker makes in all (one per enabled DB for occlusion, one block for statistics). */
    private final int expectedWrites;
    /** Cycle the command processor issued the marker (0 for markers it does not report). */
    private final long issuedAt;
    /** Per DB: its core's job for this marker, or null. */
    private CompletableFuture<Void>[] unitJobs;
    /** Per DB: the ZPASS counter at the marker (query markers) or the samples cleared (clears). */
    private long[] unitCounts;
    private int arrivals;
    private int pendingWrites;
    private int landedWrites;
    private long landedAt;

    /**
     * @param expectedWrites the memory writes the marker makes in all
     * @param issuedAt       the cycle the command processor issued it
     */
    public MarkerProgress(int expectedWrites, long issuedAt) {
        this.expectedWrites = expectedWrites;
        this.issuedAt = issuedAt;
    }

    /** A marker that makes no memory writes of its own (a clear). */
    public MarkerProgress() {
        this(0, 0);
    }

    /** The marker is broadcast to {@code units} depth blocks: one job and one count each from now on. */
    @SuppressWarnings("unchecked")
    public void broadcast(int units) {
        unitJobs = new CompletableFuture[units];
        unitCounts = new long[units];
    }

    /** Unit {@code unit}'s functional job for the marker (null: it has none). */
    public void started(int unit, CompletableFuture<Void> job) {
        unitJobs[unit] = job;
    }

    /** Waits until unit {@code unit}'s functional job for the marker, if any, has finished. */
    public void await(int unit) {
        if (unitJobs != null && unitJobs[unit] != null) {
            gpusim.gpu.db.FunctionalLanes.await(unitJobs[unit]);
        }
    }

    /** What unit {@code unit} found at the marker: its counter, or the samples it cleared. */
    public long count(int unit) {
        return unitCounts[unit];
    }

    /** Records what unit {@code unit} found at the marker. */
    public void count(int unit, long value) {
        unitCounts[unit] = value;
    }

    /** A copy has reached the end of the pipe; returns how many have. */
    public int arrived() {
        return ++arrivals;
    }

    /** One of the marker's memory writes has been issued. */
    public void writeIssued() {
        pendingWrites++;
    }

    /** One of the marker's memory writes landed at cycle {@code cycle}. */
    public void writeLanded(long cycle) {
        pendingWrites--;
        landedWrites++;
        landedAt = Math.max(landedAt, cycle);
    }

    /** Whether every memory write of this marker has landed. */
    public boolean allLanded() {
        return landedWrites >= expectedWrites;
    }

    public int expectedWrites() {
        return expectedWrites;
    }

    /** Memory writes issued for this marker that have not landed. */
    public int pendingWrites() {
        return pendingWrites;
    }

    public long issuedAt() {
        return issuedAt;
    }

    /** Cycle the last of its memory writes landed (0 before any has). */
    public long landedAt() {
        return landedAt;
    }
}
