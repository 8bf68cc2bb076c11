package gpusim.config;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A named machine configuration, applied over the defaults before any {@code --set}: a text
 * file of {@code KEY = VALUE} lines (the assignments {@code --set} takes) with {@code #}
 * comments. Its first line, {@code # DESCRIPTION}, is the one-line description {@code gpusim
 * config --presets} lists; the other comments are free (a fitted preset records its provenance
 * in them). Only keys that differ from the defaults need to be named, so keys added to
 * {@link ConfigKeys} later keep their defaults in every preset.
 *
 * <p>The bundled presets are resources {@code gpusim/presets/NAME.preset}: a small GPU for
 * tests, an Xbox One class console with 4 depth blocks on DDR3, a GDDR6 desktop part with 16
 * (published figures for the memory system, round plausible rates for the stages), and
 * {@code h200} and {@code h100}, fitted to an NVIDIA H200's timings with each GPU's memory system
 * (docs/calibration.md).
 */
public record Preset(String id, String description, String source, Map<String, String> settings,
                     List<String> notices) {
    /** The bundled presets, in the order they are listed. */
    public static final List<String> BUNDLED = List.of("small", "console", "desktop", "h100", "h200");
    /** The resource folder of the bundled presets. */
    public static final String RESOURCES = "gpusim/presets/";
    /** The file name suffix of a preset. */
    public static final String SUFFIX = ".preset";
    /** The largest preset file read (a bound before reading: presets are a few hundred lines at most). */
    public static final long MAX_BYTES = 1 << 20;

    private static final List<Preset> LOADED = loadBundled();

    public static final Preset SMALL = find("small");

    /**
     * @param settings the keys it sets (by their current names) and their values
     * @param notices one line a renamed key the text names by its old name ({@code FILE:LINE: OLD
     *     is now NEW (accepted for now)}), for whoever reads the preset to print
     */
    public Preset {
        settings = Collections.unmodifiableMap(new LinkedHashMap<>(settings));
        notices = List.copyOf(notices);
    }

    /** The preset's configuration: the defaults with its settings applied (every value was checked when read). */
    public Config config() {
        Config c = Config.defaults();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            c = c.with(e.getKey() + "=" + e.getValue());
        }
        return c;
    }

    /** Every bundled preset. */
    public static List<Preset> values() {
        return LOADED;
    }

    /** The bundled preset named {@code id}, or null. */
    public static Preset find(String id) {
        for (Preset p : LOADED) {
            if (p.id.equals(id)) {
                return p;
            }
        }
        return null;
    }

    public static String names() {
        return String.join(", ", BUNDLED);
    }

    /** A bundled preset by name, or a preset file by path (a name that is not bundled). */
    public static Preset resolve(String nameOrPath) {
        Preset p = find(nameOrPath);
        if (p != null) {
            return p;
        }
        Path path = Path.of(nameOrPath);
        if (!Files.exists(path) && !nameOrPath.contains("/") && !nameOrPath.endsWith(SUFFIX)) {
            throw new IllegalArgumentException(nameOrPath + ": unknown preset (one of " + names()
                    + ", or the path of a preset file)");
        }
        return load(path);
    }

    /** Reads a preset file; its id is the file name without {@value #SUFFIX}. */
    public static Preset load(Path path) {
        String name = path.toString();
        byte[] bytes;
        try {
            if (Files.isDirectory(path)) {
                throw new PresetException(name, 0, PresetException.Rule.PRESET_UNREADABLE, "is a directory");
            }
            long size = Files.size(path);
            if (size > MAX_BYTES) {
                throw new PresetException(name, 0, PresetException.Rule.PRESET_UNREADABLE, size
                        + " bytes; a preset is at most " + MAX_BYTES + " bytes");
            }
            bytes = Files.readAllBytes(path);
        } catch (IOException e) {
            throw new PresetException(name, 0, PresetException.Rule.PRESET_UNREADABLE,
                    "cannot be read (" + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": "
                            + e.getMessage()) + ")");
        }
        String file = path.getFileName() == null ? name : path.getFileName().toString();
        String id = file.endsWith(SUFFIX) ? file.substring(0, file.length() - SUFFIX.length()) : file;
        return parse(id, name, decode(name, bytes));
    }

    private static String decode(String name, byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(java.nio.ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new PresetException(name, 0, PresetException.Rule.PRESET_UNREADABLE, "is not UTF-8 text");
        }
    }

    /**
     * Parses preset text: {@code KEY = VALUE} lines, blank lines and {@code #} comments (also after
     * a value). Each key at most once; every value checked as {@code --set} checks it, and the
     * whole configuration as {@link Config#validate} does.
     *
     * @param source how errors name the text (its path)
     * @throws PresetException for the first line that breaks a rule
     */
    public static Preset parse(String id, String source, String text) {
        String description = "";
        Map<String, String> settings = new LinkedHashMap<>();
        Map<String, Integer> lineOf = new LinkedHashMap<>();
        List<String> notices = new ArrayList<>();
        Config c = Config.defaults();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            int lineNo = i + 1;
            String line = lines[i];
            int hash = line.indexOf('#');
            if (i == 0 && hash >= 0 && line.substring(0, hash).isBlank()) {
                description = line.substring(hash + 1).strip();
            }
            String body = (hash >= 0 ? line.substring(0, hash) : line).strip();
            if (body.isEmpty()) {
                continue;
            }
            int eq = body.indexOf('=');
            if (eq < 0) {
                throw new PresetException(source, lineNo, PresetException.Rule.PRESET_SYNTAX,
                        "expected KEY = VALUE, got '" + body + "'");
            }
            String key = body.substring(0, eq).strip();
            String value = body.substring(eq + 1).strip();
            if (key.isEmpty() || value.isEmpty()) {
                throw new PresetException(source, lineNo, PresetException.Rule.PRESET_SYNTAX,
                        "expected KEY = VALUE, got '" + body + "'");
            }
            ConfigKey k = ConfigKeys.lookup(key);
            if (k == null) {
                throw new PresetException(source, lineNo, PresetException.Rule.PRESET_UNKNOWN_KEY,
                        ConfigKeys.unknown(key));
            }
            if (!k.name().equals(key)) {
                notices.add(source + ":" + lineNo + ": " + ConfigKeys.renameNotice(key));
                key = k.name();
            }
            if (lineOf.containsKey(key)) {
                throw new PresetException(source, lineNo, PresetException.Rule.PRESET_DUPLICATE_KEY,
                        key + " is already set on line " + lineOf.get(key));
            }
            try {
                c = c.with(k, k.parse(value));
            } catch (IllegalArgumentException e) {
                throw new PresetException(source, lineNo, PresetException.Rule.PRESET_BAD_VALUE, e.getMessage());
            }
            settings.put(key, value);
            lineOf.put(key, lineNo);
        }
        try {
            c.validate();
        } catch (IllegalArgumentException e) {
            throw new PresetException(source, lines.length, PresetException.Rule.PRESET_INVALID, e.getMessage());
        }
        return new Preset(id, description, source, settings, notices);
    }

    private static List<Preset> loadBundled() {
        List<Preset> l = new ArrayList<>();
        for (String id : BUNDLED) {
            String resource = RESOURCES + id + SUFFIX;
            try (InputStream in = Preset.class.getClassLoader().getResourceAsStream(resource)) {
                if (in == null) {
                    throw new IllegalStateException("bundled preset missing from the jar: " + resource);
                }
                l.add(parse(id, resource, new String(in.readAllBytes(), StandardCharsets.UTF_8)));
            } catch (IOException e) {
                throw new IllegalStateException("bundled preset unreadable: " + resource, e);
            }
        }
        return List.copyOf(l);
    }
}
