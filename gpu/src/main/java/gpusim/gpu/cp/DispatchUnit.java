package gpusim.gpu.cp;

import gpusim.gpu.PipelineCounters;
import gpusim.sim.Stat;
import gpusim.trace.Command;

/**
 * The dispatch unit: Dispatch on a COMPUTE or DIRECT queue. The trace gives no thread-group
 * size, so a dispatch counts one compute invocation a group (CSInvocations) and keeps the
 * engine busy for ceil(groups / {@code shader.units}) cycles (docs/model.md).
 */
final class DispatchUnit implements CommandUnit<Command.Dispatch> {
    private final EngineServices engine;
    /** The pipeline statistics counters the engine's dispatches count in. */
    private final long[] counters;
    private final long shaderUnits;
    private final Stat.Scalar csInvocations;
    private Command.Dispatch dispatch;

    DispatchUnit(EngineServices engine, long[] counters, long shaderUnits, Stat.Scalar csInvocations) {
        this.engine = engine;
        this.counters = counters;
        this.shaderUnits = shaderUnits;
        this.csInvocations = csInvocations;
    }

    @Override
    public void start(Command.Dispatch c) {
        dispatch = c;
    }

    @Override
    public boolean step(long now) {
        long groups = dispatch.x() * dispatch.y() * dispatch.z();
        counters[PipelineCounters.CS_INVOCATIONS] += groups;
        csInvocations.add(groups);
        engine.busyUntil(now + (groups + shaderUnits - 1) / shaderUnits);
        dispatch = null;
        return true;
    }

    @Override
    public String describe() {
        return "dispatch";
    }
}
