package gpusim.calibration;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A timing calibration set: the traces of a directory (every {@code *.trace} under it), each
 * timing one thing between TIMESTAMP queries 0 and 1 of its first dump, and the times a real
 * GPU took for them (a JSON-lines file, one {@code {"trace": NAME, "median_ns": T, ...}} a
 * trace, as {@code gpusim calibrate --device --measure-only} writes it). Every trace must have exactly one
 * measurement and every measurement a trace, so that a preset is never judged on part of a set
 * by accident.
 */
public record CalibrationSet(Path dir, Path measuredFile, List<Case> cases) {
    /** The most traces a set may hold (a bound before reading them). */
    public static final int MAX_TRACES = 10_000;
    /** The largest trace file read. */
    public static final long MAX_TRACE_BYTES = 64L << 20;
    /** The largest measured file read. */
    public static final long MAX_MEASURED_BYTES = 64L << 20;

    /**
     * One trace of the set: its name (file name without .trace), category (the name's first '-'
     * field), text and measured time.
     */
    public record Case(String name, String category, Path path, String text, double measuredNs) {
    }

    /** Why a set cannot be used: a one-line message, for exit status 2. */
    public static final class BadSetException extends Exception {
        private static final long serialVersionUID = 1L;

        /** A set that cannot be used, and why. */
        public BadSetException(String message) {
            super(message, null, false, false);
        }
    }

    /** A trace's category: its name up to the first dash (fill-color-s1-64x64: fill). */
    public static String category(String name) {
        int dash = name.indexOf('-');
        return dash < 0 ? name : name.substring(0, dash);
    }

    /** Reads the traces of {@code dir} and their times from {@code measured}, in name order. */
    public static CalibrationSet load(Path dir, Path measured) throws BadSetException {
        return load(dir, measured, null);
    }

    /** The traces of {@code dir} (searched recursively), by name, without those {@code exclude} finds. */
    public static Map<String, Path> list(Path dir, java.util.regex.Pattern exclude) throws BadSetException {
        if (!Files.isDirectory(dir)) {
            throw new BadSetException(dir + ": not a directory of traces");
        }
        Map<String, Path> traces = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s.filter(f -> f.getFileName().toString().endsWith(".trace")
                    && Files.isRegularFile(f)).sorted()::iterator) {
                String file = p.getFileName().toString();
                String name = file.substring(0, file.length() - ".trace".length());
                if (exclude != null && exclude.matcher(name).find()) {
                    continue;
                }
                Path before = traces.put(name, p);
                if (before != null) {
                    throw new BadSetException(p + ": a second trace named " + name + " (the first is " + before + ")");
                }
                if (traces.size() > MAX_TRACES) {
                    throw new BadSetException(dir + ": more than " + MAX_TRACES + " traces");
                }
            }
        } catch (IOException | java.io.UncheckedIOException e) {
            throw new BadSetException(dir + ": cannot be listed (" + e.getMessage() + ")");
        }
        if (traces.isEmpty()) {
            throw new BadSetException(dir + ": no *.trace files" + (exclude == null ? "" : " but those --exclude "
                    + exclude + " leaves out"));
        }
        return traces;
    }

    /** The traces of {@code dir} to measure ({@code gpusim calibrate --device}): no measured times yet (NaN). */
    public static List<Case> unmeasured(Path dir) throws BadSetException {
        return read(list(dir, null), null);
    }

    private static List<Case> read(Map<String, Path> traces, Map<String, Double> times) throws BadSetException {
        List<Case> cases = new ArrayList<>();
        for (Map.Entry<String, Path> e : traces.entrySet()) {
            Path p = e.getValue();
            try {
                long size = Files.size(p);
                if (size > MAX_TRACE_BYTES) {
                    throw new BadSetException(p + ": " + size + " bytes; a calibration trace is at most "
                            + MAX_TRACE_BYTES);
                }
                cases.add(new Case(e.getKey(), category(e.getKey()), p,
                        Files.readString(p, StandardCharsets.UTF_8), times == null ? Double.NaN : times.get(e.getKey())));
            } catch (IOException ex) {
                throw new BadSetException(p + ": cannot be read (" + ex.getMessage() + ")");
            }
        }
        cases.sort(Comparator.comparing(Case::name));
        return List.copyOf(cases);
    }

    /**
     * As {@link #load(Path, Path)}, leaving out the traces whose name {@code exclude} matches
     * (null: none), and their measurements.
     */
    public static CalibrationSet load(Path dir, Path measured, java.util.regex.Pattern exclude) throws BadSetException {
        Map<String, Path> traces = list(dir, exclude);
        Map<String, Double> times = readMeasured(measured);
        if (exclude != null) {
            times.keySet().removeIf(name -> exclude.matcher(name).find());
        }
        List<String> missing = new ArrayList<>();
        for (String name : times.keySet()) {
            if (!traces.containsKey(name)) {
                missing.add(name);
            }
        }
        if (!missing.isEmpty()) {
            throw new BadSetException(measured + ": " + missing.size() + " measured trace(s) not in " + dir + ": "
                    + abbreviate(missing));
        }
        List<String> unmeasured = new ArrayList<>();
        for (String name : traces.keySet()) {
            if (!times.containsKey(name)) {
                unmeasured.add(name);
            }
        }
        if (!unmeasured.isEmpty()) {
            throw new BadSetException(dir + ": " + unmeasured.size() + " trace(s) without a measurement in " + measured
                    + ": " + abbreviate(unmeasured));
        }
        return new CalibrationSet(dir, measured, read(traces, times));
    }

    /**
     * The measured medians by trace name: one JSON object a line, each with a string "trace"
     * and a positive "median_ns".
     */
    public static Map<String, Double> readMeasured(Path file) throws BadSetException {
        ObjectMapper json = new ObjectMapper();
        Map<String, Double> m = new LinkedHashMap<>();
        try {
            if (Files.size(file) > MAX_MEASURED_BYTES) {
                throw new BadSetException(file + ": larger than " + MAX_MEASURED_BYTES + " bytes");
            }
        } catch (IOException e) {
            throw new BadSetException(file + ": cannot be read (" + e.getMessage() + ")");
        }
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int n = 0;
            while ((line = r.readLine()) != null) {
                n++;
                if (line.isBlank()) {
                    continue;
                }
                JsonNode o;
                try {
                    o = json.readTree(line);
                } catch (JsonProcessingException e) {
                    throw new BadSetException(file + ":" + n + ": MEASURED_MALFORMED: not a JSON object ("
                            + e.getOriginalMessage() + ")");
                }
                if (o == null || !o.isObject()) {
                    throw new BadSetException(file + ":" + n + ": MEASURED_MALFORMED: not a JSON object");
                }
                JsonNode trace = o.get("trace");
                JsonNode median = o.get("median_ns");
                if (trace == null || !trace.isTextual() || trace.asText().isEmpty()) {
                    throw new BadSetException(file + ":" + n + ": MEASURED_MALFORMED: no \"trace\" name");
                }
                if (median == null || !median.isNumber() || !(median.asDouble() > 0)
                        || Double.isInfinite(median.asDouble())) {
                    throw new BadSetException(file + ":" + n + ": MEASURED_MALFORMED: \"median_ns\" must be a positive "
                            + "number");
                }
                if (m.put(trace.asText(), median.asDouble()) != null) {
                    throw new BadSetException(file + ":" + n + ": MEASURED_DUPLICATE: a second measurement of "
                            + trace.asText());
                }
                if (m.size() > MAX_TRACES) {
                    throw new BadSetException(file + ": more than " + MAX_TRACES + " measurements");
                }
            }
        } catch (IOException e) {
            throw new BadSetException(file + ": cannot be read (" + e.getMessage() + ")");
        }
        if (m.isEmpty()) {
            throw new BadSetException(file + ": no measurements");
        }
        return m;
    }

    private static String abbreviate(List<String> names) {
        return names.size() <= 5 ? String.join(", ", names)
                : String.join(", ", names.subList(0, 5)) + " and " + (names.size() - 5) + " more";
    }

    /** The cases whose index is in {@code keep} (a subset for a fold). */
    public List<Case> subset(java.util.function.IntPredicate keep) {
        List<Case> l = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            if (keep.test(i)) {
                l.add(cases.get(i));
            }
        }
        return l;
    }
}
