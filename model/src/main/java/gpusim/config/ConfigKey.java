package gpusim.config;

/**
 * One configuration key: its name, default, allowed range (or allowed values), unit and
 * meaning. Every key the model reads is declared in {@link ConfigKeys}, so the whole
 * configuration can be listed.
 */
public record ConfigKey(String name, long defaultValue, long min, long max, long[] allowed, boolean bool,
                        String[] choices, boolean hex, String unit, String meaning) {

    public ConfigKey(String name, long defaultValue, long min, long max, long[] allowed, boolean bool,
                     String unit, String meaning) {
        this(name, defaultValue, min, max, allowed, bool, null, false, unit, meaning);
    }

    public static ConfigKey range(String name, long def, long min, long max, String unit, String meaning) {
        return new ConfigKey(name, def, min, max, null, false, unit, meaning);
    }

    public static ConfigKey oneOf(String name, long def, long[] allowed, String unit, String meaning) {
        return new ConfigKey(name, def, Long.MIN_VALUE, Long.MAX_VALUE, allowed, false, unit, meaning);
    }

    public static ConfigKey flag(String name, boolean def, String meaning) {
        return new ConfigKey(name, def ? 1 : 0, 0, 1, null, true, "on/off", meaning);
    }

    /** A key naming one of {@code names}; its value is the index of the name. */
    public static ConfigKey choice(String name, String def, String[] names, String meaning) {
        int d = java.util.Arrays.asList(names).indexOf(def);
        if (d < 0) {
            throw new IllegalArgumentException(def + " is not one of the choices of " + name);
        }
        return new ConfigKey(name, d, 0, names.length - 1, null, false, names.clone(), false, "name", meaning);
    }

    /** A bit mask, printed in hexadecimal. */
    public static ConfigKey mask(String name, long def, long max, String unit, String meaning) {
        return new ConfigKey(name, def, 1, max, null, false, null, true, unit, meaning);
    }

    /**
     * Whether this key is a timing parameter, one {@code gpusim calibrate} may fit: a key of the
     * modelled hardware (not {@code sim.*}) whose unit is a time or a rate: {@code cycles},
     * {@code cycles/...} (a cost per item) or {@code .../cycle} (items per cycle). Counts of units,
     * sizes, queue depths, choices and flags describe the machine's shape and are not fitted; the
     * clock and timestamp frequency are measured, not fitted. A key added to {@link ConfigKeys}
     * with such a unit is a timing parameter without further ado.
     */
    public boolean timing() {
        return !name.startsWith("sim.") && !bool && choices == null && allowed == null
                && (unit.equals("cycles") || unit.startsWith("cycles/") || unit.endsWith("/cycle"));
    }

    /** Parses and checks a value for this key; throws {@link IllegalArgumentException} with a clear message. */
    public long parse(String text) {
        if (bool) {
            switch (text) {
                case "on": case "true": case "1": return 1;
                case "off": case "false": case "0": return 0;
                default: throw new IllegalArgumentException(name + ": expected on or off, got '" + text + "'");
            }
        }
        if (choices != null) {
            for (int i = 0; i < choices.length; i++) {
                if (choices[i].equals(text)) {
                    return i;
                }
            }
            throw new IllegalArgumentException(name + ": expected one of " + allowedText() + ", got '" + text + "'");
        }
        long v;
        try {
            v = text.startsWith("0x") ? Long.parseLong(text.substring(2), 16) : Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": expected an integer, got '" + text + "'");
        }
        check(v);
        return v;
    }

    public void check(long v) {
        if (allowed != null) {
            for (long a : allowed) {
                if (a == v) {
                    return;
                }
            }
            throw new IllegalArgumentException(name + ": " + v + " is not one of " + allowedText());
        }
        if (v < min || v > max) {
            throw new IllegalArgumentException(name + ": " + v + " is out of range " + min + ".." + max);
        }
    }

    public String allowedText() {
        if (bool) {
            return "on, off";
        }
        if (choices != null) {
            return String.join(", ", choices);
        }
        if (hex) {
            return "0x" + Long.toHexString(min) + "..0x" + Long.toHexString(max);
        }
        if (allowed != null) {
            StringBuilder sb = new StringBuilder();
            for (long a : allowed) {
                if (sb.length() > 0) {
                    sb.append(", ");
                }
                sb.append(a);
            }
            return sb.toString();
        }
        return min + ".." + max;
    }

    public String format(long v) {
        if (choices != null) {
            return choices[(int) v];
        }
        if (hex) {
            return "0x" + Long.toHexString(v);
        }
        return bool ? (v != 0 ? "on" : "off") : Long.toString(v);
    }
}
