package gpusim.config;

import java.util.LinkedHashMap;
import java.util.Map;

/** An immutable configuration: a value for every key of {@link ConfigKeys} (every module's keys on the class path). */
public final class Config {
    private final Map<String, Long> values;

    private Config(Map<String, Long> values) {
        this.values = values;
    }

    public static Config defaults() {
        Map<String, Long> m = new LinkedHashMap<>();
        for (ConfigKey k : ConfigKeys.ALL) {
            m.put(k.name(), k.defaultValue());
        }
        return new Config(m);
    }

    /**
     * A copy with {@code KEY=VALUE} applied (KEY may be a renamed key's old name, {@link
     * ConfigKeys#RENAMED}); unknown keys and bad values throw {@link IllegalArgumentException}.
     */
    public Config with(String assignment) {
        int eq = assignment.indexOf('=');
        if (eq <= 0) {
            throw new IllegalArgumentException("expected KEY=VALUE, got '" + assignment + "'");
        }
        String name = assignment.substring(0, eq);
        ConfigKey key = ConfigKeys.lookup(name);
        if (key == null) {
            throw new IllegalArgumentException(ConfigKeys.unknown(name));
        }
        return with(key, key.parse(assignment.substring(eq + 1)));
    }

    public Config with(ConfigKey key, long value) {
        key.check(value);
        Map<String, Long> m = new LinkedHashMap<>(values);
        m.put(key.name(), value);
        return new Config(m);
    }

    /**
     * Checks the rules that tie keys together (each key's own range is checked when it is
     * set): those of every key group, in the catalogue's order, each declared beside the keys it
     * ties ({@link KeyGroup#rules}); throws {@link IllegalArgumentException} with a clear message.
     */
    public Config validate() {
        for (KeyGroup g : ConfigKeys.GROUPS) {
            g.rules().accept(this);
        }
        return this;
    }

    public long get(ConfigKey key) {
        return values.get(key.name());
    }

    public int getInt(ConfigKey key) {
        return Math.toIntExact(values.get(key.name()));
    }

    public boolean flag(ConfigKey key) {
        return values.get(key.name()) != 0;
    }

    /** The constant a choice key names. */
    public <E extends Enum<E>> E choice(ChoiceKey<E> key) {
        return key.constant(values.get(key.name()));
    }

    /** A copy with choice key {@code key} naming {@code value}. */
    public <E extends Enum<E>> Config with(ChoiceKey<E> key, E value) {
        return with(key, value.ordinal());
    }

    /** Every key and its value, in declaration order. */
    public Map<String, Long> asMap() {
        return java.util.Collections.unmodifiableMap(values);
    }
}
