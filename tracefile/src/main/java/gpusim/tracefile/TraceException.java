package gpusim.tracefile;

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
        super(escape(file) + ":" + line + ": " + rule.name() + ": " + escape(explanation), null, false, false);
        this.file = file;
        this.line = line;
        this.rule = rule;
        this.explanation = escape(explanation);
    }

    /**
     * The text with every control character escaped: C0 and C1 controls, DEL, and the Unicode
     * format controls that reorder or hide text (bidirectional overrides, zero-width ones), as
     * backslash-x and two hex digits, or backslash-u and four. A message quotes trace text; printed raw, a token could
     * move the cursor, clear the screen or disguise the rest of the line on a terminal.
     */
    static String escape(String text) {
        int i = 0;
        while (i < text.length() && !needsEscape(text.charAt(i))) {
            i++;
        }
        if (i == text.length()) {
            return text;
        }
        StringBuilder sb = new StringBuilder(text.length() + 16).append(text, 0, i);
        for (; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!needsEscape(c)) {
                sb.append(c);
            } else if (c < 0x100) {
                sb.append(String.format("\\x%02x", (int) c));
            } else {
                sb.append(String.format("\\u%04x", (int) c));
            }
        }
        return sb.toString();
    }

    private static boolean needsEscape(char c) {
        return c < 0x20 || (c >= 0x7f && c < 0xa0) || Character.getType(c) == Character.FORMAT
                || c == 0x2028 || c == 0x2029;
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
