package gpusim.config;

/**
 * One configuration key: its name, default, allowed range (or allowed values), unit and
 * meaning. A key is declared beside the parameter record that reads it (gem5 declares each
 * SimObject's parameters with their defaults and descriptions beside the object,
 * {@code Param.Latency("14ns", "...")} in {@code src/mem/MemCtrl.py}); its module lists it in a
 * {@link KeyGroup}, and {@link ConfigKeys} gathers every group, so the whole configuration can
 * be listed ({@code gpusim config}).
 *
 * <p>The value of every key is a long: a number, 0 or 1 for a flag, and for a choice key
 * ({@link ChoiceKey}) the ordinal of the enum constant it names.
 */
public class ConfigKey {
    private final String name;
    private final long defaultValue;
    private final long min;
    private final long max;
    private final long[] allowed;
    private final boolean bool;
    private final String[] choices;
    private final boolean hex;
    private final String unit;
    private final String meaning;

    ConfigKey(String name, long defaultValue, long min, long max, long[] allowed, boolean bool, String[] choices,
              boolean hex, String unit, String meaning) {
        this.name = name;
        this.defaultValue = defaultValue;
        this.min = min;
        this.max = max;
        this.allowed = allowed == null ? null : allowed.clone();
        this.bool = bool;
        this.choices = choices == null ? null : choices.clone();
        this.hex = hex;
        this.unit = unit;
        this.meaning = meaning;
    }

    public static ConfigKey range(String name, long def, long min, long max, String unit, String meaning) {
        return new ConfigKey(name, def, min, max, null, false, null, false, unit, meaning);
    }

    public static ConfigKey oneOf(String name, long def, long[] allowed, String unit, String meaning) {
        return new ConfigKey(name, def, Long.MIN_VALUE, Long.MAX_VALUE, allowed, false, null, false, unit, meaning);
    }

    public static ConfigKey flag(String name, boolean def, String meaning) {
        return new ConfigKey(name, def ? 1 : 0, 0, 1, null, true, null, false, "on/off", meaning);
    }

    /**
     * A key naming one constant of enum {@code type}: its choices are the constants' names in
     * lower case, in declaration order, and its value is the ordinal of the one named, read
     * with {@link Config#choice}.
     */
    public static <E extends Enum<E>> ChoiceKey<E> choice(String name, E def, String meaning) {
        return new ChoiceKey<>(name, def, meaning);
    }

    /** A bit mask, printed in hexadecimal. */
    public static ConfigKey mask(String name, long def, long max, String unit, String meaning) {
        return new ConfigKey(name, def, 1, max, null, false, null, true, unit, meaning);
    }

    public String name() {
        return name;
    }

    public long defaultValue() {
        return defaultValue;
    }

    public long min() {
        return min;
    }

    public long max() {
        return max;
    }

    /** The values allowed, or null when any in {@link #min}..{@link #max} is. */
    public long[] allowed() {
        return allowed == null ? null : allowed.clone();
    }

    public boolean bool() {
        return bool;
    }

    /** A choice key's names, in the order of their values; null for any other key. */
    public String[] choices() {
        return choices == null ? null : choices.clone();
    }

    public boolean hex() {
        return hex;
    }

    public String unit() {
        return unit;
    }

    public String meaning() {
        return meaning;
    }

    @Override
    public String toString() {
        return "ConfigKey[" + name + "=" + format(defaultValue) + " " + unit + ", " + allowedText() + "]";
    }

    /**
     * Whether this key is a timing parameter, one {@code gpusim calibrate} may fit: a key of the
     * modelled hardware (not {@code sim.*}) whose unit is a time or a rate: {@code cycles},
     * {@code cycles/...} (a cost per item) or {@code .../cycle} (items per cycle). Counts of units,
     * sizes, queue depths, choices and flags describe the machine's shape and are not fitted; the
     * clock and timestamp frequency are measured, not fitted. A key declared
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
