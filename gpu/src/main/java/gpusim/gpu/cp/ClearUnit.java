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
 *
 * <p>With {@code cp.clear_waits} the clear is a pass of its own, as a clear done by a copy or
 * compute engine between barriers is (radeonsi's compute clears end with a CS partial flush
 * before the next draw; the replay's {@code --clears transfer}): the engine waits for the pipe
 * to drain, sends the marker, and waits again, so nothing before or after it overlaps it.
 * {@code cp.clear_cycles} more follow, before the next command: the replay's transfer clear
 * ends the render pass and moves the image between layouts behind barriers around the clear.
 */
final class ClearUnit implements CommandUnit<Command> {
    private final EngineServices engine;
    private final Resources res;
    private final boolean waits;
    /** The clear's own cycles after its marker (cp.clear_cycles). */
    private final long cycles;
    /** The clear being executed. */
    private Command clear;
    /** Where a waiting clear is (cp.clear_waits). */
    private Step next;

    /** The steps of a clear that waits for the pipe on both sides. */
    private enum Step { DRAIN_BEFORE, SEND, DRAIN_AFTER, DONE }

    ClearUnit(EngineServices engine, Resources res, boolean waits, long cycles) {
        this.engine = engine;
        this.res = res;
        this.waits = waits;
        this.cycles = cycles;
    }

    /** What is not any sample's work (cp.clear_cycles): the next command waits for it. */
    @Override
    public long afterCycles() {
        return cycles;
    }

    @Override
    public void start(Command c) {
        clear = c;
        next = waits ? Step.DRAIN_BEFORE : Step.SEND;
    }

    @Override
    public boolean step(long now) {
        switch (next) {
            case DRAIN_BEFORE:
                engine.drain();
                next = Step.SEND;
                return false;
            case SEND:
                engine.push(marker());
                clear = null;
                if (!waits) {
                    return true;
                }
                engine.drain();
                next = Step.DRAIN_AFTER;
                return false;
            case DRAIN_AFTER:
                next = Step.DONE;
                return true;
            default:
                throw new IllegalStateException("clear stepped after it finished");
        }
    }

    /** The clear's marker, which the DBs and colour back ends act on. */
    private Marker marker() {
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
        return m;
    }

    @Override
    public String describe() {
        return "clear";
    }
}
