package gpusim.config;

/**
 * One configuration key: its name, default, allowed range (or allowed values), unit and
 * meaning. Every key the model reads is declared in {@link ConfigKeys}, so the whole
 * configuration can be listed.
 */
public record ConfigKey(String name, long defaultValue, long min, long max, long[] allowed, boolean bool,
                        String unit, String meaning) {

    public static ConfigKey range(String name, long def, long min, long max, String unit, String meaning) {
        return new ConfigKey(name, def, min, max, null, false, unit, meaning);
    }

    public static ConfigKey oneOf(String name, long def, long[] allowed, String unit, String meaning) {
        return new ConfigKey(name, def, Long.MIN_VALUE, Long.MAX_VALUE, allowed, false, unit, meaning);
    }

    public static ConfigKey flag(String name, boolean def, String meaning) {
        return new ConfigKey(name, def ? 1 : 0, 0, 1, null, true, "on/off", meaning);
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
        return bool ? (v != 0 ? "on" : "off") : Long.toString(v);
    }
}
