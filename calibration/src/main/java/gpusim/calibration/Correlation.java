package gpusim.calibration;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.math3.stat.correlation.PearsonsCorrelation;

/**
 * How far a model's predictions are from measured times, the figures Accel-Sim's correlator
 * reports (Khairy et al., ISCA 2020): Pearson r of the log values (the times span five decades,
 * so r of the raw values would be decided by the few longest), the mean absolute percentage
 * error, the RMSE normalised by the mean measured time, and the share of traces within 10%;
 * plus the mean |log(predicted / measured)|, the error {@code gpusim calibrate} minimises (it
 * counts a prediction twice too slow as far off as one twice too fast, which MAPE does not).
 */
public record Correlation(List<Correlator.Prediction> predictions, Summary all, Map<String, Summary> categories) {

    /** The figures for a group of traces. */
    public record Summary(int traces, double logR, double mape, double nrmse, double within10, double meanLogError,
                          double worstError) {
    }

    /** The figures of {@code predictions}, for all of them and for each category. */
    public static Correlation of(List<Correlator.Prediction> predictions) {
        Map<String, List<Correlator.Prediction>> byCategory = new TreeMap<>();
        for (Correlator.Prediction p : predictions) {
            byCategory.computeIfAbsent(p.trace().category(), k -> new ArrayList<>()).add(p);
        }
        Map<String, Summary> categories = new LinkedHashMap<>();
        for (Map.Entry<String, List<Correlator.Prediction>> e : byCategory.entrySet()) {
            categories.put(e.getKey(), summarise(e.getValue()));
        }
        return new Correlation(List.copyOf(predictions), summarise(predictions), categories);
    }

    /** The error a fit minimises: the mean |log(predicted / measured)|. */
    public static double objective(List<Correlator.Prediction> predictions) {
        double s = 0;
        for (Correlator.Prediction p : predictions) {
            s += p.logError();
        }
        return s / predictions.size();
    }

    /** The figures of one group of predictions. */
    public static Summary summarise(List<Correlator.Prediction> ps) {
        int n = ps.size();
        double[] lp = new double[n];
        double[] lm = new double[n];
        double ape = 0;
        double se = 0;
        double sumMeasured = 0;
        int within = 0;
        double worst = 0;
        for (int i = 0; i < n; i++) {
            Correlator.Prediction p = ps.get(i);
            lp[i] = Math.log(Math.max(p.predictedNs(), 1e-3));
            lm[i] = Math.log(p.measuredNs());
            double rel = Math.abs(p.relativeError());
            ape += rel;
            double d = p.predictedNs() - p.measuredNs();
            se += d * d;
            sumMeasured += p.measuredNs();
            if (rel <= 0.10) {
                within++;
            }
            worst = Math.max(worst, rel);
        }
        double r = n >= 3 ? new PearsonsCorrelation().correlation(lp, lm) : Double.NaN;
        return new Summary(n, r, 100 * ape / n, Math.sqrt(se / n) / (sumMeasured / n), 100.0 * within / n,
                objective(ps), 100 * worst);
    }
}
