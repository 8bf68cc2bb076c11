package gpusim.sim;

/**
 * Thrown while a run is stopped because it has done more work than the configuration allows
 * ({@code sim.max_samples}): the trace asks for more than the run may do. It names the
 * trace line of the draw that crossed the limit, so the command line reports it as the
 * trace error {@code FILE:LINE: WORK_LIMIT_EXCEEDED: explanation} (exit status 2).
 */
public final class WorkLimitException extends RuntimeException {
    /** The rule name the command line prints, the same as the validator's static check. */
    public static final String RULE = "WORK_LIMIT_EXCEEDED";
    private final int line;

    public WorkLimitException(int line, String explanation) {
        super(explanation);
        this.line = line;
    }

    public int line() {
        return line;
    }
}
