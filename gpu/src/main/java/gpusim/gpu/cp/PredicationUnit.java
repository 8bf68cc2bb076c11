package gpusim.gpu.cp;

import gpusim.gpu.Resources;
import gpusim.trace.Command;

/**
 * The predication unit: SetPredication. With a buffer it reads the 64-bit predicate through
 * memory when the command executes (D3D12 predication semantics: the value at that moment
 * counts, not later changes) and decides, by the op, whether the predicated commands that
 * follow in the list (draws, dispatches, clears and copies) are skipped; with none it turns
 * predication off. Every command list starts with predication off ({@link #reset}).
 */
final class PredicationUnit implements CommandUnit<Command.SetPredication> {
    @Override public gpusim.sim.MemoryClient memoryClient() { return gpusim.sim.MemoryClient.PREDICATION; }
    private final EngineServices engine;
    private final Resources res;
    /** Whether predicated commands are skipped now. */
    private boolean skip;
    private Command.SetPredication command;
    /** Whether the predicate read has been asked for. */
    private boolean reading;

    PredicationUnit(EngineServices engine, Resources res) {
        this.engine = engine;
        this.res = res;
    }

    /** A new command list: predication off. */
    void reset() {
        skip = false;
    }

    /** Whether the predication set last skips a predicated command now. */
    boolean skips() {
        return skip;
    }

    @Override
    public void start(Command.SetPredication c) {
        command = c;
        reading = false;
    }

    @Override
    public boolean step(long now) {
        if (command.buffer() == null) {
            skip = false;
            return true;
        }
        if (!reading) {
            engine.read(res.address(command.buffer()) + command.offset(), 8);
            reading = true;
            return false;
        }
        skip = command.op().skips(engine.lastRead().longAt(0));
        return true;
    }

    @Override
    public String describe() {
        return reading ? "set_predication: reading the predicate" : "set_predication";
    }
}
