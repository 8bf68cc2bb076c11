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
    public long hizRejectedTiles;
    public long hizRejectedSamples;
    /** Triangles of the batch the DB skipped untested by binary early out. */
    public long earlyOutTriangles;

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
        this.hizRejectedTiles = 0;
        this.hizRejectedSamples = 0;
        this.earlyOutTriangles = 0;
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
