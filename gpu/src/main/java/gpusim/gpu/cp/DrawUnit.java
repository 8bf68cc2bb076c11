package gpusim.gpu.cp;

import gpusim.gpu.DrawTracker;
import gpusim.gpu.work.DrawPacket;
import gpusim.sim.Stat;
import gpusim.trace.Command;

/**
 * The draw unit: DrawInstanced and DrawIndexedInstanced. In one step it gives the draw its id,
 * snapshots the bound state (with binary early out where {@link BinaryEarlyOut} allows it) and
 * pushes the draw packet to input assembly, in order with the markers.
 */
final class DrawUnit implements CommandUnit<Command> {
    private final EngineServices engine;
    private final DrawTracker tracker;
    private final BoundState bound;
    private final BinaryEarlyOut earlyOut;
    private final Stat.Scalar draws;
    /** The draw being executed. */
    private Command draw;

    DrawUnit(EngineServices engine, DrawTracker tracker, BoundState bound, BinaryEarlyOut earlyOut, Stat.Scalar draws) {
        this.engine = engine;
        this.tracker = tracker;
        this.bound = bound;
        this.earlyOut = earlyOut;
        this.draws = draws;
    }

    @Override
    public void start(Command c) {
        draw = c;
    }

    @Override
    public boolean step(long now) {
        DrawPacket p;
        if (draw instanceof Command.Draw d) {
            p = new DrawPacket(tracker.issue(d.line(), now), earlyOut.apply(bound.snapshot()), false, d.vertexCount(),
                    d.startVertex(), 0, d.instances());
        } else if (draw instanceof Command.DrawIndexed d) {
            p = new DrawPacket(tracker.issue(d.line(), now), earlyOut.apply(bound.snapshot()), true, d.indexCount(),
                    d.startIndex(), d.baseVertex(), d.instances());
        } else {
            throw new IllegalStateException("not a draw: " + draw);
        }
        draws.inc();
        engine.push(p);
        draw = null;
        return true;
    }

    @Override
    public String describe() {
        return "draw";
    }
}
