package gpusim.cli;

import static gpusim.cli.CliTest.gpusim;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.config.Config;
import gpusim.study.Slurm;
import gpusim.study.Sweep;
import gpusim.study.SweepAxis;
import gpusim.study.SweepMetrics;
import gpusim.study.SweepPlan;
import gpusim.study.SweepRow;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Slurm engine without a cluster: its refusals (no sbatch, sbatch saying no, a DIR that
 * cannot be written, options it does not take), each one line with exit status 2 and nothing
 * submitted; and the tasks' side (sweep-task, the merge) run by hand on a written plan.
 * The refusals that depend on PATH run gpusim as a process with a PATH of fake Slurm commands.
 */
class SlurmSweepErrorsTest {
    @TempDir
    Path tmp;

    static final String[] VARY = {"--vary", "param.STRIDE=64,256", "--vary", "db.count=1,4"};

    Path trace() throws IOException {
        return SweepTest.smallTrace(tmp);
    }

    record Proc(int status, String out, String err) {
    }

    /** gpusim as its own process, with PATH = {@code bin} only (the JVM is started by its absolute path). */
    Proc gpusimWithPath(Path bin, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().put("PATH", bin.toString());
        Path out = tmp.resolve("proc.out");
        Path err = tmp.resolve("proc.err");
        Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        return new Proc(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    /** A fake Slurm command: records its arguments in bin/calls, then runs {@code body}. */
    Path fake(Path bin, String name, String body) throws IOException {
        Files.createDirectories(bin);
        Path f = bin.resolve(name);
        Files.writeString(f, "#!/bin/sh\necho \"" + name + " $*\" >> '" + bin.resolve("calls") + "'\n" + body + "\n");
        Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
        return f;
    }

    List<String> sweepArgs(Path out, String... extra) throws IOException {
        List<String> args = new ArrayList<>(List.of("sweep", trace().toString(), "--out", out.toString()));
        args.addAll(List.of(VARY));
        args.addAll(List.of("--engine", "slurm"));
        args.addAll(List.of(extra));
        return args;
    }

    @Test
    void noSbatchOnPath() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("empty-bin"));
        Path out = tmp.resolve("out");
        Proc p = gpusimWithPath(bin, sweepArgs(out).toArray(new String[0]));
        assertEquals(2, p.status(), p.err());
        assertEquals("gpusim sweep: --engine slurm: no sbatch on PATH (run the sweep where Slurm's commands are, e.g. a "
                + "cluster's login node, or use the local engine)\n", p.err());
        assertEquals("", p.out());
        assertFalse(Files.exists(out));
    }

    @Test
    void sbatchRefusingTheArrayIsShownAndNothingIsSubmitted() throws Exception {
        Path bin = tmp.resolve("bin");
        fake(bin, "sbatch", "echo 'sbatch: error: Batch job submission failed: Invalid account or account/partition "
                + "combination specified' >&2\nexit 1");
        Path out = tmp.resolve("out");
        Proc p = gpusimWithPath(bin, sweepArgs(out, "--sbatch-arg=--account=nobody").toArray(new String[0]));
        assertEquals(2, p.status(), p.err());
        assertEquals("gpusim sweep: sbatch refused the job: sbatch: error: Batch job submission failed: Invalid account "
                + "or account/partition combination specified (exit status 1)\n", p.err());
        assertEquals("", p.out());
        List<String> calls = Files.readAllLines(bin.resolve("calls"));
        assertEquals(1, calls.size(), calls.toString());
        assertTrue(calls.get(0).startsWith("sbatch --parsable --array=0-3 --job-name=gpusim-sweep --output="
                + out.toAbsolutePath().resolve("slurm/logs/%A_%a.log") + " --chdir=" + out.toAbsolutePath()
                + " --account=nobody " + out.toAbsolutePath().resolve("slurm/task.sh") + " 0"), calls.get(0));
        assertFalse(Files.exists(out.resolve("slurm/submissions.json")));
    }

    /** All or nothing: if the merge job is refused, the array already submitted is cancelled. */
    @Test
    void aRefusedMergeJobTakesTheArrayBack() throws Exception {
        Path bin = tmp.resolve("bin");
        fake(bin, "sbatch", "case \"$*\" in *--array=*) echo 4242; exit 0;; esac\n"
                + "echo 'sbatch: error: Batch job submission failed: Job violates accounting/QOS policy' >&2\nexit 1");
        fake(bin, "scancel", "exit 0");
        Path out = tmp.resolve("out");
        Proc p = gpusimWithPath(bin, sweepArgs(out, "--max-running", "3").toArray(new String[0]));
        assertEquals(2, p.status(), p.err());
        assertEquals("gpusim sweep: sbatch refused the job: sbatch: error: Batch job submission failed: Job violates "
                + "accounting/QOS policy (exit status 1) (the merge job; job array 4242 was cancelled)\n", p.err());
        List<String> calls = Files.readAllLines(bin.resolve("calls"));
        assertEquals(3, calls.size(), calls.toString());
        assertTrue(calls.get(0).startsWith("sbatch --parsable --array=0-3%3 "), calls.get(0));
        assertTrue(calls.get(1).startsWith("sbatch --parsable --dependency=afterany:4242 "), calls.get(1));
        assertEquals("scancel 4242", calls.get(2));
        assertFalse(Files.exists(out.resolve("slurm/submissions.json")));
    }

    @Test
    void anUnwritableDirectoryIsRefusedBeforeSbatchRuns() throws Exception {
        Path bin = tmp.resolve("bin");
        fake(bin, "sbatch", "echo 1");
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        Path out = file.resolve("out"); // under a regular file: not even root can make it
        Proc p = gpusimWithPath(bin, sweepArgs(out).toArray(new String[0]));
        assertEquals(2, p.status(), p.err());
        assertTrue(p.err().startsWith("gpusim sweep: --out " + out + " is not writable ("), p.err());
        assertEquals(1, p.err().lines().count(), p.err());
        assertFalse(Files.exists(bin.resolve("calls")));
    }

    /** Options the engines do not take: one line, exit status 2, nothing written (checked before sbatch is looked for). */
    @Test
    void optionsOfTheOtherEngineAndBadValuesAreOneLineErrors() throws IOException {
        String t = trace().toString();
        Path out = tmp.resolve("out");
        String[][] cases = {
            {"--partition", "batch", "--partition is an option of the Slurm engine (add --engine slurm)"},
            {"--per-task", "4", "--per-task is an option of the Slurm engine"},
            {"--engine", "slurm", "--per-task", "0", "--per-task 0: expected 1..10000"},
            {"--wait", "--wait is an option of the Slurm engine"},
            {"--sbatch-arg=--qos=x", "--sbatch-arg is an option of the Slurm engine"},
            {"--engine", "slurm", "--jobs", "2", "--jobs is an option of the local engine"},
            {"--engine", "slurm", "--max-running", "0", "--max-running 0: expected 1..10000"},
            {"--engine", "slurm", "--sbatch-arg", "account=x", "--sbatch-arg 'account=x': expected one sbatch option"},
            {"--engine", "slurm", "--sbatch-arg=--array=0-1", "--sbatch-arg --array=0-1: the sweep sets that option"},
            {"--engine", "slurm", "--time", " 10", "--time ' 10': expected one word"},
            {"--engine", "cloud", "Invalid value for option '--engine'"},
        };
        for (String[] c : cases) {
            List<String> args = new ArrayList<>(List.of("sweep", t, "--out", out.toString()));
            args.addAll(List.of(VARY));
            args.addAll(List.of(c).subList(0, c.length - 1));
            CliTest.Outcome o = gpusim(args.toArray(new String[0]));
            String expect = c[c.length - 1];
            assertEquals(2, o.status(), String.join(" ", args));
            assertTrue(o.err().contains(expect), expect + " / " + o.err());
            assertFalse(Files.exists(out), String.join(" ", args));
        }
        CliTest.Outcome both = gpusim("sweep", t, "--status", out.toString());
        assertEquals(2, both.status());
        assertEquals("gpusim sweep: --status DIR takes no TRACE, --vary or --out (it reads them from DIR)\n", both.err());
        CliTest.Outcome none = gpusim("sweep", "--vary", "db.count=1", "--out", out.toString());
        assertEquals(2, none.status());
        assertTrue(none.err().startsWith("gpusim sweep: missing TRACE"), none.err());
        // A local sweep's directory has no Slurm plan to report on.
        assertEquals(0, gpusim("sweep", t, "--out", out.toString(), "--vary", "db.count=1", "-q").status());
        CliTest.Outcome status = gpusim("sweep", "--status", out.toString());
        assertEquals(2, status.status());
        assertEquals("gpusim sweep: " + out + " holds no sweep submitted to Slurm (no "
                + out.resolve("slurm/plan.json") + ")\n", status.err());
    }

    /**
     * The tasks' side by hand: what each array task and the final job run gives the local
     * sweep's results; a cut-short task's temporary file is not a row; a rebuilt gpusim and
     * an index outside the plan are refused.
     */
    @Test
    void tasksAndMergeOnAWrittenPlanGiveTheLocalResults() throws Exception {
        Path local = tmp.resolve("local");
        List<String> args = new ArrayList<>(List.of("sweep", trace().toString(), "--out", local.toString(), "-q"));
        args.addAll(List.of(VARY));
        assertEquals(0, gpusim(args.toArray(new String[0])).status());

        Path dir = tmp.resolve("slurm");
        byte[] bytes = Files.readAllBytes(trace());
        List<SweepAxis> axes = List.of(SweepAxis.parse(VARY[1]), SweepAxis.parse(VARY[3]));
        Sweep sweep = new Sweep(trace().toString(), bytes, Config.defaults(), Map.of(), axes, true, 1, dir);
        List<Sweep.Combination> combos = sweep.plan();
        sweep.claimOutput().close();
        SweepPlan.write(sweep, bytes, combos, SweepMetrics.find(SweepMetrics.CYCLES), SweepPlan.command(Main.class));

        CliTest.Outcome early = gpusim("sweep-task", "--merge", dir.toString());
        assertEquals(1, early.status());
        assertEquals("gpusim sweep-task: 4 of 4 configurations have no row (0, 1, 2, 3); nothing merged (gpusim sweep "
                + "--status " + dir + ")\n", early.err());
        for (int i = 0; i < 4; i++) {
            CliTest.Outcome o = gpusim("sweep-task", dir.toString(), String.valueOf(i));
            assertEquals(0, o.status(), o.err());
            assertTrue(o.out().startsWith("configuration " + i + ": " + combos.get(i).describe(axes) + " (row "
                    + combos.get(i).id() + ")\nrow written: "), o.out());
        }
        // A task killed while writing leaves only its temporary file, which is no row.
        Path rows = dir.resolve("rows");
        Path row3 = SweepRow.file(rows, combos.get(3).id());
        Files.move(row3, rows.resolve(combos.get(3).id() + ".77.json.tmp"));
        assertEquals(3, sweep.finishedRows(combos).size());
        assertEquals(1, gpusim("sweep-task", "--merge", dir.toString()).status());
        assertEquals(0, gpusim("sweep-task", dir.toString(), "3").status());
        CliTest.Outcome merged = gpusim("sweep-task", "--merge", dir.toString());
        assertEquals(0, merged.status(), merged.err());
        for (String f : List.of("results.csv", "results.json", "run.cycles.png")) {
            assertArrayEquals(Files.readAllBytes(local.resolve(f)), Files.readAllBytes(dir.resolve(f)), f);
        }

        CliTest.Outcome outside = gpusim("sweep-task", dir.toString(), "4");
        assertEquals(2, outside.status());
        assertEquals("gpusim sweep-task: configuration 4 is not in the plan (0..3)\n", outside.err());
        Path plan = dir.resolve("slurm/plan.json");
        String text = Files.readString(plan);
        String code = Sweep.codeFingerprint();
        Files.writeString(plan, text.replace(code, "0".repeat(code.length())));
        CliTest.Outcome rebuilt = gpusim("sweep-task", dir.toString(), "0");
        assertEquals(2, rebuilt.status());
        assertEquals("gpusim sweep-task: gpusim's classes differ from those that planned the sweep (rebuilt since the "
                + "submission?); submit it again\n", rebuilt.err());
        Files.writeString(dir.resolve("slurm/trace"), "gpusim-trace 1\n");
        CliTest.Outcome edited = gpusim("sweep-task", dir.toString(), "0");
        assertEquals(2, edited.status());
        assertTrue(edited.err().startsWith("gpusim sweep-task: damaged sweep plan " + plan + ": the copy of the trace"),
                edited.err());
    }

    @Test
    void arrayListsBothWays() {
        assertEquals(List.of(1, 3, 4, 5, 8, 12, 16, 20), Slurm.indices("1,3-5,8-20:4%2"));
        assertEquals(List.of(7), Slurm.indices("7"));
        assertEquals(List.of(0, 1, 2, 3, 5, 7, 8, 9, 11), Slurm.indices("0-3,5,7-9,11"));
    }

    @Test
    void theJobScriptRunsTheRecordedCommandWithAbsolutePaths() {
        String s = SweepPlan.script(Path.of("/shared/it's here"), List.of("/opt/java/bin/java", "-XX:+UseSerialGC",
                "-jar", "/opt/gpusim/gpusim.jar"), false);
        assertTrue(s.startsWith("#!/bin/sh\n"), s);
        assertTrue(s.endsWith("\nexec '/opt/java/bin/java' '-XX:+UseSerialGC' ${GPUSIM_JAVA_OPTS:-} '-jar' "
                + "'/opt/gpusim/gpusim.jar' sweep-task --batch \"$1\" '/shared/it'\\''s here' \"$SLURM_ARRAY_TASK_ID\"\n"), s);
        String m = SweepPlan.script(Path.of("/shared/s"), List.of("/j", "-jar", "/g.jar"), true);
        assertTrue(m.endsWith("\nexec '/j' ${GPUSIM_JAVA_OPTS:-} '-jar' '/g.jar' sweep-task --merge '/shared/s'\n"), m);
        assertEquals(StandardCharsets.US_ASCII.newEncoder().canEncode(s), true);
    }
}
