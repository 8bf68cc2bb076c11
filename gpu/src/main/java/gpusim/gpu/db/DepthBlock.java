package gpusim.gpu.db;

import gpusim.api.ComparisonFunc;
import gpusim.config.ConfigKeys;
import gpusim.gpu.CycleCarry;
import gpusim.gpu.PipeStage;
import gpusim.gpu.StageWiring;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.ps.ColorSurface;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.rb.SurfaceTraffic;
import gpusim.gpu.query.QueryProtocol;
import gpusim.gpu.query.QueryLayout;
import gpusim.gpu.work.ClearColor;
import gpusim.gpu.work.ClearDepth;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.MarkerProgress;
import gpusim.gpu.work.OcclusionMarker;
import gpusim.gpu.work.QuadWave;
import gpusim.gpu.work.TileBatch;
import gpusim.gpu.work.StatisticsMarker;
import gpusim.gpu.work.Work;
import gpusim.gpu.work.WriteQueryMarker;
import gpusim.sim.MemoryRequest;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Stat;

/**
 * A depth block (DB), the front half of a render back end, as a clocked component: owns an
 * interleaved set of screen tiles, runs the depth and stencil tests on their samples, and
 * keeps its own 64-bit ZPASS counter of samples that passed both. Query markers make it
 * write a snapshot of the counter to memory after every earlier sample of its tiles has
 * been counted: for occlusion queries, into its own 16-byte begin/end pair of the query
 * slot with bit 63 set as the written mark; for WriteQuery, at address + DB x stride.
 *
 * <p>It starts its own functional work (its {@link DepthBlockCore}: scan conversion of its
 * tiles, hierarchical Z, depth/stencil, counter, shading of its region) as a batch is
 * queued for it ({@link #accept}), in order on its lane. It then charges the batch tile by
 * tile: its units work in step on a tile, scan converter (the tile's sample positions /
 * raster.samples_per_clock), HiZ (hiz.tiles_per_clock tiles; a tile HiZ rejects takes no
 * fine scan and no test), early depth/stencil (covered samples / db.samples_per_clock, or
 * db.depth_only_samples_per_clock for a draw that writes no colour, and
 * db.test_only_samples_per_clock for one that writes no depth or stencil either; a late-Z state's
 * samples are tested after shading, by the colour back end). Every {@code ps.wave_quads}
 * quads to shade make a pixel wave, handed to the shader engine {@code db.latency} cycles
 * after the step that made it, so shading overlaps the rest of the batch. A draw that
 * writes no colour and tests early has no pixel work: its quads are not sent.
 */
public final class DepthBlock extends PipeStage {
    private final int index;
    private final DepthBlockCore core;
    private final FunctionalLanes lanes;
    private final long samplesPerClock;
    /** A depth clear's rates by format (rop.clear_at_write_rate); null: four times samplesPerClock. */
    private final gpusim.gpu.PipelineParams.DepthWriteRates clearRates;
    private final long depthOnlyPerClock;
    /** The rate of a batch that writes nothing: no colour, depth or stencil (a visibility probe). */
    private final long testOnlyPerClock;
    /** The unit's rates, for the stencil test's ({@link PipelineParams.DepthBlockParams#withStencil}). */
    private final gpusim.gpu.PipelineParams.DepthBlockParams params;
    private final long hizTilesPerClock;
    private final long scanPerClock;
    private final long latency;
    private final int waveQuads;
    private final java.util.ArrayDeque<QuadWave> wavePool;
    private final java.util.ArrayDeque<TileBatch> batchPool;
    private final gpusim.gpu.cb.QuadsInFlight inFlight;
    private final long[] counters;
    /** The back end's occlusion query protocol: where this DB writes its begin and end counters, and their mark. */
    private final QueryProtocol queries;
    private final Stat.Scalar scanSamples;
    private final Stat.Scalar samplesIn;
    private final Stat.Scalar lateSamples;
    private final Stat.Scalar hizTiles;
    private final Stat.Scalar samplesPassed;
    private final Stat.Scalar counterWrites;
    private final Stat.Scalar hizRejectedTiles;
    private final Stat.Scalar hizRejectedSamples;
    private final Stat.Scalar hizAcceptedTiles;
    private final Stat.Scalar earlyOutTriangles;
    private final Stat.Scalar wavesSent;
    private final Stat.Scalar quadsSent;
    private final boolean enabled;
    /**
     * The two occlusion counters as this DB has counted them in simulated time (what a racy
     * WriteQuery NO_WAIT reads): a step's passing samples count once its depth test has
     * finished ({@code stepEnd}). The functional core counts them when it tests, which may
     * be far earlier (it runs ahead of timing); these follow the timed steps instead.
     */
    private long countedZpass;
    private long countedInterval;
    private long stepPassed;
    private long stepEnd;
    /** The next tile record of the batch being charged, and whether its functional work was awaited. */
    private int cursor;
    private boolean started;
    /** The batch's pipeline state tests depth late; the batch writes colour (set when it begins). */
    private boolean late;
    private boolean color;
    /**
     * The current batch's early depth/stencil rate, set when it begins: the colour rate, the
     * depth-only rate (it writes depth or stencil) or the test-only rate, lowered to the stencil
     * test's where the draw tests stencil.
     */
    private long zRate;
    /** The batch writes depth: its surface's format (the colour back end may charge the writes); null otherwise. */
    private gpusim.api.DepthFormat depthWriteFormat;
    /** The depth test's rate held across steps (pipelined depth blocks: the ROP's depth halves), or null. */
    private final CycleCarry testCarry;
    /** The current batch's draw tests depth (a depth surface and depth enabled). */
    private boolean depthTested;
    /** The batch's surface format when its early stencil test is on (the ROP reads its stencil), else null. */
    private gpusim.api.DepthFormat stencilFormat;
    /** Whether the batch's passing samples write stencil (a pass operation other than KEEP, a write mask). */
    private boolean stencilWrites;
    /** Samples a pixel of the current batch's surfaces (QuadWave#samplesPerPixel). */
    private int samplesPerPixel = 1;
    /** Pixels with a passing sample this DB has sent on (its part of PSInvocations). */
    private long psInvocations;

    private final SampleWorkLimit workLimit;

    /** Surfaces in memory: this DB's depth-cache traffic, or null (surface accesses take no memory time). */
    private SurfaceTraffic traffic;
    private TileMap tileMap;
    /** rop.zcull_waits_for_writes: the unit's ZCULL against its colour half's pending depth writes, or null. */
    private DepthWriteHazard hazard;
    /** rop.ztest_pixels_per_clock: samples tested since the last wave, in tiles whose depth is stored uncompressed. */
    private long zTested;
    private boolean fastClear;
    private boolean depthPlanes;
    /** The batch's depth-stencil surface in memory (null: none, or no traffic) and what its state reads and writes. */
    private SurfaceMemory ds;
    private SurfaceMemory rt;
    private boolean depthWrite;
    private boolean stencilWrite;
    /** Tile records whose surface reads this DB has issued, over the run (the next one's running number). */
    private long issuedRecords;
    /** The HTILE line last read: tiles whose HTILE word shares it need no request (the DB keeps it on chip). */
    private long htileLine;
    /** The HiZ bounds are on chip (ZCULL): tile tests move no HTILE words ({@link #surfacesThrough}). */
    private boolean hizOnChip;

    public DepthBlock(StageWiring wiring, PipelineCounters counters, TileMap tiles, int index, BoundedQueue<Work> in,
                      DepthBlockCore core, FunctionalLanes lanes,
                      SampleWorkLimit workLimit, java.util.ArrayDeque<QuadWave> wavePool,
                      java.util.ArrayDeque<TileBatch> batchPool, gpusim.gpu.cb.QuadsInFlight inFlight,
                      QueryProtocol queries, gpusim.gpu.PipelineParams.DepthBlockParams p) {
        super(wiring, "db" + index, "depth block " + index + ": scan conversion of its tiles, "
                + "hierarchical Z, early depth/stencil test and occlusion counter", in);
        this.index = index;
        this.core = core;
        this.lanes = lanes;
        this.workLimit = workLimit;
        this.wavePool = wavePool;
        this.batchPool = batchPool;
        this.inFlight = inFlight;
        this.queries = queries;
        this.counters = counters.value;
        this.enabled = tiles.enabled(index);
        this.earlyOutTriangles = stats.scalar("binary_early_out_triangles", "triangles",
                "triangles skipped untested because a BINARY_OCCLUSION query already had a passing sample "
                        + "(db.binary_early_out)");
        this.samplesPerClock = p.samplesPerClock();
        this.clearRates = p.clearRates();
        this.depthOnlyPerClock = p.depthOnlySamplesPerClock();
        this.testOnlyPerClock = p.testOnlyRate();
        this.params = p;
        this.testCarry = p.pipelined() ? new CycleCarry() : null;
        this.hizTilesPerClock = p.hizTilesPerClock();
        this.scanPerClock = p.scanSamplesPerClock();
        this.latency = p.latency();
        this.waveQuads = p.waveQuads();
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
        this.hizAcceptedTiles = stats.scalar("hiz_accepted_tiles", "tiles",
                "triangle tiles hierarchical Z accepted whole in a draw that writes nothing (hiz.accept_tiles): "
                        + "no fine scan, no sample tested one by one");
        this.wavesSent = stats.scalar("waves", "waves", "pixel waves sent to the shader engine");
        this.quadsSent = stats.scalar("quads", "quads", "2x2 quads sent to the shader engine");
        inFlight.report(stats, runLength::cycles);
        this.tileMap = tiles;
    }

    /**
     * A ROP unit's depth half whose coarse test learns a tile's depth only once its colour half
     * has written it (rop.zcull_waits_for_writes): see {@link DepthWriteHazard}.
     */
    public void connectHazard(DepthWriteHazard h) {
        this.hazard = h;
    }

    /**
     * Puts this DB's depth, stencil and HTILE accesses in memory, through {@code cache}
     * (surfaces.in_memory): every tile it tests reads its HTILE word and, unless HiZ rejected
     * it, its depth (and stencil) lines before the tile's step starts, up to
     * {@code tilesInFlight} tile records ahead, and writes what the test changed. With
     * {@code hizOnChip} the HiZ bounds live in on-chip storage (NVIDIA's ZCULL RAM; nvk's
     * nil zcull code sizes it in aliquots of the chip), so tiles read and write no HTILE
     * words; AMD's HTILE is in memory (radeonsi/PAL place it beside the depth surface).
     */
    public void surfacesThrough(gpusim.sim.MemoryPort cache, int lineBytes, int tilesInFlight, boolean fastClear,
                                boolean depthPlanes, boolean hizOnChip) {
        this.depthPlanes = depthPlanes;
        this.hizOnChip = hizOnChip;
        this.traffic = new SurfaceTraffic(cache, this, lineBytes, tilesInFlight, stats, this::retryAt, this::mayBeIdle,
                gpusim.sim.MemoryClient.DEPTH, gpusim.sim.MemoryClient.STENCIL, gpusim.sim.MemoryClient.HTILE);
        this.fastClear = fastClear;
    }

    /**
     * Work queued for this DB by the binner: its functional part starts now, on this DB's
     * lane behind its earlier work (on a worker thread it runs ahead of the clocked DB, which
     * waits for it when its cycle to charge the work comes).
     */
    public void accept(Work w) {
        if (w instanceof TileBatch tb) {
            tb.done = lanes.submit(index, () -> core.test(tb));
            return;
        }
        Marker m = (Marker) w;
        MarkerProgress p = m.progress();
        if (m instanceof OcclusionMarker || m instanceof WriteQueryMarker) {
            p.started(index, lanes.submit(index, () -> p.count(index, core.snapshot(m))));
        } else if (m instanceof ClearDepth c) {
            p.started(index, lanes.submit(index, () -> p.count(index, core.clearDepthStencil(c))));
        } else if (m instanceof ClearColor c) {
            p.started(index, lanes.submit(index, () -> p.count(index, core.clearColor(c))));
        }
    }

    @Override
    protected boolean continues(Work w) {
        return w instanceof TileBatch tb && cursor < tb.tiles;
    }

    @Override
    protected void finished(Work w, long now) {
        if (w instanceof TileBatch tb) {
            cursor = 0;
            started = false;
            tb.source = null;
            tb.done = null;
            batchPool.push(tb);
        }
    }

    @Override
    protected long process(Work w, long now) {
        if (w instanceof TileBatch tb) {
            if (!started) {
                begin(tb);
            }
            return step(tb, now);
        }
        Marker m = (Marker) w;
        MarkerProgress p = m.progress();
        p.await(index);
        if (m instanceof OcclusionMarker o && queries.perUnitWords()) {
            long addr = o.address() + (o.end() ? queries.endOffset(index) : queries.beginOffset(index));
            writeCounter(p, addr, queries.written(p.count(index)));
            return 1;
        }
        if (m instanceof WriteQueryMarker q) {
            if (q.counterIndex() == 1) {
                // The write resets the interval counter (DepthBlockCore#snapshot), here in time.
                settle(now);
                countedInterval = 0;
            }
            writeCounter(p, q.address() + (long) q.stride() * index,
                    p.count(index) | (q.setValid() ? QueryLayout.WRITTEN : 0));
            return 1;
        }
        if (m instanceof ClearDepth c) {
            if (traffic != null && c.surface().memory != null) {
                clearTraffic(c);
            }
            // A fast clear at four times the test rate, or every sample at the unit's depth-write rate
            // for the surface's format, as a fill writes it (rop.clear_at_write_rate).
            return clearRates != null ? ceilDiv(p.count(index), clearRates.rate(c.surface().format))
                    : ceilDiv(p.count(index), samplesPerClock * 4);
        }
        if (m instanceof StatisticsMarker s) {
            s.snapshot()[gpusim.gpu.PipelineCounters.PS_INVOCATIONS] += psInvocations;
        }
        // Statistics, colour clears, timestamps and the occlusion markers of a back end that sums
        // its units' counts on chip (the ROPs' one report) go on down the pipe, behind this DB's waves.
        emit(out, m, latency);
        return 1;
    }

    /** The batch's functional work is done (waits for it if it runs on a worker): its figures are counted. */
    private void begin(TileBatch tb) {
        FunctionalLanes.await(tb.done);
        started = true;
        cursor = 0;
        scanSamples.add(tb.scanSamples);
        workLimit.scanned(tb.scanSamples, tb.drawId);
        samplesIn.add(tb.samplesTested);
        samplesPassed.add(tb.samplesPassed);
        hizRejectedTiles.add(tb.hizRejectedTiles);
        hizRejectedSamples.add(tb.hizRejectedSamples);
        hizAcceptedTiles.add(tb.hizAcceptedTiles);
        hizTiles.add(tb.hizTiles);
        earlyOutTriangles.add(tb.earlyOutTriangles);
        drawTracker().work(tb.drawId, tb.scanSamples, tb.samplesTested, tb.samplesPassed, tb.hizTiles,
                tb.hizRejectedTiles);
        gpusim.trace.PipelineState pso = tb.source.state.pso();
        late = pso.lateZ();
        color = tb.source.state.rt() != null && pso.colorWriteMask() != 0;
        DepthSurface batchDs = tb.source.state.ds();
        boolean writesDepthStencil = batchDs != null && ((pso.depthEnable() && pso.depthWrite())
                || (pso.stencilEnable() && pso.stencilWriteMask() != 0));
        zRate = color ? samplesPerClock : writesDepthStencil ? depthOnlyPerClock : testOnlyPerClock;
        boolean stencilTested = batchDs != null && batchDs.stencil != null && pso.stencilEnable();
        if (stencilTested) {
            zRate = params.withStencil(zRate, batchDs.format);
        }
        depthWriteFormat = batchDs != null && pso.depthEnable() && pso.depthWrite() ? batchDs.format : null;
        stencilFormat = stencilTested && !late ? batchDs.format : null;
        // A passing sample writes its stencil when the pass operation changes it (not KEEP) under a write mask.
        stencilWrites = stencilFormat != null && pso.stencilWriteMask() != 0
                && (pso.front().passOp() != gpusim.api.StencilOp.KEEP || pso.back().passOp() != gpusim.api.StencilOp.KEEP);
        depthTested = batchDs != null && pso.depthEnable();
        samplesPerPixel = batchDs != null ? batchDs.samples
                : tb.source.state.rt() != null ? tb.source.state.rt().samples : 1;
        if (late) {
            lateSamples.add(tb.samplesTested);
        }
        if (traffic != null) {
            DepthSurface d = tb.source.state.ds();
            ds = d == null ? null : d.memory;
            ColorSurface c = tb.source.state.rt();
            rt = c == null || !color ? null : c.memory;
            depthWrite = readsDepth(ds, pso) && pso.depthWrite();
            stencilWrite = readsStencil(ds, pso) && pso.stencilWriteMask() != 0;
            startReads(tb);
        }
        // PSInvocations: pixels with a passing sample, counted as the DB sends them on. A
        // statistics snapshot takes each DB's own count as its copy of the marker passes (a DB
        // past the marker may already count later work while others have not reached it).
        psInvocations += tb.pixels;
        counters[gpusim.gpu.PipelineCounters.PS_INVOCATIONS] += tb.pixels;
    }

    /**
     * Charges the batch's tiles from {@link #cursor} until they hold a wave of quads to shade
     * (or the batch ends), emits the wave, and returns the step's cycles: the slowest of the
     * units working in step on those tiles.
     */
    private long step(TileBatch tb, long now) {
        // Early Z with no colour: nothing for a pixel shader to produce, no waves (drivers
        // bind no pixel shader for a depth-only pass).
        boolean shade = color || late;
        long hiz = 0;
        long scan = 0;
        long tested = 0;
        long passed = 0;
        long quads = 0;
        long unchanged = 0;
        long uncovered = 0;
        int i = cursor;
        // With surfaces in memory a step takes at most half the read window: the other half's
        // reads are in flight while it is charged (double buffering), or every step would wait
        // a whole memory latency for reads issued only when it began.
        int n = traffic == null ? tb.tiles : Math.min(tb.tiles, cursor + Math.max(1, traffic.window() / 2));
        while (i < n) {
            hiz += tb.tileHiz[i];
            scan += tb.tileScan[i];
            tested += tb.tileTested[i];
            passed += tb.tilePassed[i];
            quads += tb.tileQuads[i];
            unchanged += tb.tileUnchanged[i];
            uncovered += tb.tileUncovered[i];
            i++;
            if (quads >= waveQuads) {
                break;
            }
        }
        if (hazard != null && !functional && !rejectionsReady(tb, i, now)) {
            return WAIT;
        }
        if (traffic != null && !surfacesReady(tb, i, now)) {
            return WAIT;
        }
        int first = cursor;
        cursor = i;
        settle(now);
        // The samples of tiles beyond HiZ's coverage test at their own rate (hiz.uncovered_samples_per_clock).
        long uncoveredRate = params.uncovered(zRate);
        long front = Math.max(ceilDiv(scan, scanPerClock), ceilDiv(hiz, hizTilesPerClock));
        long test;
        if (late) {
            test = 0;
        } else if (testCarry != null) {
            // The test's rate holds across steps: the part of a cycle it leaves goes to the next
            // step, unless the scan converter or HiZ set this step's pace (the test then waited).
            test = testCarry.spend(CycleCarry.parts(tested - uncovered, zRate)
                    + CycleCarry.parts(uncovered, uncoveredRate));
            if (test < front) {
                testCarry.drop();
            }
        } else {
            test = uncovered == 0 || uncoveredRate == zRate ? ceilDiv(tested, zRate)
                    : ceilDiv(tested - uncovered, zRate) + ceilDiv(uncovered, uncoveredRate);
        }
        long cost = Math.max(front, test);
        if (!late && depthTested && tb.source.state.pso().depthFunc() != ComparisonFunc.ALWAYS) {
            zTested += uncompressedTested(tb, first, i, tested);
        }
        stepPassed = passed;
        // Functional mode charges one step an item (Stage): the samples count after it.
        stepEnd = now + (functional ? 1 : Math.max(1, cost));
        if (shade && quads > 0) {
            QuadWave q = wavePool.isEmpty() ? new QuadWave() : wavePool.pop();
            q.set(tb.drawId, index, tb.source.state.pso(), (int) quads, color ? (int) passed : 0,
                    late ? (int) tested : 0);
            q.samplesPerPixel = samplesPerPixel;
            q.depthTested = depthTested && !late;
            q.stencilFormat = stencilFormat;
            q.stencilWrites = stencilWrites;
            q.zTested = zTested;
            zTested = 0;
            if (depthWriteFormat != null) {
                // The wave's passing samples each write their depth (PipelineParams.DepthWriteRates),
                // but for those that store the depth already there (TileBatch#tileUnchanged).
                q.depthWrites = (int) (passed - unchanged);
                q.depthFormat = depthWriteFormat;
                if (hazard != null && q.depthWrites > 0) {
                    // ZCULL's scoreboard: every tile whose depth this wave changes has bounds in flux
                    // until the wave is written; a rejection in that tile waits for it.
                    long seq = hazard.next();
                    q.hazardSeq = seq;
                    for (int k = first; k < i; k++) {
                        if (tb.tilePassed[k] > tb.tileUnchanged[k]) {
                            hazard.wrote(tb.tileAt[k], seq);
                        }
                    }
                    hazard.sent(seq, tb.drawId, q, stepEnd);
                }
            }
            wavesSent.inc();
            quadsSent.add(quads);
            drawTracker().quads(tb.drawId, quads);
            inFlight.issue(quads, now);
            if (rt != null) {
                for (int k = first; k < i; k++) {
                    if (tb.tilePassed[k] > 0) {
                        q.tile(tb.tileAt[k], tb.tilePassed[k], tb.tileDcc, k * SurfaceMemory.MAX_DCC_BLOCKS,
                                rt.dccKeys >= 0 ? rt.dccBlocksPerTile : 0);
                    }
                }
                q.rt = rt;
            }
            emit(out, q, latency);
        }
        if (traffic != null) {
            writeSurfaces(tb, first, i);
        }
        return cost;
    }

    /**
     * Of the {@code tested} samples of records [first, end), those in tiles whose depth is stored
     * uncompressed: a tile a fast clear left cleared or that holds one plane
     * (compression.fast_clear, compression.depth_planes) is tested from its compressed form. Without
     * surfaces in memory no tile is compressed.
     */
    private long uncompressedTested(TileBatch tb, int first, int end, long tested) {
        if (traffic == null || ds == null || !(fastClear || depthPlanes)) {
            return tested;
        }
        long n = 0;
        for (int k = first; k < end; k++) {
            int tile = tileIndex(ds, tb.tileAt[k]);
            if (!((fastClear && ds.cleared.get(tile)) || (depthPlanes && ds.planes.get(tile)))) {
                n += tb.tileTested[k];
            }
        }
        return n;
    }

    /**
     * Issues surface reads up to {@link SurfaceTraffic#window} tile records ahead of
     * {@link #cursor} (the rest of this batch's, then those of the batches queued behind it),
     * and says whether those of records [cursor, end) have all returned (the step's depth test
     * needs them).
     */
    private boolean surfacesReady(TileBatch tb, int end, long now) {
        traffic.pump(now);
        readAhead(tb, tb.readBase + cursor + traffic.window(), now);
        for (int k = cursor; k < end; k++) {
            if (!traffic.ready(slot(tb, k))) {
                traffic.waited();
                return false;
            }
        }
        return true;
    }

    /** The read slot of record {@code k} of {@code tb}: its running number round the window's ring. */
    private int slot(TileBatch tb, int k) {
        return (int) ((tb.readBase + k) % traffic.window());
    }

    /** Batch {@code tb}'s reads begin (in order after every earlier batch's): its records' running numbers. */
    private void startReads(TileBatch tb) {
        if (tb.readBase < 0) {
            tb.readBase = issuedRecords;
            tb.readsIssued = 0;
            htileLine = -1;
        }
    }

    /**
     * Issues the reads of records up to running number {@code limit} (exclusive): the current
     * batch's, then, in order, those of the batches queued behind it that have arrived (their
     * functional work, which decides what a record tests, is awaited: it does not depend on
     * time). It stops at a depth clear, which changes what later records read; other markers
     * read nothing and are passed over. The DB's depth cache takes many tiles' requests in
     * flight, so the memory latency of a run of small draws overlaps their depth tests, as a
     * pipelined depth block's does.
     */
    private void readAhead(TileBatch tb, long limit, long now) {
        if (!issueReads(tb, limit, now)) {
            return;
        }
        for (int i = 0; issuedRecords < limit; i++) {
            Work w = in.peekArrived(i, now);
            if (w == null || w instanceof ClearDepth) {
                return;
            }
            if (w instanceof TileBatch next) {
                if (next.readBase < 0) {
                    FunctionalLanes.await(next.done);
                    startReads(next);
                }
                if (!issueReads(next, limit, now)) {
                    return;
                }
            }
        }
    }

    /** Issues {@code tb}'s reads up to running number {@code limit}; true when all of them are issued. */
    private boolean issueReads(TileBatch tb, long limit, long now) {
        if (tb.readsIssued < tb.tiles) {
            SurfaceMemory d = tb.source.state.ds() == null ? null : tb.source.state.ds().memory;
            gpusim.trace.PipelineState pso = tb.source.state.pso();
            boolean depth = readsDepth(d, pso);
            boolean stencil = readsStencil(d, pso);
            for (; tb.readsIssued < tb.tiles && issuedRecords < limit; tb.readsIssued++, issuedRecords++) {
                readTile(tb, d, depth, stencil, tb.readsIssued, now);
            }
        }
        return tb.readsIssued == tb.tiles;
    }

    /** Whether a batch of {@code pso} over depth-stencil surface {@code d} (null: none) reads its depth. */
    private static boolean readsDepth(SurfaceMemory d, gpusim.trace.PipelineState pso) {
        return d != null && pso.depthEnable();
    }

    /** Whether a batch of {@code pso} over depth-stencil surface {@code d} (null: none) reads its stencil. */
    private static boolean readsStencil(SurfaceMemory d, gpusim.trace.PipelineState pso) {
        return d != null && d.stencil >= 0 && pso.stencilEnable();
    }

    /**
     * rop.zcull_waits_for_writes: whether the HiZ (ZCULL) rejections of records [cursor, end)
     * may be made now. A rejected tile whose depth a wave still on its way through the colour
     * half writes is rejectable only once that wave is written (DepthWriteHazard): until then
     * the step waits, and is woken when the last such wave is done.
     */
    private boolean rejectionsReady(TileBatch tb, int end, long now) {
        int from = cursor == 0 ? 0 : tb.tileRunsEnd[cursor - 1];
        int to = end == 0 ? 0 : tb.tileRunsEnd[end - 1];
        // Waves of earlier draws: until the colour half has written them; of this draw: until the
        // unit's depth work has reached them (DepthWriteHazard#sent).
        long need = 0;
        long needInDraw = 0;
        for (int r = from; r < to; r++) {
            int at = tb.rejectRuns[2 * r];
            int n = tb.rejectRuns[2 * r + 1];
            int ty = at >>> 16;
            int tx = at & 0xFFFF;
            for (int j = 0; j < n; j++, tx = tileMap.nextOwned(index, tx, ty)) {
                long w = hazard.lastWriter(tx, ty);
                if (w != 0 && hazard.sameDraw(w, tb.drawId)) {
                    needInDraw = Math.max(needInDraw, w);
                } else {
                    need = Math.max(need, w);
                }
            }
        }
        if (needInDraw != 0) {
            long done = hazard.depthDoneAt(needInDraw);
            if (done > now) {
                engine.wakeAt(this, done);
                return false;
            }
        }
        if (need == 0) {
            return true;
        }
        long ready = hazard.readyAt(need);
        if (ready <= now) {
            return true;
        }
        if (ready == Long.MAX_VALUE) {
            hazard.waitFor(need, t -> engine.wakeAt(this, Math.max(t, now)));
        } else {
            engine.wakeAt(this, ready);
        }
        return false;
    }

    private int tileIndex(SurfaceMemory s, int at) {
        return (at >>> 16) * s.tilesX + (at & 0xFFFF);
    }

    /**
     * Record {@code k}'s reads: its tile's HTILE word (unless the DB holds that line already),
     * then, unless HiZ rejected it (no sample tested), the lines of its depth (and stencil)
     * samples; a tile a fast clear left cleared reads no data (its value is the clear value).
     */
    private void readTile(TileBatch tb, SurfaceMemory ds, boolean depthRead, boolean stencilRead, int k, long now) {
        if (ds == null || !(depthRead || stencilRead)) {
            return;
        }
        int slot = slot(tb, k);
        int tile = tileIndex(ds, tb.tileAt[k]);
        if (!hizOnChip) {
            long meta = ds.metaAddress(tile);
            long line = meta & -(long) traffic.line();
            if (line != htileLine) {
                htileLine = line;
                traffic.read(slot, meta, SurfaceMemory.META_BYTES, gpusim.sim.MemoryClient.HTILE, now);
            }
        }
        int tested = tb.tileTested[k];
        if (tested == 0) {
            return;
        }
        int depthBytes = depthRead ? traffic.bytes(tested, ds.bytesPerSample, ds.tileBytes) : 0;
        int stencilBytes = stencilRead ? traffic.bytes(tested, 1, ds.stencilTileBytes) : 0;
        if (fastClear && ds.cleared.get(tile)) {
            traffic.avoided(depthBytes + stencilBytes);
            return;
        }
        if (depthBytes > SurfaceMemory.PLANE_BYTES && ds.planes.get(tile)) {
            // A plane-compressed tile: its plane is all there is to read.
            traffic.plane(false, depthBytes - SurfaceMemory.PLANE_BYTES);
            depthBytes = SurfaceMemory.PLANE_BYTES;
        }
        if (depthBytes > 0) {
            traffic.read(slot, ds.tileAddress(tile), depthBytes, gpusim.sim.MemoryClient.DEPTH, now);
        }
        if (stencilBytes > 0) {
            traffic.read(slot, ds.stencilAddress(tile), stencilBytes, gpusim.sim.MemoryClient.STENCIL, now);
        }
    }

    /**
     * The step's writes, records [from, to): the depth (and stencil) lines of samples that
     * passed and were written, and the HTILE word of each written tile (its HiZ bounds and
     * compression state change), one write per HTILE line in the step.
     */
    private void writeSurfaces(TileBatch tb, int from, int to) {
        if (ds == null || !(depthWrite || stencilWrite)) {
            return;
        }
        long lastMeta = -1;
        for (int k = from; k < to; k++) {
            int passed = tb.tilePassed[k];
            int tested = tb.tileTested[k];
            if (tested == 0 || (passed == 0 && !stencilWrite)) {
                continue;
            }
            int tile = tileIndex(ds, tb.tileAt[k]);
            if (depthWrite && passed > 0) {
                int bytes = traffic.bytes(passed, ds.bytesPerSample, ds.tileBytes);
                if (depthPlanes && passed == tested && tested == ds.tileBytes / ds.bytesPerSample) {
                    // One triangle wrote every sample of the tile: its plane is stored instead.
                    ds.planes.set(tile);
                    traffic.plane(true, bytes - SurfaceMemory.PLANE_BYTES);
                    bytes = SurfaceMemory.PLANE_BYTES;
                } else if (ds.planes.get(tile)) {
                    // A partial write expands a plane tile: every sample is written.
                    ds.planes.clear(tile);
                    bytes = ds.tileBytes;
                }
                emitMemory(traffic.write(ds.tileAddress(tile), bytes, gpusim.sim.MemoryClient.DEPTH), traffic.port());
            }
            if (stencilWrite) {
                // Stencil ops may write failing samples too: every tested sample's byte.
                emitMemory(traffic.write(ds.stencilAddress(tile), traffic.bytes(tested, 1, ds.stencilTileBytes),
                        gpusim.sim.MemoryClient.STENCIL), traffic.port());
            }
            ds.cleared.clear(tile);
            if (!hizOnChip) {
                long meta = ds.metaAddress(tile);
                if ((meta & -(long) traffic.line()) != lastMeta) {
                    lastMeta = meta & -(long) traffic.line();
                    emitMemory(traffic.write(meta, SurfaceMemory.META_BYTES, gpusim.sim.MemoryClient.HTILE),
                            traffic.port());
                }
            }
        }
    }

    /**
     * A depth-stencil clear's traffic for this DB's tiles: with compression.fast_clear, only
     * their HTILE words (one write per HTILE line; the tiles are marked cleared), else every
     * byte of their depth (and stencil) data as well.
     */
    private void clearTraffic(ClearDepth c) {
        SurfaceMemory s = c.surface().memory;
        boolean stencil = c.clearStencil() && s.stencil >= 0;
        int bytes = (c.clearDepth() ? s.tileBytes : 0) + (stencil ? s.stencilTileBytes : 0);
        traffic.clear(s, c.surface().layout, tileMap, index, fastClear, bytes, tile -> {
            if (c.clearDepth()) {
                emitMemory(traffic.write(s.tileAddress(tile), s.tileBytes, gpusim.sim.MemoryClient.DEPTH), traffic.port());
            }
            if (stencil) {
                emitMemory(traffic.write(s.stencilAddress(tile), s.stencilTileBytes, gpusim.sim.MemoryClient.STENCIL),
                        traffic.port());
            }
        }, gpusim.sim.MemoryClient.HTILE, r -> emitMemory(r, traffic.port()));
        htileLine = -1;
    }

    /** Counts the last step's passing samples once its depth test has finished. */
    private void settle(long now) {
        if (stepPassed != 0 && now >= stepEnd) {
            countedZpass += stepPassed;
            countedInterval += stepPassed;
            stepPassed = 0;
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

    private void writeCounter(MarkerProgress p, long addr, long value) {
        if (!enabled) {
            // A disabled DB writes nothing: its query slots were preset as written (bit 63
            // set, zero count), and WriteQuery leaves its place untouched.
            return;
        }
        p.writeIssued();
        counterWrites.inc();
        emitMemory(MemoryRequest.writeLongs(addr, new long[] {value}, (r, t) -> p.writeLanded(t), p).from(gpusim.sim.MemoryClient.COUNTER));
    }

    /** The run has ended: this DB's deferred colours land in its tiles of the targets (BackEnd#finishFunctional). */
    public void finishFunctional() {
        core.resolveDeferredColor();
    }
}
