package gpusim.gpu.cp;

import gpusim.gpu.Resources;
import gpusim.gpu.work.ClearColor;
import gpusim.gpu.work.ClearDepth;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.MarkerProgress;
import gpusim.trace.Command;

/**
 * The clear unit: ClearDepthStencilView and ClearRenderTargetView. A clear is a marker sent
 * down the pipe in order with the draws (one step): each DB clears its tiles of the depth
 * surface when the marker reaches it; the pixel stage clears the colour surface once every DB
 * has passed it.
 */
final class ClearUnit implements CommandUnit<Command> {
    private final EngineServices engine;
    private final Resources res;
    /** The clear being executed. */
    private Command clear;

    ClearUnit(EngineServices engine, Resources res) {
        this.engine = engine;
        this.res = res;
    }

    @Override
    public void start(Command c) {
        clear = c;
    }

    @Override
    public boolean step(long now) {
        Marker m;
        if (clear instanceof Command.ClearDepthStencil s) {
            m = new ClearDepth(res.depth(s.ds()), s.clearDepth(), s.depth(), s.clearStencil(), s.stencil(),
                    "clear " + s.ds().name(), new MarkerProgress());
        } else if (clear instanceof Command.ClearRenderTarget s) {
            m = new ClearColor(res.color(s.rt()), new float[] {s.r(), s.g(), s.b(), s.a()}, "clear " + s.rt().name(),
                    new MarkerProgress());
        } else {
            throw new IllegalStateException("not a clear: " + clear);
        }
        engine.push(m);
        clear = null;
        return true;
    }

    @Override
    public String describe() {
        return "clear";
    }
}
