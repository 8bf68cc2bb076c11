package gpusim.gpu.work;

/**
 * Screen-space triangles of one draw, after clipping, culling and snapping (struct of
 * arrays, one slot a triangle). Vertices are in 1/256-pixel fixed point and ordered so
 * that the edge functions are positive inside (clockwise on screen, y down). Setup adds
 * the edge equations, the pixel bounding box and the depth plane.
 */
public final class TriBatch implements Work {
    public final int drawId;
    public final DrawState state;
    public int count;
    public final int capacity;
    /** Snapped x, y of the three vertices, 1/256 pixel. */
    public final int[] fx;
    public final int[] fy;
    /** Window-space depth and 1/w of the three vertices. */
    public final float[] z;
    public final float[] invW;
    /** Colour r g b a of the three vertices. */
    public final float[] color;
    public final boolean[] front;
    /** Setup: A, B, C of the three edge functions E = A x + B y + C (x, y in 1/256 pixel), bias folded into C. */
    public final long[] edge;
    /** Setup: inclusive pixel bounding box minX, minY, maxX, maxY, clipped to the draw's pixel rectangle. */
    public final int[] bbox;
    /** Setup: depth plane z = a + b X + c Y over pixel coordinates X, Y. */
    public final double[] zPlane;

    public TriBatch(int drawId, DrawState state, int capacity) {
        this.drawId = drawId;
        this.state = state;
        this.capacity = capacity;
        fx = new int[capacity * 3];
        fy = new int[capacity * 3];
        z = new float[capacity * 3];
        invW = new float[capacity * 3];
        color = new float[capacity * 12];
        front = new boolean[capacity];
        edge = new long[capacity * 9];
        bbox = new int[capacity * 4];
        zPlane = new double[capacity * 3];
    }

    public boolean isFull() {
        return count == capacity;
    }

    @Override
    public int drawId() {
        return drawId;
    }
}
