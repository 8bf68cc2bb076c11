package gpusim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.config.Config;
import gpusim.gpu.RunResult;
import gpusim.harness.KernelDifferentialTest;
import gpusim.harness.Simulation;
import gpusim.harness.TimestampCostTest;
import gpusim.trace.Trace;
import gpusim.tracefile.gen.CalibrationSetGenerator;
import gpusim.tracefile.gen.Microbench;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gpusim microbench}: the calibration set it writes is data/calibration's, file for file;
 * a non-empty DIR is refused without --force; the per-draw form of stress-2k is the shared set's
 * stress/stress-2k-ts.trace; the occlusion results the traces promise are what the model gives;
 * the mechanisms set is written and runs in the model.
 */
class MicrobenchCommandTest {
    /** SHA-256 of ../shared/calibration/stress/stress-2k-ts.trace (4,976,220 bytes, not copied: too large). */
    static final String STRESS_2K_TS_SHA256 = "82747d82dd97ebe239e7e8ffd278909b135be74e30524461aea2f10dc7398692";

    @TempDir
    Path tmp;

    @Test
    void theCalibrationSetIsDataCalibrationFileForFile() throws IOException {
        Path dir = tmp.resolve("set");
        CliTest.Outcome o = CliTest.gpusim("microbench", "--out", dir.toString());
        assertEquals(0, o.status(), o.err());
        assertEquals("wrote 106 traces (calibration set), manifest.tsv and README.md to " + dir + "\n", o.out());
        Path data = CalibrationCliTest.DATA;
        assertEquals(Files.readString(data.resolve("manifest.tsv")), Files.readString(dir.resolve("manifest.tsv")));
        List<String> names = new ArrayList<>();
        try (Stream<Path> s = Files.list(data.resolve("traces"))) {
            for (Path p : (Iterable<Path>) s.sorted()::iterator) {
                names.add(p.getFileName().toString());
                assertEquals(Files.readString(p), Files.readString(dir.resolve("traces").resolve(p.getFileName())),
                        p.getFileName().toString());
            }
        }
        try (Stream<Path> s = Files.list(dir.resolve("traces"))) {
            assertEquals(names, s.map(p -> p.getFileName().toString()).sorted().toList());
        }
        assertTrue(Files.readString(dir.resolve("README.md")).contains("| fill | 35 |"));
        assertFalse(Files.exists(tmp.resolve("set.tmp")));
    }

    @Test
    void aNonEmptyDirIsReplacedOnlyWithForce() throws IOException {
        Path dir = tmp.resolve("set");
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("mine.txt"), "keep");
        CliTest.Outcome refused = CliTest.gpusim("microbench", "--out", dir.toString(), "--set", "held-out");
        assertEquals(2, refused.status());
        assertEquals("gpusim microbench: cannot write --out " + dir + ": it is not empty (--force replaces it)\n",
                refused.err());
        assertEquals("keep", Files.readString(dir.resolve("mine.txt")));
        CliTest.Outcome forced = CliTest.gpusim("microbench", "--out", dir.toString(), "--set", "held-out", "--force");
        assertEquals(0, forced.status(), forced.err());
        assertFalse(Files.exists(dir.resolve("mine.txt")));
        try (Stream<Path> s = Files.list(dir.resolve("traces"))) {
            assertEquals(85, s.count());
        }
        assertEquals(CalibrationSetGenerator.manifest(CalibrationSetGenerator.microbenchmarks(
                CalibrationSetGenerator.Kind.HELD_OUT)), Files.readString(dir.resolve("manifest.tsv")));
        // An empty directory is fine without --force; a leftover DIR.tmp is not.
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        Files.createDirectories(tmp.resolve("empty.tmp"));
        CliTest.Outcome leftover = CliTest.gpusim("microbench", "--out", empty.toString());
        assertEquals(2, leftover.status());
        assertTrue(leftover.err().endsWith("empty.tmp exists (left by an interrupted run?); --force replaces it\n"),
                leftover.err());
        assertEquals(1, leftover.err().lines().count());
        assertEquals(0, CliTest.gpusim("microbench", "--out", empty.toString(), "--force").status());
        assertTrue(Files.exists(empty.resolve("traces/fill-color-s1-64x64.trace")));
    }

    @Test
    void usageErrorsAreOneLine() throws IOException {
        CliTest.Outcome set = CliTest.gpusim("microbench", "--out", tmp.resolve("x").toString(), "--set", "all");
        assertEquals(2, set.status());
        assertEquals("gpusim microbench: --set all: not calibration, held-out or mechanisms\n", set.err());
        Path file = Files.writeString(tmp.resolve("f"), "x");
        CliTest.Outcome notDir = CliTest.gpusim("microbench", "--out", file.toString(), "--force");
        assertEquals(2, notDir.status());
        assertEquals("gpusim microbench: cannot write --out " + file + ": it exists and is not a directory\n",
                notDir.err());
        Path bad = Files.writeString(tmp.resolve("bad.trace"), "gpusim-trace 1\nbogus_command\n");
        CliTest.Outcome badTrace = CliTest.gpusim("microbench", "--out", tmp.resolve("y").toString(), "--stress",
                bad.toString());
        assertEquals(2, badTrace.status());
        assertTrue(badTrace.err().startsWith(bad + ":2: "), badTrace.err());
        assertEquals(1, badTrace.err().lines().count());
        Path noDraws = Files.writeString(tmp.resolve("nodraws.trace"), "gpusim-trace 1\n");
        CliTest.Outcome none = CliTest.gpusim("microbench", "--out", tmp.resolve("z").toString(), "--stress",
                noDraws.toString());
        assertEquals(2, none.status());
        assertEquals("gpusim microbench: --stress nodraws: no draws to time\n", none.err());
        assertFalse(Files.exists(tmp.resolve("y")) || Files.exists(tmp.resolve("z")) || Files.exists(tmp.resolve("z.tmp")));
    }

    @Test
    void helpNamesEveryOption() {
        CliTest.Outcome o = CliTest.gpusim("microbench", "--help");
        assertEquals(0, o.status());
        for (String s : new String[] {"--out", "--set", "held-out", "--stress", "--force", "DIR.tmp"}) {
            assertTrue(o.out().contains(s), s + " in\n" + o.out());
        }
    }

    /** The per-draw form of stress-2k is the shared calibration set's stress/stress-2k-ts.trace. */
    @Test
    void stress2kGivesTheSharedPerDrawTrace() throws IOException, NoSuchAlgorithmException {
        Path source = Files.writeString(tmp.resolve("stress-2k.trace"), KernelDifferentialTest.stressTrace("stress-2k"));
        Path dir = tmp.resolve("set");
        CliTest.Outcome o = CliTest.gpusim("microbench", "--out", dir.toString(), "--stress", source.toString());
        assertEquals(0, o.status(), o.err());
        byte[] ts = Files.readAllBytes(dir.resolve("stress/stress-2k-ts.trace"));
        assertEquals(4_976_220, ts.length);
        assertEquals(STRESS_2K_TS_SHA256, HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(ts)));
        assertEquals(TimestampCostTest.withTimestamps(KernelDifferentialTest.stressTrace("stress-2k")),
                new String(ts, StandardCharsets.UTF_8));
        assertTrue(Files.readString(dir.resolve("README.md")).contains("first): stress-2k."));
    }

    /**
     * The occlusion results each trace promises (every occq query counts its one pixel, the
     * occlusion pass's query is 1) are what the model gives, in functional mode, for both sets'
     * traces of at most 512x512 that have queries (the larger occlusion passes are the same
     * trace on more pixels); and dump 0 is the timestamp pair.
     */
    @Test
    void theQueryResultsArePromisedExactly() {
        Config functional = Config.defaults().with("sim.mode=functional").with("sim.threads=1");
        int checked = 0;
        for (CalibrationSetGenerator.Kind kind : List.of(CalibrationSetGenerator.Kind.CALIBRATION,
                CalibrationSetGenerator.Kind.HELD_OUT)) {
            for (Microbench b : CalibrationSetGenerator.microbenchmarks(kind)) {
                if (b.expectedQueryResults().isEmpty() || b.parameters().matches("width=(1024|2048) .*")) {
                    continue;
                }
                Trace t = Simulation.parse(b.name() + ".trace", b.trace(), Map.of(), functional, 1);
                Simulation.validate(t, functional, true);
                RunResult r = Simulation.simulate(t, functional);
                assertEquals(2, r.dumps().size(), b.name());
                assertEquals(2, r.dumps().get(0).values().length, b.name());
                List<Long> got = new ArrayList<>();
                for (long v : r.dumps().get(1).values()) {
                    got.add(v);
                }
                assertEquals(b.expectedQueryResults(), got, b.name());
                checked++;
            }
        }
        // occq: 11 of 14 and 9 of 12 have queries; querypass at 512 and at 256.
        assertEquals(11 + 1 + 9 + 1, checked);
    }

    /**
     * {@code --set mechanisms} writes the 261 traces of the mechanisms set with its manifest; every
     * trace of at most 2 M samples a layer (each sweep has some) runs in the model in functional
     * mode, dump 0 being the timestamp pair and the occlusion results those promised.
     */
    @Test
    void theMechanismsSetIsWrittenAndRunsInTheModel() throws IOException {
        Path dir = tmp.resolve("mech");
        CliTest.Outcome o = CliTest.gpusim("microbench", "--out", dir.toString(), "--set", "mechanisms");
        assertEquals(0, o.status(), o.err());
        assertEquals("wrote 261 traces (mechanisms set), manifest.tsv and README.md to " + dir + "\n", o.out());
        try (Stream<Path> s = Files.list(dir.resolve("traces"))) {
            assertEquals(261, s.count());
        }
        assertTrue(Files.readString(dir.resolve("manifest.tsv")).startsWith("# name\tcategory\tsweep\t"));
        Config functional = Config.defaults().with("sim.mode=functional").with("sim.threads=1");
        Pattern target = Pattern.compile("width=(\\d+) height=(\\d+) samples=(\\d+)");
        Set<String> categories = new TreeSet<>();
        int run = 0;
        for (Microbench b : CalibrationSetGenerator.microbenchmarks(CalibrationSetGenerator.Kind.MECHANISMS)) {
            Matcher m = target.matcher(b.parameters());
            assertTrue(m.find(), b.parameters());
            long samples = Long.parseLong(m.group(1)) * Long.parseLong(m.group(2)) * Long.parseLong(m.group(3));
            if (samples > 1L << 21) {
                continue;
            }
            String text = Files.readString(dir.resolve("traces").resolve(b.name() + ".trace"));
            assertEquals(b.trace(), text, b.name());
            Trace t = Simulation.parse(b.name() + ".trace", text, Map.of(), functional, 1);
            Simulation.validate(t, functional, true);
            RunResult r = Simulation.simulate(t, functional);
            assertEquals(2, r.dumps().get(0).values().length, b.name());
            if (!b.expectedQueryResults().isEmpty()) {
                List<Long> got = new ArrayList<>();
                for (long v : r.dumps().get(1).values()) {
                    got.add(v);
                }
                assertEquals(b.expectedQueryResults(), got, b.name());
            }
            categories.add(b.category());
            run++;
        }
        assertEquals(Set.of("depthfmt", "depthonly", "fill", "occq"), categories);
        assertTrue(run > 100, run + " traces run");
    }
}
