package gpusim.config;

import java.util.LinkedHashMap;
import java.util.Map;

/** An immutable configuration: a value for every key of {@link ConfigKeys}. */
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
     * set); throws {@link IllegalArgumentException} with a clear message.
     */
    public Config validate() {
        // The back end says which units own the screen tiles, so which bits of db.enabled count.
        BackEndKind kind = BackEndKind.of(this);
        long count = kind.tileOwners(this);
        long enabled = get(ConfigKeys.DB_ENABLED);
        if ((enabled & ((1L << count) - 1)) == 0) {
            throw new IllegalArgumentException("db.enabled 0x" + Long.toHexString(enabled) + " enables none of the "
                    + count + kind.ownersText());
        }
        checkCacheShape("db.cache", ConfigKeys.DB_CACHE_SIZE, ConfigKeys.DB_CACHE_WAYS, ConfigKeys.DB_CACHE_LINE);
        checkCacheShape("cb.cache", ConfigKeys.CB_CACHE_SIZE, ConfigKeys.CB_CACHE_WAYS, ConfigKeys.CB_CACHE_LINE);
        checkCacheShape("l2", ConfigKeys.L2_SIZE, ConfigKeys.L2_WAYS, ConfigKeys.L2_LINE);
        checkSector("db.cache.sector_bytes", ConfigKeys.DB_CACHE_SECTOR_BYTES, "db.cache.line", ConfigKeys.DB_CACHE_LINE);
        checkSector("cb.cache.sector_bytes", ConfigKeys.CB_CACHE_SECTOR_BYTES, "cb.cache.line", ConfigKeys.CB_CACHE_LINE);
        checkSector("l2.sector_bytes", ConfigKeys.L2_SECTOR_BYTES, "l2.line", ConfigKeys.L2_LINE);
        return this;
    }

    /** A sector is part of a line: at most the line (both are powers of two, so it divides it). */
    private void checkSector(String name, ConfigKey sector, String lineName, ConfigKey line) {
        if (get(sector) > get(line)) {
            throw new IllegalArgumentException(name + " " + get(sector) + " is larger than " + lineName + " "
                    + get(line) + " (a sector is part of a line; 0: no sectors)");
        }
    }

    /** A cache's size must be ways x line x a power of two sets (the cache indexes its sets by address bits). */
    private void checkCacheShape(String cache, ConfigKey size, ConfigKey ways, ConfigKey line) {
        long bytes = get(size);
        long perSet = get(ways) * get(line);
        if (bytes % perSet != 0 || Long.bitCount(bytes / perSet) != 1) {
            throw new IllegalArgumentException(cache + ".size " + bytes + " is not " + cache + ".ways x " + cache
                    + ".line (" + get(ways) + " x " + get(line) + ") x a power of two sets");
        }
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

    /** Every key and its value, in declaration order. */
    public Map<String, Long> asMap() {
        return java.util.Collections.unmodifiableMap(values);
    }
}
