package gpusim.gpu.cp;

import gpusim.gpu.Resources;
import gpusim.gpu.so.SoBinding;
import gpusim.gpu.work.SoTargets;
import gpusim.trace.Command;
import gpusim.trace.SoTargetView;

/**
 * The stream-output targets unit: SOSetTargets. It waits for the pipeline and memory to drain
 * (as a stream-out flush does, so every earlier draw's stream-output data and filled size have
 * landed), reads each bound slot's BufferFilledSize through memory (the GPU "accesses this
 * value ... to determine where to append new vertex data": Microsoft, "Stream Output
 * Counters"), then sends the binding down the pipe to the stream-output unit, in order with the
 * draws. A new command list starts with no targets: {@link #listStart} unbinds what the
 * previous list bound.
 */
final class StreamOutTargetsUnit implements CommandUnit<Command.SetSoTargets> {
    @Override public gpusim.sim.MemoryClient memoryClient() { return gpusim.sim.MemoryClient.STREAM_OUT; }
    /** The steps: wait for the drain; read the next slot's filled size; take the one read. */
    private enum Step { DRAIN, LOAD, LOADED }

    private final EngineServices engine;
    private final Resources res;
    /** Whether the current list has bound stream-output targets (a new list starts with none). */
    private boolean bound;

    private Command.SetSoTargets command;
    private Step step;
    /** The targets being bound, while their filled sizes are read. */
    private SoBinding binding;

    StreamOutTargetsUnit(EngineServices engine, Resources res) {
        this.engine = engine;
        this.res = res;
    }

    /**
     * A new command list: if the previous one bound targets, sends the unbinding down the pipe
     * and returns true (that is the engine's step); otherwise false.
     */
    boolean listStart() {
        if (!bound) {
            return false;
        }
        bound = false;
        engine.push(new SoTargets(null, "stream-output targets reset"));
        return true;
    }

    @Override
    public void start(Command.SetSoTargets c) {
        command = c;
        step = Step.DRAIN;
        binding = null;
    }

    @Override
    public boolean step(long now) {
        if (step == Step.DRAIN) {
            binding = new SoBinding(command.views(), res);
            engine.drain();
            step = Step.LOAD;
            return false;
        }
        if (step == Step.LOADED) {
            binding.loaded(binding.loadingSlot(), engine.lastRead().data());
        }
        int slot = binding.nextToLoad();
        if (slot >= 0) {
            engine.read(binding.filledAddress(slot), SoTargetView.FILLED_SIZE_BYTES);
            step = Step.LOADED;
            return false;
        }
        SoTargets m = new SoTargets(binding, "set_so_targets line " + command.line());
        bound = binding.anyBound();
        binding = null;
        engine.push(m);
        return true;
    }

    @Override
    public String describe() {
        return step == Step.DRAIN ? "set_so_targets" : "set_so_targets: reading the filled sizes";
    }
}
