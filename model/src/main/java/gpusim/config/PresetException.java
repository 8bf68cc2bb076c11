package gpusim.config;

/**
 * A preset file that breaks a rule: its message is {@code FILE:LINE: RULE: explanation}, as
 * trace errors are printed (line 0: the file as a whole).
 */
public final class PresetException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /** The rules a preset file must keep. */
    public enum Rule {
        /** The file cannot be read: missing, a directory, too large, not UTF-8. */
        PRESET_UNREADABLE,
        /** A line that is neither blank, a comment nor {@code KEY = VALUE}. */
        PRESET_SYNTAX,
        /** A key that {@link ConfigKeys} does not declare. */
        PRESET_UNKNOWN_KEY,
        /** A key set twice. */
        PRESET_DUPLICATE_KEY,
        /** A value the key does not allow. */
        PRESET_BAD_VALUE,
        /** Values that are each allowed but not together ({@link Config#validate}). */
        PRESET_INVALID
    }

    private final String file;
    private final int line;
    private final Rule rule;
    private final String explanation;

    public PresetException(String file, int line, Rule rule, String explanation) {
        super(file + ":" + line + ": " + rule.name() + ": " + explanation);
        this.file = file;
        this.line = line;
        this.rule = rule;
        this.explanation = explanation;
    }

    public String file() {
        return file;
    }

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
