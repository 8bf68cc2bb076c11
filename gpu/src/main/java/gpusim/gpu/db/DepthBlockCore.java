package gpusim.gpu.db;

import gpusim.gpu.ps.ColorSurface;
import gpusim.gpu.ps.PixelShader;
import gpusim.gpu.raster.SamplePattern;
import gpusim.gpu.raster.ScanConverter;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.ClearColor;
import gpusim.gpu.work.ClearDepth;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.OcclusionMarker;
import gpusim.gpu.work.WriteQueryMarker;
import gpusim.gpu.work.TileBatch;
import gpusim.gpu.work.TriBatch;

/**
 * The functional work of one depth block and the colour backend of its screen region:
 * scan conversion of the tiles it owns, hierarchical Z, the depth and stencil tests, its
 * 64-bit ZPASS counter, and the shading and colour writes of the pixels that pass. It
 * touches only its own tiles of every surface, so the cores of different DBs can run on
 * different host threads; each core runs its work in order (see {@link FunctionalLanes}),
 * which makes results independent of threading. The clocked {@link DepthBlock} and pixel
 * stage charge the cycles, from the figures this core leaves in each batch.
 *
 * <p>Depth: the triangle's plane is evaluated at each sample position in double precision,
 * clamped to the viewport's depth range, and quantized to the surface format before the
 * comparison (D3D12: "source FUNC destination"). Stencil: (ref &amp; readMask) FUNC
 * (stored &amp; readMask), with the front or back face's ops by the triangle's facing, and
 * writes through the write mask. Without a bound depth-stencil surface every covered
 * sample passes. Hierarchical Z (when enabled) keeps per-tile bounds on the stored depths
 * and skips a triangle's tile whose samples must all fail; it never changes a result. A
 * late-Z pipeline state (its shader writes depth or discards) gets no HiZ rejection: its
 * depth is not known before shading.
 *
 * <p>The work of one triangle's region of one tile is a {@link TileKernel}: the reference
 * kernel, or a fast one chosen for the batch's state and the region (host-side only, never
 * visible in a result or a cycle); this class walks each triangle's tiles (classification,
 * HiZ) and hands each region to its kernel.
 */
public final class DepthBlockCore {
    private static final double HIZ_MARGIN = 1e-12;
    /**
     * Host-side threshold (never visible in a result or a cycle): the column bounds are
     * computed for triangles at least this many tiles wide; for a narrow one the bounds cost
     * more than the few tiles they could skip.
     */
    private static final int WIDE_TILES = 8;
    /** triangle()'s coverage of a tile inside its row's run not yet classified (classify gives -1, 0 or 1). */
    private static final int UNCLASSIFIED = -2;

    private final int index;
    private final TileMap tiles;
    private final boolean hizEnabled;
    private final HizParams hizParams;
    private final TileKernel.Mode kernels;
    private final ScanConverter scan = new ScanConverter();
    private final PixelShader shader = new PixelShader();
    /** The batch's and the triangle's depth-stencil state, which every kernel reads. */
    private final DepthTestState state;
    private final ReferenceTileKernel reference;
    private final GeneralTileKernel general;
    private final DepthOnlyTileKernel depthOnly;
    private final AllPassFillKernel allPass;
    /** The current tile region's figures, whichever kernel did it. */
    private final RegionCounts region = new RegionCounts();
    /**
     * Occlusion counter 0, the ZPASS counter: samples that passed depth and stencil since the
     * model started; never reset. D3D12 occlusion queries write snapshots of it at BeginQuery
     * and EndQuery, and WriteQuery(OCCLUSION, INDEX 0) writes it.
     */
    private long zpass;
    /**
     * Occlusion counter 1, an interval counter: samples that passed depth and stencil since
     * the last WriteQuery(OCCLUSION, INDEX 1) reached this DB, which writes it and resets it
     * to zero (so consecutive reads give per-interval counts without a subtraction).
     */
    private long zpassInterval;
    /** Counter 0 at the latest BINARY_OCCLUSION begin this DB has seen (binary early out). */
    private long zpassAtBinaryBegin = Long.MAX_VALUE;

    // Per-batch state of the tile walk (fields, so the hot loop stays flat).
    private DepthSurface ds;
    private SamplePattern sp;
    private int funcCode;
    /** The kernel of the current batch's regions ({@link TileKernel#forBatch}). */
    private TileKernel batchKernel;
    private final double[] columnBounds = new double[2];

    /** A core running the fast kernels. */
    public DepthBlockCore(int index, TileMap tiles, boolean hizEnabled) {
        this(index, tiles, hizEnabled, TileKernel.Mode.FAST);
    }

    /** A core running the kernels of {@code kernels} (sim.kernels); the results and figures are the same for each. */
    public DepthBlockCore(int index, TileMap tiles, boolean hizEnabled, TileKernel.Mode kernels) {
        this(index, tiles, HizParams.of(hizEnabled), kernels);
    }

    /** A core with hierarchical Z as {@code hiz} has it, running the kernels of {@code kernels}. */
    public DepthBlockCore(int index, TileMap tiles, HizParams hiz, TileKernel.Mode kernels) {
        boolean hizEnabled = hiz.enabled();
        this.index = index;
        this.tiles = tiles;
        this.hizEnabled = hizEnabled;
        this.hizParams = hiz;
        this.kernels = kernels;
        state = new DepthTestState(hizEnabled);
        reference = new ReferenceTileKernel(state, scan, shader);
        general = new GeneralTileKernel(state, scan, shader);
        depthOnly = new DepthOnlyTileKernel(state, scan, shader);
        allPass = new AllPassFillKernel(state, shader);
    }

    public int index() {
        return index;
    }

    /**
     * This DB's counter at a query marker (the value it will write to memory): the interval
     * counter for a WriteQuery of counter 1, which the write resets; ZPASS otherwise (binary
     * early out starts over at a BINARY_OCCLUSION begin).
     */
    public long snapshot(Marker m) {
        if (m instanceof WriteQueryMarker q && q.counterIndex() == 1) {
            long interval = zpassInterval;
            zpassInterval = 0;
            return interval;
        }
        if (m instanceof OcclusionMarker o && !o.end() && o.binary()) {
            zpassAtBinaryBegin = zpass;
        }
        return zpass;
    }

    /** Clears this DB's tiles of a depth-stencil surface (a tile is one block of storage); returns the samples cleared. */
    public long clearDepthStencil(ClearDepth m) {
        DepthSurface s = m.surface();
        int clearDepth = s.encode(m.depth());
        byte clearStencil = (byte) m.stencil();
        long pixels = forOwnedTiles(s.layout, (tx, ty, from, to) -> {
            if (m.clearDepth()) {
                java.util.Arrays.fill(s.depth, from, to, clearDepth);
                s.hizMin[ty * s.hizTilesX + tx] = clearDepth;
                s.hizMax[ty * s.hizTilesX + tx] = clearDepth;
            }
            if (m.clearStencil() && s.stencil != null) {
                java.util.Arrays.fill(s.stencil, from, to, clearStencil);
            }
        });
        return pixels * s.samples;
    }

    /** Clears this DB's tiles of a colour surface; returns the pixels cleared. */
    public long clearColor(ClearColor m) {
        ColorSurface rt = m.surface();
        float[] c = m.rgba();
        int v = ColorSurface.pack(c[0], c[1], c[2], c[3]);
        return forOwnedTiles(rt.layout, (tx, ty, from, to) -> {
            java.util.Arrays.fill(rt.rgba, from, to, v);
            rt.overwritten(from, to);
        });
    }

    /** Computes the colours this DB's shader deferred ({@link PixelShader}): before its targets are read. */
    public void resolveDeferredColor() {
        shader.resolveDeferred();
    }

    /** What to do with one tile's block of storage, [from, to). */
    private interface TileBlock {
        void apply(int tx, int ty, int from, int to);
    }

    /** Applies {@code block} to every tile of a surface this DB owns; returns the tiles' pixels inside the surface. */
    private long forOwnedTiles(SurfaceLayout l, TileBlock block) {
        long pixels = 0;
        for (int ty = 0; ty < l.tilesY; ty++) {
            for (int tx = tiles.firstOwned(index, 0, ty); tx < l.tilesX; tx = tiles.nextOwned(index, tx, ty)) {
                int from = l.tile(tx, ty);
                block.apply(tx, ty, from, from + l.tileSlots());
                pixels += (long) (Math.min(l.width, tx * l.tileSize + l.tileSize) - tx * l.tileSize)
                        * (Math.min(l.height, ty * l.tileSize + l.tileSize) - ty * l.tileSize);
            }
        }
        return pixels;
    }

    /**
     * Scan-converts, depth/stencil-tests, counts and shades the tiles of a batch, and leaves
     * the figures the timing model needs in the batch (samples tested and passed, pixels and
     * quads shaded). Returns the covered samples tested.
     */
    public long test(TileBatch tb) {
        TriBatch src = tb.source;
        DrawState st = src.state;
        state.beginBatch(st);
        sp = state.sp;
        ds = state.ds;
        funcCode = state.funcCode;
        hiz = ds != null && hizEnabled && state.depthOn && !state.stencilOn && !state.lateZ;
        // The ZCULL format of each tile's subregion (HizParams, ZcullAllocation); null: all the finest.
        zcull = hiz ? hizParams.tileFormats(ds) : null;
        batchKernel = TileKernel.forBatch(kernels, state);
        shader.begin(st);
        // A draw that writes nothing (no colour, depth or stencil) needs no sample's depth once
        // HiZ proves the tile passes: its count is the coverage (hiz.accept_tiles).
        hizAccept = hiz && hizParams.acceptTiles() && !shader.writes() && !state.depthWrite;
        // Depth writes that store what is there already (timing only: TileBatch#tileUnchanged).
        unchangedWrites = state.depthWrite && hizEnabled && (funcCode == 3 || funcCode == 4 || funcCode == 7
                || funcCode == 8);
        // compression.color: the timing side's DCC blocks need to know the form each tile record
        // leaves its blocks in (looked at here, where the colour is: on this DB's lane).
        ColorSurface rt = st.rt();
        boolean dccTarget = rt != null && rt.memory != null && rt.memory.dccKeys >= 0;
        if (dccTarget) {
            tb.needDcc(); // the DB reads the records' forms whenever the target has DCC keys
        }
        dccBlockSlots = shader.writes() && dccTarget ? rt.memory.dccBlockBytes / rt.memory.bytesPerSample : 0;
        tPixels = 0;
        tQuads = 0;
        tCoveredQuads = 0;
        tTested = 0;
        tPassed = 0;
        tScanned = 0;
        boolean earlyOut = st.binaryEarlyOut();
        for (int i = 0; i < tb.count; i++) {
            if (earlyOut && zpass + tPassed > zpassAtBinaryBegin) {
                // Binary early out: a sample has passed since the binary query began, so the
                // query's answer is known and this draw's fragments change nothing else.
                tb.earlyOutTriangles = tb.count - i;
                break;
            }
            triangle(tb, src, tb.tri[i]);
        }
        long passed = tPassed;
        tb.scanSamples = tScanned;
        zpass += passed;
        zpassInterval += passed;
        tb.samplesTested = tTested;
        tb.samplesPassed = passed;
        tb.pixels = tPixels;
        tb.quads = tQuads;
        tb.quadsCovered = tCoveredQuads;
        return tTested;
    }

    // Sums of the triangles of the current batch (fields: each triangle is its own method).
    private long tPixels;
    private long tQuads;
    private long tCoveredQuads;
    private long tTested;
    private long tPassed;
    private long tScanned;
    /** Whether the current batch's tiles are tested against hierarchical Z. */
    private boolean hiz;
    /** Whether the current batch's tiles may be accepted whole by HiZ (a draw that writes nothing). */
    private boolean hizAccept;
    /**
     * Per tile of the current batch's surface (HiZ index), the ordinal of its subregion's ZCULL format
     * ({@link ZcullFormat}); null when every tile is in the finest (no storage limit).
     */
    private byte[] zcull;
    private static final int ZCULL_NONE = ZcullFormat.NONE.ordinal();
    /** By format ordinal: whether a test-only pass may be accepted whole there. */
    private static final boolean[] ZCULL_ACCEPTS = new boolean[ZcullFormat.values().length];
    /** By format ordinal: the block a triangle must write whole for a tile to learn its bounds, if above a tile. */
    private static final int[] ZCULL_LEARN_BLOCK = new int[ZcullFormat.values().length];

    static {
        for (ZcullFormat f : ZcullFormat.values()) {
            ZCULL_ACCEPTS[f.ordinal()] = f.accepts;
            ZCULL_LEARN_BLOCK[f.ordinal()] = f.learnBlock;
        }
    }
    /** Whether the current batch's depth writes may store the value already there (EQUAL, LESS_EQUAL, ...). */
    private boolean unchangedWrites;
    /** The current triangle's HiZ bounds when its depth is one value: encode(clamp(z -/+ margin)). */
    private int flatHizLo;
    private int flatHizHi;
    /** Sample slots of one DCC block of the batch's render target; 0 without colour compression. */
    private int dccBlockSlots;

    /**
     * Triangle {@code t} of the batch against this DB's tiles, its sums added to the batch's.
     * Its own method, not a loop body of {@link #test}: the JIT compiles it as a method after
     * a few thousand triangles, where a loop body of one long call of {@link #test} would be
     * compiled on stack replacement, again for each of its loops (a cold run paid 3 to 5 such
     * compilations of the whole of test, 30-100 ms each on a 2-core machine).
     */
    private void triangle(TileBatch tb, TriBatch src, int t) {
        int ts = tiles.tileSize;
        int[] bbox = src.bbox;
        int full = (1 << sp.samples) - 1;
        int shift = tiles.tileShift;
        long scanned = 0;
        int step = tiles.step();
        // 1 / tile size, exact (a power of two): a product a row where a division cost more.
        double perTile = 1.0 / ts;
        scan.prepare(src, t, sp);
        state.beginTriangle(src, t);
        // Runs of HiZ-rejected tiles counted at once (flatRejects): a flat triangle, a constant step.
        boolean flatRuns = hiz && state.flatDepth && step != 0;
        if (hiz && state.flatDepth) {
            // A plane of one depth has that depth at every corner of every tile (see
            // DepthTestState.flatDepth): hizRejects' bounds, once a triangle instead of once a tile.
            flatHizLo = state.encode(state.clamp(state.zAtOrigin - HIZ_MARGIN));
            flatHizHi = state.encode(state.clamp(state.zAtOrigin + HIZ_MARGIN));
        }
        // The current run of HiZ-rejected tiles: its length and its first tile (ty << 16 | tx).
        int rejectRun = 0;
        int rejectAt = 0;
        int tx0 = bbox[t * 4] >> shift;
        int ty0 = bbox[t * 4 + 1] >> shift;
        int tx1 = bbox[t * 4 + 2] >> shift;
        int ty1 = bbox[t * 4 + 3] >> shift;
        // This DB's tiles of the triangle's bounding box, row by row. The loops' bounds are
        // exclusive: C2 compiled the inclusive form with a loop-limit trap that fired in every
        // cold run and sent the method back to the interpreter (docs/performance.md).
        for (int ty = ty0; ty < ty1 + 1; ty++) {
            // Host-side only: the tiles of the row the edges surely miss are not visited
            // (classify would reject each; nothing is counted for them).
            int txFirst = tx0;
            int txLast = tx1;
            if (tx1 - tx0 >= WIDE_TILES) {
                // Only for a wide triangle: for a narrow one the bounds cost more than the
                // few tiles they could skip.
                double[] cols = scan.columnBounds(Math.max(ty * ts, bbox[t * 4 + 1]),
                        Math.min(ty * ts + ts - 1, bbox[t * 4 + 3]), columnBounds);
                // A band every tile of which is missed has an upper bound of -infinity:
                // txLast is then below every column and no tile is visited.
                txFirst = Math.max(tx0, (int) Math.floor((cols[0] - (ts - 1)) * perTile));
                txLast = Math.min(tx1, (int) Math.floor(cols[1] * perTile));
            }
            int y0 = Math.max(ty * ts, bbox[t * 4 + 1]);
            int y1 = Math.min(ty * ts + ts - 1, bbox[t * 4 + 3]);
            int tx = tiles.firstOwned(index, txFirst, ty);
            // Host-side only: the row's tiles the edges do not miss are one run of columns (for
            // each edge, classify's bound over a tile is monotone in tx: the tiles it does not
            // miss are a prefix or a suffix of the row, and three such sets meet in a run). So
            // with a constant step, once the first and last tiles of that run are found, every
            // owned tile between them is tested against HiZ first and classified only if it
            // survives: most tiles of the stress traces are rejected, and classify was a fifth of
            // the tile loop (docs/performance.md). The same tiles, in the same order, with the
            // same counts and records.
            int covFirst = -1;
            for (; tx < txLast + 1; tx = step != 0 ? tx + step : tiles.nextOwned(index, tx, ty)) {
                covFirst = classifyTile(bbox, t, tx, y0, y1);
                if (covFirst >= 0) {
                    break;
                }
            }
            if (tx >= txLast + 1) {
                continue;
            }
            int runFirst = tx;
            // The run's last owned tile (only with a constant step; else every tile is classified).
            int runLast = -1;
            int covLast = -1;
            if (step != 0) {
                for (runLast = tx + (txLast - tx) / step * step; runLast > tx; runLast -= step) {
                    covLast = classifyTile(bbox, t, runLast, y0, y1);
                    if (covLast >= 0) {
                        break;
                    }
                }
                txLast = runLast;
            }
            for (; tx < txLast + 1; tx = step != 0 ? tx + step : tiles.nextOwned(index, tx, ty)) {
                // Whether flatRejects has already found HiZ keeps this tile (so it is not tested again).
                boolean hizKept = false;
                if (flatRuns && tx > runFirst && tx < runLast) {
                    // Host-side only: the tiles strictly inside the run are whole tiles (the bounding
                    // box ends in the run's end tiles) and unclassified, and a flat triangle has the
                    // same HiZ bounds over each, so the ones HiZ rejects in a row are counted at once:
                    // the same tests, counts and record as one at a time. The loop goes on at the
                    // first one kept or at the run's last tile.
                    // Only over tiles HiZ covers; a tile in a subregion without storage is not tested against it.
                    int n = flatRejects(ty * ds.hizTilesX, tx, runLast, step);
                    if (n > 0) {
                        long rejectedScan = (long) n * ts * (y1 - y0 + 1) * sp.samples;
                        scanned += rejectedScan;
                        tb.hizTiles += n;
                        tb.hizRejectedTiles += n;
                        tb.hizRejectedSamples += rejectedScan;
                        if (rejectRun == 0) {
                            rejectAt = ty << 16 | tx;
                        }
                        rejectRun += n;
                        tx += n * step;
                    }
                    hizKept = tx < runLast;
                }
                int x0 = Math.max(tx * ts, bbox[t * 4]);
                int x1 = Math.min(tx * ts + ts - 1, bbox[t * 4 + 2]);
                // The tile tested whole against the three edges: missed, inside, or partial;
                // strictly inside the run only once HiZ has kept it.
                int coverage;
                if (tx == runFirst) {
                    coverage = covFirst;
                } else if (tx == runLast) {
                    coverage = covLast;
                } else if (step != 0) {
                    coverage = UNCLASSIFIED;
                } else {
                    coverage = scan.classify(x0, y0, x1, y1);
                    if (coverage < 0) {
                        continue;
                    }
                }
                int tileScan = (x1 - x0 + 1) * (y1 - y0 + 1) * sp.samples;
                scanned += tileScan;
                int hizIndex = ds == null ? 0 : ty * ds.hizTilesX + tx;
                boolean covered = hiz && (zcull == null || zcull[hizIndex] != ZCULL_NONE);
                if (covered) {
                    tb.hizTiles++;
                    bounds(tx, ty, hizIndex);
                    if (!hizKept && hizRejects(x0, y0, x1, y1, boundLo, boundHi)) {
                        tb.hizRejectedTiles++;
                        tb.hizRejectedSamples += tileScan;
                        // Rejected whole by its depth bounds: no fine scan, nothing tested. A run
                        // of them is one record (TileBatch#hizRejected), made when the run ends.
                        if (rejectRun++ == 0) {
                            rejectAt = ty << 16 | tx;
                        }
                        continue;
                    }
                }
                if (coverage == UNCLASSIFIED) {
                    coverage = scan.classify(x0, y0, x1, y1);
                }
                if (rejectRun > 0) {
                    tb.hizRejected(rejectAt, rejectRun);
                    rejectRun = 0;
                }
                tile(tb, src, t, tx, ty, x0, y0, x1, y1, coverage > 0, tileScan, hizIndex, full, covered);
            }
            // A run of rejected tiles ends with its row, so that each names the owned tiles of one row
            // from its first on (TileBatch#rejectRuns); the records are the same (runs in a row merge).
            if (rejectRun > 0) {
                tb.hizRejected(rejectAt, rejectRun);
                rejectRun = 0;
            }
        }
        tScanned += scanned;
    }

    /**
     * A tile of triangle {@code t} that HiZ kept: its region's work by the kernel chosen for it, its
     * record for the clocked DB and its HiZ bounds, its counts added to the batch's ({@code covered}:
     * whether HiZ's storage covers the tile, so that its record counts a HiZ test). Its own method,
     * not the body of {@link #triangle}'s tile loop: with it inlined there, C2 compiled triangle into
     * 77 KB of code, once on stack replacement for each of its loops and again as a method (four
     * compilations of 150-330 ms on the 4096 x 2048 x 4 stress trace, on the core the DB workers
     * share; docs/performance.md).
     */
    private void tile(TileBatch tb, TriBatch src, int t, int tx, int ty, int x0, int y0, int x1, int y1,
                      boolean accept, int tileScan, int hizIndex, int full, boolean covered) {
        RegionCounts r = region;
        int ts = tiles.tileSize;
        // Decided before the region's writes move the tile's bounds (see unchanged()).
        boolean unchanged = unchangedWrites && unchanged(ds.hizMin[hizIndex], ds.hizMax[hizIndex]);
        // Whether writing the whole tile teaches its bounds: in a subregion whose format keeps bounds
        // over blocks larger than a tile, only where this triangle writes the whole block (ZcullFormat).
        boolean learns = !accept || zcull == null || learnsBlock(src, t, tx, ty, ZCULL_LEARN_BLOCK[zcull[hizIndex]]);
        state.hizLearns = learns;
        // The region's work, by the kernel chosen for it (TileKernel, the one place).
        r.reset();
        TileKernel k = batchKernel.forRegion(state, shader, allPass, src, t, x0, y0, x1, y1, accept, hizIndex);
        switch (k) {
            case REFERENCE:
                reference.run(src, t, tx, ty, x0, y0, x1, y1, accept, r);
                break;
            case ALL_PASS_FILL:
                allPass.run(src, t, x0, y0, x1, y1, r);
                break;
            case DEPTH_ONLY_1X:
                depthOnly.run(src, t, x0, y0, x1, y1, accept, r);
                break;
            case DEPTH_ONLY_1X_FLAT:
                depthOnly.runFlat(src, t, x0, y0, x1, y1, accept, r);
                break;
            default:
                general.run(src, t, x0, y0, x1, y1, accept, full, r);
                break;
        }
        tPixels += r.shaded;
        tQuads += r.quads;
        tCoveredQuads += r.coveredQuads;
        tTested += r.covered;
        tPassed += r.passed;
        // The tile's work for the clocked DB (TileBatch#tiles): a late-Z state shades every covered quad.
        if (hizAccept && accept && (zcull == null || ZCULL_ACCEPTS[zcull[hizIndex]])
                && hizAccepts(x0, y0, x1, y1, ds.hizMin[hizIndex], ds.hizMax[hizIndex])) {
            // Accepted whole: coverage is the count, no fine scan, no sample read, and
            // nothing to shade (the draw writes nothing), so no quads end the DB's step.
            tb.hizAcceptedTiles++;
            tb.tile(tx, ty, 0, 0, (int) r.passed, 0, (int) r.shaded, true);
        } else {
            tb.tile(tx, ty, tileScan, (int) r.covered, (int) r.passed,
                    (int) (state.lateZ ? r.coveredQuads : r.quads),
                    (int) r.shaded, covered);
        }
        if (hiz && !covered) {
            // Beyond HiZ's storage: the tile's samples are tested without tile bounds (timing only).
            tb.tileUncovered[tb.tiles - 1] = (int) r.covered;
        }
        if (unchanged && r.passed > 0) {
            tb.tileUnchanged[tb.tiles - 1] = (int) r.passed;
        }
        if (dccBlockSlots != 0 && r.passed > 0) {
            shader.blockForms(tx, ty, dccBlockSlots, tb.tileDcc, (tb.tiles - 1) * SurfaceMemory.MAX_DCC_BLOCKS);
        }
        if (k != TileKernel.REFERENCE && hizEnabled && ds != null && r.wrote()) {
            // The fast kernels' HiZ bounds (the reference kernel keeps its own, the same way):
            // exact again where every sample of the whole tile was just written, else
            // widened. Selected by arithmetic, not branches: the whole-tile case can first
            // come late in a run, and a branch C2 has never seen taken is compiled as a trap
            // that sent this method back to the interpreter and to C2 again in every cold
            // stress-2k-4x run (a 70 ms compilation; docs/performance.md).
            long differs = (x0 - tx * ts) | (y0 - ty * ts) | (x1 - (Math.min(tx * ts + ts, ds.width) - 1))
                    | (y1 - (Math.min(ty * ts + ts, ds.height) - 1)) | (r.passed - r.covered);
            int whole = -(int) ((((differs | -differs) >>> 63) ^ 1) & (accept && learns ? 1 : 0)); // all ones: whole tile
            ds.hizMin[hizIndex] = (r.writtenMin & whole) | (Math.min(ds.hizMin[hizIndex], r.writtenMin) & ~whole);
            ds.hizMax[hizIndex] = (r.writtenMax & whole) | (Math.max(ds.hizMax[hizIndex], r.writtenMax) & ~whole);
        }
    }

    /**
     * How many owned tiles from column {@code tx} on, {@code step} apart and before column {@code end},
     * HiZ rejects one after the other for the current flat triangle ({@link #hizRejects} with its
     * bounds, {@link #flatHizLo} and {@link #flatHizHi}); {@code row} is the row's first HiZ index.
     */
    private int flatRejects(int row, int tx, int end, int step) {
        int[] lo = ds.hizMin;
        int[] hi = ds.hizMax;
        int f = funcCode;
        int qlo = flatHizLo;
        int qhi = flatHizHi;
        int n = 0;
        byte[] z = zcull;
        int ty = row / ds.hizTilesX;
        for (int x = tx; x < end && (z == null || z[row + x] != ZCULL_NONE); x += step) {
            bounds(x, ty, row + x);
            if (!rejects(f, qlo, qhi, boundLo, boundHi)) {
                break;
            }
            n++;
        }
        return n;
    }

    /**
     * Tile ({@code tx}, {@code ty})'s depth bounds as ZCULL tests it (HiZ index {@code h}), left in
     * {@link #boundLo} and {@link #boundHi}: its own, or, in a subregion whose format keeps bounds per
     * block larger than a tile (ZcullFormat#learnBlock), its block's, the widest over the block's tiles
     * that this DB owns (only its own: another DB's are another unit's storage, kept on another thread).
     */
    private void bounds(int tx, int ty, int h) {
        if (zcull == null || ZCULL_LEARN_BLOCK[zcull[h]] <= tiles.tileSize) {
            boundLo = ds.hizMin[h];
            boundHi = ds.hizMax[h];
            return;
        }
        int k = ZCULL_LEARN_BLOCK[zcull[h]] / tiles.tileSize;
        int bx = tx / k * k;
        int by = ty / k * k;
        int lo = Integer.MAX_VALUE;
        int hi = Integer.MIN_VALUE;
        for (int y = by; y < Math.min(by + k, ds.layout.tilesY); y++) {
            for (int x = bx; x < Math.min(bx + k, ds.hizTilesX); x++) {
                if (tiles.owner(x, y) == index) {
                    lo = Math.min(lo, ds.hizMin[y * ds.hizTilesX + x]);
                    hi = Math.max(hi, ds.hizMax[y * ds.hizTilesX + x]);
                }
            }
        }
        boundLo = lo;
        boundHi = hi;
    }

    /** The bounds {@link #bounds} found. */
    private int boundLo;
    private int boundHi;

    /**
     * Whether triangle {@code t} covers the whole block of {@code block} x {@code block} pixels (aligned,
     * clipped to the surface) that holds tile ({@code tx}, {@code ty}): always for a block no larger than
     * a tile (the tile itself is inside the triangle when this is asked).
     */
    private boolean learnsBlock(TriBatch src, int t, int tx, int ty, int block) {
        int ts = tiles.tileSize;
        if (block <= ts) {
            return true;
        }
        int bx0 = tx * ts / block * block;
        int by0 = ty * ts / block * block;
        int bx1 = Math.min(bx0 + block, ds.width) - 1;
        int by1 = Math.min(by0 + block, ds.height) - 1;
        int[] bbox = src.bbox;
        return bbox[t * 4] <= bx0 && bbox[t * 4 + 1] <= by0 && bbox[t * 4 + 2] >= bx1 && bbox[t * 4 + 3] >= by1
                && scan.classify(bx0, by0, bx1, by1) > 0;
    }

    /** {@link ScanConverter#classify} of tile column {@code tx} of triangle {@code t}'s row band [y0..y1], clipped to its bounding box. */
    private int classifyTile(int[] bbox, int t, int tx, int y0, int y1) {
        int ts = tiles.tileSize;
        return scan.classify(Math.max(tx * ts, bbox[t * 4]), y0, Math.min(tx * ts + ts - 1, bbox[t * 4 + 2]), y1);
    }

    /** Whether hierarchical Z proves every sample of region [x0..x1] x [y0..y1] fails the depth test. */
    private boolean hizRejects(int x0, int y0, int x1, int y1, int tileMin, int tileMax) {
        int f = funcCode;
        regionBounds(x0, y0, x1, y1, f == 2 || f == 3 || f == 4, f == 3 || f == 5 || f == 7);
        return rejects(f, regionLo, regionHi, tileMin, tileMax);
    }

    /** The triangle's encoded depth bounds over the current region (regionBounds), low and high. */
    private int regionLo;
    private int regionHi;

    /**
     * Leaves the triangle's encoded depth bounds over region [x0..x1] x [y0..y1], widened by
     * the HiZ margin, in {@link #regionLo} and {@link #regionHi}; only the bounds asked for
     * ({@code lower}, {@code upper}) are encoded for a sloped plane (the others are 0).
     */
    private void regionBounds(int x0, int y0, int x1, int y1, boolean lower, boolean upper) {
        DepthTestState s = state;
        if (s.flatDepth) {
            // One depth everywhere: the bounds triangle() encoded once.
            regionLo = flatHizLo;
            regionHi = flatHizHi;
            return;
        }
        // The plane's extremes over the region's sample positions lie at its corners: the
        // lowest at the corner the slopes point away from, the highest at the opposite one.
        double ax = x0 + sp.minFx / 256.0;
        double bx = x1 + sp.maxFx / 256.0;
        double ay = y0 + sp.minFy / 256.0;
        double by = y1 + sp.maxFy / 256.0;
        double dzdx = s.dzdx;
        double dzdy = s.dzdy;
        regionLo = lower ? s.encode(s.clamp(s.planeDepth(dzdx >= 0 ? ax : bx, dzdy >= 0 ? ay : by) - HIZ_MARGIN)) : 0;
        regionHi = upper ? s.encode(s.clamp(s.planeDepth(dzdx >= 0 ? bx : ax, dzdy >= 0 ? by : ay) + HIZ_MARGIN)) : 0;
    }

    /**
     * Whether every passing sample of the region about to be tested will store the depth it
     * finds there, the tile's HiZ bounds being [tileMin, tileMax]: always for EQUAL; for
     * LESS_EQUAL, GREATER_EQUAL and ALWAYS where the triangle has one depth and the tile holds
     * only that depth. A tile-granular test (a sloped triangle rewriting equal depths is not
     * seen), as a compressed tile would show it.
     */
    private boolean unchanged(int tileMin, int tileMax) {
        return funcCode == 3 || (state.flatDepth && tileMin == tileMax && tileMin == state.flatQ);
    }

    /**
     * Whether hierarchical Z proves every sample of region [x0..x1] x [y0..y1] passes the depth
     * test: the bound opposite to the one {@link #hizRejects} reads, with the same margin.
     */
    private boolean hizAccepts(int x0, int y0, int x1, int y1, int tileMin, int tileMax) {
        int f = funcCode;
        regionBounds(x0, y0, x1, y1, f == 5 || f == 7, f == 2 || f == 4);
        return accepts(f, regionLo, regionHi, tileMin, tileMax);
    }

    /**
     * Whether depth function {@code funcCode} (D3D12 value) passes for every sample of a tile
     * whose stored depths lie in [tileMin, tileMax], the triangle's encoded depths there lying
     * in [qlo, qhi].
     */
    private static boolean accepts(int funcCode, int qlo, int qhi, int tileMin, int tileMax) {
        switch (funcCode) {
            case 8: // ALWAYS
                return true;
            case 2: // LESS
                return qhi < tileMin;
            case 4: // LESS_EQUAL
                return qhi <= tileMin;
            case 5: // GREATER
                return qlo > tileMax;
            case 7: // GREATER_EQUAL
                return qlo >= tileMax;
            default:
                return false;
        }
    }

    /**
     * Whether depth function {@code funcCode} (D3D12 value) fails for every sample of a tile
     * whose stored depths lie in [tileMin, tileMax], the triangle's encoded depths there lying
     * in [qlo, qhi] (each bound read only by the functions it decides).
     */
    private static boolean rejects(int funcCode, int qlo, int qhi, int tileMin, int tileMax) {
        switch (funcCode) {
            case 1: // NEVER
                return true;
            case 2: // LESS
                return qlo >= tileMax;
            case 4: // LESS_EQUAL
                return qlo > tileMax;
            case 5: // GREATER
                return qhi <= tileMin;
            case 7: // GREATER_EQUAL
                return qhi < tileMin;
            case 3: // EQUAL
                return qhi < tileMin || qlo > tileMax;
            default:
                return false;
        }
    }
}
