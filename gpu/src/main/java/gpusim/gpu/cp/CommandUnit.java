package gpusim.gpu.cp;

import gpusim.trace.Command;

/**
 * A unit of a queue engine that executes one kind of command (state binding, draws, queries,
 * copies, ...). The engine ({@link CommandProcessor}) hands a command to its unit with
 * {@link #take} and then steps the unit, one step an engine cycle it is free, until the unit
 * says the command is done. Between steps the engine does what the unit asked of it through
 * {@link EngineServices} (a push down the pipe, a memory request and its completion, a drain,
 * a wait of some cycles), so one step is one thing the hardware does in order. The unit owns the
 * state of the command it is executing, as a small state machine of its own; the engine knows
 * nothing of it but {@link #describe()}.
 */
interface CommandUnit<C extends Command> {
    /** Takes command {@code c}: its first step is the next {@link #step}. */
    void start(C c);

    /** One step of the command taken last, at cycle {@code now}; true when the command is complete. */
    boolean step(long now);

    /** Where the command being executed is, for the deadlock dump (e.g. "resolve: reading from index 3"). */
    String describe();

    /**
     * The engine's own cycles for the command just completed, beyond {@code cp.cycles_per_command}:
     * spent after its last step, before the next command (cp.query_cycles, cp.timestamp_cycles,
     * cp.resolve_cycles and cp.resolve_cycles_per_query; 0 for every other unit and by default).
     */
    default long afterCycles() {
        return 0;
    }

    /** Whose bytes the unit's memory requests are, for the memory's per-client statistics. */
    default gpusim.sim.MemoryClient memoryClient() {
        return gpusim.sim.MemoryClient.OTHER;
    }

    /** Takes {@code c} ({@link #start}) and returns this unit, for the engine's dispatch. */
    default CommandUnit<C> take(C c) {
        start(c);
        return this;
    }
}
