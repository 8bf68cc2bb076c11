package gpusim.cli;

import static gpusim.cli.CliTest.gpusim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gpusim.calibration.CorrelationPlot;
import gpusim.config.ConfigKeys;
import gpusim.config.Preset;
import gpusim.config.SharedKeys;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * gpusim correlate and calibrate on a few cheap traces of the bundled calibration set
 * (data/calibration), and preset files on the command line. The model is deterministic, so
 * the predicted times are exact.
 */
class CalibrationCliTest {
    static final Path DATA = Path.of("../data/calibration");
    /** The reference measurements: the project's replay on an H200 (docs/calibration.md, "The data"). */
    static final Path MEASURED = Path.of("../data/replay/h200/transfer/calibration.jsonl");
    /** The H200's clock and 1 ns timestamps: the units of the measurements, whatever a preset fits. */
    static final String[] H200_UNITS = {"--set", "gpu.clock_mhz=1980", "--set", "timestamp.frequency_hz=1000000000"};
    /** Each trace's t1 - t0 in ns on the defaults at the H200's clock (the model's figures, pinned). */
    static final Map<String, Long> PREDICTED = new LinkedHashMap<>();

    static {
        PREDICTED.put("fill-color-s1-64x64", 291L);
        PREDICTED.put("fill-depth-s1-64x64", 291L);
        PREDICTED.put("occq-occ-s1-n16", 1001L);
        PREDICTED.put("tris-backface-s1-n1024", 755L);
    }

    @TempDir
    Path tmp;

    /** A calibration set of the named traces of data/calibration and their measurements. */
    Path subset(String dirName, Iterable<String> names) throws IOException {
        Path dir = tmp.resolve(dirName);
        Files.createDirectories(dir.resolve("traces"));
        Map<String, String> lines = new LinkedHashMap<>();
        for (String l : Files.readAllLines(MEASURED)) {
            lines.put(new ObjectMapper().readTree(l).get("trace").asText(), l);
        }
        StringBuilder measured = new StringBuilder();
        for (String n : names) {
            Files.copy(DATA.resolve("traces").resolve(n + ".trace"), dir.resolve("traces").resolve(n + ".trace"));
            measured.append(lines.get(n)).append('\n');
        }
        Files.writeString(dir.resolve("measured.jsonl"), measured.toString());
        return dir;
    }

    static String[] args(String[] head, String... tail) {
        List<String> l = new ArrayList<>(List.of(head));
        l.addAll(List.of(tail));
        return l.toArray(new String[0]);
    }

    @Test
    void correlatePredictsEachTraceExactlyAndSummarises() throws IOException {
        Path set = subset("set", PREDICTED.keySet());
        Path out = tmp.resolve("out");
        CliTest.Outcome o = gpusim(args(new String[] {"correlate", set.resolve("traces").toString(),
            set.resolve("measured.jsonl").toString(), "--threads", "2", "--out", out.toString()}, H200_UNITS));
        assertEquals(0, o.status(), o.err());
        JsonNode r = new ObjectMapper().readTree(out.resolve("correlation.json").toFile());
        double ape = 0;
        int i = 0;
        for (JsonNode t : r.get("traces")) {
            String name = t.get("trace").asText();
            assertEquals(PREDICTED.get(name), t.get("predicted_ns").asDouble(), 0.0, name);
            assertEquals(name.substring(0, name.indexOf('-')), t.get("category").asText());
            assertTrue(o.out().contains(name), o.out());
            ape += Math.abs(t.get("predicted_ns").asDouble() / t.get("measured_ns").asDouble() - 1);
            i++;
        }
        assertEquals(PREDICTED.size(), i);
        assertEquals(100 * ape / i, r.get("summary").get("mape_percent").asDouble(), 1e-9);
        assertEquals(2, r.get("categories").get("fill").get("traces").asInt());
        assertEquals(1, r.get("categories").get("occq").get("traces").asInt());
        assertTrue(Files.readString(out.resolve("traces.csv")).startsWith("trace,category,predicted_ns,measured_ns"));
        assertTrue(Files.readString(out.resolve("categories.csv")).contains("\nall,4,"));
        BufferedImage png = ImageIO.read(out.resolve("scatter.png").toFile());
        assertEquals(CorrelationPlot.WIDTH, png.getWidth());

        // One thread gives the same predictions (runs are independent and deterministic).
        Path out1 = tmp.resolve("out1");
        assertEquals(0, gpusim(args(new String[] {"correlate", set.resolve("traces").toString(),
            set.resolve("measured.jsonl").toString(), "--threads", "1", "--out", out1.toString(), "-q"},
                H200_UNITS)).status());
        assertEquals(r.get("traces"), new ObjectMapper().readTree(out1.resolve("correlation.json").toFile())
                .get("traces"));
    }

    @Test
    void correlateRefusesASetThatDoesNotMatchItsMeasurements() throws IOException {
        Path set = subset("set", List.of("fill-color-s1-64x64"));
        String traces = set.resolve("traces").toString();
        Path measured = set.resolve("measured.jsonl");
        String good = Files.readString(measured);
        // A measured line for a trace that is not there.
        Files.writeString(measured, good + "{\"trace\": \"fill-nothing\", \"median_ns\": 5}\n");
        CliTest.Outcome o = gpusim("correlate", traces, measured.toString());
        assertEquals(2, o.status());
        assertEquals(measured + ": 1 measured trace(s) not in " + traces + ": fill-nothing\n", o.err());
        // A malformed line.
        Files.writeString(measured, good + "{\"trace\": \"x\"\n");
        o = gpusim("correlate", traces, measured.toString());
        assertEquals(2, o.status());
        assertTrue(o.err().startsWith(measured + ":2: MEASURED_MALFORMED: not a JSON object"), o.err());
        Files.writeString(measured, good + "{\"trace\": \"x\", \"median_ns\": -1}\n");
        o = gpusim("correlate", traces, measured.toString());
        assertEquals(measured + ":2: MEASURED_MALFORMED: \"median_ns\" must be a positive number\n", o.err());
        // A trace without a measurement.
        Files.writeString(measured, good);
        Path extra = set.resolve("traces").resolve("fill-extra.trace");
        Files.copy(set.resolve("traces").resolve("fill-color-s1-64x64.trace"), extra);
        o = gpusim("correlate", traces, measured.toString());
        assertEquals(2, o.status());
        assertEquals(traces + ": 1 trace(s) without a measurement in " + measured + ": fill-extra\n", o.err());
        Files.delete(extra);
        // A trace whose first dump is not the timestamp pair.
        Files.writeString(measured, good);
        Path t = set.resolve("traces").resolve("fill-color-s1-64x64.trace");
        Files.writeString(t, Files.readString(t).replace("dump tsres", "dump tsres count=1"));
        o = gpusim("correlate", traces, measured.toString());
        assertEquals(2, o.status());
        assertEquals(t + ": NO_TIMESTAMP_PAIR: a calibration trace's first dump holds [t0, t1] (TIMESTAMP queries 0 "
                + "and 1 resolved into a 16-byte buffer); this trace's holds 1 word\n", o.err());
        // A trace error is the trace's FILE:LINE: RULE line.
        Files.writeString(t, "gpusim-trace 1\nbogus\n");
        o = gpusim("correlate", traces, measured.toString());
        assertEquals(2, o.status());
        assertTrue(o.err().startsWith(t + ":2: "), o.err());
    }

    @Test
    void presetFilesOnTheCommandLine() throws IOException {
        CliTest.Outcome o = gpusim("config", "--presets");
        assertEquals(0, o.status());
        for (Preset p : Preset.values()) {
            assertTrue(o.out().contains(p.id() + " "), o.out());
            assertTrue(o.out().contains(p.description()), o.out());
        }
        Path mine = tmp.resolve("mine.preset");
        Files.writeString(mine, "# mine\ndb.count = 7\n");
        o = gpusim("config", "--preset", mine.toString());
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().lines().anyMatch(l -> l.matches("db\\.count +7 .*")), o.out());
        Files.writeString(mine, "# mine\nshader.unitz = 7\n");
        o = gpusim("run", "--preset", mine.toString());
        assertEquals(2, o.status());
        assertTrue(o.err().startsWith(mine + ":2: PRESET_UNKNOWN_KEY: unknown configuration key 'shader.unitz'"),
                o.err());
        assertFalse(o.err().contains("Exception"), o.err());
        o = gpusim("run", "--preset", "mainframe");
        assertEquals(2, o.status());
        assertTrue(o.err().startsWith(
                "--preset mainframe: unknown preset (one of small, console, desktop, h100, h200"), o.err());
    }

    @Test
    void calibrateFitsAndWritesALoadablePreset() throws IOException {
        Path set = subset("set", List.of("fill-color-s1-64x64", "tris-backface-s1-n1024", "occq-occ-s1-n16"));
        String traces = set.resolve("traces").toString();
        String measured = set.resolve("measured.jsonl").toString();
        Path out = tmp.resolve("fit.preset");
        // A key that is not a timing parameter, and one that does not exist: nothing written.
        CliTest.Outcome o = gpusim("calibrate", traces, measured, "--fit", "db.count", "--out", out.toString());
        assertEquals(2, o.status());
        assertTrue(o.err().contains("--fit db.count: not a timing parameter"), o.err());
        o = gpusim("calibrate", traces, measured, "--fit", "sim.deadlock_cycles", "--out", out.toString());
        assertTrue(o.err().contains("not a timing parameter"), o.err());
        o = gpusim("calibrate", traces, measured, "--fit", "cp.cycles_per_commandz", "--out", out.toString());
        assertTrue(o.err().contains("unknown configuration key"), o.err());
        // An initial step outside (0, 0.5]: nothing written.
        for (String step : new String[] {"0", "0.6", "-0.1"}) {
            o = gpusim("calibrate", traces, measured, "--fit", "cp.cycles_per_command", "--step", step, "--out",
                    out.toString());
            assertEquals(2, o.status(), step);
            assertTrue(o.err().contains("--step " + Double.parseDouble(step) + ": expected more than 0, at most 0.5"),
                    o.err());
        }
        assertFalse(Files.exists(out));
        // A budget too small to converge in: nothing written.
        o = gpusim("calibrate", traces, measured, "--fit", "cp.cycles_per_command", "--from", "h200", "--folds", "0",
                "--max-evals", "3", "--threads", "2", "--out", out.toString());
        assertEquals(2, o.status(), o.out());
        assertTrue(o.err().contains("\ngpusim: the fit did not converge in 3 evaluations (--max-evals): best error "),
                o.err());
        assertFalse(Files.exists(out));
        // A fit that converges: the preset loads, starts from h200 and lowers the error.
        Path report = tmp.resolve("report");
        o = gpusim("calibrate", traces, measured, "--fit", "cp.cycles_per_command", "--from", "h200", "--folds", "0",
                "--max-evals", "100", "--threads", "2", "--out", out.toString(), "--description", "test fit",
                "--exclude", "^occq-", "--report", report.toString());
        assertEquals(0, o.status(), o.err());
        // The excluded trace is not fitted but run once at the end, and the report covers the whole set.
        assertTrue(o.out().contains("fitted:   2 traces: "), o.out());
        assertTrue(o.out().contains("excluded: 1 traces: "), o.out());
        assertEquals(3, new ObjectMapper().readTree(report.resolve("correlation.json").toFile()).get("traces").size());
        Preset p = Preset.load(out);
        assertEquals("test fit", p.description());
        assertEquals(1980, p.config().get(SharedKeys.CLOCK_MHZ));
        long fitted = p.config().get(ConfigKeys.find("cp.cycles_per_command"));
        assertTrue(o.out().contains("cp.cycles_per_command = " + fitted), o.out());
        String text = Files.readString(out);
        assertTrue(text.contains("cp.cycles_per_command = " + fitted + "   # fitted\n"), text);
        assertTrue(text.contains("#   error on the fit set: 2 traces: "), text);
        assertTrue(text.contains(" on a log scale over each key's range, initial step 0.1 of it, "), text);
        assertTrue(text.contains("#   fitted on 2 of them: --exclude '^occq-' left out the other 1\n"), text);
        CliTest.Outcome before = gpusim(args(new String[] {"correlate", traces, measured, "-q"}, H200_UNITS));
        CliTest.Outcome after = gpusim("correlate", traces, measured, "-q", "--preset", out.toString());
        assertTrue(logError(after.out()) < logError(before.out()), before.out() + after.out());
    }

    private static double logError(String summary) {
        return Double.parseDouble(summary.substring(summary.lastIndexOf(' ') + 1).strip());
    }
}
