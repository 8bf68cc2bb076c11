package gpusim.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import gpusim.harness.AtomicFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The result of one configuration of a sweep, as it is kept in {@code DIR/rows/ID.json}:
 * what identifies the run (the whole configuration and every parameter value the sweep
 * gave) and its figures ({@link SweepMetrics}). A row is written as soon as its run
 * finishes, to a temporary file renamed into place, so an interrupted sweep leaves only
 * whole rows behind and a resumed one trusts every row file it finds.
 */
public record SweepRow(String id, Map<String, Long> config, Map<String, String> params, Map<String, Number> metrics,
                       Map<String, String> units) {
    static final String SUFFIX = ".json";
    static final String TEMP_SUFFIX = ".json.tmp";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The row file of configuration {@code id} in {@code rowsDir}. */
    public static Path file(Path rowsDir, String id) {
        return rowsDir.resolve(id + SUFFIX);
    }

    /** Writes the row atomically: to a temporary file, flushed to the disk, then renamed over the row's file. */
    public void write(Path rowsDir) throws IOException {
        write(rowsDir, null);
    }

    /**
     * As {@link #write(Path)}, the temporary file's name made unique by {@code writer} (a
     * Slurm job ID) where several processes, on several machines, may write rows of one
     * directory; null for the local sweep's threads. Every such name ends in {@link #TEMP_SUFFIX}.
     */
    public void write(Path rowsDir, String writer) throws IOException {
        ObjectNode n = JSON.createObjectNode();
        n.put("id", id);
        ObjectNode c = n.putObject("config");
        config.forEach(c::put);
        ObjectNode p = n.putObject("params");
        params.forEach(p::put);
        ObjectNode u = n.putObject("units");
        units.forEach(u::put);
        ObjectNode m = n.putObject("metrics");
        for (Map.Entry<String, Number> e : metrics.entrySet()) {
            Number v = e.getValue();
            if (v == null) {
                m.putNull(e.getKey());
            } else if (v instanceof Double || v instanceof Float) {
                m.put(e.getKey(), v.doubleValue());
            } else {
                m.put(e.getKey(), v.longValue());
            }
        }
        byte[] bytes = JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(n);
        Path tmp = rowsDir.resolve(id + (writer == null ? "" : "." + writer) + TEMP_SUFFIX);
        AtomicFiles.writeDurably(tmp, bytes);
        Files.move(tmp, file(rowsDir, id), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Reads a row file; null if it is not a row (unreadable or not the shape {@link #write}
     * gives), so that the sweep runs that configuration again rather than trusting it.
     */
    public static SweepRow read(Path file) {
        try {
            JsonNode n = JSON.readTree(file.toFile());
            if (n == null || !n.path("id").isTextual() || !n.path("config").isObject() || !n.path("params").isObject()
                    || !n.path("metrics").isObject()) {
                return null;
            }
            Map<String, Long> config = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = n.get("config").fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!e.getValue().isIntegralNumber()) {
                    return null;
                }
                config.put(e.getKey(), e.getValue().longValue());
            }
            Map<String, String> params = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = n.get("params").fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!e.getValue().isTextual()) {
                    return null;
                }
                params.put(e.getKey(), e.getValue().textValue());
            }
            Map<String, Number> metrics = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = n.get("metrics").fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode v = e.getValue();
                if (v.isNull()) {
                    metrics.put(e.getKey(), null);
                } else if (v.isIntegralNumber()) {
                    metrics.put(e.getKey(), v.longValue());
                } else if (v.isNumber()) {
                    metrics.put(e.getKey(), v.doubleValue());
                } else {
                    return null;
                }
            }
            Map<String, String> units = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = n.path("units").fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                units.put(e.getKey(), e.getValue().asText());
            }
            return new SweepRow(n.get("id").textValue(), config, params, metrics, units);
        } catch (IOException e) {
            return null;
        }
    }
}
