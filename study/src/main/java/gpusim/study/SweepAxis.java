package gpusim.study;

import gpusim.config.ConfigKey;
import gpusim.config.ConfigKeys;
import gpusim.config.SimKeys;
import gpusim.tracefile.TraceParams;
import java.util.ArrayList;
import java.util.List;

/**
 * One {@code --vary KEY=V1,V2,...} of a sweep: a configuration key or a trace parameter
 * ({@code param.NAME}) and the values it takes, each checked and written in its canonical
 * form (for configuration keys what {@code gpusim config} prints, so {@code 0x10} and
 * {@code 16} are the same value).
 */
public record SweepAxis(String key, List<String> values, ConfigKey configKey, String paramName) {
    static final String PARAM_PREFIX = "param.";

    /** A bad --vary: the message is one line for the user. */
    public static final class BadAxisException extends Exception {
        private static final long serialVersionUID = 1L;

        BadAxisException(String message) {
            super(message, null, false, false);
        }
    }

    /** Parses {@code KEY=V1,V2,...}. */
    public static SweepAxis parse(String spec) throws BadAxisException {
        int eq = spec.indexOf('=');
        if (eq <= 0) {
            throw new BadAxisException("--vary " + spec + ": expected KEY=V1,V2,... (a configuration key or param.NAME)");
        }
        String key = spec.substring(0, eq);
        String list = spec.substring(eq + 1);
        if (list.isEmpty()) {
            throw new BadAxisException("--vary " + spec + ": no values after '='");
        }
        ConfigKey ck = null;
        String param = null;
        if (key.startsWith(PARAM_PREFIX)) {
            param = key.substring(PARAM_PREFIX.length());
            if (!TraceParams.isName(param)) {
                throw new BadAxisException("--vary " + spec + ": '" + param
                        + "' is not a trace parameter name ([A-Za-z_][A-Za-z0-9_]*)");
            }
        } else {
            ck = ConfigKeys.find(key);
            if (ck == null) {
                throw new BadAxisException("--vary " + spec + ": unknown configuration key '" + key
                        + "' (gpusim config lists them; trace parameters are param.NAME)");
            }
            if (ck == SimKeys.SIM_THREADS || ck == SimKeys.SIM_THREADS_AFTER) {
                throw new BadAxisException("--vary " + spec + ": a sweep runs every configuration on one thread "
                        + "(sim.threads=1) and runs configurations in parallel instead (--jobs)");
            }
        }
        // split(",", -1) keeps empty items, so "1,,2" and "1," are reported rather than skipped.
        List<String> values = new ArrayList<>();
        for (String v : list.split(",", -1)) {
            String canonical;
            if (v.isEmpty()) {
                throw new BadAxisException("--vary " + spec + ": empty value in the list");
            }
            if (ck != null) {
                try {
                    canonical = ck.format(ck.parse(v));
                } catch (IllegalArgumentException e) {
                    throw new BadAxisException("--vary " + spec + ": " + e.getMessage());
                }
            } else {
                String problem = TraceParams.valueProblem(v);
                if (problem != null) {
                    throw new BadAxisException("--vary " + spec + ": " + v + ": " + problem);
                }
                canonical = v;
            }
            if (values.contains(canonical)) {
                throw new BadAxisException("--vary " + spec + ": value " + canonical + " is listed twice");
            }
            values.add(canonical);
        }
        return new SweepAxis(key, List.copyOf(values), ck, param);
    }

    /** Whether this axis's values are JSON numbers in the results (plain integer keys). */
    public boolean numeric() {
        return configKey != null && !configKey.bool() && configKey.choices() == null && !configKey.hex();
    }

    /** The axis label of a plot: the key and its unit. */
    public String label() {
        if (configKey == null) {
            return key + " (trace parameter)";
        }
        return key + " (" + configKey.unit() + ")";
    }
}
