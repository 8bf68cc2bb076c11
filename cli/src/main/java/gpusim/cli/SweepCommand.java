package gpusim.cli;

import gpusim.config.Config;
import gpusim.traces.Rule;
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
            "Exit status: 0 on success, 2 for a usage or trace error (nothing is run), 3 if the model deadlocks on "
                + "a configuration, 1 for other failures (finished rows are kept)."},
        footer = {"", "Example:",
            "  gpusim sweep study.trace --vary param.STRIDE=64,128,256 \\",
            "      --vary db.count=2,4,8 --vary memory.interleave=256,1024 --out study/"})
public final class SweepCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "TRACE", description = "The trace file (format: docs/trace-format.md).")
    Path trace;

    @Option(names = "--vary", required = true, paramLabel = "KEY=V1,V2,...",
            description = "Values of a configuration key ('gpusim config' lists them) or of a trace parameter "
                    + "(param.NAME); repeatable. At most " + Sweep.MAX_COMBINATIONS + " combinations.")
    List<String> vary = new ArrayList<>();

    @Option(names = "--out", required = true, paramLabel = "DIR",
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
        Path png = this.out.resolve(SweepPlot.fileName(m.name()));
        Sweep.Table table;
        boolean plotted;
        try (Closeable lock = sweep.claimOutput()) {
            SweepProgress progress = !quiet && ProgressLine.stderrIsTerminal() ? new SweepProgress(err) : null;
            try {
                table = sweep.run(combos, progress != null ? progress : (done, total, resumed) -> { });
            } finally {
                if (progress != null) {
                    progress.finish();
                }
            }
            SweepReport.write(this.out, table);
            plotted = SweepPlot.write(png, table, m);
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
        if (!plotted) {
            throw new Sweep.SweepException(1, "no plot: no configuration has a value for " + m.name()
                    + " (the model does not produce that statistic); the tables are written");
        }
        return 0;
    }
}
