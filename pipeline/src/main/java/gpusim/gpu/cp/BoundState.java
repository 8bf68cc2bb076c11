package gpusim.gpu.cp;

import gpusim.gpu.db.DepthSurface;
import gpusim.gpu.ps.ColorSurface;
import gpusim.gpu.work.DrawState;
import gpusim.trace.Command;
import gpusim.trace.PipelineState;
import gpusim.trace.Resource;

/**
 * The state a command list has bound, as the command processor tracks it. Every list starts
 * from the trace format's defaults: no pipeline state or targets, the whole target as
 * viewport (depth 0..1) and scissor, the identity transform, stencil reference 0.
 */
final class BoundState {
    static final float[] IDENTITY = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

    PipelineState pso;
    ColorSurface rt;
    DepthSurface ds;
    Command.SetViewport viewport;
    Command.SetScissor scissor;
    float[] transform = IDENTITY;
    int stencilRef;
    Resource.VertexBuffer vb;
    Resource.IndexBuffer ib;
    private DrawState snapshot;

    void changed() {
        snapshot = null;
    }

    /** The immutable snapshot draws use; rebuilt only after a state change. */
    DrawState snapshot() {
        if (snapshot != null) {
            return snapshot;
        }
        int renderW = Integer.MAX_VALUE;
        int renderH = Integer.MAX_VALUE;
        int samples = 1;
        if (rt != null) {
            renderW = rt.width;
            renderH = rt.height;
            samples = rt.samples;
        }
        if (ds != null) {
            renderW = Math.min(renderW, ds.width);
            renderH = Math.min(renderH, ds.height);
            samples = ds.samples;
        }
        if (rt == null && ds == null) {
            renderW = 0;
            renderH = 0;
        }
        float vx = 0, vy = 0, vw = renderW, vh = renderH, vmin = 0, vmax = 1;
        if (viewport != null) {
            vx = viewport.x();
            vy = viewport.y();
            vw = viewport.width();
            vh = viewport.height();
            vmin = viewport.minDepth();
            vmax = viewport.maxDepth();
        }
        // Samples outside the viewport rectangle, its extents rounded down, are never covered.
        int left = Math.max(0, (int) Math.floor(vx));
        int top = Math.max(0, (int) Math.floor(vy));
        int right = (int) Math.min(renderW, Math.floor((double) vx + vw));
        int bottom = (int) Math.min(renderH, Math.floor((double) vy + vh));
        if (scissor != null) {
            left = Math.max(left, scissor.left());
            top = Math.max(top, scissor.top());
            right = Math.min(right, scissor.right());
            bottom = Math.min(bottom, scissor.bottom());
        }
        PipelineState p = pso;
        snapshot = new DrawState(p, rt, ds, samples, vx, vy, vw, vh, vmin, vmax, left, top, Math.max(left, right),
                Math.max(top, bottom), transform, stencilRef, vb, ib);
        return snapshot;
    }
}
