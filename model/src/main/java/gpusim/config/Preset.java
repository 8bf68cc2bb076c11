package gpusim.config;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Named machine configurations, applied over the defaults before any {@code --set}: a small
 * GPU for tests, a console-class part with 4 depth blocks (an Xbox One-like render back-end
 * count) and a desktop-class part with 16. The figures are round, plausible rates for such
 * parts, not measurements of a product.
 */
public enum Preset {
    SMALL("small", "a small test GPU: 2 DBs, 4 shader units in 1 shader engine, shallow queues",
            "db.count=2", "shader.units=4", "shader.engines=1", "queue.depth=4", "raster.samples_per_clock=16",
            "db.samples_per_clock=8", "cb.samples_per_clock=4", "memory.bytes_per_cycle=32"),
    CONSOLE("console", "a console-class GPU: 4 DBs, 12 shader units in 2 shader engines",
            "db.count=4", "shader.units=12", "shader.engines=2", "gpu.clock_mhz=853", "raster.samples_per_clock=64",
            "db.samples_per_clock=16", "cb.samples_per_clock=8", "memory.bytes_per_cycle=64"),
    DESKTOP("desktop", "a desktop-class GPU: 16 DBs, 64 shader units in 4 shader engines, wider memory",
            "db.count=16", "shader.units=64", "shader.engines=4", "gpu.clock_mhz=1800", "setup.prims_per_clock=4",
            "raster.tris_per_clock=4", "ia.vertices_per_clock=16", "raster.samples_per_clock=64",
            "db.samples_per_clock=16", "cb.samples_per_clock=8", "memory.bytes_per_cycle=256",
            "queue.depth=32");

    private final String id;
    private final String description;
    private final String[] settings;

    Preset(String id, String description, String... settings) {
        this.id = id;
        this.description = description;
        this.settings = settings;
    }

    public String id() {
        return id;
    }

    public String description() {
        return description;
    }

    /** The preset's configuration: the defaults with its settings applied. */
    public Config config() {
        Config c = Config.defaults();
        for (String s : settings) {
            c = c.with(s);
        }
        return c;
    }

    /** The keys the preset sets, and their values. */
    public Map<String, String> settings() {
        Map<String, String> m = new LinkedHashMap<>();
        for (String s : settings) {
            int eq = s.indexOf('=');
            m.put(s.substring(0, eq), s.substring(eq + 1));
        }
        return m;
    }

    /** The preset named {@code id}, or null. */
    public static Preset find(String id) {
        for (Preset p : values()) {
            if (p.id.equals(id)) {
                return p;
            }
        }
        return null;
    }

    public static String names() {
        StringBuilder sb = new StringBuilder();
        for (Preset p : values()) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(p.id);
        }
        return sb.toString();
    }
}
