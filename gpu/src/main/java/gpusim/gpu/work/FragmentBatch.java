package gpusim.gpu.work;

/**
 * The fragments that passed depth and stencil in one depth block's tiles for one triangle
 * batch: for each pixel with a passing sample, the triangle slot, the pixel position and
 * the mask of passing samples, as the DB hands them to the pixel stage. Primitive arrays,
 * reused through a pool: no object per fragment.
 */
public final class FragmentBatch implements Work {
    public int drawId;
    public TriBatch source;
    public int db;
    public int count;
    public int[] tri = new int[256];
    public int[] xy = new int[256];
    public int[] mask = new int[256];
    /** 2x2 quads with at least one passing pixel (the pixel shader's unit of work). */
    public long quads;

    public void reset(TriBatch source, int db) {
        this.source = source;
        this.drawId = source.drawId;
        this.db = db;
        this.count = 0;
        this.quads = 0;
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
