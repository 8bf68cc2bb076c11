package gpusim.gpu.cp;

import gpusim.trace.Command;

/**
 * The barrier unit: ResourceBarrier. A transition barrier waits for all earlier work to finish
 * (a conservative full wait-for-idle, as drivers do for a write-to-read transition): its first
 * step asks for a drain, its second finds it done.
 */
final class BarrierUnit implements CommandUnit<Command.ResourceBarrier> {
    private final EngineServices engine;
    /** Whether the barrier being executed has asked for its drain. */
    private boolean drainAsked;

    BarrierUnit(EngineServices engine) {
        this.engine = engine;
    }

    @Override
    public void start(Command.ResourceBarrier c) {
        drainAsked = false;
    }

    @Override
    public boolean step(long now) {
        if (!drainAsked) {
            engine.drain();
            drainAsked = true;
            return false;
        }
        return true;
    }

    @Override
    public String describe() {
        return "barrier";
    }
}
