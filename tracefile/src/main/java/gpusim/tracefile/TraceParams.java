package gpusim.tracefile;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Trace parameters, the project's addition to the trace format (trace-format.md,
 * "Additions", "Trace parameters"): {@code param NAME=DEFAULT} at top level declares a
 * parameter, and {@code ${NAME}} inside any later token is replaced by its value before
 * the reader sees the token. Values given by the caller ({@code gpusim run --param}, a
 * sweep's {@code param.NAME}) replace the defaults.
 *
 * <p>The static methods check caller-given names and values; an instance is the
 * parameter table of one parse (the lexer asks it for values, the reader declares into it).
 */
public final class TraceParams {
    /**
     * The longest token substitution may produce. Values are short in practice (numbers,
     * names); the bound keeps a trace from multiplying its size through repeated use of a
     * long value.
     */
    public static final int MAX_TOKEN = 4096;

    private final String file;
    private final Map<String, String> overrides;
    /** Declared name -> the value in force (the override if given, else the default), as UTF-8 bytes. */
    private final Map<String, byte[]> values = new LinkedHashMap<>();

    TraceParams(String file, Map<String, String> overrides) {
        this.file = file;
        this.overrides = overrides;
    }

    // ------------------------------------------------------------------ caller-given values

    /** True if {@code s} is a parameter name: {@code [A-Za-z_][A-Za-z0-9_]*}. */
    public static boolean isName(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean ok = c == '_' || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (i > 0 && c >= '0' && c <= '9');
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    /**
     * Why {@code value} cannot be a parameter value, or null if it can. A value is pasted
     * into a token, so it must itself look like (part of) a token: not empty, no spaces,
     * tabs, line breaks or {@code #}, and no {@code ${} (substitution is not recursive).
     */
    public static String valueProblem(String value) {
        if (value.isEmpty()) {
            return "the value is empty";
        }
        if (value.getBytes(StandardCharsets.UTF_8).length > MAX_TOKEN) {
            return "the value is longer than " + MAX_TOKEN + " bytes";
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '#') {
                return "the value holds '" + (c == '#' ? "#" : c == ' ' ? "a space" : "a tab or line break")
                        + "', which would split or end the token it is pasted into";
            }
        }
        if (value.contains("${")) {
            return "the value holds '${' (values are pasted as they are, not substituted again)";
        }
        return null;
    }

    /**
     * Checks caller-given values (names and values only; whether the trace declares them is
     * checked while reading it, rule PARAM_UNKNOWN).
     *
     * @throws IllegalArgumentException naming the first bad entry
     */
    public static void check(Map<String, String> params) {
        for (Map.Entry<String, String> e : params.entrySet()) {
            if (!isName(e.getKey())) {
                throw new IllegalArgumentException("'" + e.getKey() + "' is not a parameter name ([A-Za-z_][A-Za-z0-9_]*)");
            }
            String p = valueProblem(e.getValue());
            if (p != null) {
                throw new IllegalArgumentException(e.getKey() + "=" + e.getValue() + ": " + p);
            }
        }
    }

    // ------------------------------------------------------------------ one parse

    TraceException error(int line, Rule rule, String explanation) {
        return new TraceException(file, line, rule, explanation);
    }

    /** {@code param NAME=DEFAULT} on {@code line}: the override if the caller gave one, else the default. */
    void declare(String name, String defaultValue, int line) {
        if (!isName(name)) {
            throw error(line, Rule.PARAM_MALFORMED, "'" + name + "' is not a parameter name ([A-Za-z_][A-Za-z0-9_]*)");
        }
        String p = valueProblem(defaultValue);
        if (p != null) {
            throw error(line, Rule.PARAM_MALFORMED, "param " + name + ": " + p);
        }
        if (values.containsKey(name)) {
            throw error(line, Rule.PARAM_DUPLICATE, "parameter " + name + " is already declared");
        }
        String v = overrides.getOrDefault(name, defaultValue);
        values.put(name, v.getBytes(StandardCharsets.UTF_8));
    }

    /** The value of {@code ${name}} in the token {@code b[s..e)} on {@code line} (quoted in errors). */
    byte[] lookup(String name, int line, byte[] b, int s, int e) {
        byte[] v = values.get(name);
        if (v != null) {
            return v;
        }
        String token = Args.quote(b, s, e);
        if (!isName(name)) {
            throw error(line, Rule.PARAM_MALFORMED, "'${" + name + "}' in " + token
                    + " does not name a parameter ([A-Za-z_][A-Za-z0-9_]*)");
        }
        throw error(line, Rule.PARAM_UNDEFINED, "${" + name + "} in " + token
                + ": no parameter " + name + " is declared on an earlier line (declare it at top level with 'param "
                + name + "=DEFAULT')");
    }

    /** At the end of the trace: every caller-given name must have been declared. */
    void checkOverridesDeclared(int lastLine) {
        for (String name : overrides.keySet()) {
            if (!values.containsKey(name)) {
                List<String> declared = new ArrayList<>(values.keySet());
                throw error(lastLine, Rule.PARAM_UNKNOWN, "a value is given for parameter " + name
                        + " but the trace declares no 'param " + name + "=...' (declared: "
                        + (declared.isEmpty() ? "none" : String.join(", ", declared)) + ")");
            }
        }
    }
}
