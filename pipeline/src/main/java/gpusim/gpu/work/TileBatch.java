package gpusim.gpu.work;

/**
 * The rasterizer's coarse output for one depth block: the (triangle, tile) pairs of a
 * triangle batch that touch the DB's tiles, each marked trivially accepted (every sample
 * of the tile inside all three edges) or partial. The DB's core finds the exact samples,
 * tests, shades, and leaves here the figures the clocked DB and pixel stage charge cycles
 * for. Primitive arrays, reused through a pool.
 */
public final class TileBatch implements Work {
    public TriBatch source;
    public int drawId;
    public int db;
    public int count;
    public int[] tri = new int[64];
    /** tile x | tile y << 16 */
    public int[] tile = new int[64];
    public boolean[] accept = new boolean[64];
    /** The DB core's job for this batch; its figures below are valid once it is done. */
    public java.util.concurrent.CompletableFuture<Void> done;
    public long samplesTested;
    public long samplesPassed;
    public long pixels;
    public long quads;
    public long hizRejectedTiles;
    public long hizRejectedSamples;

    public void reset(TriBatch source, int db) {
        this.source = source;
        this.drawId = source.drawId;
        this.db = db;
        this.count = 0;
        this.done = null;
        this.samplesTested = 0;
        this.samplesPassed = 0;
        this.pixels = 0;
        this.quads = 0;
        this.hizRejectedTiles = 0;
        this.hizRejectedSamples = 0;
    }

    public void add(int t, int tx, int ty, boolean full) {
        if (count == tri.length) {
            int n = count * 2;
            tri = java.util.Arrays.copyOf(tri, n);
            tile = java.util.Arrays.copyOf(tile, n);
            accept = java.util.Arrays.copyOf(accept, n);
        }
        tri[count] = t;
        tile[count] = tx | (ty << 16);
        accept[count] = full;
        count++;
    }

    @Override
    public int drawId() {
        return drawId;
    }
}
