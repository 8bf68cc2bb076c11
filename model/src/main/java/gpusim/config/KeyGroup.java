package gpusim.config;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The keys of one unit, declared beside the parameter record that reads them, and the rules
 * that tie them together (a cache's size against its ways and line, say): what {@link
 * ConfigKeys} gathers into the whole configuration. A module lists its groups in a {@link
 * ModuleKeys} service.
 *
 * @param position where the group's keys stand in the listing ({@code gpusim config}, a report's
 *                 configuration): groups are listed by position, so the order does not depend on
 *                 how the modules were found; no two groups share one
 * @param unit     what the keys configure, in a few words
 * @param keys     the keys, in the order they are listed
 * @param renamed  old names of keys of this group, old to new, still accepted for a while
 *                 ({@link ConfigKeys#RENAMED})
 * @param rules    checks the rules that span the group's keys (each key's own range is checked when
 *                 it is set); throws {@link IllegalArgumentException} with a clear message
 */
public record KeyGroup(int position, String unit, List<ConfigKey> keys, Map<String, String> renamed,
                       Consumer<Config> rules) {
    public KeyGroup {
        keys = List.copyOf(keys);
        renamed = Map.copyOf(renamed);
    }

    /** A group with no rules that span its keys and no renamed keys. */
    public static KeyGroup of(int position, String unit, ConfigKey... keys) {
        return of(position, unit, List.of(keys));
    }

    /** A group of {@code keys}, in that order, with no rules that span them and no renamed keys. */
    public static KeyGroup of(int position, String unit, List<ConfigKey> keys) {
        return new KeyGroup(position, unit, keys, Map.of(), c -> { });
    }

    /** The same group with {@code rules} checked by {@link Config#validate}. */
    public KeyGroup withRules(Consumer<Config> rules) {
        return new KeyGroup(position, unit, keys, renamed, rules);
    }

    /** The same group, where {@code oldName} is still accepted for {@code key} (a key renamed). */
    public KeyGroup withRenamed(String oldName, ConfigKey key) {
        Map<String, String> m = new java.util.HashMap<>(renamed);
        m.put(oldName, key.name());
        return new KeyGroup(position, unit, keys, m, rules);
    }
}
