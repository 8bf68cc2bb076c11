package gpusim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.config.Config;
import gpusim.config.Preset;
import gpusim.config.SimKeys;
import gpusim.gpu.RunResult;
import gpusim.gpu.db.DepthSurface;
import gpusim.gpu.ps.ColorSurface;
import gpusim.harness.JsonReport;
import gpusim.harness.KernelDifferentialTest;
import gpusim.harness.Simulation;
import gpusim.trace.Trace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Calibration traces (data/calibration) on the h200 preset, the runs {@code correlate} and
 * {@code calibrate} repeat, through the host-side fast paths made for them (for a fast
 * evaluation of the set: flat depth and colour planes in the general tile kernel, a flat
 * colour's blend remembered, parsed traces kept across evaluations). A few cheap traces of each shape
 * (1, 2, 4 and 8 samples; depth, colour, both, neither; blending; stencil tests and writes;
 * overdraw both ways):
 *
 * <ul>
 *   <li>each run equals 72a691d's, the build before those paths: its cycles and a SHA-256 of
 *   its {@code --json} report and of every word of every colour, depth and stencil surface,
 *   pinned in goldens/calibration.csv;</li>
 *   <li>the fast kernels give the reference kernel's run, sample for sample
 *   ({@link KernelDifferentialTest#assertSameRun});</li>
 *   <li>one {@link Correlator} evaluating two configurations in turn (keeping the parsed
 *   traces) predicts what fresh ones predict.</li>
 * </ul>
 *
 * <p>When a timing change is meant to move cycles, regenerate the goldens and review the diff:
 * {@code mvn -B -ntp -pl calibration -am verify -Dtest=CalibrationTracesTest -Dsurefire.failIfNoSpecifiedTests=false
 * -Dgpusim.updateGoldens=true} (rewrites calibration/src/test/resources/goldens/calibration.csv).
 */
class CalibrationTracesTest {
    static final Path FILE = Path.of("src", "test", "resources", "goldens", "calibration.csv");
    /** The calibration set of the repository (data/calibration). */
    static final Path DATA = Path.of("../data/calibration");
    static final String[] TRACES = {"fill-color-s1-64x64", "fill-color-s2-128x128", "fill-color-s8-128x128",
        "fill-depth-s4-64x64", "fill-depth-s8-128x128", "fill-depth-s2-256x256", "fill-blend-s1-64x64",
        "fill-blend-s4-128x128", "depthonly-color-s1-512x512-k8",
        "stencil-d32s8-testfail-s1-1024x1024-k8", "overdraw-f2b-s4-1024x1024-k16", "overdraw-b2f-s1-1024x1024-k2"};
    /** The subset run against the reference kernel too (its sample-by-sample loops are slow on the large ones). */
    static final Pattern REFERENCE = Pattern.compile("fill-.*");

    static Config h200() {
        return Preset.resolve("h200").config().with(SimKeys.SIM_THREADS, 1);
    }

    static CalibrationSet set() throws CalibrationSet.BadSetException {
        return CalibrationSet.load(DATA.resolve("traces"), Path.of("../data/replay/h200/transfer/calibration.jsonl"),
                Pattern.compile("^(?!(" + String.join("|", TRACES) + ")$)"));
    }

    static RunResult run(CalibrationSet.Case k, Config c) {
        Trace t = Simulation.parse(k.name(), k.text(), Map.of(), c, 1);
        Simulation.validate(t, c, true);
        return Simulation.simulate(t, c);
    }

    /**
     * The run's cycles and the SHA-256 of its JSON report and of every surface word (little-endian),
     * then stencil bytes. The report is hashed without its component ticks ({@code stats.run.ticks} and
     * {@code stats.run.component_ticks}): they count the simulator's work, which a host-side change may
     * lower without changing the modelled machine, and that is what the goldens pin. The configuration
     * block is hashed with its keys in name order: where the catalogue lists a key (its group's
     * position) is no part of the machine.
     */
    static String digest(String name, Config c, RunResult r) throws IOException, NoSuchAlgorithmException {
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        JsonReport.write(json, name, c, r);
        com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        com.fasterxml.jackson.databind.node.ObjectNode report =
                (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(json.toByteArray());
        com.fasterxml.jackson.databind.node.ObjectNode run =
                (com.fasterxml.jackson.databind.node.ObjectNode) report.path("stats").path("run");
        run.remove("ticks");
        run.remove("component_ticks");
        java.util.TreeMap<String, com.fasterxml.jackson.databind.JsonNode> config = new java.util.TreeMap<>();
        report.path("config").fields().forEachRemaining(e -> config.put(e.getKey(), e.getValue()));
        report.putObject("config").setAll(config);
        MessageDigest md = MessageDigest.getInstance("SHA-256");
        md.update(mapper.writeValueAsBytes(report));
        for (ColorSurface s : r.colorTargets()) {
            words(md, s.rgba);
        }
        for (DepthSurface d : r.depthTargets()) {
            words(md, d.depth);
            if (d.stencil != null) {
                md.update(d.stencil);
            }
        }
        return name + "," + r.cycles() + "," + HexFormat.of().formatHex(md.digest());
    }

    private static void words(MessageDigest md, int[] words) {
        byte[] b = new byte[words.length * 4];
        for (int i = 0; i < words.length; i++) {
            int v = words[i];
            b[4 * i] = (byte) v;
            b[4 * i + 1] = (byte) (v >> 8);
            b[4 * i + 2] = (byte) (v >> 16);
            b[4 * i + 3] = (byte) (v >> 24);
        }
        md.update(b);
    }

    @Test
    void eachRunIsTheGoldenOneAndTheReferenceKernels() throws Exception {
        CalibrationSet set = set();
        assertEquals(TRACES.length, set.cases().size(), "the traces");
        Config c = h200();
        List<String> rows = new ArrayList<>();
        rows.add("trace,cycles,sha256_of_json_and_surfaces");
        for (CalibrationSet.Case k : set.cases()) {
            RunResult fast = run(k, c);
            rows.add(digest(k.name(), c, fast));
            if (REFERENCE.matcher(k.name()).matches()) {
                KernelDifferentialTest.assertSameRun(k.name(), fast, run(k, KernelDifferentialTest.reference(c)));
            }
        }
        if (Boolean.getBoolean("gpusim.updateGoldens")) {
            Files.write(FILE, rows);
            return;
        }
        Map<String, String> want = new LinkedHashMap<>();
        for (String l : Files.readAllLines(FILE)) {
            want.put(l.substring(0, l.indexOf(',')), l);
        }
        assertEquals(TRACES.length + 1, want.size(), "golden rows (header and traces)");
        for (String got : rows) {
            String name = got.substring(0, got.indexOf(','));
            assertEquals(want.get(name), got, "golden of " + name + " (regenerate as the class comment says, if meant)");
        }
    }

    @Test
    void aCorrelatorKeepingParsedTracesPredictsWhatFreshOnesDo() throws Exception {
        CalibrationSet set = set();
        List<CalibrationSet.Case> cases = set.subset(i -> set.cases().get(i).name().startsWith("fill-"));
        Config a = h200();
        // Another timing key and another machine shape (validated again), then the first again.
        Config b = a.with("ps.cycles=7").with("db.count=2");
        Map<Config, List<Correlator.Prediction>> fresh = new LinkedHashMap<>();
        for (Config c : List.of(a, b)) {
            try (Correlator once = new Correlator(1)) {
                fresh.put(c, once.predict(cases, c, null));
            }
        }
        try (Correlator kept = new Correlator(2)) {
            for (Config c : List.of(a, b, a)) {
                assertEquals(fresh.get(c), kept.predict(cases, c, null));
            }
        }
    }
}
