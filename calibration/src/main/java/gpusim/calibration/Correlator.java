package gpusim.calibration;

import gpusim.config.Config;
import gpusim.config.SimKeys;
import gpusim.gpu.RunResult;
import gpusim.gpu.cp.CommandProcessor;
import gpusim.harness.JvmHeap;
import gpusim.harness.Simulation;
import gpusim.sim.DeadlockException;
import gpusim.sim.WorkLimitException;
import gpusim.trace.Trace;
import gpusim.tracefile.TraceException;
import gpusim.tracefile.TraceValidator;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Runs the traces of a calibration set on one configuration, in this process, {@code threads}
 * at once (each simulation with sim.threads=1, so the pool is the only parallelism), and reads
 * each one's measurement from its first dump: {@code [t0, t1]}, the TIMESTAMP queries 0 and 1
 * around the measured work (data/calibration/README.md), converted to ns with the run's
 * timestamp frequency. Runs are independent and deterministic, so the predictions do not
 * depend on the number of threads or the order runs end in. One pool serves every evaluation
 * of a fit; close it when done.
 */
public final class Correlator implements AutoCloseable {
    /** Told of progress on the thread that called {@link #predict}. */
    public interface Listener {
        void update(int done, int total);
    }

    /** Why a set could not be run: a message and an exit status (2: bad input, 3: the model deadlocked). */
    public static final class RunFailed extends Exception {
        private static final long serialVersionUID = 1L;
        /** The exit status it calls for (2: bad input, 3: the model deadlocked). */
        public final int status;

        /** A failed run: the exit status and why. */
        public RunFailed(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    /** A trace's predicted time next to its measured one. */
    public record Prediction(CalibrationSet.Case trace, double predictedNs, long cycles) {
        /** The trace's measured time. */
        public double measuredNs() {
            return trace.measuredNs();
        }

        /** predicted / measured - 1. */
        public double relativeError() {
            return predictedNs / trace.measuredNs() - 1;
        }

        /** |log(predicted / measured)|: the error a fit minimises (symmetric in too fast and too slow). */
        public double logError() {
            return Math.abs(Math.log(Math.max(predictedNs, 1e-3) / trace.measuredNs()));
        }
    }

    private final ExecutorService pool;
    private final int threads;
    /**
     * Each case's parsed trace, kept across evaluations: a fit runs the same traces hundreds of
     * times with other timing keys, and a trace's parse depends only on its text and the memory
     * budget, its validation only on the machine's shape (TraceValidator.Machine). A Trace is
     * immutable and a run only reads it, so one serves every run of its case, one at a time.
     */
    private final Map<CalibrationSet.Case, Parsed> parsed = new java.util.concurrent.ConcurrentHashMap<>();
    /**
     * Each case's host time in its last run (ns): the next evaluation starts the longest
     * first (longest processing time first), so no long run starts last and leaves a core idle.
     */
    private final Map<CalibrationSet.Case, Long> hostNs = new java.util.concurrent.ConcurrentHashMap<>();

    /** A parsed trace, the budget it was read with, and the machine it was last validated for (null: none yet). */
    private record Parsed(long budget, Trace trace, TraceValidator.Machine validFor) {
    }

    /** A correlator that runs {@code threads} traces at once (its pool's threads are daemons). */
    public Correlator(int threads) {
        this.threads = threads;
        this.pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "correlate");
            t.setDaemon(true);
            return t;
        });
    }

    /** The traces it runs at once. */
    public int threads() {
        return threads;
    }

    /**
     * In a process's first evaluation (no host time known for any case), the shorter half of
     * the cases by measured time run first, shortest first, and then the rest, longest first.
     * In a cold JVM the longest cases (the 16 M- and 64 M-sample fills) would otherwise run
     * their kernels interpreted and in C1 code while the compiler catches up; behind the short
     * half they start with compiled kernels, and the longest-first order of the rest still
     * keeps a long case from starting last. Measured on the calibration set, 4 interleaved
     * pairs of cold `correlate` runs: 14.0-16.1 s wall against 15.1-19.1 s, 21.5-24.0 s of CPU
     * against 25.6-29.3 s (docs/performance.md). Results never depend on the order.
     */
    public static List<Integer> warmUpFirst(List<Integer> longestFirst) {
        int half = longestFirst.size() / 2;
        List<Integer> order = new ArrayList<>(longestFirst.size());
        for (int k = longestFirst.size() - 1; k >= longestFirst.size() - half; k--) {
            order.add(longestFirst.get(k));
        }
        order.addAll(longestFirst.subList(0, longestFirst.size() - half));
        return order;
    }

    /** The prediction for each case, in the order of {@code cases}. */
    public List<Prediction> predict(List<CalibrationSet.Case> cases, Config config, Listener listener)
            throws RunFailed {
        Config c = config.with(SimKeys.SIM_THREADS, 1);
        CompletionService<Prediction> done = new ExecutorCompletionService<>(pool);
        // Longest first, so that no long run starts last: by the host time of the case's last
        // run, or before its first by the measured time (a fair guess at the model's work);
        // in the first evaluation, behind the shorter half (warmUpFirst).
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparing((Integer i) -> hostNs.get(cases.get(i)) == null)
                .thenComparingLong(i -> -hostNs.getOrDefault(cases.get(i), 0L))
                .thenComparingDouble(i -> -cases.get(i).measuredNs()).thenComparing(i -> i));
        if (hostNs.isEmpty()) {
            order = warmUpFirst(order);
        }
        List<Future<Prediction>> futures = new ArrayList<>();
        for (int i : order) {
            CalibrationSet.Case k = cases.get(i);
            futures.add(done.submit(() -> predictOne(k, c)));
        }
        Prediction[] results = new Prediction[cases.size()];
        java.util.Map<CalibrationSet.Case, Integer> index = new java.util.IdentityHashMap<>();
        for (int i = 0; i < cases.size(); i++) {
            index.put(cases.get(i), i);
        }
        RunFailed failure = null;
        int failedAt = Integer.MAX_VALUE;
        try {
            for (int n = 0; n < cases.size(); n++) {
                Future<Prediction> f;
                while ((f = done.poll(500, TimeUnit.MILLISECONDS)) == null) {
                    if (listener != null) {
                        listener.update(n, cases.size());
                    }
                }
                try {
                    Prediction p = f.get();
                    results[index.get(p.trace())] = p;
                } catch (ExecutionException e) {
                    // The first failing trace in name order is reported, whatever order runs end in.
                    if (e.getCause() instanceof CaseFailure cf && index.get(cf.trace) < failedAt) {
                        failedAt = index.get(cf.trace);
                        failure = cf.failure;
                    } else if (failure == null) {
                        failure = new RunFailed(1, "gpusim: " + e.getCause());
                    }
                }
                if (listener != null) {
                    listener.update(n + 1, cases.size());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            for (Future<Prediction> f : futures) {
                f.cancel(true);
            }
            throw new RunFailed(1, "gpusim: interrupted");
        }
        if (failure != null) {
            throw failure;
        }
        return List.of(results);
    }

    /** A failure of one case, carried out of the pool. */
    private static final class CaseFailure extends Exception {
        private static final long serialVersionUID = 1L;
        final transient CalibrationSet.Case trace;
        final RunFailed failure;

        CaseFailure(CalibrationSet.Case trace, RunFailed failure) {
            super(failure.getMessage(), null, false, false);
            this.trace = trace;
            this.failure = failure;
        }
    }

    /** Runs one trace and reads its t1 - t0. */
    private Prediction predictOne(CalibrationSet.Case k, Config c) throws CaseFailure {
        String name = k.path().toString();
        RunResult r;
        long start = System.nanoTime();
        try {
            r = Simulation.simulate(trace(k, c), c);
            hostNs.put(k, System.nanoTime() - start);
        } catch (TraceException e) {
            throw new CaseFailure(k, new RunFailed(2, e.getMessage()));
        } catch (WorkLimitException e) {
            throw new CaseFailure(k, new RunFailed(2, Simulation.workLimit(name, e).getMessage()));
        } catch (DeadlockException e) {
            throw new CaseFailure(k, new RunFailed(3, name + ": the model deadlocked: " + e.getMessage()));
        } catch (OutOfMemoryError e) {
            throw new CaseFailure(k, new RunFailed(1, name + ": " + JvmHeap.outOfMemory(c)));
        }
        if (r.dumps().isEmpty() || r.dumps().get(0).values().length < 2) {
            throw new CaseFailure(k, new RunFailed(2, name + ": NO_TIMESTAMP_PAIR: a calibration trace's first dump "
                    + "holds [t0, t1] (TIMESTAMP queries 0 and 1 resolved into a 16-byte buffer); this trace's "
                    + (r.dumps().isEmpty() ? "has no dump" : "holds " + r.dumps().get(0).values().length + " word")));
        }
        CommandProcessor.DumpResult d = r.dumps().get(0);
        long t0 = d.values()[0];
        long t1 = d.values()[1];
        if (Long.compareUnsigned(t1, t0) < 0 || t0 == 0 && t1 == 0) {
            throw new CaseFailure(k, new RunFailed(2, name + ":" + d.line() + ": NO_TIMESTAMP_PAIR: the first dump's "
                    + "words are not two timestamps in order (t0 " + Long.toUnsignedString(t0) + ", t1 "
                    + Long.toUnsignedString(t1) + ")"));
        }
        double ns = (t1 - t0) * 1e9 / r.timestampFrequency();
        return new Prediction(k, ns, r.cycles());
    }

    /** Case {@code k}'s trace, parsed and validated for {@code c}: the kept one where its budget and machine match. */
    private Trace trace(CalibrationSet.Case k, Config c) {
        long budget = JvmHeap.budget(c, threads);
        TraceValidator.Machine machine = TraceValidator.Machine.of(c);
        Parsed p = parsed.get(k);
        if (p == null || p.budget() != budget) {
            p = new Parsed(budget, Simulation.parse(k.path().toString(), k.text(), Map.of(), c, threads), null);
        }
        if (!machine.equals(p.validFor())) {
            Simulation.validate(p.trace(), c, true);
            p = new Parsed(budget, p.trace(), machine);
        }
        parsed.put(k, p);
        return p.trace();
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
