package gpusim.calibration;

import gpusim.config.Config;
import gpusim.config.ConfigKey;
import gpusim.config.ConfigKeys;
import gpusim.config.Preset;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;

/**
 * A fit's preset file: its one-line description, the provenance as comments (data, split, start,
 * method, each fitted key's start and end value, the errors before the fit, on the fit set, held
 * out, left out and on the whole set, the MAPE per category), then every key that differs from the
 * defaults and every fitted key, the fitted ones marked. What {@code gpusim calibrate --out} writes
 * (docs/calibration.md, "Method").
 *
 * @param description  the preset's first line, or null for "fitted by gpusim calibrate to ..."
 * @param whole        the whole calibration set
 * @param set          the traces fitted (the whole set less those {@code exclude} finds)
 * @param exclude      the --exclude pattern, or null
 * @param from         the --from preset, or null (the defaults)
 * @param sets         the --set values the fit started from
 * @param step         the initial CMA-ES step
 * @param maxEvals     the most evaluations a fit may run
 * @param folds        the cross-validation folds (0: none)
 * @param keys         the keys fitted
 * @param start        the configuration the fit started from
 * @param fit          the final fit
 * @param result       the fitted configuration
 * @param before       the fit set's error at the start
 * @param after        the fit set's error fitted
 * @param heldOut      the k-fold held-out predictions' error, or null
 * @param leftOut      the excluded traces' error with the fitted values, or null
 * @param all          the whole set's error fitted
 * @param seconds      the wall time of the whole command
 * @param threads      the threads the traces ran on
 */
public record FitProvenance(String description, CalibrationSet whole, CalibrationSet set, String exclude, String from,
                            List<String> sets, double step, int maxEvals, int folds, List<ConfigKey> keys,
                            Config start, Calibrator.Fit fit, Config result, Correlation before, Correlation after,
                            Correlation heldOut, Correlation leftOut, Correlation all, double seconds, int threads) {

    /** The preset file's text, checked to load as any preset file would ({@code source} names it in errors). */
    public String text(String source) {
        StringBuilder sb = new StringBuilder();
        String desc = description != null ? description.strip()
                : "fitted by gpusim calibrate to " + set.measuredFile().getFileName() + " (" + set.cases().size()
                        + " traces)";
        sb.append("# ").append(desc.replace('\n', ' ')).append('\n');
        sb.append("#\n# Provenance (written by gpusim calibrate):\n");
        sb.append("#   data set: ").append(set.dir()).append(" (").append(whole.cases().size())
                .append(" traces), measured ").append(set.measuredFile()).append('\n');
        if (exclude != null) {
            sb.append("#   fitted on ").append(set.cases().size()).append(" of them: --exclude '").append(exclude)
                    .append("' left out the other ").append(whole.cases().size() - set.cases().size()).append('\n');
        }
        sb.append("#   fitted: ").append(Instant.now().truncatedTo(ChronoUnit.SECONDS)).append(", from ")
                .append(from == null ? "the defaults" : "preset " + from);
        for (String s : sets) {
            sb.append(" --set ").append(s);
        }
        sb.append('\n');
        sb.append("#   method: CMA-ES (seed ").append(Calibrator.SEED).append(") on a log scale over each key's range, "
                + "initial step ").append(step).append(" of it, integer values, minimising the mean "
                + "|log(predicted / measured)|; ").append(fit.evaluations())
                .append(" evaluations for the final fit (at most ").append(maxEvals).append("), ")
                .append(String.format("%.0f s on %d threads in all", seconds, threads)).append('\n');
        sb.append("#   fitted keys:");
        for (ConfigKey k : keys) {
            sb.append(' ').append(k.name()).append(' ').append(k.format(start.get(k))).append(" -> ")
                    .append(k.format(result.get(k))).append(" ").append(k.unit()).append(';');
        }
        sb.setLength(sb.length() - 1);
        sb.append('\n');
        sb.append("#   error before the fit: ").append(CorrelationReport.summaryLine(before.all())).append('\n');
        sb.append("#   error on the fit set: ").append(CorrelationReport.summaryLine(after.all())).append('\n');
        if (heldOut != null) {
            sb.append("#   error held out (").append(folds).append("-fold, each trace predicted by a fit without it): ")
                    .append(CorrelationReport.summaryLine(heldOut.all())).append('\n');
        } else {
            sb.append("#   error held out: no folds (--folds 0)\n");
        }
        if (leftOut != null) {
            sb.append("#   error on the traces left out of the fit: ").append(CorrelationReport.summaryLine(
                    leftOut.all())).append('\n');
            sb.append("#   error on the whole set: ").append(CorrelationReport.summaryLine(all.all())).append('\n');
        }
        sb.append("#   per category (whole set, MAPE):");
        for (Map.Entry<String, Correlation.Summary> e : all.categories().entrySet()) {
            sb.append(String.format(" %s %.1f%%;", e.getKey(), e.getValue().mape()));
        }
        sb.setLength(sb.length() - 1);
        sb.append("\n#\n# Every key that differs from the defaults ('gpusim config' lists them all), and every fitted key.\n");
        Config defaults = Config.defaults();
        for (ConfigKey k : ConfigKeys.ALL) {
            // A fitted key is written even where it lands on its default: its value is the fit's.
            if (keys.contains(k) || result.get(k) != defaults.get(k)) {
                sb.append(k.name()).append(" = ").append(k.format(result.get(k)));
                if (keys.contains(k)) {
                    sb.append("   # fitted");
                }
                sb.append('\n');
            }
        }
        // Checked as any preset file would be: what is written must load.
        Preset.parse("out", source, sb.toString());
        return sb.toString();
    }
}
