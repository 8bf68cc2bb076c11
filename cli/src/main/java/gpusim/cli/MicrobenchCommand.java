package gpusim.cli;

import gpusim.calibration.CalibrationSet;
import gpusim.config.Config;
import gpusim.harness.JvmHeap;
import gpusim.harness.OutputPaths;
import gpusim.tracefile.TraceException;
import gpusim.tracefile.TraceReader;
import gpusim.tracefile.gen.CalibrationSetGenerator;
import gpusim.tracefile.gen.PerDrawTimestamps;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code gpusim microbench}: writes a timing calibration set to measure on a GPU of one's own. */
@Command(name = "microbench", mixinStandardHelpOptions = true,
        description = {"Writes a timing calibration set to DIR in the layout of data/calibration: traces/NAME.trace "
            + "(each times one thing: warm-up work, TIMESTAMP 0, the measured work, TIMESTAMP 1; dump 0 holds "
            + "[t0, t1]), manifest.tsv (name, category, parameters, lavapipe_ok) and README.md; with --stress, "
            + "stress/NAME-ts.trace, each stress trace with a TIMESTAMP before the first draw and after every draw. "
            + "Run the traces on a GPU, record t1 - t0 of each, and compare (gpusim correlate) or fit (gpusim "
            + "calibrate).",
            "The set is written to DIR.tmp and renamed to DIR when complete, so DIR never holds part of a set.",
            "Exit status: 0 on success, 2 for bad input (DIR not empty without --force, an unknown --set, a stress "
                + "trace that cannot be read, breaks a trace rule or has no per-draw form), 1 if writing fails."})
public final class MicrobenchCommand implements Callable<Integer> {
    /** The most stress traces one set takes, and the largest read (bounds before reading). */
    static final int MAX_STRESS = 16;
    static final long MAX_STRESS_BYTES = CalibrationSet.MAX_TRACE_BYTES;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "The directory to write; it must "
            + "not exist or be empty, unless --force.")
    Path out;

    @Option(names = "--set", paramLabel = "SET", defaultValue = "calibration", description = "calibration (default): "
            + "the 106 traces of data/calibration, the set the h200 preset was fitted on, byte for byte; held-out: 85 "
            + "traces of the same kinds with other sizes, sample counts, layer numbers and counts, none of them in "
            + "the calibration set, for judging a fit; mechanisms: sweeps that each vary one mechanism (resolve, "
            + "ZCULL coverage, rejected layers, depth fill, per-query cost) across its range, with the sweep in "
            + "manifest.tsv.")
    String set;

    @Option(names = "--stress", paramLabel = "TRACE", arity = "1..*", description = "Stress traces (the layout of "
            + "../shared/bench/stress-2k.trace: all draws in one command list) to write in their per-draw timestamp "
            + "form as stress/NAME-ts.trace (heap tsq, resolved into buffer tsb, the dump after the trace's first).")
    List<Path> stress = new ArrayList<>();

    @Option(names = "--force", description = "Replace DIR (and a DIR.tmp left by an interrupted run) if not empty.")
    boolean force;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        CalibrationSetGenerator.Kind kind = null;
        for (CalibrationSetGenerator.Kind k : CalibrationSetGenerator.Kind.values()) {
            if (k.label().equals(set)) {
                kind = k;
            }
        }
        if (kind == null) {
            return CorrelateCommand.fail(err, 2, "gpusim microbench: --set " + set
                    + ": not calibration, held-out or mechanisms");
        }
        Path tmp = out.toAbsolutePath().resolveSibling(out.toAbsolutePath().getFileName() + ".tmp");
        String problem = outputProblem(out);
        if (problem == null && Files.exists(tmp) && !force) {
            problem = tmp + " exists (left by an interrupted run?); --force replaces it";
        }
        if (problem == null) {
            problem = OutputPaths.dirProblem(out);
        }
        if (problem != null) {
            return CorrelateCommand.fail(err, 2, "gpusim microbench: cannot write --out " + out + ": " + problem);
        }
        if (stress.size() > MAX_STRESS) {
            return CorrelateCommand.fail(err, 2, "gpusim microbench: more than " + MAX_STRESS + " --stress traces");
        }
        SortedMap<String, String> files;
        try {
            files = CalibrationSetGenerator.files(kind, readStress());
        } catch (BadStress e) {
            return CorrelateCommand.fail(err, 2, e.getMessage());
        } catch (TraceException e) {
            return CorrelateCommand.fail(err, 2, e.getMessage());
        } catch (PerDrawTimestamps.NotApplicable e) {
            return CorrelateCommand.fail(err, 2, "gpusim microbench: --stress " + e.getMessage());
        }
        try {
            write(files, tmp);
        } catch (IOException e) {
            return CorrelateCommand.fail(err, 1, "gpusim microbench: cannot write " + out + ": " + e.getMessage());
        }
        long traces = files.keySet().stream().filter(f -> f.startsWith("traces/")).count();
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.println("wrote " + traces + " traces (" + kind.label() + " set), manifest.tsv and README.md"
                + (stress.isEmpty() ? "" : " and " + stress.size() + " per-draw stress trace(s)") + " to " + out);
        stdout.flush();
        return 0;
    }

    /** Null if {@code dir} may be written: it does not exist, or is an empty directory, or --force. */
    private String outputProblem(Path dir) {
        if (!Files.exists(dir)) {
            return null;
        }
        if (!Files.isDirectory(dir)) {
            return "it exists and is not a directory";
        }
        if (force) {
            return null;
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isPresent() ? "it is not empty (--force replaces it)" : null;
        } catch (IOException e) {
            return "it cannot be listed (" + e.getMessage() + ")";
        }
    }

    /** A stress trace that cannot be used: one line. */
    private static final class BadStress extends Exception {
        private static final long serialVersionUID = 1L;

        BadStress(String message) {
            super(message, null, false, false);
        }
    }

    /** The stress traces by name (file name without .trace), each read, bounded and parsed. */
    private Map<String, String> readStress() throws BadStress {
        Map<String, String> texts = new LinkedHashMap<>();
        for (Path p : stress) {
            String file = p.getFileName() == null ? p.toString() : p.getFileName().toString();
            String name = file.endsWith(".trace") ? file.substring(0, file.length() - ".trace".length()) : file;
            String text;
            try {
                long size = Files.size(p);
                if (size > MAX_STRESS_BYTES) {
                    throw new BadStress("gpusim microbench: --stress " + p + ": " + size + " bytes; at most "
                            + MAX_STRESS_BYTES);
                }
                text = Files.readString(p, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new BadStress("gpusim microbench: --stress " + p + ": cannot be read (" + e.getMessage() + ")");
            }
            // A trace error is reported as a run reports it (FILE:LINE: RULE: explanation).
            TraceReader.parse(p.toString(), text, JvmHeap.budget(Config.defaults(), 1));
            if (texts.put(name, text) != null) {
                throw new BadStress("gpusim microbench: --stress " + p + ": a second stress trace named " + name);
            }
        }
        return texts;
    }

    /** Writes every file under {@code tmp}, then puts {@code tmp} in the place of {@link #out}. */
    private void write(SortedMap<String, String> files, Path tmp) throws IOException {
        deleteTree(tmp);
        try {
            for (Map.Entry<String, String> f : files.entrySet()) {
                Path p = tmp.resolve(f.getKey());
                Files.createDirectories(p.getParent());
                Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
            }
            Path target = out.toAbsolutePath();
            deleteTree(target);
            Files.createDirectories(target.getParent());
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target);
            }
        } catch (IOException e) {
            deleteTree(tmp);
            throw e;
        }
    }

    /** Deletes a file or directory tree (links themselves, never what they point to). */
    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : (Iterable<Path>) s.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }
}
