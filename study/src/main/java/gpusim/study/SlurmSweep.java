package gpusim.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import gpusim.harness.AtomicFiles;
import gpusim.harness.ProgressLine;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Slurm engine of {@code gpusim sweep}: the same sweep as the local engine (the same
 * plan, row IDs, row files and merge), its configurations run as one Slurm job array.
 *
 * <p>Submission writes the plan into {@code DIR/slurm} ({@link SweepPlan}), then submits
 * {@code sbatch --array=INDICES%N} of the configurations that have no row (task i runs
 * configuration i with {@code gpusim sweep-task DIR i} and writes {@code DIR/rows/ID.json}
 * atomically), then a final job, {@code --dependency=afterany} on the array, that merges the
 * rows into results.csv, results.json and the plot exactly as the local sweep does, or
 * fails naming what has no row. Each submission is recorded in
 * {@code DIR/slurm/submissions.json}; {@link #status} combines those records, the row files
 * and {@code scontrol}'s view of each task.
 */
public final class SlurmSweep {
    static final String SUBMISSIONS = "submissions.json";
    static final String TASK_SCRIPT = "task.sh";
    static final String MERGE_SCRIPT = "merge.sh";
    /** How often --wait asks the scheduler (sbatch --wait's own polling backs off to 10 s). */
    public static final long POLL_MILLIS = 500;

    /** The state shown for an array task that was cancelled before it started (Slurm keeps no record of it). */
    public static final String CANCELLED_WAITING = "CANCELLED";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The sbatch options of a submission, as given to {@code gpusim sweep}. */
    public record Options(String partition, Integer maxRunning, int perTask, String time, String mem,
                          List<String> sbatchArgs) {
        /** The options that go to both jobs (the site's: partition, time, memory, account, ...). */
        public List<String> common() {
            List<String> l = new ArrayList<>();
            if (partition != null) {
                l.add("--partition=" + partition);
            }
            if (time != null) {
                l.add("--time=" + time);
            }
            if (mem != null) {
                l.add("--mem=" + mem);
            }
            l.addAll(sbatchArgs);
            return l;
        }
    }

    /** The state of one configuration of a submitted sweep. */
    public enum State { DONE, PENDING, RUNNING, FAILED, MISSING }

    /** A configuration's state with what explains it (the task's job, exit code and log). */
    public record ConfigState(Sweep.Combination combination, State state, Slurm.Task task) {
    }

    /**
     * A submission as recorded: the array job, its --array list, the row IDs each of its tasks
     * runs (by task index; by ID, since a later submission with more --vary values renumbers
     * the configurations), and the merge job.
     */
    public record Submission(String arrayJob, String array, List<List<String>> tasks, String mergeJob) {
    }

    /** Everything --status reports. */
    public record Report(SweepPlan.Loaded plan, List<ConfigState> configs, Submission last, Slurm.Task merge,
                         String schedulerProblem) {
        /** How many configurations are in state {@code s}. */
        public int count(State s) {
            return (int) configs.stream().filter(c -> c.state() == s).count();
        }

        /** Whether the last submission's jobs have all ended (or the scheduler has forgotten them). */
        public boolean settled() {
            return schedulerProblem == null && (merge == null || !merge.active())
                    && configs.stream().noneMatch(c -> c.state() == State.PENDING || c.state() == State.RUNNING);
        }
    }

    private SlurmSweep() {
    }

    // ------------------------------------------------------------------ submission

    /**
     * Submits the configurations of {@code combos} that have no row; each task runs
     * {@code command} ({@link SweepPlan#command}) with gpusim's {@code sweep-task} arguments.
     *
     * @return the exit status: 0 submitted (or, with {@code wait}, finished and merged)
     */
    public static int submit(Sweep sweep, byte[] traceBytes, List<Sweep.Combination> combos, SweepMetrics.Metric metric,
                             Options o, List<String> command, boolean wait, boolean quiet, PrintWriter out,
                             PrintWriter err)
            throws Sweep.SweepException {
        long t0 = System.nanoTime();
        if (Slurm.onPath("sbatch") == null) {
            throw new Sweep.SweepException(2, "--engine slurm: no sbatch on PATH (run the sweep where Slurm's "
                    + "commands are, e.g. a cluster's login node, or use the local engine)");
        }
        Path dir = sweep.out();
        checkWritable(dir);
        Submission sub;
        int resumed;
        try (Closeable lock = sweep.claimOutput()) {
            Path slurm = SweepPlan.dir(dir);
            List<Submission> earlier = submissions(dir);
            if (!earlier.isEmpty()) {
                refuseIfActive(dir, earlier.get(earlier.size() - 1));
            }
            Path rows = dir.resolve(Sweep.ROWS);
            Files.createDirectories(rows);
            // No task of this directory runs now (checked above): what a killed one left is garbage.
            Sweep.deleteTemporaries(rows);
            Map<String, SweepRow> finished = sweep.finishedRows(combos);
            List<Sweep.Combination> missing = Sweep.missing(combos, finished);
            resumed = combos.size() - missing.size();
            SweepPlan.write(sweep, traceBytes, combos, metric, command);
            if (missing.isEmpty()) {
                // Nothing to run: merge here, as the final job would.
                boolean plotted = sweep.writeResults(sweep.table(combos, finished, resumed, 0), metric);
                if (!quiet) {
                    out.printf("sweep: all %d configurations have rows; merged here, nothing submitted%n",
                            combos.size());
                    printWrote(out, dir, metric, plotted);
                }
                return plotted ? 0 : Sweep.noPlot(metric);
            }
            // Task t of this submission runs the t-th group of --per-task missing configurations
            // (DIR/slurm/batch-SEQ.json, written before the array can start): array indices stay
            // below the site's MaxArraySize however large the sweep, and a group shares one JVM.
            int seq = earlier.size();
            List<List<Sweep.Combination>> groups = new ArrayList<>();
            for (int i = 0; i < missing.size(); i += o.perTask()) {
                groups.add(missing.subList(i, Math.min(missing.size(), i + o.perTask())));
            }
            writeBatch(dir, seq, groups);
            AtomicFiles.write(slurm.resolve(TASK_SCRIPT),
                    SweepPlan.script(dir, command, false).getBytes(StandardCharsets.UTF_8));
            AtomicFiles.write(slurm.resolve(MERGE_SCRIPT),
                    SweepPlan.script(dir, command, true).getBytes(StandardCharsets.UTF_8));
            String array = (groups.size() == 1 ? "0" : "0-" + (groups.size() - 1))
                    + (o.maxRunning() != null ? "%" + o.maxRunning() : "");
            Path logs = slurm.resolve(SweepPlan.LOGS).toAbsolutePath();
            List<String> taskArgs = new ArrayList<>(List.of("--array=" + array, "--job-name=gpusim-sweep",
                    "--output=" + logs.resolve("%A_%a.log"), "--chdir=" + dir.toAbsolutePath()));
            taskArgs.addAll(o.common());
            String arrayJob;
            try {
                arrayJob = Slurm.submit(taskArgs, slurm.resolve(TASK_SCRIPT).toAbsolutePath(), String.valueOf(seq));
            } catch (Slurm.SlurmException e) {
                throw new Sweep.SweepException(2, e.getMessage());
            }
            List<String> mergeArgs = new ArrayList<>(List.of("--dependency=afterany:" + arrayJob,
                    "--job-name=gpusim-sweep-merge", "--output=" + logs.resolve("merge-%j.log"),
                    "--chdir=" + dir.toAbsolutePath()));
            mergeArgs.addAll(o.common());
            String mergeJob;
            try {
                mergeJob = Slurm.submit(mergeArgs, slurm.resolve(MERGE_SCRIPT).toAbsolutePath());
            } catch (Slurm.SlurmException e) {
                Slurm.cancel(arrayJob); // all or nothing: an array without its merge is taken back
                throw new Sweep.SweepException(2, e.getMessage() + " (the merge job; job array " + arrayJob
                        + " was cancelled)");
            }
            sub = new Submission(arrayJob, array, ids(groups), mergeJob);
            record(dir, earlier, sub, seq, taskArgs, mergeArgs);
            if (!quiet) {
                out.printf("sweep: %d configuration%s submitted to Slurm (%d resumed): job array %s (--array=%s, "
                        + "%d per task), merge job %s%n", missing.size(), missing.size() == 1 ? "" : "s", resumed,
                        arrayJob, array, o.perTask(), mergeJob);
                if (!wait) {
                    out.println("follow it with: gpusim sweep --status " + dir);
                }
            }
        } catch (IOException e) {
            throw new Sweep.SweepException(1, "cannot write the plan into " + dir + ": " + e.getMessage());
        }
        out.flush();
        return wait ? follow(dir, sub, combos.size(), resumed, t0, quiet, out, err) : 0;
    }

    /** A DIR that cannot be made or written is a usage error, found before anything is submitted. */
    private static void checkWritable(Path dir) throws Sweep.SweepException {
        try {
            if (Files.exists(dir) && !Files.isDirectory(dir)) {
                throw new Sweep.SweepException(2, "--out " + dir + " is not a directory");
            }
            Files.createDirectories(dir);
            Path probe = Files.createTempFile(dir, ".probe", ".tmp");
            Files.delete(probe);
        } catch (IOException e) {
            throw new Sweep.SweepException(2, "--out " + dir + " is not writable (" + e.getClass().getSimpleName()
                    + (e.getMessage() != null ? ": " + e.getMessage() : "") + ")");
        }
    }

    /**
     * For the local engine: a DIR whose last Slurm submission still has jobs waiting or
     * running is refused (both would run the same rows, and the local sweep would delete the
     * tasks' temporary files). Where Slurm's commands are not on PATH there is nothing to ask.
     */
    public static void refuseIfSubmitted(Path dir) throws Sweep.SweepException {
        List<Submission> subs = submissions(dir);
        if (!subs.isEmpty() && Slurm.onPath("scontrol") != null) {
            refuseIfActive(dir, subs.get(subs.size() - 1));
        }
    }

    /** A resubmission while the last one still has jobs waiting or running would run rows twice. */
    private static void refuseIfActive(Path dir, Submission last) throws Sweep.SweepException {
        int active = 0;
        try {
            for (Slurm.Task t : Slurm.tasks(last.arrayJob()).values()) {
                active += t.active() ? 1 : 0;
            }
            Slurm.Task merge = Slurm.tasks(last.mergeJob()).get(-1);
            active += merge != null && merge.active() ? 1 : 0;
        } catch (Slurm.SlurmException e) {
            throw new Sweep.SweepException(2, "cannot tell whether the last submission into " + dir
                    + " still runs: " + e.getMessage());
        }
        if (active > 0) {
            throw new Sweep.SweepException(2, "the last submission into " + dir + " (job array " + last.arrayJob()
                    + ", merge job " + last.mergeJob() + ") has not finished; follow it with gpusim sweep --status "
                    + dir + ", or scancel " + last.arrayJob() + " " + last.mergeJob() + " and submit again");
        }
    }

    private static List<List<String>> ids(List<List<Sweep.Combination>> groups) {
        List<List<String>> l = new ArrayList<>();
        for (List<Sweep.Combination> g : groups) {
            l.add(g.stream().map(Sweep.Combination::id).toList());
        }
        return l;
    }

    static Path batchFile(Path dir, int seq) {
        return SweepPlan.dir(dir).resolve("batch-" + seq + ".json");
    }

    /** {@code DIR/slurm/batch-SEQ.json}: for each task of submission SEQ, its configurations' indices and row IDs. */
    private static void writeBatch(Path dir, int seq, List<List<Sweep.Combination>> groups) throws IOException {
        ObjectNode n = JSON.createObjectNode();
        ArrayNode tasks = n.putArray("tasks");
        for (List<Sweep.Combination> g : groups) {
            ObjectNode t = tasks.addObject();
            ArrayNode idx = t.putArray("indices");
            ArrayNode ids = t.putArray("ids");
            for (Sweep.Combination c : g) {
                idx.add(c.index());
                ids.add(c.id());
            }
        }
        AtomicFiles.write(batchFile(dir, seq), JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(n));
    }

    /** The configurations task {@code task} of submission {@code seq} runs, checked against the plan. */
    private static List<Sweep.Combination> batch(Path dir, int seq, int task, List<Sweep.Combination> combos)
            throws Sweep.SweepException {
        Path f = batchFile(dir, seq);
        try {
            JsonNode t = JSON.readTree(f.toFile()).path("tasks").path(task);
            if (t.isMissingNode()) {
                throw new Sweep.SweepException(2, "task " + task + " is not in " + f);
            }
            List<Sweep.Combination> l = new ArrayList<>();
            for (int k = 0; k < t.path("indices").size(); k++) {
                int i = t.path("indices").get(k).asInt(-1);
                if (i < 0 || i >= combos.size() || !combos.get(i).id().equals(t.path("ids").path(k).asText())) {
                    throw new Sweep.SweepException(2, f + " does not belong to the plan in " + SweepPlan.dir(dir)
                            + "; submit the sweep again");
                }
                l.add(combos.get(i));
            }
            return l;
        } catch (IOException e) {
            throw new Sweep.SweepException(2, "cannot read " + f + ": " + e.getMessage());
        }
    }

    private static void record(Path dir, List<Submission> earlier, Submission sub, int seq, List<String> taskArgs,
                               List<String> mergeArgs) throws IOException {
        ArrayNode a = JSON.createArrayNode();
        Path file = SweepPlan.dir(dir).resolve(SUBMISSIONS);
        if (Files.exists(file)) {
            JsonNode old = JSON.readTree(file.toFile());
            if (old != null && old.isArray()) {
                old.forEach(a::add);
            }
        }
        ObjectNode n = a.addObject();
        n.put("submitted", Instant.now().toString());
        n.put("array_job", sub.arrayJob());
        n.put("array", sub.array());
        n.put("merge_job", sub.mergeJob());
        n.put("batch", batchFile(dir, seq).getFileName().toString());
        taskArgs.forEach(n.putArray("array_sbatch_args")::add);
        mergeArgs.forEach(n.putArray("merge_sbatch_args")::add);
        AtomicFiles.write(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(a));
    }

    /** The recorded submissions, oldest first (none if there is no or an unreadable record). */
    public static List<Submission> submissions(Path dir) {
        List<Submission> l = new ArrayList<>();
        Path file = SweepPlan.dir(dir).resolve(SUBMISSIONS);
        if (!Files.exists(file)) {
            return l;
        }
        try {
            for (JsonNode n : JSON.readTree(file.toFile())) {
                List<List<String>> tasks = new ArrayList<>();
                JsonNode batch = JSON.readTree(SweepPlan.dir(dir).resolve(n.path("batch").asText()).toFile());
                for (JsonNode t : batch.path("tasks")) {
                    List<String> ids = new ArrayList<>();
                    t.path("ids").forEach(x -> ids.add(x.asText()));
                    tasks.add(ids);
                }
                l.add(new Submission(n.path("array_job").asText(), n.path("array").asText(), tasks,
                        n.path("merge_job").asText()));
            }
        } catch (IOException | RuntimeException e) {
            // an unreadable record only loses the scheduler's view; rows are what count
        }
        return l;
    }

    // ------------------------------------------------------------------ status

    /** The state of every configuration of the sweep in {@code dir}. */
    public static Report report(Path dir) throws Sweep.SweepException {
        SweepPlan.Loaded plan = SweepPlan.load(dir);
        Map<String, SweepRow> rows = plan.sweep().finishedRows(plan.combinations());
        List<Submission> subs = submissions(dir);
        // The latest submission that ran a configuration (by row ID) explains it.
        Map<String, Slurm.Task> tasks = new HashMap<>();
        Slurm.Task merge = null;
        String problem = null;
        try {
            for (int s = subs.size() - 1; s >= 0; s--) {
                Submission sub = subs.get(s);
                Map<Integer, Slurm.Task> t = Slurm.tasks(sub.arrayJob());
                for (int k = 0; k < sub.tasks().size(); k++) {
                    Slurm.Task task = t.get(k);
                    if (task == null && !t.isEmpty()) {
                        // The array is known but this task is not: scancel drops a task that has not started.
                        task = new Slurm.Task(sub.arrayJob() + "_" + k, CANCELLED_WAITING, null, null);
                    }
                    for (String id : sub.tasks().get(k)) {
                        if (task != null && !tasks.containsKey(id)) {
                            tasks.put(id, task);
                        }
                    }
                }
            }
            if (!subs.isEmpty()) {
                merge = Slurm.tasks(subs.get(subs.size() - 1).mergeJob()).get(-1);
            }
        } catch (Slurm.SlurmException e) {
            problem = e.getMessage();
        }
        List<ConfigState> states = new ArrayList<>();
        for (Sweep.Combination c : plan.combinations()) {
            Slurm.Task t = tasks.get(c.id());
            State s;
            if (rows.containsKey(c.id())) {
                s = State.DONE;
            } else if (t == null || t.state().equals("COMPLETED")) {
                // Never submitted, forgotten by the controller, or its row removed since.
                s = State.MISSING;
            } else if (t.pending()) {
                s = State.PENDING;
            } else if (t.running()) {
                s = State.RUNNING;
            } else {
                s = State.FAILED;
            }
            states.add(new ConfigState(c, s, t));
        }
        return new Report(plan, states, subs.isEmpty() ? null : subs.get(subs.size() - 1), merge, problem);
    }

    /** {@code gpusim sweep --status DIR}. */
    public static int status(Path dir, PrintWriter out) throws Sweep.SweepException {
        print(report(dir), dir, out, false);
        return 0;
    }

    /**
     * The report: a summary line, then one line per configuration
     * ({@code INDEX STATE KEY=V, ...}, and for a failed one its job, state, exit code, log and
     * the log's last line), then the merge job and the results. With {@code problemsOnly},
     * the configurations that are not done only.
     */
    public static void print(Report r, Path dir, PrintWriter out, boolean problemsOnly) {
        List<SweepAxis> axes = r.plan().sweep().axes();
        out.printf("%s: %d configurations: %d done, %d running, %d pending, %d failed, %d missing%n", dir,
                r.configs().size(), r.count(State.DONE), r.count(State.RUNNING), r.count(State.PENDING),
                r.count(State.FAILED), r.count(State.MISSING));
        for (ConfigState c : r.configs()) {
            if (problemsOnly && c.state() == State.DONE) {
                continue;
            }
            StringBuilder sb = new StringBuilder();
            sb.append(String.format("  %4d  %-7s  %s", c.combination().index(),
                    c.state().name().toLowerCase(java.util.Locale.ROOT), c.combination().describe(axes)));
            Slurm.Task t = c.task();
            if (c.state() == State.FAILED) {
                sb.append("  (job ").append(t.jobId()).append(' ').append(t.state());
                // Cancelled while waiting: Slurm either drops the task (no record) or keeps one whose log was
                // never written, depending on whether the array's record had been split by then.
                if (t.exitCode() == null || (t.state().equals("CANCELLED")
                        && (t.log() == null || !Files.exists(Path.of(t.log()))))) {
                    sb.append(" before it started)");
                } else {
                    sb.append(", exit code ").append(t.exitCode()).append(", log ").append(t.log()).append(')');
                }
                String last = logMessage(t.log());
                if (last != null) {
                    sb.append(": ").append(last);
                }
            } else if (c.state() == State.RUNNING || c.state() == State.PENDING) {
                sb.append("  (job ").append(t.jobId()).append(')');
            } else if (c.state() == State.MISSING) {
                sb.append(t == null ? "  (not submitted, or no longer known to Slurm)" : "  (row removed)");
            }
            out.println(sb);
        }
        if (r.schedulerProblem() != null) {
            out.println("scheduler: " + r.schedulerProblem());
        }
        if (r.last() != null) {
            Slurm.Task m = r.merge();
            out.println("merge: job " + r.last().mergeJob() + " " + (m == null ? "no longer known to Slurm"
                    : m.state() + (m.active() ? "" : ", exit code " + m.exitCode() + ", log " + m.log())));
        }
        Path csv = dir.resolve(SweepReport.CSV);
        boolean complete = r.count(State.DONE) == r.configs().size();
        out.println("results: " + (complete && Files.exists(csv) ? csv + " (every row)"
                : complete ? "every configuration has its row; not merged yet"
                : "not complete; when nothing runs, submit the same command again to run what is missing or failed"));
        out.flush();
    }

    /**
     * What a failed task's log says: its last {@code gpusim sweep-task:} line (the error, as
     * the local sweep would print it), else its last non-empty line; bounded; null if none.
     */
    public static String logMessage(String log) {
        if (log == null) {
            return null;
        }
        try (RandomAccessFile f = new RandomAccessFile(log, "r")) {
            long len = f.length();
            int n = (int) Math.min(len, 64 << 10);
            byte[] b = new byte[n];
            f.seek(len - n);
            f.readFully(b);
            String[] lines = new String(b, StandardCharsets.UTF_8).split("\n");
            String last = null;
            for (int i = lines.length - 1; i >= 0; i--) {
                String s = lines[i].strip();
                if (s.startsWith("gpusim sweep-task: ")) {
                    last = s.substring("gpusim sweep-task: ".length());
                    break;
                }
                if (last == null && !s.isEmpty()) {
                    last = s;
                }
            }
            return last == null || last.length() <= 300 ? last : last.substring(0, 300) + "...";
        } catch (IOException e) {
            return null;
        }
    }

    // ------------------------------------------------------------------ --wait

    /** Follows a submission until its merge job ends, with the local sweep's progress bar on a terminal. */
    private static int follow(Path dir, Submission sub, int total, int resumed, long t0, boolean quiet,
                              PrintWriter out, PrintWriter err) throws Sweep.SweepException {
        SweepProgress progress = !quiet && ProgressLine.stderrIsTerminal() ? new SweepProgress(err) : null;
        Report r;
        try {
            while (true) {
                long asked = System.nanoTime();
                r = report(dir);
                // A large sweep's report reads every row file (on a shared file system): ask less often then.
                long pause = Math.max(POLL_MILLIS, 4 * (System.nanoTime() - asked) / 1_000_000);
                if (progress != null) {
                    progress.update(r.count(State.DONE), total, resumed);
                }
                if (r.settled()) {
                    break;
                }
                try {
                    Thread.sleep(pause);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new Sweep.SweepException(1, "interrupted; the jobs go on (gpusim sweep --status " + dir
                            + ")");
                }
            }
        } finally {
            if (progress != null) {
                progress.finish();
            }
        }
        Slurm.Task merge = r.merge();
        boolean complete = r.count(State.DONE) == total;
        if (complete && merge != null && merge.state().equals("COMPLETED")) {
            if (!quiet) {
                out.printf("sweep: %d configuration%s (%d run on Slurm, %d resumed) in %.1f s%n", total,
                        total == 1 ? "" : "s", total - resumed, resumed, (System.nanoTime() - t0) / 1e9);
                printWrote(out, dir, r.plan().metric(), Files.exists(dir.resolve(
                        SweepPlot.fileName(r.plan().metric().name()))));
            }
            return 0;
        }
        print(r, dir, out, true);
        if (!complete) {
            // As the local engine would: the status of the first configuration that failed (3: deadlock, 2: refused).
            int status = 1;
            for (ConfigState c : r.configs()) {
                if (c.state() == State.FAILED) {
                    String code = c.task().exitCode();
                    status = code != null && (code.startsWith("2:") || code.startsWith("3:")) ? code.charAt(0) - '0'
                            : 1;
                    break;
                }
            }
            throw new Sweep.SweepException(status, (total - r.count(State.DONE)) + " of " + total
                    + " configurations have no row; submit the same command again to run them");
        }
        throw new Sweep.SweepException(1, "the merge job " + sub.mergeJob() + " did not complete"
                + (merge == null ? "" : " (" + merge.state() + ", log " + merge.log() + ")"));
    }

    private static void printWrote(PrintWriter out, Path dir, SweepMetrics.Metric metric, boolean plotted) {
        out.println("wrote " + dir.resolve(SweepReport.CSV) + ", " + dir.resolve(SweepReport.JSON_FILE)
                + (plotted ? ", " + dir.resolve(SweepPlot.fileName(metric.name())) : ""));
    }


    // ------------------------------------------------------------------ the jobs' side

    /**
     * One task: runs configuration {@code index} of the plan in {@code dir} (with
     * {@code batch}, the configurations of task {@code index} of that submission, in one JVM)
     * and writes each row (a task that is cancelled or killed leaves at most a temporary
     * file, never a row). A failed configuration does not stop the others of its task; the
     * task's status is the first failure's.
     */
    public static void runTask(Path dir, Integer batch, int index, PrintWriter out) throws Sweep.SweepException {
        SweepPlan.Loaded plan = SweepPlan.load(dir);
        checkBuild(plan);
        List<Sweep.Combination> todo;
        if (batch != null) {
            todo = batch(dir, batch, index, plan.combinations());
        } else if (index < 0 || index >= plan.combinations().size()) {
            throw new Sweep.SweepException(2, "configuration " + index + " is not in the plan (0.."
                    + (plan.combinations().size() - 1) + ")");
        } else {
            todo = List.of(plan.combinations().get(index));
        }
        Sweep sweep = plan.sweep();
        Path rows = dir.resolve(Sweep.ROWS);
        String job = System.getenv("SLURM_JOB_ID");
        Sweep.SweepException failure = null;
        for (Sweep.Combination c : todo) {
            out.println("configuration " + c.index() + ": " + c.describe(sweep.axes()) + " (row " + c.id() + ")");
            out.flush();
            try {
                SweepRow row = sweep.runOne(c);
                Files.createDirectories(rows);
                row.write(rows, job != null && job.matches("[0-9]+") ? job : "task" + index);
                out.println("row written: " + SweepRow.file(rows, c.id()));
            } catch (RuntimeException | IOException | OutOfMemoryError e) {
                Sweep.SweepException f = sweep.describe(e, c);
                out.println("failed: " + f.getMessage());
                failure = failure == null ? f : failure;
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** The final job: merges every row, as the local sweep does at its end. */
    public static void merge(Path dir, PrintWriter out) throws Sweep.SweepException {
        SweepPlan.Loaded plan = SweepPlan.load(dir);
        checkBuild(plan);
        Sweep sweep = plan.sweep();
        List<Sweep.Combination> combos = plan.combinations();
        try (Closeable lock = sweep.claimOutput()) {
            Map<String, SweepRow> rows = sweep.finishedRows(combos);
            List<Sweep.Combination> missing = Sweep.missing(combos, rows);
            if (!missing.isEmpty()) {
                List<String> idx = new ArrayList<>();
                for (int i = 0; i < missing.size() && i < 20; i++) {
                    idx.add(String.valueOf(missing.get(i).index()));
                }
                throw new Sweep.SweepException(1, missing.size() + " of " + combos.size() + " configurations have no "
                        + "row (" + String.join(", ", idx) + (missing.size() > 20 ? ", ..." : "") + "); nothing "
                        + "merged (gpusim sweep --status " + dir + ")");
            }
            boolean plotted = sweep.writeResults(sweep.table(combos, rows, combos.size(), 0), plan.metric());
            printWrote(out, dir, plan.metric(), plotted);
            if (!plotted) {
                Sweep.noPlot(plan.metric());
            }
        } catch (IOException e) {
            throw new Sweep.SweepException(1, "cannot write the results: " + e.getMessage());
        }
    }

    /** A task runs only the build that planned the sweep: rows of one study come from one model. */
    private static void checkBuild(SweepPlan.Loaded plan) throws Sweep.SweepException {
        if (!Sweep.codeFingerprint().equals(plan.codeSha256())) {
            throw new Sweep.SweepException(2, "gpusim's classes differ from those that planned the sweep (rebuilt "
                    + "since the submission?); submit it again");
        }
    }
}
