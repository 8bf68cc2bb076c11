package gpusim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.config.Config;
import gpusim.config.ConfigKeys;
import gpusim.config.Preset;
import gpusim.gpu.Gpu;
import gpusim.gpu.RunResult;
import gpusim.sim.DeadlockException;
import gpusim.trace.Trace;
import gpusim.traces.Rule;
import gpusim.traces.TraceException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * What gpusim promises for any input file (GUIDE: "bad input never crashes, hangs or eats
 * memory"; "runs are deterministic bit for bit"), checked the way {@code gpusim run} treats
 * a file: read, validate, simulate, report.
 *
 * <ul>
 *   <li>A trace that breaks a rule is refused with one {@link TraceException} whose message is
 *       {@code FILE:LINE: RULE: explanation}, at a line of the file; nothing else may be thrown.
 *   <li>A trace refused only by the debug layer is also run without it (as
 *       {@code --no-debug-layer} would): the model must survive what only the debug layer rejects.
 *   <li>A valid trace runs to completion, without a deadlock, and the JSON report, summary and
 *       CSV tables are written.
 *   <li>A second run, with worker threads for the depth blocks from the first cycle, gives the
 *       same JSON report byte for byte (but for the two thread keys it echoes in its config).
 *   <li>The run ends within the cycle bound of {@link TraceWorkBound}.
 * </ul>
 *
 * <p>Work is bounded by the configuration and by {@link TraceWorkBound}: a small machine and a
 * 32 MiB memory budget, surfaces of at most {@link #MAX_SURFACE_SAMPLES} samples, at most
 * {@link #MAX_VERTICES} vertices drawn and {@link #MAX_CYCLES} cycles by the bound's estimate;
 * a valid trace over those is not simulated ({@link Outcome#OVER_BOUND}). The bounds admit
 * every conformance case.
 */
final class TraceContract {
    /** What became of an input. */
    enum Outcome {
        REFUSED, OVER_BOUND, RAN
    }

    /** The fuzzing machine: the small preset, one thread, a small memory budget. */
    static final Config MACHINE = Preset.SMALL.config().with("memory.budget=" + (32 << 20)).with("sim.threads=1");
    /** 256x128 at 4 samples, the largest conformance surface. */
    static final long MAX_SURFACE_SAMPLES = 1 << 17;
    static final double MAX_VERTICES = 1 << 16;
    static final double MAX_CYCLES = 1L << 28;

    /**
     * {@code -Dgpusim.fuzz.functional=true}: also run every valid trace in functional mode (twice, one thread and
     * worker threads, the same report). Off by default: valid traces deadlock in functional mode today
     * (../shared/regressions/functional-deadlock-*.trace, issue 8, section 1), and the fuzzer finds those
     * within seconds, so every fuzzing run would stop at a known bug.
     */
    static final boolean FUNCTIONAL = Boolean.getBoolean("gpusim.fuzz.functional");

    private static Path dir;

    private TraceContract() {
    }

    /** Checks the contract for the trace file {@code input}; an AssertionError says how it was broken. */
    static Outcome check(byte[] input) throws IOException {
        Path file = scratch().resolve("input.trace");
        Files.write(file, input);
        Trace t;
        try {
            t = Simulation.read(file, Map.of(), MACHINE);
        } catch (TraceException e) {
            assertRefusal(e, file, input);
            return Outcome.REFUSED;
        }
        try {
            Simulation.validate(t, MACHINE, true);
        } catch (TraceException e) {
            assertRefusal(e, file, input);
            if (!e.rule().isDebugLayer()) {
                return Outcome.REFUSED;
            }
            try {
                Simulation.validate(t, MACHINE, false);
            } catch (TraceException e2) {
                assertRefusal(e2, file, input);
                return Outcome.REFUSED;
            }
        }
        if (!withinBounds(t)) {
            return Outcome.OVER_BOUND;
        }
        double bound = TraceWorkBound.cycles(t, MACHINE);
        // No single wait can last longer than the whole run: a deadlock reported is a real one.
        Config one = MACHINE.with(ConfigKeys.DEADLOCK_CYCLES, 2 * (long) bound + 1_000_000);
        Config threads = one.with("sim.threads=2").with("sim.threads_after_ms=0");
        RunResult a = simulate(t, one);
        assertTrue(a.cycles() <= bound, "the run took " + a.cycles() + " cycles, over the bound " + (long) bound);
        String reportA = report(file, one, a, true);
        String reportB = report(file, threads, simulate(t, threads), false);
        assertEquals(withoutThreadKeys(reportA), withoutThreadKeys(reportB),
                "the JSON report with worker threads differs from the one-thread run");
        if (FUNCTIONAL) {
            // Not the timing run's dumps: NO_WAIT counters and timestamps legitimately differ between the modes.
            Config f = one.with("sim.mode=functional");
            Config fThreads = threads.with("sim.mode=functional");
            assertEquals(withoutThreadKeys(report(file, f, simulate(t, f), false)),
                    withoutThreadKeys(report(file, fThreads, simulate(t, fThreads), false)),
                    "functional mode: the JSON report with worker threads differs from the one-thread run");
        }
        return Outcome.RAN;
    }

    /** Whether the harness simulates {@code t}: its surfaces, vertices and cycle bound within the limits. */
    static boolean withinBounds(Trace t) {
        return TraceWorkBound.largestSurface(t) <= MAX_SURFACE_SAMPLES && TraceWorkBound.vertices(t) <= MAX_VERTICES
                && TraceWorkBound.cycles(t, MACHINE) <= MAX_CYCLES;
    }

    static void assertRefusal(TraceException e, Path file, byte[] input) {
        long lines = 1;
        for (byte b : input) {
            lines += b == '\n' ? 1 : 0;
        }
        assertEquals(file + ":" + e.line() + ": " + e.rule().name() + ": " + e.explanation(), e.getMessage());
        assertFalse(e.rule().isWarning(), "a warning rule was thrown: " + e.getMessage());
        assertFalse(e.explanation().isBlank(), "no explanation: " + e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "a message of more than one line: " + e.getMessage());
        if (e.rule() == Rule.UNREADABLE_FILE) {
            assertTrue(e.line() >= 0 && e.line() <= lines, e.getMessage());
        } else {
            assertTrue(e.line() >= 1 && e.line() <= lines, "line outside the file's " + lines + ": " + e.getMessage());
        }
    }

    static RunResult simulate(Trace t, Config c) {
        try {
            return new Gpu(t, c).run();
        } catch (DeadlockException e) {
            throw new AssertionError("deadlock on a validated trace: " + e.getMessage(), e);
        }
    }

    /** The JSON report as {@code run --json} writes it; with {@code all}, also the summary and the CSV tables. */
    static String report(Path file, Config c, RunResult r, boolean all) throws IOException {
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        JsonReport.write(json, file.toString(), c, r);
        if (all) {
            StringWriter summary = new StringWriter();
            Summary.print(new PrintWriter(summary), file.toString(), r);
            Path csv = scratch().resolve("csv");
            Files.createDirectories(csv);
            CsvReport.write(csv, r);
        }
        return json.toString(StandardCharsets.UTF_8);
    }

    /** The report without the values of sim.threads and sim.threads_after_ms, which its config block echoes. */
    static String withoutThreadKeys(String json) {
        // Plain string search, no regular expression: under Jazzer's hooks a regex over the whole report is slow.
        StringBuilder sb = new StringBuilder(json);
        for (String key : new String[] {"\"sim.threads\" : ", "\"sim.threads_after_ms\" : "}) {
            int at = sb.indexOf(key);
            if (at >= 0) {
                int from = at + key.length();
                int to = from;
                while (to < sb.length() && Character.isDigit(sb.charAt(to))) {
                    to++;
                }
                sb.replace(from, to, "_");
            }
        }
        return sb.toString();
    }

    private static synchronized Path scratch() throws IOException {
        if (dir == null) {
            // Under the module's build directory (surefire runs in the module), rewritten for each input.
            dir = Files.createDirectories(Path.of("target", "fuzz-scratch"));
        }
        return dir;
    }
}
