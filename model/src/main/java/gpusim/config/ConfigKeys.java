package gpusim.config;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The catalogue of configuration keys: it declares none, but gathers the {@link KeyGroup}s
 * every module on the class path declares beside its parameter records ({@link ModuleKeys},
 * found with {@link ServiceLoader}), in the order of their positions, and looks keys up by
 * name ({@code gpusim config} prints {@link #ALL}). A key is added where it is read: a field of
 * a parameter record and its declaration beside it, listed in that record's group
 * (docs/extending.md, "A configuration key").
 */
public final class ConfigKeys {
    private ConfigKeys() {
    }

    /** Every module's key groups, by position. */
    public static final List<KeyGroup> GROUPS = load();

    /** Every key, group by group. */
    public static final List<ConfigKey> ALL = GROUPS.stream().flatMap(g -> g.keys().stream()).toList();

    /**
     * Keys that were renamed, old name to new: an old name is still accepted for a while (in
     * {@code --set} and preset files), with the notice {@link #renameNotice}
     * gives, so that scripts and preset files keep working while their authors update them.
     * Each group names its own ({@link KeyGroup#renamed}).
     */
    public static final Map<String, String> RENAMED = renamed();

    private static List<KeyGroup> load() {
        List<KeyGroup> groups = new ArrayList<>();
        for (ModuleKeys m : ServiceLoader.load(ModuleKeys.class, ConfigKeys.class.getClassLoader())) {
            groups.addAll(m.groups());
        }
        groups.sort(Comparator.comparingInt(KeyGroup::position));
        Map<String, String> seen = new HashMap<>();
        for (int i = 0; i < groups.size(); i++) {
            KeyGroup g = groups.get(i);
            if (i > 0 && groups.get(i - 1).position() == g.position()) {
                throw new IllegalStateException("key groups " + groups.get(i - 1).unit() + " and " + g.unit()
                        + " share position " + g.position());
            }
            for (ConfigKey k : g.keys()) {
                String other = seen.put(k.name(), g.unit());
                if (other != null) {
                    throw new IllegalStateException(k.name() + " is declared by " + other + " and " + g.unit());
                }
            }
        }
        return List.copyOf(groups);
    }

    private static Map<String, String> renamed() {
        Map<String, String> m = new LinkedHashMap<>();
        for (KeyGroup g : GROUPS) {
            m.putAll(g.renamed());
        }
        return Collections.unmodifiableMap(m);
    }

    /** The key called {@code name}, or null ({@link #lookup} also follows {@link #RENAMED}). */
    public static ConfigKey find(String name) {
        for (ConfigKey k : ALL) {
            if (k.name().equals(name)) {
                return k;
            }
        }
        return null;
    }

    /** The key called {@code name}, or that was called so before a rename ({@link #RENAMED}); else null. */
    public static ConfigKey lookup(String name) {
        ConfigKey k = find(name);
        return k != null || !RENAMED.containsKey(name) ? k : find(RENAMED.get(name));
    }

    /** For an old name of {@link #RENAMED}, the one line that says what it is now called; else null. */
    public static String renameNotice(String name) {
        String now = RENAMED.get(name);
        return now == null ? null : name + " is now " + now + " (accepted for now)";
    }

    /**
     * The message for a name no key has: the nearest keys ({@link #nearest}) when there are any,
     * else where the keys are listed.
     */
    public static String unknown(String name) {
        List<String> near = nearest(name);
        if (near.isEmpty()) {
            return "unknown configuration key '" + name + "' (gpusim config lists them)";
        }
        String last = near.get(near.size() - 1);
        return "unknown configuration key '" + name + "'; did you mean "
                + (near.size() == 1 ? last : String.join(", ", near.subList(0, near.size() - 1)) + " or " + last)
                + "?";
    }

    /**
     * At most three keys near {@code name}, nearest first: those within a few edits of it (one
     * per three characters, at most three; a swap of two neighbours is one edit, as in
     * Damerau's count of spelling errors), and those it begins (a group such as
     * {@code db.cache}). A renamed key's old name leads to its new one.
     */
    public static List<String> nearest(String name) {
        int limit = Math.max(1, Math.min(3, name.length() / 3));
        Map<String, Integer> distance = new java.util.HashMap<>();
        for (ConfigKey k : ALL) {
            int d = editDistance(name, k.name());
            if (d <= limit || (name.length() >= 4 && k.name().startsWith(name))) {
                distance.merge(k.name(), d, Math::min);
            }
        }
        for (Map.Entry<String, String> e : RENAMED.entrySet()) {
            int d = editDistance(name, e.getKey());
            if (d <= limit) {
                distance.merge(e.getValue(), d, Math::min);
            }
        }
        return distance.keySet().stream()
                .sorted(java.util.Comparator.comparing((String k) -> distance.get(k)).thenComparing(k -> k))
                .limit(3).toList();
    }

    /**
     * Edits from {@code a} to {@code b}: characters inserted, deleted, replaced, and neighbours
     * swapped (the optimal string alignment distance; Damerau, "A technique for computer detection
     * and correction of spelling errors", CACM 7(3), 1964).
     */
    static int editDistance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
