package gpusim.tracefile;

import java.nio.charset.StandardCharsets;
import java.util.function.Function;

/**
 * The arguments of the current command line: positional arguments first, then
 * {@code key=value} options in any order (trace-format.md, "Lexical rules"), decoded into
 * typed values. Every malformed argument becomes a {@link TraceException} naming the
 * line and the rule. One instance is reused for every line.
 */
final class Args {
    private static final int MAX_OPTIONS = 32;

    private final Lexer lx;
    private final String file;

    private String command;
    private String usage;
    /** Positional arguments, not counting the command word. */
    private int positionals;
    private int optCount;
    private final String[] optKey = new String[MAX_OPTIONS];
    private final int[] optValueStart = new int[MAX_OPTIONS];
    private final int[] optValueEnd = new int[MAX_OPTIONS];

    Args(Lexer lx, String file) {
        this.lx = lx;
        this.file = file;
    }

    // ---------------------------------------------------------------- errors

    TraceException error(Rule rule, String explanation) {
        return new TraceException(file, lx.line, rule, explanation);
    }

    static String quote(byte[] b, int s, int e) {
        int len = e - s;
        String t = new String(b, s, Math.min(len, 60), StandardCharsets.UTF_8);
        return "'" + (len > 60 ? t + "..." : t) + "'";
    }

    // ---------------------------------------------------------------- structure

    /**
     * Splits the line into positional arguments and options, and checks that every option
     * key is one of {@code allowed}, appears once and has a value.
     */
    void begin(String command, String usage, String... allowed) {
        final byte[] b = lx.bytes();
        this.command = command;
        this.usage = usage;
        int n = lx.count;
        int i = 1;
        while (i < n && lx.equalsAt(i) < 0) {
            i++;
        }
        positionals = i - 1;
        optCount = 0;
        for (; i < n; i++) {
            int eq = lx.equalsAt(i);
            int s = lx.start[i];
            int e = lx.end[i];
            if (eq < 0) {
                throw error(Rule.BAD_OPTION, "expected key=value after the options of " + command + ", got "
                        + quote(b, s, e) + " (positional arguments come first; " + usage + ")");
            }
            if (eq == s || eq == e - 1) {
                throw error(Rule.BAD_OPTION, "malformed option " + quote(b, s, e) + ": expected key=value");
            }
            String key = new String(b, s, eq - s, StandardCharsets.UTF_8);
            boolean known = false;
            for (String a : allowed) {
                if (a.equals(key)) {
                    known = true;
                    break;
                }
            }
            if (!known) {
                throw error(Rule.BAD_OPTION, allowed.length == 0
                        ? command + " takes no options, got " + quote(b, s, e)
                        : "unknown option '" + key + "' for " + command + " (allowed: "
                        + String.join(", ", allowed) + ")");
            }
            for (int k = 0; k < optCount; k++) {
                if (optKey[k].equals(key)) {
                    throw error(Rule.BAD_OPTION, "option '" + key + "' is given twice");
                }
            }
            optKey[optCount] = key;
            optValueStart[optCount] = eq + 1;
            optValueEnd[optCount] = e;
            optCount++;
        }
    }

    int positionals() {
        return positionals;
    }

    /** WRONG_ARITY unless the positional count is in [min, max]. */
    void arity(int min, int max) {
        if (positionals < min || positionals > max) {
            String want = min == max ? String.valueOf(min)
                    : max == Integer.MAX_VALUE ? "at least " + min : min + " to " + max;
            throw error(Rule.WRONG_ARITY, command + " takes " + want + " positional argument"
                    + (min == 1 && max == 1 ? "" : "s") + ", got " + positionals + " (" + usage + ")");
        }
    }

    boolean has(String key) {
        return find(key) >= 0;
    }

    private int find(String key) {
        for (int k = 0; k < optCount; k++) {
            if (optKey[k].equals(key)) {
                return k;
            }
        }
        return -1;
    }

    private int required(String key) {
        int k = find(key);
        if (k < 0) {
            throw error(Rule.MISSING_OPTION, command + " needs " + key + "= (" + usage + ")");
        }
        return k;
    }

    // ---------------------------------------------------------------- positional accessors (1-based)

    private int ps(int i) {
        return lx.start[i];
    }

    private int pe(int i) {
        return lx.end[i];
    }

    String word(int i) {
        return lx.text(i);
    }

    boolean isWord(int i, String w) {
        return lx.is(i, w);
    }

    long integer(int i, String what, long min, long max) {
        return range(integer(ps(i), pe(i), what), min, max, what);
    }

    float number(int i, String what) {
        return number(ps(i), pe(i), what);
    }

    String name(int i) {
        return name(ps(i), pe(i));
    }

    <E> E enumValue(int i, Function<String, E> parser, Rule rule, String what, String allowedText) {
        return enumValue(ps(i), pe(i), parser, rule, what, allowedText);
    }

    // ---------------------------------------------------------------- option accessors

    long optInteger(String key, long def, long min, long max) {
        int k = find(key);
        if (k < 0) {
            return def;
        }
        return range(integer(optValueStart[k], optValueEnd[k], key + "="), min, max, key + "=");
    }

    long reqInteger(String key) {
        int k = required(key);
        return integer(optValueStart[k], optValueEnd[k], key + "=");
    }

    float optNumber(String key, float def) {
        int k = find(key);
        return k < 0 ? def : number(optValueStart[k], optValueEnd[k], key + "=");
    }

    boolean optBool(String key, boolean def) {
        final byte[] b = lx.bytes();
        int k = find(key);
        if (k < 0) {
            return def;
        }
        int s = optValueStart[k];
        int e = optValueEnd[k];
        if (e - s == 2 && b[s] == 'o' && b[s + 1] == 'n') {
            return true;
        }
        if (e - s == 3 && b[s] == 'o' && b[s + 1] == 'f' && b[s + 2] == 'f') {
            return false;
        }
        throw error(Rule.BAD_ENUM, key + "= takes on or off, got " + quote(b, s, e));
    }

    String optName(String key) {
        int k = find(key);
        return k < 0 ? null : name(optValueStart[k], optValueEnd[k]);
    }

    /**
     * A required rational option {@code key=N} or {@code key=N/D} (a DXGI_RATIONAL): both terms
     * integers in 1..{@code max}; D is 1 when omitted. Returns {N, D}.
     */
    long[] reqRational(String key, long max) {
        int k = required(key);
        int s = optValueStart[k];
        int e = optValueEnd[k];
        final byte[] b = lx.bytes();
        int slash = -1;
        for (int i = s; i < e; i++) {
            if (b[i] == '/') {
                slash = i;
                break;
            }
        }
        if (slash < 0) {
            return new long[] {range(integer(s, e, key + "="), 1, max, key + "="), 1};
        }
        long n = range(integer(s, slash, key + "= numerator"), 1, max, key + "= numerator");
        long d = range(integer(slash + 1, e, key + "= denominator"), 1, max, key + "= denominator");
        return new long[] {n, d};
    }

    <E> E optEnum(String key, E def, Function<String, E> parser, Rule rule, String allowedText) {
        int k = find(key);
        return k < 0 ? def : enumValue(optValueStart[k], optValueEnd[k], parser, rule, key + "=", allowedText);
    }

    <E> E reqEnum(String key, Function<String, E> parser, Rule rule, String allowedText) {
        int k = required(key);
        return enumValue(optValueStart[k], optValueEnd[k], parser, rule, key + "=", allowedText);
    }

    // ---------------------------------------------------------------- span decoders

    long integer(int s, int e, String what) {
        final byte[] b = lx.bytes();
        long v = Numbers.parseLong(b, s, e);
        if (v == Numbers.BAD_LONG) {
            throw error(Rule.BAD_NUMBER, what + " must be an integer (decimal or 0x hex, 64-bit), got "
                    + quote(b, s, e));
        }
        return v;
    }

    long range(long v, long min, long max, String what) {
        if (v < min || v > max) {
            throw error(Rule.VALUE_OUT_OF_RANGE, what + " must be in " + min + ".." + max + ", got " + v);
        }
        return v;
    }

    float number(int s, int e, String what) {
        final byte[] b = lx.bytes();
        float f = Numbers.parseFloat(b, s, e);
        if (Float.isNaN(f)) {
            throw error(Rule.BAD_NUMBER, what + " must be a decimal number, got " + quote(b, s, e));
        }
        if (Float.isInfinite(f)) {
            throw error(Rule.BAD_NUMBER, what + " " + quote(b, s, e) + " does not fit a 32-bit float");
        }
        return f;
    }

    /** A name as the format defines it: {@code [A-Za-z_][A-Za-z0-9_.-]*}, and not the word null. */
    String name(int s, int e) {
        final byte[] b = lx.bytes();
        boolean ok = e > s && isNameStart(b[s]);
        for (int k = s + 1; ok && k < e; k++) {
            ok = isNamePart(b[k]);
        }
        if (!ok) {
            throw error(Rule.BAD_NAME, quote(b, s, e) + " is not a name ([A-Za-z_][A-Za-z0-9_.-]*)");
        }
        String n = new String(b, s, e - s, StandardCharsets.ISO_8859_1);
        return n;
    }

    static boolean isNameStart(byte c) {
        return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
    }

    static boolean isNamePart(byte c) {
        return isNameStart(c) || (c >= '0' && c <= '9') || c == '.' || c == '-';
    }

    <E> E enumValue(int s, int e, Function<String, E> parser, Rule rule, String what, String allowedText) {
        final byte[] b = lx.bytes();
        String t = new String(b, s, e - s, StandardCharsets.UTF_8);
        E v = parser.apply(t);
        if (v == null) {
            // allowedText is either a list of spellings or "a D3D12_X (spellings)".
            throw error(rule, what + " " + quote(b, s, e) + " is not " + (allowedText.startsWith("a ") ? "" : "one of ")
                    + allowedText + " (case matters; the D3D12 prefix is optional)");
        }
        return v;
    }
}
