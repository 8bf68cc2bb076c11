package gpusim.cli;

import static gpusim.cli.CliTest.gpusim;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import gpusim.study.Slurm;
import gpusim.study.SlurmSweep;
import gpusim.study.Sweep;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gpusim sweep --engine slurm} against a real single-node Slurm cluster, the one
 * {@code .ci/slurm-start} starts ({@code .ci/run} starts it around the tests and exports
 * GPUSIM_SLURM_CONF and SLURM_CONF). Without it these tests fail in CI (CI=true) and are
 * skipped, saying why, on a developer's machine.
 */
class SlurmSweepTest {
    @TempDir
    Path tmp;

    /** Four configurations, as SweepTest's: two strides by two DB counts. */
    static final String[] VARY = {"--vary", "param.STRIDE=64,256", "--vary", "db.count=1,4"};

    /** Per test, so that each shows as skipped, with the reason, where there is no cluster. */
    @BeforeEach
    void theTestClusterIsThere() {
        String conf = System.getenv("GPUSIM_SLURM_CONF");
        if (conf == null || conf.isEmpty()) {
            String why = "no test Slurm cluster: GPUSIM_SLURM_CONF is not set (start one with "
                    + "eval \"$(.ci/slurm-start)\"; .ci/run does)";
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(why + "; in CI the Slurm tests must run");
            }
            Assumptions.abort(why);
        }
        assertEquals(conf, System.getenv("SLURM_CONF"), "SLURM_CONF must name the test cluster's slurm.conf");
        assertTrue(Files.isRegularFile(Path.of(conf)), conf);
        assertEquals(0, command("scontrol", "ping").status, "the test cluster's controller does not answer");
    }

    Path trace() throws IOException {
        return SweepTest.smallTrace(tmp);
    }

    CliTest.Outcome sweep(Path out, String[] vary, String... extra) throws IOException {
        List<String> args = new ArrayList<>(List.of("sweep", trace().toString(), "--out", out.toString()));
        args.addAll(List.of(vary));
        args.addAll(List.of(extra));
        return gpusim(args.toArray(new String[0]));
    }

    @Test
    void aSweepThroughSlurmEqualsTheLocalSweep() throws IOException {
        Path local = tmp.resolve("local");
        Path slurm = tmp.resolve("slurm");
        assertEquals(0, sweep(local, VARY, "-q").status());
        // Three configurations a task: two tasks, the second with one.
        CliTest.Outcome o = sweep(slurm, VARY, "--engine", "slurm", "--per-task", "3", "--wait");
        assertEquals(0, o.status(), o.out() + o.err());
        assertTrue(o.out().startsWith("sweep: 4 configurations submitted to Slurm (0 resumed): job array "), o.out());
        assertTrue(o.out().contains(" (--array=0-1, 3 per task), merge job "), o.out());
        assertTrue(o.out().contains("\nsweep: 4 configurations (4 run on Slurm, 0 resumed) in "), o.out());
        // Row for row and byte for byte: the tables, the plot, each row file, the study's manifest.
        for (String f : List.of("results.csv", "results.json", "run.cycles.png", "sweep.json")) {
            assertArrayEquals(Files.readAllBytes(local.resolve(f)), Files.readAllBytes(slurm.resolve(f)), f);
        }
        assertEquals(rows(local), rows(slurm));
        for (Path r : rows(local)) {
            assertArrayEquals(Files.readAllBytes(local.resolve("rows").resolve(r)),
                    Files.readAllBytes(slurm.resolve("rows").resolve(r)), r.toString());
        }
        CliTest.Outcome s = gpusim("sweep", "--status", slurm.toString());
        assertEquals(0, s.status(), s.err());
        assertTrue(s.out().startsWith(slurm + ": 4 configurations: 4 done, 0 running, 0 pending, 0 failed, "
                + "0 missing\n     0  done     param.STRIDE=64, db.count=1\n"), s.out());
        assertTrue(s.out().contains("\nmerge: job ") && s.out().contains(" COMPLETED, exit code 0:0, log "), s.out());
        assertTrue(s.out().endsWith("results: " + slurm.resolve("results.csv") + " (every row)\n"), s.out());
        // Submitting again: every row is there, nothing is submitted, the merge is done here.
        CliTest.Outcome again = sweep(slurm, VARY, "--engine", "slurm");
        assertEquals(0, again.status(), again.err());
        assertTrue(again.out().startsWith("sweep: all 4 configurations have rows; merged here, nothing submitted\n"),
                again.out());
        assertArrayEquals(Files.readAllBytes(local.resolve("results.csv")),
                Files.readAllBytes(slurm.resolve("results.csv")));
    }

    @Test
    void aCancelledTaskRunsAgainOnResubmitAndTheResultIsComplete() throws IOException {
        Path local = tmp.resolve("local");
        Path slurm = tmp.resolve("slurm");
        assertEquals(0, sweep(local, VARY, "-q").status());
        // Two tasks of two configurations, one task at a time: the second is still waiting when it is cancelled.
        CliTest.Outcome o = sweep(slurm, VARY, "--engine", "slurm", "--per-task", "2", "--max-running", "1");
        assertEquals(0, o.status(), o.err());
        String array = o.out().replaceAll("(?s).*job array ([0-9]+) .*", "$1");
        assertTrue(array.matches("[0-9]+"), o.out());
        assertTrue(o.out().contains("(--array=0-1%1, 2 per task)"), o.out());

        // Just submitted: nothing has a row yet (a task takes a JVM's start at least), nothing failed.
        SlurmSweep.Report first = report(slurm);
        assertEquals(0, first.count(SlurmSweep.State.DONE) + first.count(SlurmSweep.State.FAILED)
                + first.count(SlurmSweep.State.MISSING), first.configs().toString());
        assertEquals(SlurmSweep.State.PENDING, first.configs().get(3).state());
        assertEquals(0, command("scancel", array + "_1").status);
        // A second submission while this one runs is refused, and so is a local sweep: no row may run twice.
        CliTest.Outcome twice = sweep(slurm, VARY, "--engine", "slurm");
        assertEquals(2, twice.status());
        assertTrue(twice.err().startsWith("gpusim sweep: the last submission into " + slurm + " (job array " + array
                + ", merge job "), twice.err());
        CliTest.Outcome locally = sweep(slurm, VARY);
        assertEquals(2, locally.status());
        assertEquals(twice.err(), locally.err());

        SlurmSweep.Report settled = awaitSettled(slurm);
        assertEquals(2, settled.count(SlurmSweep.State.DONE));
        for (int i = 2; i < 4; i++) {
            SlurmSweep.ConfigState cancelled = settled.configs().get(i);
            assertEquals(SlurmSweep.State.FAILED, cancelled.state());
            assertEquals("CANCELLED", cancelled.task().state());
            assertEquals(array + "_1", cancelled.task().jobId());
        }
        assertEquals("FAILED", settled.merge().state()); // it ran after the array and found a row missing
        assertFalse(Files.exists(slurm.resolve("results.csv")));
        CliTest.Outcome s = gpusim("sweep", "--status", slurm.toString());
        assertTrue(s.out().startsWith(slurm + ": 4 configurations: 2 done, 0 running, 0 pending, 2 failed, 0 missing"),
                s.out());
        assertTrue(s.out().contains("\n     3  failed   param.STRIDE=256, db.count=4  (job " + array + "_1 CANCELLED before it started)\n"),
                s.out());
        assertTrue(s.out().contains("results: not complete; "), s.out());
        assertEquals(2, rows(slurm).size()); // whole rows only, no temporary file

        // Resubmitting the same command runs only the cancelled configurations.
        CliTest.Outcome resumed = sweep(slurm, VARY, "--engine", "slurm", "--per-task", "2", "--wait");
        assertEquals(0, resumed.status(), resumed.out() + resumed.err());
        assertTrue(resumed.out().startsWith("sweep: 2 configurations submitted to Slurm (2 resumed): job array "),
                resumed.out());
        assertTrue(resumed.out().contains("(--array=0, 2 per task),"), resumed.out());
        assertTrue(resumed.out().contains("\nsweep: 4 configurations (2 run on Slurm, 2 resumed) in "), resumed.out());
        for (String f : List.of("results.csv", "results.json", "run.cycles.png")) {
            assertArrayEquals(Files.readAllBytes(local.resolve(f)), Files.readAllBytes(slurm.resolve(f)), f);
        }
        SlurmSweep.Report done = report(slurm);
        assertEquals(4, done.count(SlurmSweep.State.DONE));
        assertEquals("COMPLETED", done.merge().state());
    }

    @Test
    void aFailingTaskIsReportedWithItsExitCodeAndLog() throws IOException {
        Path slurm = tmp.resolve("slurm");
        // 1,000 cycles without progress (a 100,000-cycle poll interval) count as a deadlock (exit status 3),
        // found only when the task runs.
        // Both configurations in one task: the failure of the second does not lose the first's row.
        String[] vary = {"--vary", "cp.poll_cycles=16,100000", "--set", "sim.deadlock_cycles=1000"};
        CliTest.Outcome o = sweep(slurm, vary, "--engine", "slurm", "--per-task", "2", "--wait");
        assertEquals(3, o.status(), o.out() + o.err());
        assertEquals("gpusim sweep: 1 of 2 configurations have no row; submit the same command again to run them\n",
                o.err());
        assertTrue(o.out().contains("\n" + slurm + ": 2 configurations: 1 done, 0 running, 0 pending, 1 failed, "
                + "0 missing\n     1  failed   cp.poll_cycles=100000  (job "), o.out());
        SlurmSweep.Report r = report(slurm);
        SlurmSweep.ConfigState failed = r.configs().get(1);
        assertEquals(SlurmSweep.State.FAILED, failed.state());
        assertEquals("FAILED", failed.task().state());
        assertEquals("3:0", failed.task().exitCode());
        assertTrue(failed.task().jobId().endsWith("_0"), failed.task().jobId());
        String array = failed.task().jobId().replaceAll("_0$", "");
        Path log = slurm.resolve("slurm/logs/" + array + "_0.log");
        assertEquals(log.toString(), failed.task().log());
        String text = Files.readString(log);
        assertTrue(text.startsWith("configuration 0: cp.poll_cycles=16 (row "), text);
        assertTrue(text.contains("\nconfiguration 1: cp.poll_cycles=100000 (row "), text);
        assertTrue(text.contains("\ngpusim sweep-task: model deadlock (configuration cp.poll_cycles=100000): deadlock "
                + "at cycle "), text);
        CliTest.Outcome s = gpusim("sweep", "--status", slurm.toString());
        assertTrue(s.out().contains("     1  failed   cp.poll_cycles=100000  (job " + array + "_0 FAILED, exit code "
                + "3:0, log " + log + "): model deadlock (configuration cp.poll_cycles=100000): deadlock at cycle "),
                s.out());
        assertTrue(s.out().contains("\n     0  done     cp.poll_cycles=16\n"), s.out());
        assertTrue(s.out().contains("\nmerge: job " + r.last().mergeJob() + " FAILED, exit code 1:0, log "), s.out());
        assertTrue(Files.readString(Path.of(r.merge().log())).contains("gpusim sweep-task: 1 of 2 configurations "
                + "have no row (1); nothing merged"), r.merge().log());
    }

    /** A request Slurm refuses: its message, exit status 2, nothing submitted. */
    @Test
    void optionsSlurmRejectsAreRefusedAndNothingIsSubmitted() throws IOException {
        String[][] cases = {
            {"--partition", "nosuch", "sbatch refused the job: sbatch: error: invalid partition specified: nosuch"},
            // EnforcePartLimits=ALL: more memory than any node has is refused, not left pending.
            {"--mem", "100000000M", "Memory specification can not be satisfied"},
            {"--time", "soon", "Invalid --time specification"},
            {"--sbatch-arg=--no-such-option", "unrecognized option '--no-such-option'"},
        };
        String before = command("squeue", "-h", "-o", "%i").out;
        for (String[] c : cases) {
            Path out = tmp.resolve("out" + c.length + c[0]);
            List<String> extra = new ArrayList<>(List.of("--engine", "slurm"));
            extra.addAll(List.of(c).subList(0, c.length - 1));
            CliTest.Outcome o = sweep(out, VARY, extra.toArray(new String[0]));
            assertEquals(2, o.status(), o.err());
            assertTrue(o.err().startsWith("gpusim sweep: sbatch refused the job: ") && o.err().contains(c[c.length - 1]),
                    o.err());
            assertEquals(1, o.err().lines().count(), o.err());
            assertEquals("", o.out());
            assertFalse(Files.exists(out.resolve("slurm/submissions.json")));
        }
        assertEquals(before, command("squeue", "-h", "-o", "%i").out);
    }

    private static SlurmSweep.Report report(Path dir) {
        try {
            return SlurmSweep.report(dir);
        } catch (Sweep.SweepException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }

    /** The report once every job of the last submission has ended (at most a minute). */
    private static SlurmSweep.Report awaitSettled(Path dir) {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        SlurmSweep.Report r;
        while (!(r = report(dir)).settled()) {
            if (System.nanoTime() > end) {
                fail("the jobs of " + dir + " did not end within a minute: " + r.configs());
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                fail("interrupted");
            }
        }
        return r;
    }

    private static List<Path> rows(Path out) throws IOException {
        try (Stream<Path> s = Files.list(out.resolve("rows"))) {
            return s.map(Path::getFileName).sorted().toList();
        }
    }

    record Result(int status, String out) {
    }

    static Result command(String... cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes());
            assertTrue(p.waitFor(30, TimeUnit.SECONDS), String.join(" ", cmd));
            return new Result(p.exitValue(), out);
        } catch (IOException e) {
            fail("cannot run " + cmd[0] + ": " + e.getMessage());
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            fail("interrupted");
            return null;
        }
    }

    static {
        assertNotNull(SlurmSweepTest.class.getResource("/sweep/small.trace"));
    }
}
