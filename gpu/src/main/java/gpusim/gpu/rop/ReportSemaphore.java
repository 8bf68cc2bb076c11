package gpusim.gpu.rop;

import gpusim.gpu.PipeStage;
import gpusim.gpu.StageWiring;
import gpusim.gpu.TimestampClock;
import gpusim.gpu.work.MarkerProgress;
import gpusim.gpu.work.OcclusionMarker;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import gpusim.sim.MemoryClient;
import gpusim.sim.MemoryRequest;
import gpusim.sim.Stat;
import java.util.ArrayDeque;

/**
 * The report semaphore of the ROP back end, as a clocked component: an occlusion marker
 * that every ROP unit has passed (joined at the end of the pipe) reaches it through the
 * on-chip reduction of the ROPs' ZPASS counters, {@code rop.report_latency} cycles (the
 * queue feeding it), and it writes the query's one report: the sum of the units' counts and
 * the timestamp, 16 bytes ({@link RopQueryProtocol}; nvk programs a four-word report
 * semaphore of the ZPASS pixel count, nvk_query_pool.c). At an EndQuery, once the report has
 * landed, it writes the query's availability word, so a resolve that sees the word sees the
 * report. One report or availability word a cycle.
 */
public final class ReportSemaphore extends PipeStage {
    private final int units;
    private final TimestampClock clock;
    private final RopQueryProtocol queries;
    /** EndQuery markers whose report has landed: their availability word is to be written. */
    private final ArrayDeque<OcclusionMarker> landed = new ArrayDeque<>();
    /** The item being taken is an availability write (from {@link #landed}), not a report. */
    private boolean availability;
    private final Stat.Scalar reports;
    private final Stat.Scalar availabilityWrites;

    /**
     * @param in    the joined occlusion markers, {@code rop.report_latency} cycles after the end of the pipe
     * @param units the ROP units whose counts a report sums
     */
    public ReportSemaphore(StageWiring wiring, BoundedQueue<Work> in, int units, RopQueryProtocol queries,
                           TimestampClock clock) {
        super(wiring, "report", "report semaphore: the ROPs' occlusion counts summed on chip, one 16-byte report "
                + "{count, timestamp} per BeginQuery and EndQuery, then the availability word", in);
        this.units = units;
        this.queries = queries;
        this.clock = clock;
        this.reports = stats.scalar("reports", "writes", "16-byte occlusion reports written (one per marker)");
        this.availabilityWrites = stats.scalar("availability_writes", "writes",
                "availability words written behind an EndQuery's landed report");
    }

    @Override
    protected Work take(long now) {
        availability = !landed.isEmpty();
        return availability ? landed.poll() : super.take(now);
    }

    @Override
    protected boolean inputPending() {
        return !landed.isEmpty() || super.inputPending();
    }

    @Override
    protected long process(Work w, long now) {
        OcclusionMarker o = (OcclusionMarker) w;
        MarkerProgress p = o.progress();
        if (availability) {
            availabilityWrites.inc();
            write(p, o.address() + RopQueryProtocol.AVAILABLE, new long[] {1}, null);
            return 1;
        }
        // Each unit's counter at the marker, as its functional core snapshot it when the marker
        // passed (every unit has passed it: the end of the pipe joined the copies).
        long sum = 0;
        for (int u = 0; u < units; u++) {
            sum += p.count(u);
        }
        reports.inc();
        long at = o.address() + (o.end() ? queries.endOffset(0) : queries.beginOffset(0));
        write(p, at, new long[] {queries.written(sum), clock.ticks(now)}, o.end() ? o : null);
        return 1;
    }

    /** One of the marker's writes; when {@code then} is set, its availability follows once this lands. */
    private void write(MarkerProgress p, long address, long[] words, OcclusionMarker then) {
        p.writeIssued();
        emitMemory(MemoryRequest.writeLongs(address, words, (r, t) -> {
            p.writeLanded(t);
            if (then != null) {
                landed.add(then);
                engine.wakeAt(this, t);
            }
        }, p).from(MemoryClient.COUNTER));
    }
}
