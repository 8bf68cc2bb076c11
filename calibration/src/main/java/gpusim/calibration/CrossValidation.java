package gpusim.calibration;

import gpusim.config.Config;
import gpusim.config.ConfigKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * K-fold cross-validation of a fit (Hastie, Tibshirani and Friedman, "The Elements of
 * Statistical Learning", 2nd ed., section 7.10): the set is split into K folds, each fold is
 * predicted by the fit made on the other K - 1, and the predictions so gathered show the
 * error on traces a fit has not seen, which the fit's own error understates.
 */
public final class CrossValidation {
    private CrossValidation() {
    }

    /** Told of each fold as it is fitted. */
    public interface Listener {
        /** The listener of fold {@code f}'s fit (0-based, of {@code folds}). */
        Calibrator.Listener fitting(int f, int folds);

        /**
         * Fold {@code f} is fitted: the fit, its training cases and its error on the held-out
         * cases ({@code heldOutError}, {@link Correlation#objective}).
         */
        void fitted(int f, int folds, Calibrator.Fit fit, List<CalibrationSet.Case> train,
                    List<CalibrationSet.Case> test, double heldOutError);
    }

    /**
     * The held-out predictions of {@code set}: each trace predicted by the fit of {@code keys}
     * (from {@code base}, at most {@code maxEvals} evaluations, initial step {@code step}) made
     * without its fold. Empty for {@code folds} 0.
     */
    public static List<Correlator.Prediction> heldOut(Correlator correlator, CalibrationSet set, Config base,
                                                      List<ConfigKey> keys, int maxEvals, double step, int folds,
                                                      Listener listener)
            throws Calibrator.FitFailed, Correlator.RunFailed {
        List<Correlator.Prediction> heldOut = new ArrayList<>();
        int[] fold = folds(set.cases(), folds);
        for (int f = 0; f < folds; f++) {
            int ff = f;
            List<CalibrationSet.Case> train = set.subset(i -> fold[i] != ff);
            List<CalibrationSet.Case> test = set.subset(i -> fold[i] == ff);
            Calibrator.Fit fitted = new Calibrator(correlator, base, keys, maxEvals, step,
                    listener.fitting(f, folds)).fit(train);
            heldOut.addAll(correlator.predict(test, fitted.apply(base), null));
            listener.fitted(f, folds, fitted, train, test,
                    Correlation.objective(correlator.predict(test, fitted.apply(base), null)));
        }
        return heldOut;
    }

    /** Each case's fold: within each category (in name order) the i-th trace is in fold i mod K. */
    public static int[] folds(List<CalibrationSet.Case> cases, int k) {
        int[] fold = new int[cases.size()];
        Map<String, Integer> next = new HashMap<>();
        for (int i = 0; i < cases.size(); i++) {
            int seen = next.merge(cases.get(i).category(), 1, Integer::sum) - 1;
            fold[i] = k == 0 ? -1 : seen % k;
        }
        return fold;
    }
}
