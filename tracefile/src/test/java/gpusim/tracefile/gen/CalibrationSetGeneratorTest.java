package gpusim.tracefile.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.config.Config;
import gpusim.tracefile.TraceReader;
import gpusim.tracefile.TraceValidator;
import gpusim.tracefile.TraceWarning;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The generator writes the project's calibration set (data/calibration, a copy of the shared set
 * the H200 measured) byte for byte, a held-out set of the same kinds that parses, validates
 * and overlaps it in no name, and the mechanisms set's sweeps.
 */
class CalibrationSetGeneratorTest {
    static final Path DATA = Path.of("..", "data", "calibration");
    static final long BUDGET = 2L << 30;

    @Test
    void everyTraceOfTheCalibrationSetIsGeneratedByteForByte() throws IOException {
        Map<String, String> shared = new TreeMap<>();
        try (Stream<Path> s = Files.list(DATA.resolve("traces"))) {
            for (Path p : (Iterable<Path>) s.sorted()::iterator) {
                String f = p.getFileName().toString();
                shared.put(f.substring(0, f.length() - ".trace".length()), Files.readString(p));
            }
        }
        assertEquals(106, shared.size());
        Map<String, String> generated = new TreeMap<>();
        for (Microbench b : CalibrationSetGenerator.microbenchmarks(CalibrationSetGenerator.Kind.CALIBRATION)) {
            generated.put(b.name(), b.trace());
        }
        assertEquals(shared.keySet(), generated.keySet());
        List<String> differ = new ArrayList<>();
        for (Map.Entry<String, String> e : shared.entrySet()) {
            if (!e.getValue().equals(generated.get(e.getKey()))) {
                differ.add(e.getKey() + " (first difference at character "
                        + firstDifference(e.getValue(), generated.get(e.getKey())) + ")");
            }
        }
        assertEquals(List.of(), differ);
    }

    @Test
    void theManifestIsTheCalibrationSetsManifest() throws IOException {
        assertEquals(Files.readString(DATA.resolve("manifest.tsv")), CalibrationSetGenerator.manifest(
                CalibrationSetGenerator.microbenchmarks(CalibrationSetGenerator.Kind.CALIBRATION)));
    }

    /** Each header names the trace and its parameters as the manifest does. */
    @Test
    void headersAgreeWithTheManifest() {
        for (CalibrationSetGenerator.Kind kind : CalibrationSetGenerator.Kind.values()) {
            for (Microbench b : CalibrationSetGenerator.microbenchmarks(kind)) {
                List<String> lines = b.trace().lines().toList();
                assertEquals("# microbench " + b.name() + " (category " + b.category() + "): " + b.description(),
                        lines.get(1));
                assertEquals("# parameters: " + b.parameters(), lines.get(2));
                assertEquals(b.category(), b.name().substring(0, b.name().indexOf('-')));
                assertTrue(CalibrationSetGenerator.CATEGORIES.contains(b.category()), b.name());
            }
        }
    }

    @Test
    void theHeldOutSetHasEveryCategoryAndNoCalibrationName() {
        Set<String> calibration = new HashSet<>();
        for (Microbench b : CalibrationSetGenerator.microbenchmarks(CalibrationSetGenerator.Kind.CALIBRATION)) {
            calibration.add(b.name());
        }
        List<Microbench> held = CalibrationSetGenerator.microbenchmarks(CalibrationSetGenerator.Kind.HELD_OUT);
        Set<String> categories = new HashSet<>();
        Set<String> names = new HashSet<>();
        for (Microbench b : held) {
            assertFalse(calibration.contains(b.name()), b.name());
            assertTrue(names.add(b.name()), "a second " + b.name());
            categories.add(b.category());
        }
        assertEquals(Set.copyOf(CalibrationSetGenerator.CATEGORIES), categories);
        assertEquals(85, held.size());
    }

    /** Every generated trace of every set parses and validates, with the debug layer on, without a warning. */
    @Test
    void everyGeneratedTraceParsesAndValidates() {
        TraceValidator.Machine machine = TraceValidator.Machine.of(Config.defaults());
        for (CalibrationSetGenerator.Kind kind : CalibrationSetGenerator.Kind.values()) {
            for (Microbench b : CalibrationSetGenerator.microbenchmarks(kind)) {
                List<TraceWarning> w = TraceValidator.validate(TraceReader.parse(b.name() + ".trace", b.trace(), BUDGET),
                        true, machine);
                assertEquals(List.of(), w, b.name());
            }
        }
    }

    @Test
    void theFilesAreTheTracesTheManifestAndTheReadme() throws PerDrawTimestamps.NotApplicable {
        SortedMap<String, String> files = CalibrationSetGenerator.files(CalibrationSetGenerator.Kind.HELD_OUT, Map.of());
        assertEquals(85 + 2, files.size());
        assertTrue(files.get("README.md").contains("| occq | 12 |"), files.get("README.md"));
        assertEquals(CalibrationSetGenerator.manifest(CalibrationSetGenerator.microbenchmarks(
                CalibrationSetGenerator.Kind.HELD_OUT)), files.get("manifest.tsv"));
    }

    /**
     * The mechanisms set: 261 traces in five sweeps, each trace in exactly one, every name once,
     * the sweeps' ranges as the set promises them, and the manifest and README naming the sweeps.
     */
    @Test
    void theMechanismsSetSweepsEachMechanismOverItsRange() throws PerDrawTimestamps.NotApplicable {
        List<Microbench> set = CalibrationSetGenerator.microbenchmarks(CalibrationSetGenerator.Kind.MECHANISMS);
        assertEquals(261, set.size());
        Set<String> names = new HashSet<>();
        for (Microbench b : set) {
            assertTrue(names.add(b.name()), "a second " + b.name());
        }
        Map<MechanismSweeps.Sweep, Integer> sizes = new TreeMap<>();
        int total = 0;
        for (MechanismSweeps.Sweep s : MechanismSweeps.Sweep.values()) {
            List<Microbench> m = s.microbenchmarks();
            sizes.put(s, m.size());
            total += m.size();
            for (Microbench b : m) {
                assertEquals(s, MechanismSweeps.sweepOf(b), b.name());
            }
        }
        assertEquals(set.size(), total);
        assertEquals(Map.of(MechanismSweeps.Sweep.RESOLVE, 13, MechanismSweeps.Sweep.ZCULL, 60,
                MechanismSweeps.Sweep.REJECT, 98, MechanismSweeps.Sweep.FILL, 72, MechanismSweeps.Sweep.PERQUERY, 18),
                sizes);
        // Each sweep's ends.
        for (String n : List.of("occq-resolve-s1-n1", "occq-resolve-s1-n4096", "depthonly-querypass-s1-256x256-k8",
                "depthonly-querypass-s8-4096x4096-k8", "depthonly-querypass-s4-1024x4096-k8",
                "depthfmt-d32s8-f2b-s8-1024x1024-k8", "depthfmt-d16-f2b-s1-1024x1024-k1",
                "depthfmt-d32-f2b-s4-4096x4096-k4", "fill-depth-s8-128x128", "fill-depth-s8-2048x2048",
                "fill-color-s2-1536x1536", "occq-none-s1-n256", "occq-occ-s1-n1")) {
            assertTrue(names.contains(n), n);
        }
        // 4096x4096 at 8 samples of D32S8 is more than the model's default memory budget.
        assertFalse(names.contains("depthfmt-d32s8-f2b-s8-4096x4096-k4"));
        SortedMap<String, String> files = CalibrationSetGenerator.files(CalibrationSetGenerator.Kind.MECHANISMS,
                Map.of());
        assertEquals(261 + 2, files.size());
        List<String> manifest = files.get("manifest.tsv").lines().toList();
        assertEquals("# name\tcategory\tsweep\tparameters\tlavapipe_ok", manifest.get(0));
        assertEquals(262, manifest.size());
        assertTrue(manifest.contains("occq-resolve-s1-n4096\toccq\tresolve"
                + "\twidth=256 height=256 samples=1 variant=resolve queries=4096\tyes"), manifest.toString());
        assertTrue(files.get("README.md").contains("| zcull | 60 |"), files.get("README.md"));
    }

    @Test
    void badParametersAreRefusedBeforeAnythingIsWritten() {
        assertThrows(IllegalArgumentException.class, () -> new FillBench(64, 64, 3, FillBench.Mode.COLOR));
        assertThrows(IllegalArgumentException.class, () -> new FillBench(0, 64, 1, FillBench.Mode.COLOR));
        assertThrows(IllegalArgumentException.class, () -> new OverdrawBench(64, 64, 1, LayerOrder.B2F, 0));
        // 256x256 has 1024 8-pixel cells: 1500 triangles are not a whole number of instances of them.
        assertThrows(IllegalArgumentException.class, () -> new TriangleBench(256, 256, TriangleBench.Kind.PIX1, 1500));
        // ...and 4096 4-pixel cells, one query a cell.
        assertThrows(IllegalArgumentException.class,
                () -> new OcclusionQueryBench(256, 256, OcclusionQueryBench.Variant.OCC, 4097));
        assertThrows(IllegalArgumentException.class,
                () -> new StencilBench(64, 64, 1, DepthFormat.D32, StencilBench.Mode.WRITE, 8));
    }

    /** Fewer triangles than cells are all distinct; more are instances of all cells. */
    @Test
    void trianglesBeyondTheGridAreInstances() {
        TriangleBench small = new TriangleBench(256, 256, TriangleBench.Kind.PIX1, 512);
        assertEquals(512, small.distinct());
        assertEquals(1, small.instances());
        assertTrue(small.trace().contains("\ndraw 1536\nend_query ts TIMESTAMP 0\n# measured\ndraw 1536\n"));
        TriangleBench big = new TriangleBench(256, 256, TriangleBench.Kind.PIX1, 8192);
        assertEquals(8, big.instances());
        assertTrue(big.trace().contains("\n# measured\ndraw 3072 instances=8\n"));
    }

    @Test
    void coordinatesAreWrittenExactlyAndShort() {
        assertEquals("1", TimedTrace.num(1.0));
        assertEquals("-1", TimedTrace.num(-1.0));
        assertEquals("0", TimedTrace.num(-0.0));
        assertEquals("-0.97900390625", TimedTrace.num(-1 + 2 * 2.6875 / 256));
        assertEquals("3.015625", TimedTrace.num(2 * 514.0 / 256 - 1));
        // A layer count that is not a power of two still gives short depths.
        assertEquals("0.625", TimedTrace.num(0.875 - 0.75 * 1 / 3));
    }

    static int firstDifference(String a, String b) {
        int n = Math.min(a.length(), b.length());
        for (int i = 0; i < n; i++) {
            if (a.charAt(i) != b.charAt(i)) {
                return i;
            }
        }
        return n;
    }
}
