package gpusim.gpu.work;

/**
 * The fragments one triangle batch produced in one depth block's tiles: for each covered
 * pixel, the triangle slot, the pixel position and the sample mask. The rasterizer fills
 * the coverage mask; the depth block replaces it with the mask of samples that passed
 * depth and stencil and hands the same batch to the pixel stage. Primitive arrays, reused
 * through a pool: no object per fragment.
 */
public final class FragmentBatch implements Work {
    public int drawId;
    public TriBatch source;
    public int db;
    public int count;
    public int[] tri = new int[256];
    public int[] xy = new int[256];
    public int[] mask = new int[256];
    /** Samples the rasterizer evaluated for this batch (timing). */
    public long samplesTested;

    public void reset(TriBatch source, int db) {
        this.source = source;
        this.drawId = source.drawId;
        this.db = db;
        this.count = 0;
        this.samplesTested = 0;
    }

    public void add(int t, int x, int y, int m) {
        if (count == tri.length) {
            int n = count * 2;
            tri = java.util.Arrays.copyOf(tri, n);
            xy = java.util.Arrays.copyOf(xy, n);
            mask = java.util.Arrays.copyOf(mask, n);
        }
        tri[count] = t;
        xy[count] = x | (y << 16);
        mask[count] = m;
        count++;
    }

    @Override
    public int drawId() {
        return drawId;
    }
}
