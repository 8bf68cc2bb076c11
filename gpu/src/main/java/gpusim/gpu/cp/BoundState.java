package gpusim.gpu.cp;

import gpusim.gpu.Resources;
import gpusim.gpu.db.DepthSurface;
import gpusim.gpu.ps.ColorSurface;
import gpusim.gpu.work.DrawState;
import gpusim.trace.Command;
import gpusim.trace.PipelineState;
import gpusim.trace.Resource;

/**
 * The state-binding unit: the state a command list has bound, as the command processor tracks
 * it, set by the set_* commands (SetPipelineState, OMSetRenderTargets, RSSetViewports,
 * RSSetScissorRects, OMSetStencilRef, the transform, IASetVertexBuffers, IASetIndexBuffer),
 * one step each. Every list starts from the trace format's defaults ({@link #reset}): no
 * pipeline state or targets, the whole target as viewport (depth 0..1) and scissor, the
 * identity transform, stencil reference 0.
 */
final class BoundState implements CommandUnit<Command> {
    static final float[] IDENTITY = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

    private final Resources res;
    private PipelineState pso;
    private ColorSurface rt;
    private DepthSurface ds;
    private Command.SetViewport viewport;
    private Command.SetScissor scissor;
    private float[] transform = IDENTITY;
    private int stencilRef;
    private Resource.VertexBuffer vb;
    private Resource.IndexBuffer ib;
    private DrawState snapshot;
    /** The set_* command being executed. */
    private Command command;

    BoundState(Resources res) {
        this.res = res;
    }

    /** The binding a command list starts with (D3D12: each command list starts from default state). */
    void reset() {
        pso = null;
        rt = null;
        ds = null;
        viewport = null;
        scissor = null;
        transform = IDENTITY;
        stencilRef = 0;
        vb = null;
        ib = null;
        snapshot = null;
    }

    /** Whether {@code c} is a command this unit executes. */
    static boolean binds(Command c) {
        return c instanceof Command.SetPipelineState || c instanceof Command.SetRenderTargets
                || c instanceof Command.SetViewport || c instanceof Command.SetScissor
                || c instanceof Command.SetStencilRef || c instanceof Command.SetTransform
                || c instanceof Command.SetVertexBuffer || c instanceof Command.SetIndexBuffer;
    }

    @Override
    public void start(Command c) {
        command = c;
    }

    /** Binds the command's state (one step); the next draw's snapshot is built anew. */
    @Override
    public boolean step(long now) {
        Command c = command;
        if (c instanceof Command.SetPipelineState s) {
            pso = s.pso().state();
        } else if (c instanceof Command.SetRenderTargets s) {
            rt = s.rt() == null ? null : res.color(s.rt());
            ds = s.ds() == null ? null : res.depth(s.ds());
        } else if (c instanceof Command.SetViewport s) {
            viewport = s;
        } else if (c instanceof Command.SetScissor s) {
            scissor = s;
        } else if (c instanceof Command.SetStencilRef s) {
            stencilRef = s.ref();
        } else if (c instanceof Command.SetTransform s) {
            transform = s.m();
        } else if (c instanceof Command.SetVertexBuffer s) {
            vb = s.vb();
        } else if (c instanceof Command.SetIndexBuffer s) {
            ib = s.ib();
        } else {
            throw new IllegalStateException("not a state-binding command: " + c);
        }
        snapshot = null;
        command = null;
        return true;
    }

    @Override
    public String describe() {
        return "binding state";
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
        gpusim.trace.ViewportRect rect = gpusim.trace.ViewportRect.of(vx, vy, vw, vh, renderW, renderH, scissor);
        int left = rect.left();
        int top = rect.top();
        int right = rect.right();
        int bottom = rect.bottom();
        PipelineState p = pso;
        snapshot = new DrawState(p, rt, ds, samples, vx, vy, vw, vh, vmin, vmax, left, top, Math.max(left, right),
                Math.max(top, bottom), transform, stencilRef, vb, ib);
        return snapshot;
    }
}
