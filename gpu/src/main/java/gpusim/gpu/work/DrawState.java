package gpusim.gpu.work;

import gpusim.gpu.db.DepthSurface;
import gpusim.gpu.ps.ColorSurface;
import gpusim.trace.PipelineState;
import gpusim.trace.Resource;

/**
 * The state a draw runs with, snapshotted by the command processor when it issues the
 * draw: pipeline state, targets, viewport, scissor, transform and stencil reference.
 * Immutable once made; shared by every piece of work of the draw.
 *
 * <p>{@code clipLeft..clipBottom} is the pixel rectangle samples may fall in: the
 * intersection of the scissor, the viewport rectangle with its extents rounded down, and
 * the render area (the bound targets' common size).
 */
public record DrawState(
        PipelineState pso,
        ColorSurface rt,
        DepthSurface ds,
        int samples,
        float vpX, float vpY, float vpW, float vpH, float vpMinDepth, float vpMaxDepth,
        int clipLeft, int clipTop, int clipRight, int clipBottom,
        float[] transform,
        int stencilRef,
        Resource.VertexBuffer vb,
        Resource.IndexBuffer ib,
        boolean binaryEarlyOut) {

    /**
     * A draw state without binary early out. {@code binaryEarlyOut}: the DBs may stop testing
     * this draw's fragments once a sample has passed since the latest BINARY_OCCLUSION begin
     * (set by the command processor only where that cannot change any result).
     */
    public DrawState(PipelineState pso, ColorSurface rt, DepthSurface ds, int samples,
                     float vpX, float vpY, float vpW, float vpH, float vpMinDepth, float vpMaxDepth,
                     int clipLeft, int clipTop, int clipRight, int clipBottom, float[] transform, int stencilRef,
                     Resource.VertexBuffer vb, Resource.IndexBuffer ib) {
        this(pso, rt, ds, samples, vpX, vpY, vpW, vpH, vpMinDepth, vpMaxDepth, clipLeft, clipTop, clipRight,
                clipBottom, transform, stencilRef, vb, ib, false);
    }

    /** This state with binary early out allowed. */
    public DrawState withBinaryEarlyOut() {
        return new DrawState(pso, rt, ds, samples, vpX, vpY, vpW, vpH, vpMinDepth, vpMaxDepth, clipLeft, clipTop,
                clipRight, clipBottom, transform, stencilRef, vb, ib, true);
    }

    /** True when the transform is the identity (the vertex stage can skip the multiply). */
    public boolean identityTransform() {
        float[] m = transform;
        return m[0] == 1 && m[1] == 0 && m[2] == 0 && m[3] == 0
                && m[4] == 0 && m[5] == 1 && m[6] == 0 && m[7] == 0
                && m[8] == 0 && m[9] == 0 && m[10] == 1 && m[11] == 0
                && m[12] == 0 && m[13] == 0 && m[14] == 0 && m[15] == 1;
    }
}
