package gpusim.cli;

import gpusim.study.Slurm;
import gpusim.study.SlurmSweep;
import gpusim.study.Sweep;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The options of {@code gpusim sweep --engine slurm}: what goes to sbatch, checked before anything is submitted. */
final class SlurmOptions {
    /** An option the engine does not take, or a bad value: one line for the user. */
    static final class BadOptionException extends Exception {
        private static final long serialVersionUID = 1L;

        BadOptionException(String message) {
            super(message, null, false, false);
        }
    }

    @Option(names = "--partition", paramLabel = "P", description = "Slurm: the partition (sbatch --partition).")
    String partition;

    @Option(names = "--max-running", paramLabel = "N",
            description = "Slurm: at most N tasks of the array at once (--array=...%%N; default: the scheduler's).")
    Integer maxRunning;

    @Option(names = "--per-task", paramLabel = "K", defaultValue = "1",
            description = "Slurm: configurations each array task runs, one after the other in one JVM (default: "
                    + "${DEFAULT-VALUE}); more amortizes the JVM's start and warm-up over short runs and keeps the "
                    + "array under the site's MaxArraySize.")
    int perTask;

    @Option(names = "--time", paramLabel = "T",
            description = "Slurm: each job's time limit (sbatch --time, e.g. 10, 0:30:00, 1-00:00:00).")
    String time;

    @Option(names = "--mem", paramLabel = "M", description = "Slurm: each job's memory (sbatch --mem, e.g. 4G).")
    String mem;

    @Option(names = "--sbatch-arg", paramLabel = "ARG",
            description = "Slurm: one more sbatch option for both jobs, as one word (repeatable; e.g. "
                    + "--sbatch-arg=--account=A --sbatch-arg=--qos=Q).")
    List<String> sbatchArgs = new ArrayList<>();

    @Option(names = "--wait", description = "Slurm: follow the jobs until the merge is done (a progress bar on a "
            + "terminal), then report like the local engine.")
    boolean waitForJobs;

    /**
     * The Slurm engine's options, checked; null for the local engine (which takes none of them).
     *
     * @param slurm whether --engine slurm is given
     * @param jobs  whether --jobs (the local engine's) is given
     */
    SlurmSweep.Options options(boolean slurm, boolean jobs) throws BadOptionException {
        if (!slurm) {
            String given = partition != null ? "--partition" : maxRunning != null ? "--max-running"
                    : perTask != 1 ? "--per-task"
                    : time != null ? "--time" : mem != null ? "--mem" : !sbatchArgs.isEmpty() ? "--sbatch-arg"
                    : waitForJobs ? "--wait" : null;
            if (given != null) {
                throw new BadOptionException(given + " is an option of the Slurm engine (add --engine slurm)");
            }
            return null;
        }
        if (jobs) {
            throw new BadOptionException("--jobs is an option of the local engine (with --engine slurm, --max-running N "
                    + "bounds the tasks that run at once)");
        }
        if (maxRunning != null && (maxRunning < 1 || maxRunning > Sweep.MAX_COMBINATIONS)) {
            throw new BadOptionException("--max-running " + maxRunning + ": expected 1.." + Sweep.MAX_COMBINATIONS);
        }
        if (perTask < 1 || perTask > Sweep.MAX_COMBINATIONS) {
            throw new BadOptionException("--per-task " + perTask + ": expected 1.." + Sweep.MAX_COMBINATIONS);
        }
        for (String[] o : new String[][] {{"--partition", partition}, {"--time", time}, {"--mem", mem}}) {
            if (o[1] != null && (o[1].isBlank() || !o[1].strip().equals(o[1]) || o[1].contains("\n"))) {
                throw new BadOptionException(o[0] + " '" + o[1] + "': expected one word");
            }
        }
        for (String a : sbatchArgs) {
            if (!a.startsWith("-") || a.contains("\n")) {
                throw new BadOptionException("--sbatch-arg '" + a + "': expected one sbatch option, e.g. "
                        + "--sbatch-arg=--account=NAME");
            }
            if (a.startsWith("--array") || a.startsWith("--dependency") || a.startsWith("--output")
                    || a.startsWith("--parsable") || a.startsWith("--wrap") || a.startsWith("-a") || a.startsWith("-d")
                    || a.startsWith("-o")) {
                throw new BadOptionException("--sbatch-arg " + a + ": the sweep sets that option itself");
            }
        }
        return new SlurmSweep.Options(partition, maxRunning, perTask, time, mem, List.copyOf(sbatchArgs));
    }
}
