package gpusim.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.config.Config;
import gpusim.gpu.Gpu;
import gpusim.gpu.RunResult;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import gpusim.trace.Trace;
import gpusim.tracefile.TraceReader;
import gpusim.tracefile.TraceValidator;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The timing switches change work and cycles, never results: every conformance case run
 * with hierarchical Z off, with every pipeline state late-Z, with the binary-occlusion
 * early out, and in functional mode gives exactly the expected dumps and the same decoded
 * query results as the default run; and the work the switch is about moves the way it must.
 */
class TimingSwitchesTest {
    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> cases() {
        return ConformanceTest.conformanceCases();
    }

    /** The cases with a pipeline state (the others draw nothing, so late Z does not apply). */
    static java.util.stream.Stream<org.junit.jupiter.params.provider.Arguments> lateZCases() {
        return cases().filter(a -> {
            try {
                return lateZ(ConformanceTest.resource(a.get()[0] + ".trace")) != null;
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    static RunResult run(String name, String text, Config config) {
        Trace t = TraceReader.parse(name + ".trace", text, config.get(TraceReader.MEMORY_BUDGET));
        TraceValidator.validate(t, true, TraceValidator.Machine.of(config));
        return new Gpu(t, config).run();
    }

    /** The trace with every pipeline state's shader writing depth (late Z), or null if it has no pipeline state. */
    static String lateZ(String text) {
        if (!text.lines().anyMatch(l -> l.startsWith("pipeline_state "))) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        for (String l : text.split("\n", -1)) {
            sb.append(l.startsWith("pipeline_state ") ? l + " late_z=on" : l).append('\n');
        }
        return sb.substring(0, sb.length() - 1);
    }

    /** A statistic summed over the depth blocks. */
    static long dbSum(RunResult r, String stat) {
        long sum = 0;
        for (StatGroup g : r.stats().children()) {
            if (g.name().matches("db\\d+")) {
                sum += ((Stat.Scalar) g.find(stat)).get();
            }
        }
        return sum;
    }

    static long stat(RunResult r, String path) {
        return r.stats().find(path).value().longValue();
    }

    /** The same expected dumps and the same decoded query results, word for word. */
    static void assertSameResults(String name, RunResult base, RunResult other) throws IOException {
        ConformanceTest.assertDumps(name, other);
        List<RunResult.QueryReport> a = base.queries();
        List<RunResult.QueryReport> b = other.queries();
        assertEquals(a.size(), b.size(), name + ": queries");
        for (int i = 0; i < a.size(); i++) {
            String what = name + ": " + a.get(i).heap() + "[" + a.get(i).index() + "]";
            assertEquals(a.get(i).heap(), b.get(i).heap(), what);
            assertEquals(a.get(i).index(), b.get(i).index(), what);
            assertEquals(a.get(i).type(), b.get(i).type(), what);
            assertEquals(a.get(i).ended(), b.get(i).ended(), what);
            assertArrayEquals(a.get(i).values(), b.get(i).values(), what);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void hierarchicalZOffTestsTheSamplesItWouldHaveRejected(String name) throws IOException {
        String text = ConformanceTest.resource(name + ".trace");
        RunResult on = run(name, text, Config.defaults());
        RunResult off = run(name, text, Config.defaults().with("hiz.enabled=off"));
        assertSameResults(name, on, off);
        assertEquals(0, dbSum(off, "hiz_rejected_tiles"), name);
        assertEquals(0, dbSum(off, "hiz_tiles"), name + ": no HiZ unit work when it is off");
        // The samples HiZ skipped (covered or not) bound the extra depth tests without it.
        long extra = dbSum(off, "samples_tested") - dbSum(on, "samples_tested");
        assertTrue(extra >= 0 && extra <= dbSum(on, "hiz_rejected_samples"), name + ": " + extra);
    }

    /**
     * HiZ covering only part of each surface (hiz.aliquots: a ZCULL of 24 aliquots of 64 pixels, which
     * on a 64 x 64 surface holds 12 subregions in the coarsest format, accepting nothing whole and
     * learning from whole 16 x 16 blocks only, and none for the last 4, tested at 4 samples a cycle) changes the timing only: the same dumps and query
     * results, and no more HiZ tests or acceptances than full coverage.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void partialHiZCoverageChangesNoResult(String name) throws IOException {
        String text = ConformanceTest.resource(name + ".trace");
        Config accept = Config.defaults().with("hiz.accept_tiles=on");
        RunResult full = run(name, text, accept);
        RunResult part = run(name, text, accept.with("hiz.aliquots=24").with("hiz.pixels_per_aliquot=64")
                .with("hiz.uncovered_samples_per_clock=4"));
        assertSameResults(name, full, part);
        assertTrue(dbSum(part, "hiz_tiles") <= dbSum(full, "hiz_tiles"), name);
        assertTrue(dbSum(part, "hiz_accepted_tiles") <= dbSum(full, "hiz_accepted_tiles"), name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lateZCases")
    void lateZShadesEveryCoveredQuadAndTestsAfter(String name) throws IOException {
        String text = ConformanceTest.resource(name + ".trace");
        String late = lateZ(text);
        RunResult early = run(name, text, Config.defaults());
        RunResult lateRun = run(name, late, Config.defaults());
        assertSameResults(name, early, lateRun);
        // PSInvocations keeps counting pixels with a passing sample, so that no result moves.
        assertEquals(stat(early, "shaders.ps_invocations"), stat(lateRun, "shaders.ps_invocations"), name + ": PSInvocations");
        // Every sample is tested late; HiZ cannot skip a tile whose depth the shader decides.
        assertEquals(dbSum(lateRun, "samples_tested"), dbSum(lateRun, "late_samples_tested"), name);
        assertEquals(0, dbSum(lateRun, "hiz_rejected_tiles"), name);
        assertEquals(0, dbSum(early, "late_samples_tested"), name);
        assertTrue(dbSum(lateRun, "samples_tested") >= dbSum(early, "samples_tested"), name);
        // The shader runs on every covered quad, not only those with a passing sample.
        assertTrue(stat(lateRun, "shaders.quads_shaded") >= stat(early, "shaders.quads_shaded"), name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void binaryEarlyOutChangesNoResult(String name) throws IOException {
        String text = ConformanceTest.resource(name + ".trace");
        RunResult exact = run(name, text, Config.defaults());
        RunResult early = run(name, text, Config.defaults().with("db.binary_early_out=on"));
        assertSameResults(name, exact, early);
        // It only ever skips depth tests.
        assertTrue(dbSum(early, "samples_tested") <= dbSum(exact, "samples_tested"), name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void functionalModeGivesTheSameResultsAndNoCycles(String name) throws IOException {
        String text = ConformanceTest.resource(name + ".trace");
        RunResult timed = run(name, text, Config.defaults());
        RunResult functional = run(name, text, Config.defaults().with("sim.mode=functional"));
        assertSameResults(name, timed, functional);
        assertEquals(0, functional.cycles(), name);
        for (gpusim.gpu.DrawTracker.DrawRecord d : functional.draws()) {
            assertEquals(0, d.cycles(), name + ": draw " + d.id);
        }
        for (RunResult.QueryReport q : functional.queries()) {
            assertEquals(-1, q.latency(), name);
        }
        assertEquals(0, stat(functional, "db0.busy_cycles"), name);
    }

    /**
     * Where a switch is about work, cycles follow: over the cases, HiZ off tests more samples
     * and takes more cycles somewhere, late Z shades more quads and takes more cycles
     * somewhere, and the binary early out tests fewer samples and saves cycles somewhere (the
     * per-case tests above only bound the work).
     */
    @Test
    void theSwitchesMoveCyclesWhereTheWorkMoves() throws IOException {
        int hizMoreTests = 0;
        int hizMoreCycles = 0;
        int lateMoreQuads = 0;
        int lateMoreCycles = 0;
        int earlyOutFewerTests = 0;
        int earlyOutFewerCycles = 0;
        for (int i = 0; i < 60; i++) {
            String name = String.format("case-%03d", i);
            String text = ConformanceTest.resource(name + ".trace");
            RunResult base = run(name, text, Config.defaults());
            RunResult off = run(name, text, Config.defaults().with("hiz.enabled=off"));
            hizMoreTests += dbSum(off, "samples_tested") > dbSum(base, "samples_tested") ? 1 : 0;
            hizMoreCycles += off.cycles() > base.cycles() ? 1 : 0;
            RunResult eo = run(name, text, Config.defaults().with("db.binary_early_out=on"));
            earlyOutFewerTests += dbSum(eo, "samples_tested") < dbSum(base, "samples_tested") ? 1 : 0;
            earlyOutFewerCycles += eo.cycles() < base.cycles() ? 1 : 0;
            String late = lateZ(text);
            if (late != null) {
                RunResult l = run(name, late, Config.defaults());
                lateMoreQuads += stat(l, "shaders.quads_shaded") > stat(base, "shaders.quads_shaded") ? 1 : 0;
                lateMoreCycles += l.cycles() > base.cycles() ? 1 : 0;
            }
        }
        assertTrue(hizMoreTests > 0 && hizMoreCycles > 0, hizMoreTests + " / " + hizMoreCycles);
        assertTrue(lateMoreQuads > 0 && lateMoreCycles > 0, lateMoreQuads + " / " + lateMoreCycles);
        assertTrue(earlyOutFewerTests > 0 && earlyOutFewerCycles > 0, earlyOutFewerTests + " / " + earlyOutFewerCycles);
    }
}
