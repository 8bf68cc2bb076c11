package gpusim.gpu.eop;

import gpusim.gpu.InputRing;
import gpusim.gpu.Stage;
import gpusim.gpu.StageWiring;
import gpusim.gpu.query.QueryLayout;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.MarkerProgress;
import gpusim.gpu.work.OcclusionMarker;
import gpusim.gpu.work.SoStatisticsMarker;
import gpusim.gpu.work.StatisticsMarker;
import gpusim.gpu.work.TimestampMarker;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import gpusim.sim.MemoryRequest;
import java.util.List;

/**
 * The bottom of the pipe: every render back end's colour back end hands it its copy of
 * each marker, behind all of that RB's earlier work. A marker is acted on once every RB has
 * delivered its copy, and an RB that has delivered its copy is not read further until then,
 * so nothing later overtakes it: this is where an end-of-pipe event happens (AMD's
 * EVENT_WRITE_EOP, written once all earlier work has left the pipe). A pipeline statistics
 * snapshot is written here (its PSInvocations summed from each DB's count as its copy passed),
 * and an end-of-pipe timestamp with its end-of-query fence.
 */
public final class EndOfPipe extends Stage {
    private final InputRing in;
    /** Queue d holds a marker copy that waits for the other RBs' copies: it is not read further. */
    private final java.util.function.IntPredicate held;
    private final Marker[] blockedOn;

    private final gpusim.gpu.TimestampClock clock;
    private final gpusim.sim.Stat.Scalar timestamps;
    /**
     * Where occlusion markers go once joined, on a back end that sums its units' counts on
     * chip and writes one report (the ROPs' report semaphore); null on the render back ends,
     * whose DBs write their own words and send no occlusion marker this far.
     */
    private BoundedQueue<Work> reports;

    /**
     * timestamp.interval_cycles: the fewest cycles from one timestamp write to the next (the H200
     * writes back-to-back end-of-pipe timestamps 640-660 ns apart however little lies between
     * them, while a draw behind one goes on: h200.preset's 1,300 cycles at 1980 MHz; docs/calibration.md).
     */
    private final long timestampInterval;
    /** The cycle the last timestamp was written; the next is written no earlier than this + the interval. */
    private long lastTimestamp = Long.MIN_VALUE / 2;

    public EndOfPipe(StageWiring wiring, List<BoundedQueue<Work>> in, gpusim.gpu.TimestampClock clock,
                     gpusim.gpu.PipelineParams.EndOfPipeParams p) {
        super(wiring, "eop", "end of pipe: joins every render back end's copy of a marker; statistics snapshots");
        this.in = new InputRing(in);
        this.blockedOn = new Marker[in.size()];
        this.held = d -> blockedOn[d] != null;
        this.clock = clock;
        this.timestampInterval = p.timestampIntervalCycles();
        this.timestamps = stats.scalar("timestamps", "events", "end-of-pipe timestamps written (EndQuery TIMESTAMP)");
    }

    /** Joined occlusion markers go on to {@code reports} (the back end's on-chip sum of its units' counts). */
    public void connectReports(BoundedQueue<Work> reports) {
        this.reports = reports;
    }

    @Override
    protected Work take(long now) {
        Work w = in.take(now, held);
        if (w != null) {
            blockedOn[in.last()] = (Marker) w;
        }
        return w;
    }

    @Override
    protected boolean inputPending() {
        if (in.anyQueued()) {
            return true;
        }
        for (Marker m : blockedOn) {
            if (m != null) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected long process(Work w, long now) {
        Marker m = (Marker) w;
        if (m.progress().arrived() < in.size()) {
            return 1;
        }
        if (m instanceof TimestampMarker && !functional && now < lastTimestamp + timestampInterval) {
            // Too soon after the last timestamp: it (and every marker behind it) waits for the
            // unit, while the work in the render back ends goes on.
            engine.wakeAt(this, lastTimestamp + timestampInterval);
            return WAIT;
        }
        for (int d = 0; d < blockedOn.length; d++) {
            if (blockedOn[d] == m) {
                blockedOn[d] = null;
            }
        }
        if (m instanceof StatisticsMarker s) {
            writeBlock(s.progress(), s.address(), s.snapshot(), s.fields());
        } else if (m instanceof SoStatisticsMarker s) {
            // D3D12_QUERY_DATA_SO_STATISTICS order, counted by the stream-output unit.
            writeBlock(s.progress(), s.address(), s.counts(), QueryLayout.SO_STATS_FIELDS);
        } else if (m instanceof TimestampMarker t) {
            lastTimestamp = now;
            // The clock now, every earlier piece of work having left the pipe, and the query's
            // end-of-query fence: one 16-byte write (radeonsi writes the value, then the fence,
            // both from the bottom of the pipe).
            timestamps.inc();
            write(t.progress(), t.address(), new long[] {clock.ticks(now), QueryLayout.WRITTEN});
        } else if (m instanceof OcclusionMarker && reports != null) {
            // Every unit has counted every sample before the marker: the counts can be summed.
            emit(reports, m);
        }
        return 1;
    }

    /** A statistics block: the first {@code fields} counters, then the status word with bit 63 set. */
    private void writeBlock(MarkerProgress p, long address, long[] counters, int fields) {
        long[] words = new long[fields + 1];
        System.arraycopy(counters, 0, words, 0, fields);
        words[fields] = QueryLayout.WRITTEN;
        write(p, address, words);
    }

    private void write(MarkerProgress p, long address, long[] words) {
        p.writeIssued();
        emitMemory(MemoryRequest.writeLongs(address, words, (r, t) -> p.writeLanded(t), p).from(gpusim.sim.MemoryClient.COUNTER));
    }
}
