package gpusim.cli;

import gpusim.calibration.CalibrationSet;
import gpusim.calibration.Calibrator;
import gpusim.calibration.Correlation;
import gpusim.calibration.CorrelationReport;
import gpusim.calibration.Correlator;
import gpusim.calibration.CrossValidation;
import gpusim.calibration.DeviceMeasurement;
import gpusim.calibration.FitProvenance;
import gpusim.config.Config;
import gpusim.config.ConfigKey;
import gpusim.config.ConfigKeys;
import gpusim.harness.AtomicFiles;
import gpusim.harness.OutputPaths;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gpusim calibrate}: fits timing parameters to a calibration set and writes them as a preset file. */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
        description = {"Fits the timing parameters named by --fit so that the model's times for the traces of DIR "
            + "come as close as they can to the measured ones in MEASURED (what 'gpusim correlate' compares): "
            + "CMA-ES over each key's allowed range on a log scale, integer values, minimising the mean "
            + "|log(predicted / measured)|. With --folds K it first fits K times, each time without one K-th of the "
            + "traces (every category split evenly), to report the error on traces a fit has not seen; then it fits "
            + "on every trace and writes the preset file --out, its provenance in comments (docs/calibration.md).",
            "Exit status: 0 on success, 2 for bad input (a key that is not a timing parameter, a set that does not "
                + "match its measurements, a fit that does not converge: nothing is written), 3 if the model "
                + "deadlocks."})
public final class CalibrateCommand implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    ClearOptions clearOptions = new ClearOptions();

    @CommandLine.Mixin
    CalibrationSetOptions calibrationSet = new CalibrationSetOptions();

    @Option(names = "--fit", split = ",", paramLabel = "KEY",
            description = "The timing parameters to fit (comma-separated): keys whose unit is cycles, cycles/... or "
                    + ".../cycle ('gpusim config' lists them).")
    List<String> fit;

    @Option(names = "--from", paramLabel = "PRESET", description = "The preset (name or file) to start from; the "
            + "fitted keys start at its values. Default: the defaults.")
    String from;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
            description = "Set a key after --from (repeatable); a key --fit names starts at this value.")
    List<String> sets = List.of();

    @Option(names = "--out", paramLabel = "FILE", description = "The preset file to write (needed unless "
            + "--measure-only).")
    Path out;

    @Option(names = "--description", paramLabel = "TEXT", description = "The preset's one-line description (its "
            + "first line). Default: what it was fitted to.")
    String description;

    @Option(names = "--folds", paramLabel = "K", defaultValue = "3", description = "Cross-validation folds for the "
            + "held-out error (0: none, fit error only; default ${DEFAULT-VALUE}).")
    int folds;

    @Option(names = "--max-evals", paramLabel = "N", defaultValue = "150", description = "The most configurations one "
            + "fit may run (each runs every trace it fits); a fit that has not converged by then fails (default "
            + "${DEFAULT-VALUE}).")
    int maxEvals;

    @Option(names = "--step", paramLabel = "S", defaultValue = "0.1", description = "CMA-ES's initial step, as a "
            + "share of each key's range on its log scale (0 < S <= 0.5; default ${DEFAULT-VALUE}, for a search from "
            + "the defaults). From a preset that is already a fit, a small step (0.01) refines it instead of "
            + "leaving it.")
    double step;

    @Option(names = "--exclude", paramLabel = "REGEX", description = "Fit without the traces whose name REGEX finds "
            + "(e.g. the costliest: --exclude '4096x4096|-k64'); they are run once at the end, with the fitted values, "
            + "as a held-out set.")
    java.util.regex.Pattern exclude;

    @Option(names = "--device", arity = "0..1", fallbackValue = "", paramLabel = "N|NAME",
            description = "Measure DIR on this machine's GPU first (through Vulkan, as 'gpusim replay'; the device as "
                    + "for replay's --device, default the first discrete GPU): each trace --runs times, t1 - t0 of its "
                    + "first dump, the median written to MEASURED (the format of data/replay/h200/transfer/calibration.jsonl, with the device, driver and "
                    + "clocks where nvidia-smi gives them: a trace whose graphics clock, read after its runs, is below "
                    + "the maximum is measured again, up to 3 times, and the attempt at the highest clock kept); then "
                    + "fit to those measurements.")
    String device;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "5",
            description = "With --device: runs a trace (default ${DEFAULT-VALUE}); the median is kept.")
    int runs;

    @Option(names = "--measure-only", description = "With --device: measure and write MEASURED, then stop.")
    boolean measureOnly;

    @Option(names = "--report", paramLabel = "DIR", description = "Also write the fitted preset's correlation over "
            + "the whole set (what 'gpusim correlate --out DIR' writes) to DIR.")
    Path report;

    /** Measures the set on the device into MEASURED; an exit status on failure, else null. */
    private Integer measure(CommandLine cmd, PrintWriter err) throws IOException {
        String badMeasured = OutputPaths.fileProblem(calibrationSet.measured);
        if (badMeasured != null) {
            return CorrelateCommand.fail(err, 2, "gpusim: cannot write MEASURED " + calibrationSet.measured + ": "
                    + badMeasured);
        }
        try {
            List<CalibrationSet.Case> cases = CalibrationSet.unmeasured(calibrationSet.dir);
            CountProgress progress = CountProgress.onTerminal(err, "measuring");
            String lines = DeviceMeasurement.measure(cases, device.isEmpty() ? null : device, clearOptions.clears, runs,
                    progress);
            if (progress != null) {
                progress.finish();
            }
            AtomicFiles.write(calibrationSet.measured, lines.getBytes(StandardCharsets.UTF_8));
            return null;
        } catch (CalibrationSet.BadSetException e) {
            return CorrelateCommand.fail(err, 2, e.getMessage());
        } catch (gpusim.replay.ReplayException e) {
            return CorrelateCommand.fail(err, e.kind().exitStatus(), "gpusim calibrate --device: " + e.getMessage());
        } catch (gpusim.tracefile.TraceException e) {
            return CorrelateCommand.fail(err, 2, e.getMessage());
        }
    }

    @Override
    public Integer call() throws IOException {
        CommandLine cmd = spec.commandLine();
        PrintWriter err = cmd.getErr();
        PrintWriter stdout = cmd.getOut();
        if (!measureOnly && (fit == null || out == null)) {
            throw new CommandLine.ParameterException(cmd, "calibrate needs --fit KEY[,KEY...] and --out FILE (or "
                    + "--device --measure-only to only measure)");
        }
        Config base = Configs.build(cmd, from, sets);
        List<ConfigKey> keys = measureOnly ? List.of() : keys(cmd, fit);
        if (folds < 0 || folds == 1 || folds > 20) {
            throw new CommandLine.ParameterException(cmd, "--folds " + folds + ": expected 0 (none) or 2..20");
        }
        if (maxEvals < 1 || maxEvals > 100_000) {
            throw new CommandLine.ParameterException(cmd, "--max-evals " + maxEvals + ": expected 1..100000");
        }
        if (!(step > 0 && step <= 0.5)) {
            throw new CommandLine.ParameterException(cmd, "--step " + step + ": expected more than 0, at most 0.5");
        }
        int n = calibrationSet.threads(cmd);
        String badOut = out == null ? null : OutputPaths.fileProblem(out);
        if (badOut != null) {
            return CorrelateCommand.fail(err, 2, "gpusim: cannot write --out " + out + ": " + badOut);
        }
        if (report != null && OutputPaths.dirProblem(report) != null) {
            return CorrelateCommand.fail(err, 2, "gpusim: cannot write --report " + report + ": "
                    + OutputPaths.dirProblem(report));
        }
        if (device != null) {
            if (runs < 1 || runs > 100) {
                throw new CommandLine.ParameterException(cmd, "--runs " + runs + ": expected 1..100");
            }
            Integer measured = measure(cmd, err);
            if (measured != null) {
                return measured;
            }
            if (measureOnly) {
                stdout.println("measured " + calibrationSet.dir + " into " + calibrationSet.measured);
                stdout.flush();
                return 0;
            }
        } else if (measureOnly) {
            throw new CommandLine.ParameterException(cmd, "--measure-only needs --device");
        }
        CalibrationSet whole;
        try {
            whole = CalibrationSet.load(calibrationSet.dir, calibrationSet.measured);
        } catch (CalibrationSet.BadSetException e) {
            return CorrelateCommand.fail(err, 2, e.getMessage());
        }
        CalibrationSet set = new CalibrationSet(whole.dir(), whole.measuredFile(),
                whole.subset(i -> !excluded(whole.cases().get(i))));
        List<CalibrationSet.Case> leftOut = whole.subset(i -> excluded(whole.cases().get(i)));
        if (set.cases().isEmpty()) {
            return CorrelateCommand.fail(err, 2, "--exclude " + exclude + " leaves no trace of " + whole.dir()
                    + " to fit");
        }
        if (folds > 0 && folds > set.cases().size()) {
            return CorrelateCommand.fail(err, 2, "--folds " + folds + ": more folds than the " + set.cases().size()
                    + " traces of " + calibrationSet.dir);
        }
        long t0 = System.nanoTime();
        try (Correlator correlator = new Correlator(n)) {
            CountProgress progress = CountProgress.onTerminal(err, "calibrating");
            Correlation start = Correlation.of(correlator.predict(set.cases(), base, progress));
            note(err, progress, "before the fit: " + CorrelationReport.summaryLine(start.all()));
            // Held-out predictions: each trace predicted by the fit made without its fold.
            List<Correlator.Prediction> heldOut = CrossValidation.heldOut(correlator, set, base, keys, maxEvals, step,
                    folds, new CrossValidation.Listener() {
                        @Override
                        public Calibrator.Listener fitting(int f, int k) {
                            return listener(progress, "fold " + (f + 1) + " of " + k);
                        }

                        @Override
                        public void fitted(int f, int k, Calibrator.Fit fit, List<CalibrationSet.Case> train,
                                           List<CalibrationSet.Case> test, double heldOutError) {
                            note(err, progress, String.format("fold %d of %d: fit error %.4f on %d traces, %.4f on "
                                    + "the %d held out (%d evaluations)", f + 1, k, fit.error(), train.size(),
                                    heldOutError, test.size(), fit.evaluations()));
                        }
                    });
            Calibrator.Fit fitted = new Calibrator(correlator, base, keys, maxEvals, step,
                    listener(progress, "all traces")).fit(set.cases());
            Config result = fitted.apply(base);
            Correlation end = Correlation.of(correlator.predict(set.cases(), result, null));
            Correlation excludedHeld = null;
            Correlation all = end;
            if (!leftOut.isEmpty()) {
                List<Correlator.Prediction> l = correlator.predict(leftOut, result, progress);
                excludedHeld = Correlation.of(l);
                List<Correlator.Prediction> both = new ArrayList<>(end.predictions());
                both.addAll(l);
                all = Correlation.of(sortByName(both));
            }
            if (progress != null) {
                progress.finish();
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            Correlation held = heldOut.isEmpty() ? null : Correlation.of(sortByName(heldOut));
            String text = new FitProvenance(description, whole, set, exclude == null ? null : exclude.toString(), from,
                    sets, step, maxEvals, folds, keys, base, fitted, result, start, end, held, excludedHeld, all, seconds,
                    n).text(out.toString());
            AtomicFiles.write(out, text.getBytes(StandardCharsets.UTF_8));
            if (report != null) {
                CorrelationReport.write(report, all, whole.dir() + " against " + whole.measuredFile().getFileName()
                        + ", preset " + out);
            }
            stdout.println("start:    " + CorrelationReport.summaryLine(start.all()));
            stdout.println("fitted:   " + CorrelationReport.summaryLine(end.all()));
            if (held != null) {
                stdout.println("held out: " + CorrelationReport.summaryLine(held.all()));
            }
            if (excludedHeld != null) {
                stdout.println("excluded: " + CorrelationReport.summaryLine(excludedHeld.all()));
                stdout.println("whole:    " + CorrelationReport.summaryLine(all.all()));
            }
            for (Map.Entry<ConfigKey, Long> e : fitted.values().entrySet()) {
                stdout.println(e.getKey().name() + " = " + e.getKey().format(e.getValue()));
            }
            stdout.printf("wrote %s (%.0f s, %d threads)%n", out, seconds, n);
            stdout.flush();
            return 0;
        } catch (Correlator.RunFailed e) {
            return CorrelateCommand.fail(err, e.status, e.getMessage());
        } catch (Calibrator.FitFailed e) {
            return CorrelateCommand.fail(err, e.status, "gpusim: " + e.getMessage() + "; no preset written");
        }
    }

    private static List<Correlator.Prediction> sortByName(List<Correlator.Prediction> l) {
        List<Correlator.Prediction> s = new ArrayList<>(l);
        s.sort(java.util.Comparator.comparing(p -> p.trace().name()));
        return s;
    }

    private static void note(PrintWriter err, CountProgress progress, String line) {
        if (progress != null) {
            progress.finish();
        }
        err.println(line);
        err.flush();
    }

    /** Progress: in place on a terminal, else a line an evaluation (a log of the fit). */
    private Calibrator.Listener listener(CountProgress progress, String what) {
        PrintWriter err = spec.commandLine().getErr();
        long start = System.nanoTime();
        return new Calibrator.Listener() {
            @Override
            public void evaluated(int evaluations, double error, double best) {
                if (progress != null) {
                    progress.prefix(String.format("%s, evaluation %d, best %.4f; ", what, evaluations + 1, best));
                } else {
                    err.printf("%s: evaluation %d: error %.4f, best %.4f (%.0f s)%n", what, evaluations, error, best,
                            (System.nanoTime() - start) / 1e9);
                    err.flush();
                }
            }

            @Override
            public Correlator.Listener traces() {
                return progress;
            }
        };
    }

    /** The fitted keys: each declared, a timing parameter and named once. */
    static List<ConfigKey> keys(CommandLine cmd, List<String> names) {
        List<ConfigKey> keys = new ArrayList<>();
        for (String name : names) {
            ConfigKey k = ConfigKeys.find(name.strip());
            if (k == null) {
                throw new CommandLine.ParameterException(cmd, "--fit " + name + ": unknown configuration key "
                        + "('gpusim config' lists them)");
            }
            if (!k.timing()) {
                throw new CommandLine.ParameterException(cmd, "--fit " + name + ": not a timing parameter (its unit is "
                        + k.unit() + "; a fit changes only keys in cycles, cycles/... or .../cycle, not the machine's "
                        + "shape, its clocks or the simulator's controls)");
            }
            if (keys.contains(k)) {
                throw new CommandLine.ParameterException(cmd, "--fit " + name + ": named twice");
            }
            keys.add(k);
        }
        return keys;
    }


    private boolean excluded(CalibrationSet.Case c) {
        return exclude != null && exclude.matcher(c.name()).find();
    }
}
