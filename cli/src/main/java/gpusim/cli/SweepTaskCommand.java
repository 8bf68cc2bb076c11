package gpusim.cli;

import gpusim.study.SlurmSweep;
import gpusim.study.Sweep;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code gpusim sweep-task DIR INDEX}: what a task of a sweep's Slurm job array runs (and,
 * with {@code --merge DIR}, its final job). Not for people: listed only in docs/sweep.md.
 */
@Command(name = "sweep-task", hidden = true, mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs configuration INDEX of the sweep planned in DIR/slurm/plan.json (by 'gpusim sweep "
                + "--engine slurm'; with --batch SEQ, the configurations of task INDEX of submission SEQ) and writes "
                + "each row into DIR/rows/ (a temporary file, then renamed); with "
                + "--merge, merges every row into DIR/results.csv, results.json and the plot.",
            "",
            "Exit status: 0 done, 2 the plan or the configuration is refused (or gpusim was rebuilt since the "
                + "submission), 3 the model deadlocked, 1 other failures (for --merge: a row is missing)."})
public final class SweepTaskCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "The sweep's output directory.")
    Path dir;

    @Parameters(index = "1", arity = "0..1", paramLabel = "INDEX",
            description = "The configuration's index (the array task ID).")
    Integer index;

    @Option(names = "--merge", description = "Merge the rows instead of running a configuration.")
    boolean merge;

    @Option(names = "--batch", paramLabel = "SEQ",
            description = "INDEX is the task index of submission SEQ: run the configurations DIR/slurm/batch-SEQ.json "
                    + "lists for it.")
    Integer batch;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            if (merge == (index != null)) {
                err.println("gpusim sweep-task: give either INDEX or --merge");
                return 2;
            }
            if (merge) {
                SlurmSweep.merge(dir, out);
            } else {
                SlurmSweep.runTask(dir, batch, index, out);
            }
            return 0;
        } catch (Sweep.SweepException e) {
            out.flush();
            err.println("gpusim sweep-task: " + e.getMessage());
            return e.status;
        } finally {
            out.flush();
            err.flush();
        }
    }
}
