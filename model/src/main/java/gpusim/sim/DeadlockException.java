package gpusim.sim;

/** Thrown when work is pending but no component has made progress for the configured number of cycles. */
public final class DeadlockException extends RuntimeException {
    private final long cycle;

    public DeadlockException(long cycle, String dump) {
        super("deadlock at cycle " + cycle + ": work is pending but nothing moved\n" + dump);
        this.cycle = cycle;
    }

    public long cycle() {
        return cycle;
    }
}
