package gpusim.traces;

/**
 * A trace breaks a rule: the file (as the user named it), the line, the rule and an
 * explanation. {@link #getMessage()} is exactly {@code FILE:LINE: RULE_NAME: explanation}.
 * This is a user error, not a bug, so it carries no stack trace (cheap to throw, and
 * nothing tempts a caller to print one).
 */
public final class TraceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;
    private final Rule rule;
    private final String explanation;

    public TraceException(String file, int line, Rule rule, String explanation) {
        super(file + ":" + line + ": " + rule.name() + ": " + explanation, null, false, false);
        this.file = file;
        this.line = line;
        this.rule = rule;
        this.explanation = explanation;
    }

    /** The file as the caller named it (for example the path the user typed). */
    public String file() {
        return file;
    }

    /** The 1-based line the error is reported at (0 when the file could not be read at all). */
    public int line() {
        return line;
    }

    public Rule rule() {
        return rule;
    }

    public String explanation() {
        return explanation;
    }
}
