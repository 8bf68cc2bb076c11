package gpusim.gpu.db;

import gpusim.config.ConfigKeys;
import gpusim.gpu.GpuContext;
import gpusim.gpu.PipeStage;
import gpusim.gpu.query.OcclusionSlot;
import gpusim.gpu.query.QueryLayout;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.TileBatch;
import gpusim.gpu.work.Work;
import gpusim.sim.MemoryRequest;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Stat;

/**
 * A depth block (DB), as a clocked component: owns an interleaved set of screen tiles,
 * runs the depth and stencil tests on their samples, and keeps its own 64-bit ZPASS
 * counter of samples that passed both. Query markers make it write a snapshot of the
 * counter to memory after every earlier sample of its tiles has been counted: for
 * occlusion queries, into its own 16-byte begin/end pair of the query slot with bit 63 set
 * as the written mark; for WriteQuery, at address + DB x stride.
 *
 * <p>The functional work (scan conversion of its tiles, hierarchical Z, depth/stencil,
 * counter, shading of its region) is its {@link DepthBlockCore}'s. This component charges
 * a batch the time of its slowest unit, the units working in step: scan conversion
 * (ceil(scan samples / raster.samples_per_clock)), hierarchical Z (ceil(tiles tested /
 * hiz.tiles_per_clock)), the depth/stencil test (ceil(samples tested /
 * db.samples_per_clock) early, or / db.late_samples_per_clock for a late-Z pipeline state,
 * whose samples are tested as its shaded quads come back) and the colour backend
 * (ceil(pixels written / cb.pixels_per_clock)); clears at four times the rates. It then
 * passes the batch on to the pixel stage.
 */
public final class DepthBlock extends PipeStage {
    private final int index;
    private final DepthBlockCore core;
    private final long samplesPerClock;
    private final long lateSamplesPerClock;
    private final long hizTilesPerClock;
    private final long scanPerClock;
    private final long cbRate;
    private final Stat.Scalar scanSamples;
    private final Stat.Scalar samplesIn;
    private final Stat.Scalar lateSamples;
    private final Stat.Scalar hizTiles;
    private final Stat.Scalar samplesPassed;
    private final Stat.Scalar counterWrites;
    private final Stat.Scalar hizRejectedTiles;
    private final Stat.Scalar hizRejectedSamples;
    private final Stat.Scalar earlyOutTriangles;
    private final boolean enabled;
    /**
     * The two occlusion counters as this DB has counted them in simulated time (what a racy
     * WriteQuery NO_WAIT reads): a batch's passing samples count once its depth test has
     * finished ({@code batchEnd}). The functional core counts them when it tests, which may
     * be far earlier (it runs ahead of timing); these follow the timed batches instead.
     */
    private long countedZpass;
    private long countedInterval;
    private long batchPassed;
    private long batchEnd;

    private final SampleWorkLimit workLimit;

    public DepthBlock(GpuContext ctx, int index, BoundedQueue<Work> in, DepthBlockCore core, SampleWorkLimit workLimit,
                      gpusim.gpu.PipelineParams.DepthBlockParams p) {
        super(ctx, "db" + index, "depth block " + index + ": scan conversion of its tiles, "
                + "hierarchical Z, depth/stencil test and occlusion counter", in);
        this.index = index;
        this.core = core;
        this.workLimit = workLimit;
        this.enabled = ctx.tiles.enabled(index);
        this.earlyOutTriangles = stats.scalar("binary_early_out_triangles", "triangles",
                "triangles skipped untested because a BINARY_OCCLUSION query already had a passing sample "
                        + "(db.binary_early_out)");
        this.samplesPerClock = p.samplesPerClock();
        this.lateSamplesPerClock = p.lateSamplesPerClock();
        this.hizTilesPerClock = p.hizTilesPerClock();
        this.scanPerClock = p.scanSamplesPerClock();
        this.cbRate = p.cbPixelsPerClock();
        this.scanSamples = stats.scalar("scan_samples", "samples",
                "sample positions of its tiles that triangles do not trivially miss (scan-conversion work)");
        this.samplesIn = stats.scalar("samples_tested", "samples", "covered samples depth/stencil tested");
        this.lateSamples = stats.scalar("late_samples_tested", "samples",
                "of samples_tested, those of late-Z pipeline states (tested after shading)");
        this.hizTiles = stats.scalar("hiz_tiles", "tiles", "triangle tiles tested against hierarchical Z");
        this.samplesPassed = stats.scalar("samples_passed", "samples", "samples that passed depth and stencil");
        this.counterWrites = stats.scalar("counter_writes", "writes", "occlusion counter snapshots written to memory");
        this.hizRejectedTiles = stats.scalar("hiz_rejected_tiles", "tiles",
                "triangle tiles rejected whole by hierarchical Z");
        this.hizRejectedSamples = stats.scalar("hiz_rejected_samples", "samples",
                "samples of the tiles hierarchical Z rejected (covered or not)");
    }

    @Override
    protected long process(Work w, long now) {
        if (w instanceof TileBatch tb) {
            FunctionalLanes.await(tb.done);
            scanSamples.add(tb.scanSamples);
            workLimit.scanned(tb.scanSamples, tb.drawId);
            samplesIn.add(tb.samplesTested);
            samplesPassed.add(tb.samplesPassed);
            hizRejectedTiles.add(tb.hizRejectedTiles);
            hizRejectedSamples.add(tb.hizRejectedSamples);
            hizTiles.add(tb.hizTiles);
            earlyOutTriangles.add(tb.earlyOutTriangles);
            emit(out, tb);
            settle(now);
            batchPassed = tb.samplesPassed;
            long depthTest;
            if (tb.source.state.pso().lateZ()) {
                lateSamples.add(tb.samplesTested);
                depthTest = ceilDiv(tb.samplesTested, lateSamplesPerClock);
            } else {
                depthTest = ceilDiv(tb.samplesTested, samplesPerClock);
            }
            // The region's scan converter, HiZ unit, depth/stencil pipe and colour backend work
            // in step: the slowest sets the pace.
            long cost = Math.max(Math.max(ceilDiv(tb.scanSamples, scanPerClock), ceilDiv(tb.hizTiles, hizTilesPerClock)),
                    Math.max(depthTest, ceilDiv(tb.pixels, cbRate)));
            // Functional mode charges one step an item (Stage): the samples count after it.
            batchEnd = now + (ctx.functional ? 1 : Math.max(1, cost));
            return cost;
        }
        Marker m = (Marker) w;
        if (m.dbDone != null && m.dbDone[index] != null) {
            FunctionalLanes.await(m.dbDone[index]);
        }
        switch (m.kind) {
            case OCCLUSION_BEGIN:
            case OCCLUSION_END: {
                long addr = m.address + (m.kind == Marker.Kind.OCCLUSION_END ? OcclusionSlot.endOffset(index)
                        : OcclusionSlot.beginOffset(index));
                writeCounter(m, addr, OcclusionSlot.written(m.dbCounters[index]));
                return 1;
            }
            case WRITE_QUERY_OCCLUSION:
                if (m.counterIndex == 1) {
                    // The write resets the interval counter (DepthBlockCore#snapshot), here in time.
                    settle(now);
                    countedInterval = 0;
                }
                writeCounter(m, m.address + (long) m.stride * index,
                        m.dbCounters[index] | (m.setValid ? QueryLayout.WRITTEN : 0));
                return 1;
            case CLEAR_DEPTH_STENCIL:
                return ceilDiv(m.dbCounters[index], samplesPerClock * 4);
            case CLEAR_COLOR:
                // This region's colour backend clears its tiles (fast clear, 4x its write rate).
                emit(out, m);
                return ceilDiv(m.dbCounters[index], cbRate * 4);
            default:
                emit(out, m);
                return 1;
        }
    }

    /** Counts the last batch's passing samples once its depth test has finished. */
    private void settle(long now) {
        if (batchPassed != 0 && now >= batchEnd) {
            countedZpass += batchPassed;
            countedInterval += batchPassed;
            batchPassed = 0;
        }
    }

    /**
     * Occlusion counter {@code counter} (0: ZPASS since the start, 1: the interval counter) as
     * this DB has counted it by cycle {@code now}: the racy value WriteQuery NO_WAIT reads.
     */
    public long countedBy(int counter, long now) {
        settle(now);
        return counter == 1 ? countedInterval : countedZpass;
    }

    private void writeCounter(Marker m, long addr, long value) {
        if (!enabled) {
            // A disabled DB writes nothing: its query slots were preset as written (bit 63
            // set, zero count), and WriteQuery leaves its place untouched.
            return;
        }
        m.pendingWrites++;
        counterWrites.inc();
        emitMemory(MemoryRequest.writeLongs(addr, new long[] {value}, (r, t) -> {
            m.pendingWrites--;
            m.landedWrites++;
            m.landedAt = Math.max(m.landedAt, t);
        }, m));
    }
}
