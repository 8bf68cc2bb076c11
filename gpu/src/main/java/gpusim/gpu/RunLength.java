package gpusim.gpu;

/**
 * The run's length in cycles, known once the run has ended (0 in functional mode): the
 * utilisation formulas of the stages' statistics divide by it when they are read.
 */
public final class RunLength {
    private long cycles;

    public long cycles() {
        return cycles;
    }

    /** Set by {@link Gpu} when the run has ended. */
    void set(long cycles) {
        this.cycles = cycles;
    }
}
