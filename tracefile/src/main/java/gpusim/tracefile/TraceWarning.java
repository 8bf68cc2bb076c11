package gpusim.tracefile;

/**
 * A finding that does not stop the run (for example the debug layer's warning about
 * resolving a query that was never ended). {@link #message()} has the error format.
 */
public record TraceWarning(String file, int line, Rule rule, String explanation) {
    /** {@code FILE:LINE: RULE_NAME: explanation}, as errors are printed. */
    public String message() {
        return file + ":" + line + ": " + rule.name() + ": " + explanation;
    }

    @Override
    public String toString() {
        return message();
    }
}
