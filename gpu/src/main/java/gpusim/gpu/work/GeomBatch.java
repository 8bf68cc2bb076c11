package gpusim.gpu.work;

/**
 * A batch of primitives of one draw, from input assembly through the vertex stage to
 * clipping. Input assembly fills the unique source vertices and the primitives (three
 * local vertex indices each); the vertex stage fills clip-space positions and colours.
 */
public final class GeomBatch implements Work {
    public final int drawId;
    public final DrawState state;
    public int vertexCount;
    public final int[] sourceVertex;
    public int primCount;
    public final int[] prims;
    /** Clip-space x y z w per vertex, written by the vertex stage. */
    public final float[] position;
    /** Colour r g b a per vertex, written by the vertex stage. */
    public final float[] color;

    public GeomBatch(int drawId, DrawState state, int maxPrims) {
        this.drawId = drawId;
        this.state = state;
        this.sourceVertex = new int[maxPrims * 3];
        this.prims = new int[maxPrims * 3];
        this.position = new float[maxPrims * 3 * 4];
        this.color = new float[maxPrims * 3 * 4];
    }

    @Override
    public int drawId() {
        return drawId;
    }
}
