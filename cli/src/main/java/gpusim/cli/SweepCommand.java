package gpusim.cli;

import gpusim.config.Config;
import gpusim.harness.ProgressLine;
import gpusim.study.Slurm;
import gpusim.study.SlurmSweep;
import gpusim.study.Sweep;
import gpusim.study.SweepAxis;
import gpusim.study.SweepMetrics;
import gpusim.study.SweepPlan;
import gpusim.study.SweepPlot;
import gpusim.study.SweepProgress;
import gpusim.study.SweepReport;
import gpusim.tracefile.Rule;
import java.io.Closeable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gpusim sweep}: runs a trace over every combination of configuration and parameter values. */
@Command(name = "sweep", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs TRACE once for every combination of the --vary values (configuration keys, or trace "
                + "parameters as param.NAME) and tabulates and plots the results.",
            "",
            "Order: the cartesian product in --vary order, the first key changing slowest and the last fastest; "
                + "results are in that order whatever the number of jobs.",
            "Each configuration runs with sim.threads=1; --jobs of them run at once (default: one per core). "
                + "Results equal those of 'gpusim run' with the same --preset/--set/--param values.",
            "--preset, --set and --param apply to every configuration; --vary overrides them; sim.threads is "
                + "always 1.",
            "",
            "Writes to DIR: results.csv and results.json (one row per configuration: the varied values, total "
                + "cycles, counter-write latency mean and p95, memory requests, conflicts and bytes, per channel "
                + "requests and conflicts; empty where the model has no such statistic), METRIC.png (the metric "
                + "against the first varied key, a line per combination of the others), rows/ (one file per "
                + "finished configuration) and sweep.json (the trace and base configuration of the study).",
            "",
            "Resume: run the same command again with the same DIR; finished configurations are not run again. "
                + "A DIR that holds a sweep of another trace (other contents), another base (--preset, --set, "
                + "--param) or another build of gpusim (other classes) is refused.",
            "",
            "Slurm: --engine slurm writes the plan into DIR/slurm/ and submits one job array (each task runs "
                + "--per-task configurations and writes their rows) and a final job that merges the rows into the same "
                + "results.csv, results.json and plot as the local engine; only configurations without a row are "
                + "submitted. DIR must be on a file system every node sees. --status DIR reports each "
                + "configuration (done, pending, running, failed with exit code and log, missing). docs/sweep.md, "
                + "\"Slurm\".",
            "",
            "Exit status: 0 on success, 2 for a usage or trace error (nothing is run or submitted), 3 if the model "
                + "deadlocks on a configuration, 1 for other failures (finished rows are kept)."},
        footer = {"", "Examples:",
            "  gpusim sweep study.trace --vary param.STRIDE=64,128,256 \\",
            "      --vary db.count=2,4,8 --vary memory.interleave=256,1024 --out study/",
            "  gpusim sweep study.trace --vary db.count=2,4,8 --out /shared/study --engine slurm \\",
            "      --partition batch --time 0:10:00 --max-running 50 --sbatch-arg=--account=gpu-arch",
            "  gpusim sweep --status /shared/study"})
public final class SweepCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "TRACE",
            description = "The trace file (format: docs/trace-format.md).")
    Path trace;

    @Option(names = "--vary", paramLabel = "KEY=V1,V2,...",
            description = "Values of a configuration key ('gpusim config' lists them) or of a trace parameter "
                    + "(param.NAME); repeatable. At most " + Sweep.MAX_COMBINATIONS + " combinations.")
    List<String> vary = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR",
            description = "The output directory (created if missing; an earlier sweep there is resumed).")
    Path out;

    @Option(names = "--metric", paramLabel = "NAME", defaultValue = SweepMetrics.CYCLES,
            description = "The metric to plot (default: ${DEFAULT-VALUE}): any figure column of results.csv, "
                    + "e.g. memory.conflicts or memory.channel0.requests.")
    String metric;

    @Option(names = "--jobs", paramLabel = "N",
            description = "Configurations run at once (default: the number of cores).")
    Integer jobs;

    @CommandLine.Mixin
    MachineOptions machine = new MachineOptions();

    @CommandLine.Mixin
    TraceOptions traceOptions = new TraceOptions();

    @Option(names = {"-q", "--quiet"}, description = "Print nothing but errors (no progress bar, no summary).")
    boolean quiet;

    /** Where the configurations run. */
    enum Engine { local, slurm }

    @Option(names = "--engine", paramLabel = "ENGINE", defaultValue = "local",
            description = "local (default: threads of this machine) or slurm (a job array on a Slurm cluster).")
    Engine engine;

    @CommandLine.Mixin
    SlurmOptions slurmOptions = new SlurmOptions();

    @Option(names = "--status", paramLabel = "DIR",
            description = "Report the state of each configuration of the Slurm sweep in DIR and exit (no TRACE, "
                    + "--vary or --out).")
    Path status;

    /** A sweep's usage errors are one line each (not picocli's full usage text): the option is known, its value is not. */
    private static final class UsageError extends Exception {
        private static final long serialVersionUID = 1L;

        UsageError(String message) {
            super(message, null, false, false);
        }
    }

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try {
            return sweep(out, err);
        } catch (UsageError e) {
            err.println("gpusim sweep: " + e.getMessage());
            return 2;
        } catch (Sweep.SweepException e) {
            out.flush(); // what was written comes before why the sweep failed
            err.println("gpusim sweep: " + e.getMessage());
            return e.status;
        } finally {
            out.flush();
            err.flush();
        }
    }

    private int sweep(PrintWriter out, PrintWriter err) throws UsageError, Sweep.SweepException {
        long t0 = System.nanoTime();
        if (status != null) {
            if (trace != null || !vary.isEmpty() || this.out != null) {
                throw new UsageError("--status DIR takes no TRACE, --vary or --out (it reads them from DIR)");
            }
            return SlurmSweep.status(status, out);
        }
        if (trace == null) {
            throw new UsageError("missing TRACE (gpusim sweep TRACE --vary KEY=V1,V2,... --out DIR; see --help)");
        }
        if (vary.isEmpty()) {
            throw new UsageError("missing --vary KEY=V1,V2,... (at least one)");
        }
        if (this.out == null) {
            throw new UsageError("missing --out DIR");
        }
        SlurmSweep.Options slurm;
        try {
            slurm = slurmOptions.options(engine == Engine.slurm, jobs != null);
        } catch (SlurmOptions.BadOptionException e) {
            throw new UsageError(e.getMessage());
        }
        Config base;
        Map<String, String> baseParams;
        try {
            base = machine.config(spec.commandLine());
            baseParams = traceOptions.params(spec.commandLine());
        } catch (CommandLine.ParameterException e) {
            throw new UsageError(e.getMessage());
        }
        List<SweepAxis> axes = new ArrayList<>();
        for (String v : vary) {
            SweepAxis a;
            try {
                a = SweepAxis.parse(v);
            } catch (SweepAxis.BadAxisException e) {
                throw new UsageError(e.getMessage());
            }
            for (SweepAxis b : axes) {
                if (b.key().equals(a.key())) {
                    throw new UsageError("--vary " + a.key() + " is given twice (list every value in one --vary)");
                }
            }
            axes.add(a);
        }
        SweepMetrics.Metric m = SweepMetrics.find(metric);
        if (m == null) {
            throw new UsageError("--metric " + metric + ": not a metric of the sweep (one of " + SweepMetrics.names()
                    + ")");
        }
        int n = jobs == null ? Runtime.getRuntime().availableProcessors() : jobs;
        if (n < 1 || n > 256) {
            throw new UsageError("--jobs " + n + ": expected 1..256");
        }
        byte[] text;
        try {
            text = Files.readAllBytes(trace);
        } catch (NoSuchFileException e) {
            throw new Sweep.SweepException(2, trace + ":0: " + Rule.UNREADABLE_FILE.name() + ": cannot open the file: "
                    + "no such file");
        } catch (IOException e) {
            throw new Sweep.SweepException(2, trace + ":0: " + Rule.UNREADABLE_FILE.name()
                    + ": cannot read the file: " + e.getMessage());
        }

        Sweep sweep = new Sweep(trace.toString(), text, base, baseParams, axes, traceOptions.debugLayer(), n, this.out);
        List<Sweep.Combination> combos = sweep.plan();
        List<String> warnings = sweep.check(combos);
        if (!quiet) {
            warnings.forEach(err::println);
        }
        if (slurm != null) {
            return SlurmSweep.submit(sweep, text, combos, m, slurm, SweepPlan.command(Main.class), slurmOptions.waitForJobs,
                    quiet, out, err);
        }
        Path png = this.out.resolve(SweepPlot.fileName(m.name()));
        Sweep.Table table;
        boolean plotted;
        try (Closeable lock = sweep.claimOutput()) {
            SlurmSweep.refuseIfSubmitted(this.out);
            SweepProgress progress = !quiet && ProgressLine.stderrIsTerminal() ? new SweepProgress(err) : null;
            try {
                table = sweep.run(combos, progress != null ? progress : (done, total, resumed) -> { });
            } finally {
                if (progress != null) {
                    progress.finish();
                }
            }
            plotted = sweep.writeResults(table, m);
        } catch (IOException e) {
            throw new Sweep.SweepException(1, "cannot write the results: " + e.getMessage());
        }
        if (!quiet) {
            out.printf("sweep: %d configuration%s (%d run, %d resumed, %d job%s) in %.1f s%n", combos.size(),
                    combos.size() == 1 ? "" : "s", table.ran(), table.resumed(), n, n == 1 ? "" : "s",
                    (System.nanoTime() - t0) / 1e9);
            out.println("wrote " + this.out.resolve(SweepReport.CSV) + ", " + this.out.resolve(SweepReport.JSON_FILE)
                    + (plotted ? ", " + png : ""));
        }
        return plotted ? 0 : Sweep.noPlot(m);
    }
}
