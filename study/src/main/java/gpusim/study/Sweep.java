package gpusim.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import gpusim.config.Config;
import gpusim.config.SimKeys;
import gpusim.gpu.RunResult;
import gpusim.harness.AtomicFiles;
import gpusim.harness.CodeFingerprint;
import gpusim.harness.JvmHeap;
import gpusim.harness.Simulation;
import gpusim.memory.MemorySystem;
import gpusim.sim.DeadlockException;
import gpusim.trace.Trace;
import gpusim.tracefile.TraceException;
import gpusim.tracefile.TraceReader;
import gpusim.tracefile.TraceWarning;
import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs a sweep: every combination of the varied values (the cartesian product in
 * {@code --vary} order, the last key changing fastest), each configuration a separate
 * simulation with {@code sim.threads=1}, {@code jobs} of them at once. Results do not
 * depend on the number of jobs or on the order runs finish: each run is independent and
 * rows are put in combination order at the end.
 *
 * <p>The output directory belongs to one study: {@code DIR/sweep.json} records the trace
 * (its SHA-256), the base configuration and the base parameter values, and a later sweep
 * into the same directory with a different trace or base is refused. Each finished row is
 * kept in {@code DIR/rows/ID.json} (ID: a hash of everything that determines the run), so a
 * sweep run again after an interruption, or with more values, runs only what is missing.
 */
public final class Sweep {
    /** The most combinations one sweep may have (a bound, so a typo cannot queue years of runs). */
    public static final int MAX_COMBINATIONS = 10_000;
    static final String MANIFEST = "sweep.json";
    static final String ROWS = "rows";
    static final String LOCK = ".lock";
    /** The order of the combinations, as the reports describe it. */
    public static final String ORDER = "cartesian product of the --vary values in the order given; the first --vary key "
            + "changes slowest, the last fastest";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Why a sweep cannot start or did not finish: an exit status and a one-line message. */
    public static final class SweepException extends Exception {
        private static final long serialVersionUID = 1L;
        /** The exit status it calls for. */
        public final int status;

        /** A sweep that failed: the exit status and why. */
        public SweepException(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    /** One configuration of the sweep: its varied values (one per axis), full configuration and parameters. */
    public record Combination(int index, List<String> values, Config config, Map<String, String> params, String id) {
        /** {@code key=value, ...} for messages and plot legends. */
        public String describe(List<SweepAxis> axes) {
            StringBuilder sb = new StringBuilder();
            for (int a = 0; a < axes.size(); a++) {
                if (a > 0) {
                    sb.append(", ");
                }
                sb.append(axes.get(a).key()).append('=').append(values.get(a));
            }
            return sb.toString();
        }
    }

    /** What a sweep produced: a row for every combination, in combination order. */
    public record Table(String trace, String traceHash, Config base, Map<String, String> baseParams, List<SweepAxis> axes,
                        List<SweepMetrics.Metric> columns, List<Combination> combinations, List<SweepRow> rows,
                        int resumed, int ran) {
    }

    /** Told of progress, on the thread that called {@link #run}. */
    public interface Listener {
        void update(int done, int total, int resumed);
    }

    private final String traceName;
    private final String traceText;
    private final String traceHash;
    private final Config base;
    private final Map<String, String> baseParams;
    private final List<SweepAxis> axes;
    private final boolean debugLayer;
    private final int jobs;
    private final Path out;
    /**
     * Parsed traces by their parse key (trace parameters and memory budget), shared by the
     * combinations that differ only in machine keys: a parsed Trace is never changed by a run
     * (the Correlator shares them the same way). At most PARSED_KEPT are kept, the most
     * recently used, so a sweep over many parameter values does not hold every parse.
     */
    private final Map<String, Trace> parsed = new java.util.LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Trace> eldest) {
            return size() > PARSED_KEPT;
        }
    };
    private static final int PARSED_KEPT = 4;

    /**
     * @param traceBytes the trace file's contents (hashed as they are, parsed as UTF-8)
     * @param base       the configuration every combination starts from (sim.threads is set to 1 here)
     * @param baseParams trace parameter values every combination starts from
     */
    public Sweep(String traceName, byte[] traceBytes, Config base, Map<String, String> baseParams, List<SweepAxis> axes,
                 boolean debugLayer, int jobs, Path out) {
        this.traceName = traceName;
        this.traceText = new String(traceBytes, StandardCharsets.UTF_8);
        this.traceHash = sha256(traceBytes);
        this.base = base.with(SimKeys.SIM_THREADS, 1);
        this.baseParams = Map.copyOf(baseParams);
        this.axes = List.copyOf(axes);
        this.debugLayer = debugLayer;
        this.jobs = jobs;
        this.out = out;
    }

    /** The trace's name, as the reports give it. */
    public String traceName() {
        return traceName;
    }

    /** The SHA-256 of the trace's bytes (hexadecimal). */
    public String traceHash() {
        return traceHash;
    }

    /** The base configuration, sim.threads=1 applied. */
    public Config base() {
        return base;
    }

    /** The trace parameter values every combination starts from. */
    public Map<String, String> baseParams() {
        return baseParams;
    }

    /** The varied keys, first slowest. */
    public List<SweepAxis> axes() {
        return axes;
    }

    /** Whether the debug layer's rules are checked. */
    public boolean debugLayer() {
        return debugLayer;
    }

    /** The output directory. */
    public Path out() {
        return out;
    }

    // ------------------------------------------------------------------ plan

    /** Every combination, in sweep order. */
    public List<Combination> plan() throws SweepException {
        long total = 1;
        for (SweepAxis a : axes) {
            total *= a.values().size();
            if (total > MAX_COMBINATIONS) {
                throw new SweepException(2, "more than " + MAX_COMBINATIONS + " combinations ("
                        + describeSizes() + "); split the sweep");
            }
        }
        List<Combination> l = new ArrayList<>((int) total);
        for (int i = 0; i < total; i++) {
            // Odometer order: the last axis is the fastest digit.
            String[] values = new String[axes.size()];
            int rest = i;
            for (int a = axes.size() - 1; a >= 0; a--) {
                List<String> v = axes.get(a).values();
                values[a] = v.get(rest % v.size());
                rest /= v.size();
            }
            Config c = base;
            Map<String, String> p = new TreeMap<>(baseParams);
            for (int a = 0; a < axes.size(); a++) {
                SweepAxis axis = axes.get(a);
                if (axis.configKey() != null) {
                    c = c.with(axis.configKey(), axis.configKey().parse(values[a]));
                } else {
                    p.put(axis.paramName(), values[a]);
                }
            }
            l.add(new Combination(i, List.of(values), c, p, rowId(c, p)));
        }
        return l;
    }

    private String describeSizes() {
        StringBuilder sb = new StringBuilder();
        for (SweepAxis a : axes) {
            if (sb.length() > 0) {
                sb.append(" x ");
            }
            sb.append(a.values().size()).append(' ').append(a.key());
        }
        return sb.toString();
    }

    /**
     * Identifies a run by everything that determines it: the trace, every configuration value, every
     * parameter. The keys are taken by name, so where the catalogue lists a key (its group's
     * position) does not change a row's id.
     */
    private String rowId(Config c, Map<String, String> params) {
        StringBuilder sb = new StringBuilder(traceHash).append('\n');
        new java.util.TreeMap<>(c.asMap()).forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
        params.forEach((k, v) -> sb.append("param.").append(k).append('=').append(v).append('\n'));
        return sha256(sb.toString().getBytes(StandardCharsets.UTF_8)).substring(0, 24);
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    // ------------------------------------------------------------------ checks before running

    /**
     * Reads and validates the trace for every combination before anything runs, so a bad
     * value is reported at once rather than after hours: parsed once per distinct set of
     * parameter values (and memory budget), validated once per machine it depends on
     * ({@link gpusim.tracefile.TraceValidator.Machine}: DB count, features, work bound, back end).
     *
     * @return the distinct warnings, in combination order
     */
    public List<String> check(List<Combination> combos) throws SweepException {
        Map<String, List<Combination>> byParse = new LinkedHashMap<>();
        Set<String> seen = new LinkedHashSet<>();
        for (Combination c : combos) {
            String parseKey = c.params() + "|" + c.config().get(TraceReader.MEMORY_BUDGET);
            // Validation depends on the machine alone (DB count, features, work bound, back end).
            if (seen.add(parseKey + "|" + gpusim.tracefile.TraceValidator.Machine.of(c.config()))) {
                byParse.computeIfAbsent(parseKey, k -> new ArrayList<>()).add(c);
            }
        }
        Set<String> warnings = new LinkedHashSet<>();
        for (List<Combination> group : byParse.values()) {
            Combination first = group.get(0);
            Trace t;
            try {
                t = Simulation.parse(traceName, traceText, first.params(), first.config(), jobs);
            } catch (TraceException e) {
                throw traceError(e, first);
            }
            for (Combination c : group) {
                try {
                    for (TraceWarning w : Simulation.validate(t, c.config(), debugLayer)) {
                        warnings.add(Simulation.format(w));
                    }
                } catch (TraceException e) {
                    throw traceError(e, c);
                }
            }
        }
        return new ArrayList<>(warnings);
    }

    private SweepException traceError(TraceException e, Combination c) {
        return new SweepException(2, e.getMessage() + (axes.isEmpty() ? "" : " (configuration " + c.describe(axes)
                + ")"));
    }

    /**
     * The output directory must be new, empty, or a sweep of the same trace and base made
     * by the same gpusim classes: rows of another study, or of another model, must not be
     * mixed into this one's results. The returned lock
     * ({@code DIR/.lock}, held until closed) keeps a second sweep from writing into the
     * same directory at the same time.
     */
    public Closeable claimOutput() throws SweepException {
        ObjectNode manifest = JSON.createObjectNode();
        manifest.put("format", 1);
        manifest.put("trace", traceName);
        manifest.put("trace_sha256", traceHash);
        // Stored rows are only as good as the code that made them: a rebuilt model must not
        // mix its rows with an older one's.
        manifest.put("code_sha256", codeFingerprint());
        ObjectNode bc = manifest.putObject("base_config");
        base.asMap().forEach(bc::put);
        ObjectNode bp = manifest.putObject("base_params");
        new TreeMap<>(baseParams).forEach(bp::put);
        Path file = out.resolve(MANIFEST);
        FileChannel lock = null;
        boolean claimed = false;
        try {
            if (Files.exists(out) && !Files.isDirectory(out)) {
                throw new SweepException(2, "--out " + out + " is not a directory");
            }
            Files.createDirectories(out);
            lock = FileChannel.open(out.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock held;
            try {
                held = lock.tryLock();
            } catch (OverlappingFileLockException e) {
                held = null; // this JVM holds it already
            }
            if (held == null) {
                throw new SweepException(2, "another sweep is writing to " + out + " (it holds " + out.resolve(LOCK)
                        + "); wait for it to finish");
            }
            if (Files.exists(file)) {
                JsonNode old;
                try {
                    old = JSON.readTree(file.toFile());
                } catch (IOException e) {
                    throw new SweepException(2, out + " holds an unreadable " + MANIFEST + " (" + e.getMessage()
                            + "); remove it or use another --out directory");
                }
                // Compared as read back, so that numbers compare by value (JSON has no int/long distinction).
                String diff = difference(old, JSON.readTree(JSON.writeValueAsBytes(manifest)));
                if (diff != null) {
                    throw new SweepException(2, out + " holds a sweep of another trace or base configuration (" + diff
                            + "); use another --out directory, or remove " + out + " to start over");
                }
            } else {
                AtomicFiles.write(file, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(manifest));
            }
            claimed = true;
            return lock; // closing the channel releases the lock
        } catch (IOException e) {
            throw new SweepException(1, "cannot write " + file + ": " + e.getMessage());
        } finally {
            if (!claimed && lock != null) {
                try {
                    lock.close();
                } catch (IOException e) {
                    // nothing was claimed; the refusal being reported matters more
                }
            }
        }
    }

    /**
     * The fingerprint of the classes that make a sweep's rows (every module's: model, memory,
     * pipeline, traces, harness, which reads and runs each configuration, and this one).
     */
    public static String codeFingerprint() {
        return CodeFingerprint.of(gpusim.config.Config.class, gpusim.memory.DeviceMemory.class, gpusim.gpu.Gpu.class,
                gpusim.tracefile.TraceReader.class, Simulation.class, Sweep.class);
    }

    /** The first difference between a recorded manifest and this sweep's, in words, or null. */
    private static String difference(JsonNode old, JsonNode now) {
        if (!now.get("trace_sha256").equals(old.get("trace_sha256"))) {
            return "the trace's contents differ from those of " + old.path("trace").asText("the recorded trace");
        }
        if (!now.get("code_sha256").equals(old.get("code_sha256"))) {
            return "gpusim's classes differ from those that made its rows: the model or the sweep has changed";
        }
        for (String part : List.of("base_config", "base_params")) {
            JsonNode a = old.path(part);
            JsonNode b = now.get(part);
            if (a.equals(b)) {
                continue;
            }
            Set<String> names = new LinkedHashSet<>();
            a.fieldNames().forEachRemaining(names::add);
            b.fieldNames().forEachRemaining(names::add);
            for (String n : names) {
                if (!a.path(n).equals(b.path(n))) {
                    String what = part.equals("base_config") ? n : "param " + n;
                    return what + " was " + (a.has(n) ? a.get(n).asText() : "not set") + ", now "
                            + (b.has(n) ? b.get(n).asText() : "not set");
                }
            }
        }
        return null;
    }

    // ------------------------------------------------------------------ run

    /**
     * Runs every combination that has no row yet and returns all rows in combination order.
     * Each row is written to {@code DIR/rows} as its run finishes; a failure stops the
     * sweep from starting more runs (runs already going finish and keep their rows).
     */
    public Table run(List<Combination> combos, Listener listener) throws SweepException {
        Path rowsDir = out.resolve(ROWS);
        Map<String, SweepRow> rows;
        try {
            Files.createDirectories(rowsDir);
            deleteTemporaries(rowsDir);
            rows = finishedRows(combos);
        } catch (IOException e) {
            throw new SweepException(1, "cannot use " + rowsDir + ": " + e.getMessage());
        }
        List<Combination> pending = missing(combos, rows);
        int resumed = rows.size();
        int total = resumed + pending.size();
        listener.update(resumed, total, resumed);
        if (!pending.isEmpty()) {
            runPending(pending, rowsDir, rows, listener, resumed, total);
        }
        return table(combos, rows, resumed, pending.size());
    }

    /**
     * The rows of {@code DIR/rows} that belong to these combinations, by row ID: a row file
     * whose contents name its configuration (a damaged or foreign file is not a row). Reads
     * only; temporary files of runs that were cut short are not rows.
     */
    public Map<String, SweepRow> finishedRows(List<Combination> combos) {
        Path rowsDir = out.resolve(ROWS);
        Map<String, SweepRow> rows = new HashMap<>();
        for (Combination c : combos) {
            if (rows.containsKey(c.id())) {
                continue;
            }
            Path f = SweepRow.file(rowsDir, c.id());
            SweepRow r = Files.exists(f) ? SweepRow.read(f) : null;
            if (r != null && r.id().equals(c.id()) && r.config().equals(c.config().asMap())
                    && r.params().equals(c.params())) {
                rows.put(c.id(), r);
            }
        }
        return rows;
    }

    /** The combinations that have no row, each once, in combination order. */
    public static List<Combination> missing(List<Combination> combos, Map<String, SweepRow> rows) {
        List<Combination> pending = new ArrayList<>();
        Set<String> planned = new LinkedHashSet<>();
        for (Combination c : combos) {
            // Distinct values make distinct runs, so this is a safety net: never two runs of one row file.
            if (!rows.containsKey(c.id()) && planned.add(c.id())) {
                pending.add(c);
            }
        }
        return pending;
    }

    /**
     * The sweep's table from a row for every combination (the merge of the local engine and
     * of the Slurm engine's final job alike, so both give the same results).
     */
    public Table table(List<Combination> combos, Map<String, SweepRow> rows, int resumed, int ran) {
        List<SweepRow> ordered = new ArrayList<>();
        int channels = 0;
        for (Combination c : combos) {
            ordered.add(rows.get(c.id()));
            channels = Math.max(channels, c.config().getInt(MemorySystem.MEMORY_CHANNELS));
        }
        // Each column's unit is the statistic's own, as a run reported it (the list's until one does).
        List<SweepMetrics.Metric> columns = new ArrayList<>();
        for (SweepMetrics.Metric m : SweepMetrics.columns(channels)) {
            String unit = m.unit();
            for (SweepRow r : ordered) {
                if (r.units().containsKey(m.name())) {
                    unit = r.units().get(m.name());
                    break;
                }
            }
            columns.add(new SweepMetrics.Metric(m.name(), unit, m.description(), m.reader()));
        }
        return new Table(traceName, traceHash, base, baseParams, axes, columns, combos, ordered, resumed, ran);
    }

    private void runPending(List<Combination> pending, Path rowsDir, Map<String, SweepRow> rows, Listener listener,
                            int resumed, int total) throws SweepException {
        AtomicInteger threads = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(jobs, pending.size()), r -> {
            Thread t = new Thread(r, "sweep-" + threads.incrementAndGet());
            t.setDaemon(true); // an interrupted sweep must not wait for its runs
            return t;
        });
        AtomicBoolean stop = new AtomicBoolean();
        CompletionService<SweepRow> done = new ExecutorCompletionService<>(pool);
        for (Combination c : pending) {
            done.submit(() -> {
                if (stop.get()) {
                    return null;
                }
                try {
                    SweepRow r = runOne(c);
                    r.write(rowsDir);
                    return r;
                } catch (RuntimeException | IOException | OutOfMemoryError e) {
                    stop.set(true);
                    throw new RunFailure(c, e);
                }
            });
        }
        // The failure of the earliest combination is reported, whatever order runs end in.
        SweepException failure = null;
        int failedAt = Integer.MAX_VALUE;
        int finished = resumed;
        try {
            for (int i = 0; i < pending.size(); i++) {
                try {
                    Future<SweepRow> f;
                    // Wake up now and then so that the progress bar's clock moves during long runs.
                    while ((f = done.poll(500, TimeUnit.MILLISECONDS)) == null) {
                        listener.update(finished, total, resumed);
                    }
                    SweepRow r = f.get();
                    if (r != null) {
                        rows.put(r.id(), r);
                        listener.update(++finished, total, resumed);
                    }
                } catch (ExecutionException e) {
                    Combination c = e.getCause() instanceof RunFailure f ? f.combination : null;
                    if (c != null && c.index() < failedAt) {
                        failedAt = c.index();
                        failure = describe(e.getCause(), c);
                    } else if (c == null && failure == null) {
                        failure = describe(e.getCause(), null);
                    }
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SweepException(1, "interrupted; finished rows are kept in " + rowsDir);
        } finally {
            pool.shutdownNow();
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** Why one configuration's run failed, as the sweep reports it (exit status and one line). */
    public SweepException describe(Throwable t, Combination c) {
        Throwable cause = t instanceof RunFailure f ? f.getCause() : t;
        String where = c == null ? "" : " (configuration " + c.describe(axes) + ")";
        if (cause instanceof TraceException e) {
            return new SweepException(2, e.getMessage() + where);
        }
        if (cause instanceof gpusim.sim.WorkLimitException e) {
            return new SweepException(2, Simulation.workLimit(traceName, e).getMessage() + where);
        }
        if (cause instanceof OutOfMemoryError) {
            return new SweepException(1, JvmHeap.outOfMemory(c == null ? base : c.config()).substring("gpusim: ".length())
                    + where + " (or run fewer at once: --jobs)");
        }
        if (cause instanceof DeadlockException e) {
            return new SweepException(3, "model deadlock" + where + ": " + e.getMessage());
        }
        if (cause instanceof IllegalArgumentException e) {
            // The model refuses a combination of values each of which is in range (e.g. no DB enabled).
            return new SweepException(2, "configuration refused" + where + ": " + e.getMessage());
        }
        if (cause instanceof IOException e) {
            return new SweepException(1, "cannot write a row" + where + ": " + e.getMessage());
        }
        return new SweepException(1, "run failed" + where + ": " + cause);
    }

    /** A run's failure with the combination it belongs to. */
    private static final class RunFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient Combination combination;

        RunFailure(Combination c, Throwable cause) {
            super(cause);
            this.combination = c;
        }
    }

    /**
     * One configuration: the trace parsed for its parameters (shared, never changed by a run, so
     * running them on several threads cannot change a result), validation, simulation and its
     * figures.
     */
    public SweepRow runOne(Combination c) {
        Trace t = parsedTrace(c);
        Simulation.validate(t, c.config(), debugLayer);
        RunResult r = Simulation.simulate(t, c.config());
        return new SweepRow(c.id(), c.config().asMap(), c.params(), SweepMetrics.collect(r, c.config()),
                SweepMetrics.units(r, c.config()));
    }

    /** The combination's parse of the trace, shared with earlier combinations of the same parameters and budget. */
    private Trace parsedTrace(Combination c) {
        String key = c.params() + "|" + c.config().get(TraceReader.MEMORY_BUDGET);
        synchronized (parsed) {
            Trace t = parsed.get(key);
            if (t != null) {
                return t;
            }
        }
        Trace t = Simulation.parse(traceName, traceText, c.params(), c.config(), jobs);
        synchronized (parsed) {
            parsed.putIfAbsent(key, t);
        }
        return t;
    }

    static void deleteTemporaries(Path rowsDir) throws IOException {
        try (DirectoryStream<Path> s = Files.newDirectoryStream(rowsDir, "*" + SweepRow.TEMP_SUFFIX)) {
            for (Path p : s) {
                Files.deleteIfExists(p);
            }
        }
    }

    /**
     * Writes results.csv, results.json and the plot of {@code metric} from a whole table:
     * the one merge of both engines.
     *
     * @return whether the plot was drawn (false: no configuration has a value of the metric)
     */
    public boolean writeResults(Table table, SweepMetrics.Metric metric) throws IOException {
        SweepReport.write(out, table);
        return SweepPlot.write(out.resolve(SweepPlot.fileName(metric.name())), table, metric);
    }

    /** The failure of a sweep whose tables are written but whose metric no configuration has (exit status 1). */
    public static int noPlot(SweepMetrics.Metric m) throws SweepException {
        throw new SweepException(1, "no plot: no configuration has a value for " + m.name()
                + " (the model does not produce that statistic); the tables are written");
    }
}
