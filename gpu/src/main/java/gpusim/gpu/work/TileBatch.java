package gpusim.gpu.work;

/**
 * The rasterizer's coarse output for one depth block: the triangles of a triangle batch
 * whose bounding box covers at least one of the DB's tiles. The DB's core walks its own
 * tiles of each, tests them whole against the edges, finds the exact samples, tests depth
 * and stencil, shades, and leaves here the figures the clocked DB and pixel stage charge
 * cycles for. Reused through a pool.
 */
public final class TileBatch implements Work {
    public TriBatch source;
    public int drawId;
    public int db;
    public int count;
    public int[] tri = new int[64];
    /** The DB core's job for this batch; its figures below are valid once it is done. */
    public java.util.concurrent.CompletableFuture<Void> done;
    /** Sample positions of the DB's tiles that the triangles do not trivially miss (scan-conversion work). */
    public long scanSamples;
    public long samplesTested;
    public long samplesPassed;
    public long pixels;
    public long quads;
    /**
     * 2x2 quads with a covered sample: what a late-Z draw shades (every quad, before its depth
     * test). Counted for late-Z pipeline states only (0 otherwise: nothing reads it then, and
     * the depth loops stay lean).
     */
    public long quadsCovered;
    /** Triangle tiles tested against hierarchical Z (the HiZ unit's work), rejected or not. */
    public long hizTiles;
    public long hizRejectedTiles;
    public long hizRejectedSamples;
    /**
     * Triangle tiles HiZ accepted whole in a draw that writes nothing (hiz.accept_tiles): every
     * sample is known to pass from the tile's depth bounds, so neither a fine scan nor a
     * per-sample test is charged for them.
     */
    public long hizAcceptedTiles;
    /** Triangles of the batch the DB skipped untested by binary early out. */
    public long earlyOutTriangles;

    /**
     * The batch's work tile by tile, in the order the DB's units see it: one record for every
     * (triangle, screen tile) pair the scan converter did not trivially miss, so that the
     * clocked DB can hand the shader array hardware-sized pieces (waves of quads) as it goes
     * rather than a whole batch at its end. Parallel primitive arrays, {@link #tiles} long.
     */
    public int tiles;
    /** Per tile: its sample positions the fine scan walks (0 when HiZ rejected the tile: no fine scan). */
    public int[] tileScan = new int[64];
    /** Per tile: covered samples depth/stencil tested. */
    public int[] tileTested = new int[64];
    /** Per tile: samples that passed depth and stencil. */
    public int[] tilePassed = new int[64];
    /** Per tile: 2x2 quads the shader array runs (a passing sample; for late Z, a covered one). */
    public int[] tileQuads = new int[64];
    /** Per tile: pixels with a passing sample (PSInvocations). */
    public int[] tilePixels = new int[64];
    /** Per record: the HiZ tests it stands for (0 or 1 for a tile; a run of rejected tiles is one record). */
    public int[] tileHiz = new int[64];
    /**
     * Per record: its screen tile, {@code ty << 16 | tx} (for a run of rejected tiles, the
     * first): where its surface accesses go when surfaces are in memory.
     */
    public int[] tileAt = new int[64];
    /**
     * With compression.color, per record with passing samples: the form each DCC block of its
     * tile is stored in after the record's writes ({@link gpusim.gpu.db.DccBlockForm}; the core
     * looks at the tile's colour once its triangle is done), block b of record n at
     * n x {@link gpusim.gpu.db.SurfaceMemory#MAX_DCC_BLOCKS} + b. Empty until a batch of a target
     * with DCC keys asks for it ({@link #needDcc}): 64 bytes a record, it was most of what the
     * records' growth allocated without compression (the calibration set: 1.9 GB a correlate run).
     */
    public byte[] tileDcc = new byte[0];
    /**
     * Per record: passing samples whose depth write stores the value already there (an EQUAL
     * test; or a triangle of one depth over a tile whose HiZ bounds say it holds only that
     * depth). Timing only: a ROP's depth writes in series with colour skip them
     * (rop.depth_write_samples_per_clock).
     */
    public int[] tileUnchanged = new int[64];
    /**
     * Per record: its tested samples when its tile lies beyond HiZ's coverage in a batch HiZ would
     * otherwise test (a ZCULL subregion without storage: hiz.aliquots), else 0. Timing only: they are tested at
     * hiz.uncovered_samples_per_clock.
     */
    public int[] tileUncovered = new int[64];

    /**
     * Surfaces in memory: the DB's running number of this batch's record 0 among the records
     * whose surface reads it has issued (-1: none issued yet; a DB issues reads in order, the
     * records of the batches queued behind its current one included), and how many of its
     * records' reads are issued.
     */
    public long readBase = -1;
    /**
     * Every run of HiZ-rejected tiles the core found, in order, as pairs: the first tile
     * ({@code ty << 16 | tx}) and the number of tiles (the DB's owned tiles of row ty from it on).
     * {@link #tileRunsEnd} maps the records onto them: record k's runs are the pairs from
     * record k - 1's end to its own. Timing only (rop.zcull_waits_for_writes).
     */
    public int[] rejectRuns = new int[32];
    public int rejectRunPairs;
    /** Per record: {@link #rejectRunPairs} once the record was made (or a run was added to it). */
    public int[] tileRunsEnd = new int[64];
    public int readsIssued;

    /** Records tile (tx, ty) of the batch's work (see {@link #tiles}); {@code hiz}: whether HiZ tested it. */
    public void tile(int tx, int ty, int scan, int tested, int passed, int quads, int pixels, boolean hiz) {
        record(ty << 16 | tx, scan, tested, passed, quads, pixels, hiz ? 1 : 0);
    }

    /**
     * Records a run of {@code count} consecutive tiles HiZ rejected whole, the first at
     * {@code at} ({@code ty << 16 | tx}): no fine scan, no test, nothing to shade. A run is one
     * record counting its tests (added to the last record when that is a run too), so the DB's
     * steps (which end only after a tile with quads) are the same and a batch of rejected
     * layers stays small.
     */
    public void hizRejected(int at, int count) {
        if (2 * rejectRunPairs + 2 > rejectRuns.length) {
            rejectRuns = java.util.Arrays.copyOf(rejectRuns, rejectRuns.length * 2);
        }
        rejectRuns[2 * rejectRunPairs] = at;
        rejectRuns[2 * rejectRunPairs + 1] = count;
        rejectRunPairs++;
        int n = tiles;
        if (n > 0 && tileScan[n - 1] == 0 && tileTested[n - 1] == 0 && tileQuads[n - 1] == 0 && tileHiz[n - 1] > 0) {
            tileHiz[n - 1] += count;
            tileRunsEnd[n - 1] = rejectRunPairs;
            return;
        }
        record(at, 0, 0, 0, 0, 0, count);
    }

    /**
     * Makes {@link #tileDcc} hold a slot for every record this batch can take, and keep doing so as
     * it grows: called before a batch of a render target with DCC keys is tested.
     */
    public void needDcc() {
        int n = tileScan.length * gpusim.gpu.db.SurfaceMemory.MAX_DCC_BLOCKS;
        if (tileDcc.length < n) {
            tileDcc = java.util.Arrays.copyOf(tileDcc, n);
        }
    }

    private void record(int at, int scan, int tested, int passed, int quads, int pixels, int hiz) {
        int n = tiles;
        if (n == tileScan.length) {
            int m = n * 2;
            tileScan = java.util.Arrays.copyOf(tileScan, m);
            tileTested = java.util.Arrays.copyOf(tileTested, m);
            tilePassed = java.util.Arrays.copyOf(tilePassed, m);
            tileQuads = java.util.Arrays.copyOf(tileQuads, m);
            tilePixels = java.util.Arrays.copyOf(tilePixels, m);
            tileHiz = java.util.Arrays.copyOf(tileHiz, m);
            tileAt = java.util.Arrays.copyOf(tileAt, m);
            if (tileDcc.length != 0) {
                tileDcc = java.util.Arrays.copyOf(tileDcc, m * gpusim.gpu.db.SurfaceMemory.MAX_DCC_BLOCKS);
            }
            tileUnchanged = java.util.Arrays.copyOf(tileUnchanged, m);
            tileUncovered = java.util.Arrays.copyOf(tileUncovered, m);
            tileRunsEnd = java.util.Arrays.copyOf(tileRunsEnd, m);
        }
        tileRunsEnd[n] = rejectRunPairs;
        tileAt[n] = at;
        tileScan[n] = scan;
        tileTested[n] = tested;
        tilePassed[n] = passed;
        tileQuads[n] = quads;
        tilePixels[n] = pixels;
        tileHiz[n] = hiz;
        tileUnchanged[n] = 0;
        tileUncovered[n] = 0;
        tiles = n + 1;
    }

    public void reset(TriBatch source, int db) {
        this.source = source;
        this.drawId = source.drawId;
        this.db = db;
        this.count = 0;
        this.done = null;
        this.scanSamples = 0;
        this.samplesTested = 0;
        this.samplesPassed = 0;
        this.pixels = 0;
        this.quads = 0;
        this.quadsCovered = 0;
        this.hizTiles = 0;
        this.hizRejectedTiles = 0;
        this.hizRejectedSamples = 0;
        this.hizAcceptedTiles = 0;
        this.earlyOutTriangles = 0;
        this.tiles = 0;
        this.rejectRunPairs = 0;
        this.readBase = -1;
        this.readsIssued = 0;
    }

    public void add(int t) {
        if (count == tri.length) {
            tri = java.util.Arrays.copyOf(tri, count * 2);
        }
        tri[count++] = t;
    }

    @Override
    public int drawId() {
        return drawId;
    }
}
