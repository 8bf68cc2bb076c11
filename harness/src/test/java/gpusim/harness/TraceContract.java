package gpusim.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.config.Config;
import gpusim.config.ConfigKeys;
import gpusim.config.Preset;
import gpusim.gpu.Gpu;
import gpusim.gpu.RunResult;
import gpusim.sim.DeadlockException;
import gpusim.sim.WorkLimitException;
import gpusim.trace.Trace;
import gpusim.tracefile.Rule;
import gpusim.tracefile.TraceException;
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
 *   <li>A valid trace runs to completion in timing mode, without a deadlock, and the JSON
 *       report, summary and CSV tables are written; or it stops at the draw that passes
 *       sim.max_samples, a {@code FILE:LINE: WORK_LIMIT_EXCEEDED} refusal.
 *   <li>A second run, with worker threads for the depth blocks from the first cycle, gives the
 *       same JSON report byte for byte (but for the two thread keys it echoes in its config), or
 *       the same refusal.
 *   <li>The run ends within the cycle bound of {@link TraceWorkBound}.
 *   <li>It also runs to completion in functional mode, with the same report on one thread and on
 *       worker threads.
 * </ul>
 *
 * <p>Work is bounded by the configuration ({@link #MACHINE}: a small machine, a 32 MiB memory
 * budget, small sim.max_vertices and sim.max_samples) and, for the work those keys do not
 * cover, by {@link TraceWorkBound}: a valid trace with a surface over
 * {@link #MAX_SURFACE_SAMPLES} samples or a cycle bound over {@link #MAX_CYCLES} is not
 * simulated ({@link Outcome#OVER_BOUND}). The bounds admit every conformance case.
 */
final class TraceContract {
    /** What became of an input. */
    enum Outcome {
        REFUSED, OVER_BOUND, RAN
    }

    /**
     * The fuzzing machine: the small preset, one thread, a small memory budget, and small work limits: 2^16
     * vertices (the validator refuses more) and 2^25 scanned samples (the run stops at the draw past them).
     */
    static final Config MACHINE = Preset.SMALL.config().with("memory.budget=" + (32 << 20)).with("sim.threads=1")
            .with("sim.max_vertices=" + (1 << 16)).with("sim.max_samples=" + (1 << 25));
    /** 256x128 at 4 samples, the largest conformance surface. */
    static final long MAX_SURFACE_SAMPLES = 1 << 17;
    static final double MAX_CYCLES = 1L << 28;

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
        Config threads = MACHINE.with("sim.threads=2").with("sim.threads_after_ms=0");
        RunResult a;
        try {
            a = simulate(t, MACHINE);
        } catch (WorkLimitException e) {
            // Past sim.max_samples: a refusal while running (as run prints it), at the same draw with threads.
            TraceException refusal = Simulation.workLimit(file.toString(), e);
            assertRefusal(refusal, file, input);
            WorkLimitException again = assertThrows(WorkLimitException.class, () -> simulate(t, threads));
            assertEquals(refusal.getMessage(), Simulation.workLimit(file.toString(), again).getMessage());
            return Outcome.REFUSED;
        }
        assertTrue(a.cycles() <= bound, "the run took " + a.cycles() + " cycles, over the bound " + (long) bound);
        String reportA = report(file, MACHINE, a, true);
        String reportB = report(file, threads, simulate(t, threads), false);
        assertEquals(withoutThreadKeys(reportA), withoutThreadKeys(reportB),
                "the JSON report with worker threads differs from the one-thread run");
        // Functional mode: not compared with the timing run, whose NO_WAIT counters and timestamps differ by design.
        Config f = MACHINE.with("sim.mode=functional");
        Config fThreads = threads.with("sim.mode=functional");
        assertEquals(withoutThreadKeys(report(file, f, simulate(t, f), false)),
                withoutThreadKeys(report(file, fThreads, simulate(t, fThreads), false)),
                "functional mode: the JSON report with worker threads differs from the one-thread run");
        return Outcome.RAN;
    }

    /** Whether the harness simulates {@code t}: its surfaces, vertices and cycle bound within the limits. */
    static boolean withinBounds(Trace t) {
        return TraceWorkBound.largestSurface(t) <= MAX_SURFACE_SAMPLES && TraceWorkBound.cycles(t, MACHINE) <= MAX_CYCLES;
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
