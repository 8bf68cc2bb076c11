package gpusim.cli;

import gpusim.config.Config;
import gpusim.config.SimKeys;
import gpusim.gpu.Gpu;
import gpusim.gpu.RunResult;
import gpusim.harness.CsvReport;
import gpusim.harness.Images;
import gpusim.harness.JsonReport;
import gpusim.harness.JvmHeap;
import gpusim.harness.OutputPaths;
import gpusim.harness.ProgressLine;
import gpusim.harness.Simulation;
import gpusim.harness.Summary;
import gpusim.harness.Timeline;
import gpusim.sim.DeadlockException;
import gpusim.sim.WorkLimitException;
import gpusim.trace.Trace;
import gpusim.tracefile.TraceException;
import gpusim.tracefile.TraceWarning;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code gpusim run}: runs a trace on the modelled GPU and reports results, cycles and statistics. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs a command trace on the modelled GPU.",
            "Prints a summary (cycles, decoded queries, per-stage utilisation); --json writes the full report "
                + "(dumps, queries, per-draw cycles, statistics tree with units).",
            "Without TRACE, runs the bundled example (the D3D12PredicationQueries scene, 300 frames).",
            "Exit status: 0 on success, 2 for a trace that breaks a rule (FILE:LINE: RULE: explanation), "
                + "3 if the model deadlocks, 1 for other failures."})
public final class RunCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "TRACE",
            description = "The trace file (format: docs/trace-format.md). Default: the bundled example.")
    Path trace;

    @Option(names = "--json", paramLabel = "FILE", description = "Write the JSON report to FILE.")
    Path json;

    @Option(names = "--csv", paramLabel = "DIR",
            description = "Write CSV tables to DIR: draws.csv, queries.csv, stages.csv, stats.csv, histograms.csv.")
    Path csv;

    @Option(names = "--images", paramLabel = "DIR",
            description = "Write PNG pictures to DIR: each render target, each depth buffer, its overdraw heat map, "
                    + "the DB tile ownership.")
    Path images;

    @Option(names = "--timeline", paramLabel = "FILE",
            description = "Write a Chrome/Perfetto trace-event timeline to FILE: busy and stalled spans per component, "
                    + "query events, queue occupancy (1 us on the timeline = 1 cycle).")
    Path timeline;

    @CommandLine.Mixin
    MachineOptions machine = new MachineOptions();

    @Option(names = "--mode", paramLabel = "MODE",
            description = "timing (default): model every cycle; functional: results only (the same dumps and query "
                    + "results, faster), reporting 0 cycles. Sets sim.mode, after --preset and --set.")
    String mode;

    @CommandLine.Mixin
    TraceOptions traceOptions = new TraceOptions();

    @Option(names = {"-q", "--quiet"}, description = "Print nothing but errors.")
    boolean quiet;

    @Option(names = "--timing", description = "Print the host wall time of each phase (parse, validate, simulate, "
            + "report) to stderr.")
    boolean timing;

    /** Why one of the requested outputs cannot be written, or null: checked before anything runs. */
    private String outputProblem() {
        Object[][] outputs = {{"--json", json, false}, {"--timeline", timeline, false}, {"--csv", csv, true},
            {"--images", images, true}};
        for (Object[] o : outputs) {
            if (o[1] instanceof Path p) {
                String why = (Boolean) o[2] ? OutputPaths.dirProblem(p) : OutputPaths.fileProblem(p);
                if (why != null) {
                    return "cannot write " + o[0] + " " + p + ": " + why;
                }
            }
        }
        return null;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Config config = machine.config(spec.commandLine());
        if (mode != null) {
            try {
                config = config.with("sim.mode=" + mode);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--mode " + mode
                        + ": expected timing or functional");
            }
        }
        if (timeline != null && config.choice(SimKeys.SIM_MODE) == SimKeys.Mode.FUNCTIONAL) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--timeline shows modelled time: it needs --mode timing");
        }
        String badOutput = outputProblem();
        if (badOutput != null) {
            err.println("gpusim: " + badOutput);
            err.flush();
            return 2;
        }
        Map<String, String> paramValues = traceOptions.params(spec.commandLine());
        Trace t;
        String name;
        long t0 = System.nanoTime();
        long tParsed;
        try {
            name = trace == null ? Simulation.BUNDLED : trace.toString();
            t = Simulation.read(trace, paramValues, config);
            tParsed = System.nanoTime();
            List<TraceWarning> warnings = Simulation.validate(t, config, traceOptions.debugLayer());
            if (!quiet) {
                for (TraceWarning w : warnings) {
                    err.println(Simulation.format(w));
                }
            }
        } catch (TraceException e) {
            err.println(e.getMessage());
            err.flush();
            return 2;
        }
        long tValidated = System.nanoTime();
        RunResult result;
        try {
            ProgressLine progress = !quiet && ProgressLine.stderrIsTerminal() ? new ProgressLine(err) : null;
            Gpu gpu = new Gpu(t, config);
            if (images != null) {
                gpu.recordOverdraw();
            }
            Timeline tl = null;
            if (timeline != null) {
                try {
                    tl = new Timeline(timeline, gpu.components());
                } catch (IOException e) {
                    err.println("gpusim: cannot write " + timeline + ": " + e.getMessage());
                    err.flush();
                    return 1;
                }
                gpu.setHook(tl);
            }
            try {
                result = gpu.run(progress);
            } finally {
                if (tl != null) {
                    tl.close();
                }
            }
            if (progress != null) {
                progress.finish();
            }
        } catch (DeadlockException e) {
            err.println("gpusim: " + e.getMessage());
            err.flush();
            return 3;
        } catch (WorkLimitException e) {
            err.println(Simulation.workLimit(name, e).getMessage());
            err.flush();
            return 2;
        } catch (OutOfMemoryError e) {
            err.println(JvmHeap.outOfMemory(config));
            err.flush();
            return 1;
        } catch (java.io.UncheckedIOException e) {
            err.println("gpusim: cannot write " + timeline + ": " + e.getCause().getMessage());
            err.flush();
            return 1;
        }
        long tSimulated = System.nanoTime();
        try {
            if (json != null) {
                JsonReport.write(json, name, config, result);
            }
            if (csv != null) {
                CsvReport.write(csv, result);
            }
            if (images != null) {
                Images.write(images, result);
            }
        } catch (IOException e) {
            err.println("gpusim: cannot write the report: " + e);
            err.flush();
            return 1;
        }
        if (!quiet) {
            Summary.print(out, name, result);
        }
        out.flush();
        if (timing) {
            long tDone = System.nanoTime();
            err.printf("timing: parse %.0f ms, validate %.0f ms, simulate %.0f ms, report %.0f ms%n",
                    (tParsed - t0) / 1e6, (tValidated - tParsed) / 1e6, (tSimulated - tValidated) / 1e6,
                    (tDone - tSimulated) / 1e6);
            err.flush();
        }
        return 0;
    }
}
