package gpusim.cli;

import gpusim.config.Config;
import gpusim.config.ConfigKeys;
import gpusim.gpu.RunResult;
import gpusim.gpu.cp.CommandProcessor;
import gpusim.sim.DeadlockException;
import gpusim.sim.WorkLimitException;
import gpusim.trace.Trace;
import gpusim.traces.TraceException;
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
final class Correlator implements AutoCloseable {
    /** Told of progress on the thread that called {@link #predict}. */
    interface Listener {
        void update(int done, int total);
    }

    /** Why a set could not be run: a message and an exit status (2: bad input, 3: the model deadlocked). */
    static final class RunFailed extends Exception {
        private static final long serialVersionUID = 1L;
        final int status;

        RunFailed(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    /** A trace's predicted time next to its measured one. */
    record Prediction(CalibrationSet.Case trace, double predictedNs, long cycles) {
        double measuredNs() {
            return trace.measuredNs();
        }

        /** predicted / measured - 1. */
        double relativeError() {
            return predictedNs / trace.measuredNs() - 1;
        }

        /** |log(predicted / measured)|: the error a fit minimises (symmetric in too fast and too slow). */
        double logError() {
            return Math.abs(Math.log(Math.max(predictedNs, 1e-3) / trace.measuredNs()));
        }
    }

    private final ExecutorService pool;
    private final int threads;

    Correlator(int threads) {
        this.threads = threads;
        this.pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "correlate");
            t.setDaemon(true);
            return t;
        });
    }

    int threads() {
        return threads;
    }

    /** The prediction for each case, in the order of {@code cases}. */
    List<Prediction> predict(List<CalibrationSet.Case> cases, Config config, Listener listener) throws RunFailed {
        Config c = config.with(ConfigKeys.SIM_THREADS, 1);
        CompletionService<Prediction> done = new ExecutorCompletionService<>(pool);
        // Longest first (by the measured time, a good guess at the model's), so that no long run starts last.
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingDouble((Integer i) -> -cases.get(i).measuredNs()).thenComparing(i -> i));
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
    Prediction predictOne(CalibrationSet.Case k, Config c) throws CaseFailure {
        String name = k.path().toString();
        RunResult r;
        try {
            Trace t = Simulation.parse(name, k.text(), Map.of(), c, threads);
            Simulation.validate(t, c, true);
            r = Simulation.simulate(t, c);
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

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
