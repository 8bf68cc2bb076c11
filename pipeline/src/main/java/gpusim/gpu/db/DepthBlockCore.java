package gpusim.gpu.db;

import gpusim.api.ComparisonFunc;
import gpusim.api.DepthFormat;
import gpusim.api.StencilOp;
import gpusim.gpu.ps.ColorSurface;
import gpusim.gpu.ps.PixelShader;
import gpusim.gpu.raster.SamplePattern;
import gpusim.gpu.raster.ScanConverter;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.TileBatch;
import gpusim.gpu.work.TriBatch;
import gpusim.trace.PipelineState;
import gpusim.trace.StencilFace;

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
 * <p>Host-side only, never visible in a result or a cycle: a whole single-sample tile
 * region whose depths provably all pass (the tile's HiZ bounds against the plane's extremes,
 * or ALWAYS) is written without reading or comparing the stored depths.
 */
public final class DepthBlockCore {
    private static final double HIZ_MARGIN = 1e-12;
    /**
     * Host-side thresholds (never visible in a result or a cycle): the provably-passing path
     * is tried for regions of at least this many pixels (a whole 8-pixel tile), and the
     * column bounds computed for triangles at least this many tiles wide. Smaller ones are
     * cheaper the plain way, and a short run (stress-2k: about 0.6 s of simulation) spends
     * much of its time before the JIT has compiled a second path (measured: 60 ms of
     * stress-2k's 0.65 s when every region was tried).
     */
    private static final int MIN_ALL_PASS_PIXELS = 64;
    private static final int WIDE_TILES = 8;

    private final int index;
    private final TileMap tiles;
    private final boolean hizEnabled;
    private final ScanConverter scan = new ScanConverter();
    private final PixelShader shader = new PixelShader();
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

    // Per-batch and per-triangle state of the depth test (fields, so the hot loop stays flat).
    private DepthSurface ds;
    private SurfaceLayout layout;
    private int[] depth;
    private byte[] stencil;
    private int samples;
    private SamplePattern sp;
    private int format; // 0 = D32 float, 1 = D24, 2 = D16
    private boolean depthOn;
    private boolean depthWrite;
    /** The batch's pipeline state tests depth late: its shader runs on every covered quad, which are counted. */
    private boolean lateZ;
    private ComparisonFunc func;
    private int funcCode;
    private boolean stencilOn;
    private double lo;
    private double hi;
    private int ref;
    private int readMask;
    private int writeMask;
    private StencilFace face;
    private double dzdx;
    private double dzdy;
    private double zAtOrigin;
    private double originX;
    private double originY;
    /** Per sample: the depth plane's change from the pixel corner to the sample position. */
    private final double[] sampleDz = new double[16];
    private int writtenMin;
    private int writtenMax;
    private final double[] columnBounds = new double[2];

    public DepthBlockCore(int index, TileMap tiles, boolean hizEnabled) {
        this.index = index;
        this.tiles = tiles;
        this.hizEnabled = hizEnabled;
    }

    public int index() {
        return index;
    }

    /** Records this DB's counter in a query marker (the value it will write to memory). */
    public void snapshot(Marker m) {
        if (m.kind == Marker.Kind.WRITE_QUERY_OCCLUSION && m.counterIndex == 1) {
            m.dbCounters[index] = zpassInterval;
            zpassInterval = 0;
            return;
        }
        if (m.kind == Marker.Kind.OCCLUSION_BEGIN && m.binary) {
            zpassAtBinaryBegin = zpass;
        }
        m.dbCounters[index] = zpass;
    }

    /** Clears this DB's tiles of a depth-stencil surface (a tile is one block of storage); returns the samples cleared. */
    public long clearDepthStencil(Marker m) {
        DepthSurface s = m.depthSurface;
        int clearDepth = s.encode(m.depth);
        byte clearStencil = (byte) m.stencil;
        long pixels = forOwnedTiles(s.layout, (tx, ty, from, to) -> {
            if (m.clearDepth) {
                java.util.Arrays.fill(s.depth, from, to, clearDepth);
                s.hizMin[ty * s.hizTilesX + tx] = clearDepth;
                s.hizMax[ty * s.hizTilesX + tx] = clearDepth;
            }
            if (m.clearStencil && s.stencil != null) {
                java.util.Arrays.fill(s.stencil, from, to, clearStencil);
            }
        });
        return pixels * s.samples;
    }

    /** Clears this DB's tiles of a colour surface; returns the pixels cleared. */
    public long clearColor(Marker m) {
        ColorSurface rt = m.colorSurface;
        int v = ColorSurface.pack(m.rgba[0], m.rgba[1], m.rgba[2], m.rgba[3]);
        return forOwnedTiles(rt.layout, (tx, ty, from, to) -> java.util.Arrays.fill(rt.rgba, from, to, v));
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
        sp = SamplePattern.of(st.samples());
        ds = st.ds();
        hiz = false;
        samples = sp.samples;
        lateZ = st.pso().lateZ();
        if (ds != null) {
            PipelineState pso = st.pso();
            depth = ds.depth;
            layout = ds.layout;
            stencil = ds.stencil;
            samples = ds.samples;
            format = ds.format == DepthFormat.D24_UNORM_S8_UINT ? 1 : ds.format == DepthFormat.D16_UNORM ? 2 : 0;
            depthOn = pso.depthEnable();
            depthWrite = depthOn && pso.depthWrite();
            func = pso.depthFunc();
            funcCode = func.d3dValue();
            stencilOn = pso.stencilEnable() && stencil != null;
            lo = Math.min(st.vpMinDepth(), st.vpMaxDepth());
            hi = Math.max(st.vpMinDepth(), st.vpMaxDepth());
            ref = st.stencilRef() & 0xFF;
            readMask = pso.stencilReadMask();
            writeMask = pso.stencilWriteMask();
            hiz = hizEnabled && depthOn && !stencilOn && !lateZ;
        }
        shader.begin(st);
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
        long pixels = tPixels;
        long quads = tQuads;
        long coveredQuads = tCoveredQuads;
        long tested = tTested;
        long passed = tPassed;
        long scanned = tScanned;
        tb.scanSamples = scanned;
        zpass += passed;
        zpassInterval += passed;
        tb.samplesTested = tested;
        tb.samplesPassed = passed;
        tb.pixels = pixels;
        tb.quads = quads;
        tb.quadsCovered = coveredQuads;
        return tested;
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
        long pixels = 0;
        long quads = 0;
        long coveredQuads = 0;
        long tested = 0;
        long passed = 0;
        int full = (1 << sp.samples) - 1;
        int shift = tiles.tileShift;
        long scanned = 0;
        int step = tiles.step();
        scan.prepare(src, t, sp);
        prepareTriangle(src, t);
        int tx0 = bbox[t * 4] >> shift;
        int ty0 = bbox[t * 4 + 1] >> shift;
        int tx1 = bbox[t * 4 + 2] >> shift;
        int ty1 = bbox[t * 4 + 3] >> shift;
        // This DB's tiles of the triangle's bounding box, row by row.
        for (int ty = ty0; ty <= ty1; ty++) {
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
                txFirst = Math.max(tx0, (int) Math.floor((cols[0] - (ts - 1)) / ts));
                txLast = Math.min(tx1, (int) Math.floor(cols[1] / ts));
            }
            for (int tx = tiles.firstOwned(index, txFirst, ty); tx <= txLast;
                    tx = step != 0 ? tx + step : tiles.nextOwned(index, tx, ty)) {
                int x0 = Math.max(tx * ts, bbox[t * 4]);
                int x1 = Math.min(tx * ts + ts - 1, bbox[t * 4 + 2]);
                int y0 = Math.max(ty * ts, bbox[t * 4 + 1]);
                int y1 = Math.min(ty * ts + ts - 1, bbox[t * 4 + 3]);
                // The tile tested whole against the three edges: missed, inside, or partial.
                int coverage = scan.classify(x0, y0, x1, y1);
                if (coverage < 0) {
                    continue;
                }
                boolean accept = coverage > 0;
                int tileScan = (x1 - x0 + 1) * (y1 - y0 + 1) * sp.samples;
                scanned += tileScan;
                int hizIndex = 0;
                if (hiz) {
                    tb.hizTiles++;
                    hizIndex = ty * ds.hizTilesX + tx;
                    if (hizRejects(x0, y0, x1, y1, ds.hizMin[hizIndex], ds.hizMax[hizIndex])) {
                        tb.hizRejectedTiles++;
                        tb.hizRejectedSamples += tileScan;
                        // Rejected whole by its depth bounds: no fine scan, nothing tested.
                        tb.tile(0, 0, 0, 0, 0, TileBatch.HIZ_TESTED | TileBatch.HIZ_REJECTED);
                        continue;
                    }
                }
                long quadsBefore = quads;
                long coveredBefore = coveredQuads;
                long pixelsBefore = pixels;
                writtenMin = Integer.MAX_VALUE;
                writtenMax = Integer.MIN_VALUE;
                rowCovered = 0;
                rowPassed = 0;
                rowPixels = 0;
                long quadBits = 0;
                long coveredBits = 0;
                if (samples == 1 && ds != null && depthOn && !stencilOn) {
                    quads += tileDepthOnly(src, t, x0, y0, x1, y1, accept, ty * ds.hizTilesX + tx);
                    coveredQuads += tileCoveredQuads;
                } else {
                    for (int y = y0; y <= y1; y++) {
                        if ((y & 1) == 0) {
                            // A new row of 2x2 quads: count the quads the previous one shaded
                            // and those it covered.
                            quads += Long.bitCount(quadBits);
                            coveredQuads += Long.bitCount(coveredBits);
                            quadBits = 0;
                            coveredBits = 0;
                        }
                        quadBits |= row(src, t, y, x0, x1, accept, full);
                        coveredBits |= rowCoveredBits;
                    }
                }
                coveredQuads += Long.bitCount(coveredBits);
                long tileCovered = rowCovered;
                long tilePassed = rowPassed;
                pixels += rowPixels;
                quads += Long.bitCount(quadBits);
                tested += tileCovered;
                passed += tilePassed;
                tb.tile(tileScan, (int) tileCovered, (int) tilePassed,
                        (int) (lateZ ? coveredQuads - coveredBefore : quads - quadsBefore),
                        (int) (pixels - pixelsBefore), hiz ? TileBatch.HIZ_TESTED : 0);
                if (hizEnabled && ds != null && writtenMin <= writtenMax) {
                    hizIndex = ty * ds.hizTilesX + tx;
                    boolean wholeTile = accept && x0 == tx * ts && y0 == ty * ts
                            && x1 == Math.min(tx * ts + ts, ds.width) - 1 && y1 == Math.min(ty * ts + ts, ds.height) - 1
                            && tilePassed == tileCovered;
                    if (wholeTile) {
                        // Every sample of the tile was just written: the bounds are exact again.
                        ds.hizMin[hizIndex] = writtenMin;
                        ds.hizMax[hizIndex] = writtenMax;
                    } else {
                        ds.hizMin[hizIndex] = Math.min(ds.hizMin[hizIndex], writtenMin);
                        ds.hizMax[hizIndex] = Math.max(ds.hizMax[hizIndex], writtenMax);
                    }
                }
            }
        }
        tPixels += pixels;
        tQuads += quads;
        tCoveredQuads += coveredQuads;
        tTested += tested;
        tPassed += passed;
        tScanned += scanned;
    }

    // Accumulators of the rows of the current tile (fields: the row walk is its own method,
    // small enough for the JIT to compile early and well).
    private long rowCovered;
    /** The x of each passing pixel of the current row (at most a tile's width). */
    private final int[] passX = new int[32];
    private long rowPassed;
    private long rowPixels;
    /** The quad columns (relative to x0 / 2) of the last {@link #row} with a covered sample. */
    private long rowCoveredBits;
    /** The quads of the last {@link #tileDepthOnly} region with a covered sample. */
    private long tileCoveredQuads;

    /**
     * The common single-sample, depth-only case of a whole tile region, flat (the same
     * arithmetic as {@link #depthOnly}); returns the quads shaded and leaves those covered in
     * {@link #tileCoveredQuads}.
     */
    private long tileDepthOnly(TriBatch src, int t, int x0, int y0, int x1, int y1, boolean accept, int hizIndex) {
        // The provably-passing path, where it pays: whole tiles with no colour or one flat
        // along x (a fill). Interpolated colours gain little from it, and a second path to
        // warm up costs a short run more than it saves (docs/performance.md).
        if (accept && format == 0 && ds.overdraw == null && (x1 - x0 + 1) * (y1 - y0 + 1) >= MIN_ALL_PASS_PIXELS
                && (!shader.writes() || shader.flatAlongX(src, t)) && allPass(x0, y0, x1, y1, hizIndex)) {
            return tileAllPass(src, t, x0, y0, x1, y1);
        }
        double dz0 = sampleDz[0];
        boolean shading = shader.writes();
        int[] d = depth;
        int[] od = ds.overdraw;
        int wMin = writtenMin;
        int wMax = writtenMax;
        long covered = 0;
        long passed = 0;
        long quads = 0;
        long quadBits = 0;
        long coveredQuads = 0;
        long coveredBits = 0;
        int quadBase = x0 >> 1;
        for (int y = y0; y <= y1; y++) {
            if ((y & 1) == 0) {
                quads += Long.bitCount(quadBits);
                coveredQuads += Long.bitCount(coveredBits);
                quadBits = 0;
                coveredBits = 0;
            }
            if (!accept) {
                scan.rowStart(x0, y);
            }
            double zRow = zAtOrigin + dzdy * (y - originY);
            int rowBase = layout.pixel(x0, y) - x0;
            int run = 0;
            for (int x = x0; x <= x1; x++) {
                if (!accept && scan.nextMask() == 0) {
                    continue;
                }
                covered++;
                if (lateZ) {
                    if (lateZ) {
                coveredBits |= 1L << ((x >> 1) - quadBase);
            }
                }
                int idx = rowBase + x;
                if (od != null) {
                    od[idx]++;
                }
                int q = encode(clamp(zRow + dzdx * (x - originX) + dz0));
                if (compare(funcCode, q, d[idx])) {
                    if (depthWrite) {
                        d[idx] = q;
                        wMin = Math.min(wMin, q);
                        wMax = Math.max(wMax, q);
                    }
                    passed++;
                    if (shading) {
                        passX[run++] = x;
                    }
                    quadBits |= 1L << ((x >> 1) - quadBase);
                }
            }
            if (run > 0) {
                // The row's passing pixels are shaded together, the triangle's planes loaded once.
                shader.shadeRow(src, t, y, passX, run, rowBase);
            }
        }
        writtenMin = wMin;
        writtenMax = wMax;
        rowCovered += covered;
        rowPassed += passed;
        rowPixels += passed;
        tileCoveredQuads = coveredQuads + Long.bitCount(coveredBits);
        return quads + Long.bitCount(quadBits);
    }

    /**
     * Whether every sample of the fully covered single-sample region [x0..x1] x [y0..y1]
     * passes the depth test against what the tile holds, provably: the depth function is
     * ALWAYS, or the tile's HiZ bounds (kept whenever HiZ is enabled, for every draw) lie
     * beyond the region's extreme depths. The extremes are exact: the depth each pixel
     * gets, (z0 + dz/dy (y - y0)) + dz/dx (x - x0) + offset, clamped and encoded, is built
     * from operations each monotonic in x and in y, so it is monotonic in each and its
     * extremes over a rectangle lie at its corners (given finite values and a non-negative
     * depth range, where D32 bits order like the depths).
     */
    private boolean allPass(int x0, int y0, int x1, int y1, int hizIndex) {
        if (funcCode == 8) { // ALWAYS
            return cornerDepths(x0, y0, x1, y1);
        }
        if (!hizEnabled || (funcCode != 2 && funcCode != 4 && funcCode != 5 && funcCode != 7)) {
            return false;
        }
        if (!cornerDepths(x0, y0, x1, y1)) {
            return false;
        }
        int tileMin = ds.hizMin[hizIndex];
        int tileMax = ds.hizMax[hizIndex];
        switch (funcCode) {
            case 2: return cornerMax < tileMin; // LESS
            case 4: return cornerMax <= tileMin; // LESS_EQUAL
            case 5: return cornerMin > tileMax; // GREATER
            default: return cornerMin >= tileMax; // GREATER_EQUAL
        }
    }

    /** The encoded depth extremes of the last {@link #cornerDepths} region. */
    private int cornerMin;
    private int cornerMax;
    /** Whether every depth of that region lies in the viewport's depth range before clamping (its corners do). */
    private boolean cornerInRange;
    /** Per column of a tile region: dz/dx (x - x0), the one term of the depth that varies along a row. */
    private final double[] columnDz = new double[32];

    /**
     * Evaluates the region's lowest and highest corner pixels (by the slopes' signs; each
     * step of the depth is monotonic in x and in y, non-decreasing where its slope is not
     * negative) the way the depth loop does, and leaves the extremes in {@link #cornerMin}
     * and {@link #cornerMax}; false where the argument does not hold (a non-finite depth
     * or a negative depth range).
     */
    private boolean cornerDepths(int x0, int y0, int x1, int y1) {
        if (!(lo >= 0) || !(dzdx == dzdx) || !(dzdy == dzdy)) {
            return false;
        }
        double dz0 = sampleDz[0];
        int xl = dzdx >= 0 ? x0 : x1;
        int xh = dzdx >= 0 ? x1 : x0;
        int yl = dzdy >= 0 ? y0 : y1;
        int yh = dzdy >= 0 ? y1 : y0;
        double zl = zAtOrigin + dzdy * (yl - originY) + dzdx * (xl - originX) + dz0;
        double zh = zAtOrigin + dzdy * (yh - originY) + dzdx * (xh - originX) + dz0;
        if (!Double.isFinite(zl) || !Double.isFinite(zh)) {
            return false;
        }
        cornerInRange = zl >= lo && zh <= hi;
        cornerMin = encode(clamp(zl));
        cornerMax = encode(clamp(zh));
        return true;
    }

    /**
     * A fully covered single-sample D32 region every sample of which passes (see
     * {@link #allPass}): the depths are written (if depth writes are on) and the pixels
     * shaded, row by row, without reading the stored depths; the counts are the region's
     * size. The same arithmetic and the same figures as the general loop.
     */
    private long tileAllPass(TriBatch src, int t, int x0, int y0, int x1, int y1) {
        int n = x1 - x0 + 1;
        if (depthWrite) {
            double dz0 = sampleDz[0];
            double zLo = lo;
            double zHi = hi;
            int[] d = depth;
            // The depth is (zRow + dz/dx (x - x0)) + dz0: the column term is the same in every
            // row, so it is computed once a region (the same value, so the same depth).
            double[] cx = columnDz;
            for (int i = 0; i < n; i++) {
                cx[i] = dzdx * ((x0 + i) - originX);
            }
            if (cornerInRange && shader.flatAlongX(src, t)) {
                // The common fill: depth and one colour a row, in one pass over the region.
                int rows = y1 - y0 + 1;
                for (int r = 0; r < rows; r++) {
                    rowZ[r] = zAtOrigin + dzdy * ((y0 + r) - originY);
                    rowColor[r] = shader.rowColor(y0 + r);
                }
                fillRegion(d, shader.target(), layout.pixel(x0, y0), layout.tileSize, rows, n, rowZ, rowColor, cx, dz0);
                return countAllPass(x0, y0, x1, y1);
            }
            for (int y = y0; y <= y1; y++) {
                int from = layout.pixel(x0, y);
                double zRow = zAtOrigin + dzdy * (y - originY);
                if (cornerInRange) {
                    // Every depth is inside the range already (its extremes are): no clamp.
                    for (int i = 0; i < n; i++) {
                        d[from + i] = Float.floatToRawIntBits((float) (zRow + cx[i] + dz0) + 0.0f);
                    }
                } else {
                    for (int i = 0; i < n; i++) {
                        double z = zRow + cx[i] + dz0;
                        d[from + i] = Float.floatToRawIntBits((float) (z < zLo ? zLo : z > zHi ? zHi : z) + 0.0f);
                    }
                }
            }
        }
        // The colour surface shares the depth surface's layout when shading is hoisted (PixelShader).
        shader.shadeRect(src, t, x0, y0, x1, y1, layout);
        return countAllPass(x0, y0, x1, y1);
    }

    /** Per row of a tile region: the depth plane at the row (before x), and the row's colour. */
    private final double[] rowZ = new double[32];
    private final int[] rowColor = new int[32];

    /**
     * The depths (zRow + column term) + dz0 of a region known to pass, in range, and one
     * colour a row, written to both surfaces (the same layout); rows are {@code pitch} apart
     * within a tile. Small and static, so the JIT compiles it early and whole.
     */
    private static void fillRegion(int[] d, int[] rgba, int from, int pitch, int rows, int n, double[] rowZ,
                                   int[] rowColor, double[] cx, double dz0) {
        for (int r = 0; r < rows; r++, from += pitch) {
            double zRow = rowZ[r];
            int c = rowColor[r];
            for (int i = 0; i < n; i++) {
                d[from + i] = Float.floatToRawIntBits((float) (zRow + cx[i] + dz0) + 0.0f);
                rgba[from + i] = c;
            }
        }
    }

    /** The figures of a provably-passing region (see {@link #tileAllPass}); returns the quads shaded. */
    private long countAllPass(int x0, int y0, int x1, int y1) {
        int n = x1 - x0 + 1;
        if (depthWrite) {
            // The corners hold the extremes of what was written (see allPass).
            writtenMin = Math.min(writtenMin, cornerMin);
            writtenMax = Math.max(writtenMax, cornerMax);
        }
        long pixels = (long) n * (y1 - y0 + 1);
        rowCovered += pixels;
        rowPassed += pixels;
        rowPixels += pixels;
        long quads = (long) ((x1 >> 1) - (x0 >> 1) + 1) * ((y1 >> 1) - (y0 >> 1) + 1);
        tileCoveredQuads = lateZ ? quads : 0;
        return quads;
    }

    /**
     * Tests, counts and shades pixels x0..x1 of row y of triangle t (one DB tile); returns
     * the bits of the quad columns (relative to x0 / 2) with a shaded pixel.
     */
    private long row(TriBatch src, int t, int y, int x0, int x1, boolean accept, int full) {
        if (!accept) {
            scan.rowStart(x0, y);
        }
        double zRow = zAtOrigin + dzdy * (y - originY);
        int rowBase = ds == null ? 0 : layout.pixel(x0, y) - x0 * samples;
        int quadBase = x0 >> 1;
        long quadBits = 0;
        long coveredBits = 0;
        long covered = 0;
        long passed = 0;
        long shaded = 0;
        int[] od = ds == null ? null : ds.overdraw;
        int odBase = rowBase / samples; // rowBase is a whole number of pixels
        for (int x = x0; x <= x1; x++) {
            int m = accept ? full : scan.nextMask();
            if (m == 0) {
                continue;
            }
            covered += Integer.bitCount(m);
            if (lateZ) {
                coveredBits |= 1L << ((x >> 1) - quadBase);
            }
            if (od != null) {
                od[odBase + x]++;
            }
            int pass = ds == null ? m : testPixel(rowBase + x * samples, zRow + dzdx * (x - originX), m);
            if (pass != 0) {
                passed += Integer.bitCount(pass);
                shaded++;
                shader.shade(src, t, x, y, ds == null ? -1 : rowBase + x * samples, pass);
                quadBits |= 1L << ((x >> 1) - quadBase);
            }
        }
        rowCovered += covered;
        rowPassed += passed;
        rowPixels += shaded;
        rowCoveredBits = coveredBits;
        return quadBits;
    }

    private void prepareTriangle(TriBatch src, int t) {
        double[] plane = src.zPlane;
        zAtOrigin = plane[t * 3];
        dzdx = plane[t * 3 + 1];
        dzdy = plane[t * 3 + 2];
        originX = src.fx[t * 3] / 256.0;
        originY = src.fy[t * 3] / 256.0;
        PipelineState pso = src.state.pso();
        face = src.front[t] ? pso.front() : pso.back();
        for (int s = 0; s < sp.samples; s++) {
            sampleDz[s] = dzdx * sp.x[s] + dzdy * sp.y[s];
        }
    }

    /** The depth of the prepared triangle at pixel-space position (px, py), before clamping. */
    private double planeDepth(double px, double py) {
        return zAtOrigin + dzdy * (py - originY) + dzdx * (px - originX);
    }

    private int encode(double z) {
        switch (format) {
            case 1: return (int) Math.rint(z * 16777215.0);
            case 2: return (int) Math.rint(z * 65535.0);
            default: return Float.floatToRawIntBits((float) z + 0.0f);
        }
    }

    /** Whether hierarchical Z proves every sample of region [x0..x1] x [y0..y1] fails the depth test. */
    private boolean hizRejects(int x0, int y0, int x1, int y1, int tileMin, int tileMax) {
        // The plane's extremes over the region's sample positions lie at its corners: the
        // lowest at the corner the slopes point away from, the highest at the opposite one.
        double ax = x0 + sp.minFx / 256.0;
        double bx = x1 + sp.maxFx / 256.0;
        double ay = y0 + sp.minFy / 256.0;
        double by = y1 + sp.maxFy / 256.0;
        switch (funcCode) {
            case 1: // NEVER
                return true;
            case 2: // LESS
            case 4: // LESS_EQUAL
            {
                double zlo = planeDepth(dzdx >= 0 ? ax : bx, dzdy >= 0 ? ay : by) - HIZ_MARGIN;
                int qlo = encode(clamp(zlo));
                return funcCode == 2 ? qlo >= tileMax : qlo > tileMax;
            }
            case 5: // GREATER
            case 7: // GREATER_EQUAL
            {
                double zhi = planeDepth(dzdx >= 0 ? bx : ax, dzdy >= 0 ? by : ay) + HIZ_MARGIN;
                int qhi = encode(clamp(zhi));
                return funcCode == 5 ? qhi <= tileMin : qhi < tileMin;
            }
            case 3: // EQUAL
            {
                int qlo = encode(clamp(planeDepth(dzdx >= 0 ? ax : bx, dzdy >= 0 ? ay : by) - HIZ_MARGIN));
                int qhi = encode(clamp(planeDepth(dzdx >= 0 ? bx : ax, dzdy >= 0 ? by : ay) + HIZ_MARGIN));
                return qhi < tileMin || qlo > tileMax;
            }
            default:
                return false;
        }
    }

    /**
     * Depth/stencil-tests the covered samples {@code m} of the pixel whose first sample is at
     * {@code base}; {@code zPixel} is the plane at the pixel's corner, evaluated the one way
     * every path uses: (z0 + dz/dy (y - y0)) + dz/dx (x - x0), plus the sample's offset.
     * Returns the passing samples.
     */
    private int testPixel(int base, double zPixel, int m) {
        if (!stencilOn) {
            return depthOnly(base, zPixel, m);
        }
        int pass = 0;
        while (m != 0) {
            int s = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            int idx = base + s;
            int q = 0;
            boolean depthPass = true;
            if (depthOn) {
                q = encode(clamp(zPixel + sampleDz[s]));
                depthPass = func.test(q, depth[idx]);
            }
            int stored = stencil[idx] & 0xFF;
            boolean stencilPass = face.func().test(ref & readMask, stored & readMask);
            StencilOp op = !stencilPass ? face.failOp() : !depthPass ? face.depthFailOp() : face.passOp();
            if (op != StencilOp.KEEP) {
                int nv = op.apply(stored, ref);
                stencil[idx] = (byte) ((stored & ~writeMask) | (nv & writeMask));
            }
            if (!stencilPass || !depthPass) {
                continue;
            }
            if (depthWrite) {
                write(idx, q);
            }
            pass |= 1 << s;
        }
        return pass;
    }

    /** The common case without stencil: depth test (if enabled) and write. */
    private int depthOnly(int base, double zPixel, int m) {
        if (!depthOn) {
            return m;
        }
        int pass = 0;
        while (m != 0) {
            int s = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            int idx = base + s;
            int q = encode(clamp(zPixel + sampleDz[s]));
            if (compare(funcCode, q, depth[idx])) {
                if (depthWrite) {
                    write(idx, q);
                }
                pass |= 1 << s;
            }
        }
        return pass;
    }

    /** ComparisonFunc.test by D3D12 value, flat for the hot loop. */
    private static boolean compare(int func, int src, int dst) {
        switch (func) {
            case 2: return src < dst;
            case 3: return src == dst;
            case 4: return src <= dst;
            case 5: return src > dst;
            case 6: return src != dst;
            case 7: return src >= dst;
            case 8: return true;
            default: return false;
        }
    }

    private double clamp(double z) {
        return z < lo ? lo : z > hi ? hi : z;
    }

    private void write(int idx, int q) {
        depth[idx] = q;
        if (q < writtenMin) {
            writtenMin = q;
        }
        if (q > writtenMax) {
            writtenMax = q;
        }
    }
}
