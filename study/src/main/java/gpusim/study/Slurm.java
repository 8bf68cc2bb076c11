package gpusim.study;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Slurm commands a sweep uses, run as programs: {@code sbatch} to submit,
 * {@code scontrol -o show job} to read each array task's state and exit code (it works
 * without Slurm's accounting database, which {@code sacct} needs, for as long as the
 * controller keeps finished jobs: its {@code MinJobAge}), {@code scancel} to take back a
 * half-made submission. Each command is bounded in time and output.
 */
public final class Slurm {
    /** How long a scheduler command may take before the sweep gives up on it. */
    private static final long COMMAND_SECONDS = 60;
    /** The most output read from a scheduler command (a state line is a few hundred bytes a task). */
    private static final int MAX_OUTPUT = 16 << 20;

    private Slurm() {
    }

    /** A scheduler command that could not run or said no: its message, one line. */
    public static final class SlurmException extends Exception {
        private static final long serialVersionUID = 1L;

        SlurmException(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * A job or array task as the controller reports it.
     *
     * @param jobId    the job as scancel takes it: {@code ARRAYJOB_INDEX} for an array task (a
     *                 pending part of an array: {@code ARRAYJOB_[SPEC]}), else the job ID
     * @param state    JobState, e.g. PENDING, RUNNING, COMPLETED, FAILED, CANCELLED, TIMEOUT
     * @param exitCode ExitCode, {@code STATUS:SIGNAL}
     * @param log      StdOut, the log file (null if not reported)
     */
    public record Task(String jobId, String state, String exitCode, String log) {
        /** Not yet finished: waiting, running or on its way to either. */
        public boolean active() {
            return pending() || running();
        }

        /** Waiting to start (or to start again). */
        public boolean pending() {
            return state.equals("PENDING") || state.startsWith("REQUEUE") || state.equals("RESV_DEL_HOLD");
        }

        /** Running, or on its way in or out of running. */
        public boolean running() {
            return switch (state) {
                case "RUNNING", "COMPLETING", "CONFIGURING", "SUSPENDED", "STOPPED", "RESIZING", "SIGNALING",
                     "STAGE_OUT" -> true;
                default -> false;
            };
        }
    }

    /** The program's file on PATH (the first executable one), or null. */
    public static Path onPath(String program) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String d : path.split(File.pathSeparator)) {
            if (d.isEmpty()) {
                continue;
            }
            Path p = Path.of(d, program);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return p;
            }
        }
        return null;
    }

    /**
     * Submits a batch script: {@code sbatch --parsable ARGS SCRIPT SCRIPT_ARGS}.
     *
     * @return the job ID
     * @throws SlurmException with sbatch's own message if it refuses
     */
    public static String submit(List<String> args, Path script, String... scriptArgs) throws SlurmException {
        List<String> cmd = new ArrayList<>(List.of("sbatch", "--parsable"));
        cmd.addAll(args);
        cmd.add(script.toString());
        cmd.addAll(List.of(scriptArgs));
        Result r = run(cmd);
        String id = r.out.strip();
        // --parsable prints "JOBID" or "JOBID;CLUSTER".
        int semi = id.indexOf(';');
        if (semi >= 0) {
            id = id.substring(0, semi);
        }
        if (r.status != 0 || !id.matches("[0-9]+")) {
            throw new SlurmException("sbatch refused the job: " + oneLine(r.err.isBlank() ? r.out : r.err)
                    + (r.status != 0 ? " (exit status " + r.status + ")" : ""));
        }
        return id;
    }

    /** Cancels jobs; what scancel says is ignored (it is only called to take back a submission). */
    public static void cancel(String... jobIds) {
        List<String> cmd = new ArrayList<>(List.of("scancel"));
        cmd.addAll(List.of(jobIds));
        try {
            run(cmd);
        } catch (SlurmException e) {
            // nothing more can be done; the caller reports the original problem
        }
    }

    /**
     * Every task of a job (an array job's tasks by index; a plain job under index -1) as
     * {@code scontrol -o show job ID} reports them; empty if the controller no longer knows
     * the job (it forgets finished jobs after MinJobAge).
     */
    public static Map<Integer, Task> tasks(String jobId) throws SlurmException {
        Result r = run(List.of("scontrol", "-o", "show", "job", jobId));
        if (r.status != 0) {
            if ((r.err + r.out).contains("Invalid job id")) {
                return Map.of();
            }
            throw new SlurmException("scontrol show job " + jobId + " failed: " + oneLine(r.err + r.out));
        }
        Map<Integer, Task> tasks = new LinkedHashMap<>();
        for (String line : r.out.split("\n")) {
            if (line.isBlank()) {
                continue;
            }
            String spec = field(line, "ArrayTaskId");
            String array = field(line, "ArrayJobId");
            String id = spec != null && array != null
                    ? array + "_" + (spec.matches("[0-9]+") ? spec : "[" + spec + "]") : field(line, "JobId");
            Task t = new Task(id, field(line, "JobState"), field(line, "ExitCode"), field(line, "StdOut"));
            if (t.jobId() == null || t.state() == null) {
                continue;
            }
            if (spec == null) {
                tasks.put(-1, t);
            } else {
                // A pending part of an array is one line for many tasks: "3-7%2", "1,4,9-12".
                for (int i : indices(spec)) {
                    tasks.put(i, t);
                }
            }
        }
        return tasks;
    }

    /** The task indices of an ArrayTaskId value ({@code 1,3-5,8-20:4%2}; the throttle is ignored). */
    public static List<Integer> indices(String spec) {
        List<Integer> l = new ArrayList<>();
        int pct = spec.indexOf('%');
        String s = pct >= 0 ? spec.substring(0, pct) : spec;
        for (String part : s.split(",")) {
            try {
                int colon = part.indexOf(':');
                int step = colon >= 0 ? Integer.parseInt(part.substring(colon + 1)) : 1;
                String range = colon >= 0 ? part.substring(0, colon) : part;
                int dash = range.indexOf('-');
                int from = Integer.parseInt(dash >= 0 ? range.substring(0, dash) : range);
                int to = dash >= 0 ? Integer.parseInt(range.substring(dash + 1)) : from;
                for (int i = from; i <= to && step > 0 && l.size() <= Sweep.MAX_COMBINATIONS; i += step) {
                    l.add(i);
                }
            } catch (NumberFormatException e) {
                // not an index list; nothing of it is reported
            }
        }
        return l;
    }

    /** The value of {@code KEY=VALUE} on a {@code scontrol -o} line (up to the next space), or null. */
    private static String field(String line, String key) {
        Matcher m = Pattern.compile("(?:^|\\s)" + Pattern.quote(key) + "=(\\S*)").matcher(line);
        return m.find() ? m.group(1) : null;
    }

    /** Several lines (sbatch prints "error: ..." twice, the detail and the summary) as one. */
    public static String oneLine(String text) {
        List<String> parts = new ArrayList<>();
        for (String l : text.split("\n")) {
            String t = l.strip();
            if (!t.isEmpty() && !parts.contains(t)) {
                parts.add(t);
            }
        }
        String s = String.join("; ", parts);
        return s.isEmpty() ? "(no message)" : s.length() > 2000 ? s.substring(0, 2000) + "..." : s;
    }

    private record Result(int status, String out, String err) {
    }

    private static Result run(List<String> cmd) throws SlurmException {
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        } catch (IOException e) {
            throw new SlurmException("cannot run " + cmd.get(0) + ": " + e.getMessage());
        }
        CompletableFuture<String> out = CompletableFuture.supplyAsync(() -> read(p.getInputStream()));
        CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
        try {
            if (!p.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new SlurmException(cmd.get(0) + " did not answer within " + COMMAND_SECONDS + " s");
            }
            return new Result(p.exitValue(), out.get(), err.get());
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new SlurmException(cmd.get(0) + " interrupted");
        } catch (java.util.concurrent.ExecutionException e) {
            throw new SlurmException("cannot read the output of " + cmd.get(0) + ": " + e.getCause());
        }
    }

    private static String read(InputStream in) {
        try (in) {
            byte[] b = in.readNBytes(MAX_OUTPUT);
            in.transferTo(java.io.OutputStream.nullOutputStream()); // never block the program on a full pipe
            return new String(b, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
