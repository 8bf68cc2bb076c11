package gpusim.calibration;

import gpusim.config.Config;
import gpusim.config.ConfigKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.exception.TooManyEvaluationsException;
import org.apache.commons.math3.optim.InitialGuess;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.PointValuePair;
import org.apache.commons.math3.optim.SimpleBounds;
import org.apache.commons.math3.optim.SimpleValueChecker;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.nonlinear.scalar.ObjectiveFunction;
import org.apache.commons.math3.optim.nonlinear.scalar.noderiv.CMAESOptimizer;
import org.apache.commons.math3.random.MersenneTwister;

/**
 * Fits timing parameters to measured times, as Accel-Sim's tuner sets a model's parameters
 * from microbenchmarks: it minimises the mean |log(predicted / measured)| of a set of traces
 * over the named keys with CMA-ES (Hansen's covariance matrix adaptation, Commons Math's
 * {@link CMAESOptimizer}: derivative-free, and indifferent to the steps an integer key makes
 * in the error, where BOBYQA's quadratic models would be misled). Each key is searched on a
 * log scale between the bounds of its allowed range (rates and latencies matter by ratio, and
 * the ranges span decades), mapped to [0, 1]; a candidate is rounded to the key's integers
 * before it runs, and each rounded point is run once (its error remembered). The random
 * generator has a fixed seed, so a fit is repeatable.
 */
public final class Calibrator {
    /** The fixed seed of the optimiser's random generator (fits are repeatable). */
    public static final long SEED = 20261201L;
    /**
     * The default initial step, in the [0, 1] coordinates of each key (a tenth of its log range: a
     * search from the defaults). A start that is already a fit needs a smaller one, or CMA-ES's
     * first generations land far from it and the search stalls there (calibrate --step).
     */
    public static final double SIGMA = 0.1;
    /** An improvement of the best error by less than this (relative) is no improvement. */
    public static final double TOLERANCE = 1e-3;
    /**
     * Converged: the best error has not improved for this many generations of distinct runs (the
     * search has settled: on integer keys CMA-ES's own step-size tolerances would take hundreds of
     * generations of points that round to the same values).
     */
    public static final int STALL_GENERATIONS = 4;
    /**
     * Converged, too: this many generations in a row asked only for points already run (the
     * step is below one integer).
     */
    public static final int REPEAT_GENERATIONS = 50;

    /** Told of each evaluation. */
    public interface Listener {
        void evaluated(int evaluations, double error, double best);

        /** The progress line of the correlation running now, or null. */
        default Correlator.Listener traces() {
            return null;
        }
    }

    /** A fit that could not be made: why, for exit status 2 (or the status of the run that failed). */
    public static final class FitFailed extends Exception {
        private static final long serialVersionUID = 1L;
        /** The exit status it calls for. */
        public final int status;

        /** A failed fit: the exit status and why. */
        public FitFailed(int status, String message) {
            super(message, null, false, false);
            this.status = status;
        }
    }

    /** A fit's result: the values of the fitted keys, its error on the cases it was fitted to and the work it took. */
    public record Fit(Map<ConfigKey, Long> values, double error, double startError, int evaluations) {
        /** {@code base} with the fitted values set. */
        public Config apply(Config base) {
            Config c = base;
            for (Map.Entry<ConfigKey, Long> e : values.entrySet()) {
                c = c.with(e.getKey(), e.getValue());
            }
            return c;
        }
    }

    private final Correlator correlator;
    private final Config base;
    private final List<ConfigKey> keys;
    private final int maxEvals;
    private final double step;
    private final Listener listener;

    /** A calibrator of {@code keys} from {@code base}: at most {@code maxEvals} evaluations, step {@link #SIGMA}. */
    public Calibrator(Correlator correlator, Config base, List<ConfigKey> keys, int maxEvals, Listener listener) {
        this(correlator, base, keys, maxEvals, SIGMA, listener);
    }

    /** A calibrator whose initial step is {@code step} of each key's log range. */
    public Calibrator(Correlator correlator, Config base, List<ConfigKey> keys, int maxEvals, double step,
                      Listener listener) {
        this.correlator = correlator;
        this.base = base;
        this.keys = List.copyOf(keys);
        this.maxEvals = maxEvals;
        this.step = step;
        this.listener = listener;
    }

    /** The keys' lower bounds, each at least 0 (the ranges of timing keys start at 0 or 1). */
    private double lo(ConfigKey k) {
        return Math.log1p(Math.max(0, k.min()));
    }

    private double hi(ConfigKey k) {
        return Math.log1p(k.max());
    }

    /** A key's value at coordinate {@code z} in [0, 1] (log scale over its range), rounded to an allowed integer. */
    public long value(ConfigKey k, double z) {
        double zc = Math.min(1, Math.max(0, z));
        long v = Math.round(Math.expm1(lo(k) + zc * (hi(k) - lo(k))));
        return Math.min(k.max(), Math.max(Math.max(0, k.min()), v));
    }

    /** The coordinate of a key's value. */
    public double coordinate(ConfigKey k, long v) {
        return hi(k) == lo(k) ? 0 : (Math.log1p(v) - lo(k)) / (hi(k) - lo(k));
    }

    /** The error of a configuration on {@code cases}: the mean |log(predicted / measured)|. */
    public double error(List<CalibrationSet.Case> cases, Config c) throws Correlator.RunFailed {
        return Correlation.objective(correlator.predict(cases, c, listener == null ? null : listener.traces()));
    }

    /** Fits the keys to {@code cases}, starting from the base configuration's values. */
    public Fit fit(List<CalibrationSet.Case> cases) throws FitFailed {
        int n = keys.size();
        double[] start = new double[n];
        long[] startValues = new long[n];
        for (int i = 0; i < n; i++) {
            startValues[i] = base.get(keys.get(i));
            start[i] = coordinate(keys.get(i), startValues[i]);
        }
        Map<List<Long>, Double> seen = new HashMap<>();
        double[] best = {Double.MAX_VALUE};
        List<Long>[] bestPoint = new List[1];
        Object[] failure = new Object[1];
        // The optimiser's own evaluation count includes points that round to one already run (free
        // here): it may ask for many more than the distinct runs this budget bounds.
        class Budget extends RuntimeException {
            private static final long serialVersionUID = 1L;

            Budget() {
                super(null, null, false, false);
            }
        }
        class Converged extends RuntimeException {
            private static final long serialVersionUID = 1L;

            Converged() {
                super(null, null, false, false);
            }
        }
        int lambda = 4 + (int) (3 * Math.log(n));
        int[] sinceImprovement = {0};
        int[] repeats = {0};
        ObjectiveFunction f = new ObjectiveFunction(z -> {
            List<Long> point = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                point.add(value(keys.get(i), z[i]));
            }
            Double known = seen.get(point);
            if (known != null) {
                if (++repeats[0] >= REPEAT_GENERATIONS * lambda) {
                    throw new Converged();
                }
                return known;
            }
            repeats[0] = 0;
            if (sinceImprovement[0] >= STALL_GENERATIONS * lambda) {
                throw new Converged();
            }
            if (seen.size() >= maxEvals) {
                throw new Budget();
            }
            Config c = base;
            for (int i = 0; i < n; i++) {
                c = c.with(keys.get(i), point.get(i));
            }
            double e;
            try {
                e = error(cases, c);
            } catch (Correlator.RunFailed ex) {
                failure[0] = ex;
                throw new Budget();
            }
            seen.put(point, e);
            if (e < best[0] * (1 - TOLERANCE)) {
                sinceImprovement[0] = 0;
            } else {
                sinceImprovement[0]++;
            }
            if (e < best[0]) {
                best[0] = e;
                bestPoint[0] = point;
            }
            if (listener != null) {
                listener.evaluated(seen.size(), e, best[0]);
            }
            return e;
        });
        double[] lower = new double[n];
        double[] upper = new double[n];
        java.util.Arrays.fill(upper, 1);
        double[] sigma = new double[n];
        java.util.Arrays.fill(sigma, step);
        // Start from the base values: the first evaluation is the starting error.
        double startError;
        try {
            startError = f.getObjectiveFunction().value(start);
        } catch (Budget e) {
            Correlator.RunFailed rf = (Correlator.RunFailed) failure[0];
            throw new FitFailed(rf.status, rf.getMessage());
        }
        sinceImprovement[0] = 0;
        boolean converged;
        try {
            CMAESOptimizer cmaes = new CMAESOptimizer(10_000, 0, true, 0, 0, new MersenneTwister(SEED), false,
                    new SimpleValueChecker(TOLERANCE, 1e-6));
            cmaes.optimize(new MaxEval(Integer.MAX_VALUE), f, GoalType.MINIMIZE, new InitialGuess(start),
                    new SimpleBounds(lower, upper), new CMAESOptimizer.Sigma(sigma),
                    new CMAESOptimizer.PopulationSize(lambda));
            converged = true;
        } catch (Converged e) {
            converged = true;
        } catch (Budget | TooManyEvaluationsException e) {
            converged = false;
        }
        if (failure[0] instanceof Correlator.RunFailed rf) {
            throw new FitFailed(rf.status, rf.getMessage());
        }
        if (!converged) {
            throw new FitFailed(2, "the fit did not converge in " + maxEvals + " evaluations (--max-evals): best error "
                    + String.format("%.4f", best[0]) + " at " + describe(bestPoint[0]) + " (start " + String.format(
                    "%.4f", startError) + "); raise --max-evals or fit fewer keys");
        }
        if (!Double.isFinite(best[0])) {
            throw new FitFailed(2, "the fit did not converge: no finite error");
        }
        Map<ConfigKey, Long> values = new LinkedHashMap<>();
        for (int i = 0; i < n; i++) {
            values.put(keys.get(i), bestPoint[0].get(i));
        }
        return new Fit(values, best[0], startError, seen.size());
    }

    private String describe(List<Long> point) {
        if (point == null) {
            return "no point";
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < keys.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(keys.get(i).name()).append('=').append(point.get(i));
        }
        return sb.toString();
    }
}
