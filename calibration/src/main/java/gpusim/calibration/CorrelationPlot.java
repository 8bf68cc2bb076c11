package gpusim.calibration;

import gpusim.harness.AtomicFiles;
import gpusim.harness.Palette;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.geom.Ellipse2D;
import java.io.ByteArrayOutputStream;
import java.text.DecimalFormat;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYLineAnnotation;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The correlation's scatter plot, drawn with JFreeChart: measured time (x) against predicted
 * (y), both on log axes, one colour per category, the y = x line where a perfect model's points
 * lie, and the traces furthest from it (by |log(predicted / measured)|) labelled with their names.
 */
public final class CorrelationPlot {
    /** The picture's size in pixels. */
    public static final int WIDTH = 1000;
    /** The picture's height in pixels. */
    public static final int HEIGHT = 900;

    /**
     * Whether two traces' points lie within 10% of each other on both axes: a few pixels apart
     * on the log-log plot, where their labels would print over each other.
     */
    public static boolean onOneSpot(Correlator.Prediction a, Correlator.Prediction b) {
        return Math.abs(Math.log(a.measuredNs() / b.measuredNs())) < Math.log(1.1)
                && Math.abs(Math.log(Math.max(a.predictedNs(), 1) / Math.max(b.predictedNs(), 1))) < Math.log(1.1);
    }

    /** How many of the worst traces are labelled. */
    public static final int LABELLED = 5;

    private CorrelationPlot() {
    }

    /** Draws the scatter plot of {@code c} under {@code title} and writes it to {@code file} as PNG. */
    public static void write(Path file, Correlation c, String title) throws IOException {
        // No display is needed or wanted (CI, ssh): AWT must not look for one.
        System.setProperty("java.awt.headless", "true");
        Map<String, XYSeries> byCategory = new LinkedHashMap<>();
        double lo = Double.MAX_VALUE;
        double hi = 0;
        for (String cat : c.categories().keySet()) {
            byCategory.put(cat, new XYSeries(cat + " (" + c.categories().get(cat).traces() + ")", false, true));
        }
        for (Correlator.Prediction p : c.predictions()) {
            double y = Math.max(p.predictedNs(), 1);
            byCategory.get(p.trace().category()).add(p.measuredNs(), y);
            lo = Math.min(lo, Math.min(p.measuredNs(), y));
            hi = Math.max(hi, Math.max(p.measuredNs(), y));
        }
        XYSeriesCollection data = new XYSeriesCollection();
        for (XYSeries s : byCategory.values()) {
            data.addSeries(s);
        }
        lo /= 2;
        hi *= 2;
        LogAxis x = new LogAxis("measured (ns)");
        LogAxis y = new LogAxis("predicted (ns)");
        for (LogAxis a : new LogAxis[] {x, y}) {
            a.setBase(10);
            a.setRange(lo, hi);
            a.setSmallestValue(1);
            a.setTickUnit(new NumberTickUnit(1)); // a tick a decade (LogAxis ticks are in log units)
            a.setNumberFormatOverride(new DecimalFormat("#,##0"));
        }
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(false, true);
        for (int i = 0; i < data.getSeriesCount(); i++) {
            r.setSeriesPaint(i, Palette.line(i));
            r.setSeriesShape(i, new Ellipse2D.Double(-4, -4, 8, 8));
        }
        XYPlot plot = new XYPlot(data, x, y, r);
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.addAnnotation(new XYLineAnnotation(lo, lo, hi, hi, new BasicStroke(1.5f, BasicStroke.CAP_BUTT,
                BasicStroke.JOIN_MITER, 1, new float[] {6, 4}, 0), Color.DARK_GRAY));
        XYTextAnnotation diagonal = new XYTextAnnotation("y = x", hi / 2.5, hi / 1.6);
        diagonal.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        plot.addAnnotation(diagonal);
        List<Correlator.Prediction> worst = new ArrayList<>(c.predictions());
        worst.sort(Comparator.comparingDouble(Correlator.Prediction::logError).reversed()
                .thenComparing(p -> p.trace().name()));
        // The worst LABELLED places, each labelled once: traces on one spot (the same times, as
        // four culled-triangle traces often are) share a label, "and N more", instead of
        // printing their names over each other.
        List<Correlator.Prediction> labelled = new ArrayList<>();
        List<Integer> more = new ArrayList<>();
        for (Correlator.Prediction p : worst) {
            int same = -1;
            for (int i = 0; i < labelled.size() && same < 0; i++) {
                if (onOneSpot(labelled.get(i), p)) {
                    same = i;
                }
            }
            if (same >= 0) {
                more.set(same, more.get(same) + 1);
            } else if (labelled.size() < LABELLED) {
                labelled.add(p);
                more.add(0);
            }
        }
        for (int i = 0; i < labelled.size(); i++) {
            Correlator.Prediction p = labelled.get(i);
            String and = more.get(i) > 0 ? " and " + more.get(i) + " more" : "";
            XYTextAnnotation a = new XYTextAnnotation(" " + p.trace().name() + String.format(" (%+.0f%%)",
                    100 * p.relativeError()) + and, p.measuredNs(), Math.max(p.predictedNs(), 1));
            a.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
            a.setTextAnchor(p.predictedNs() >= p.measuredNs() ? TextAnchor.BOTTOM_LEFT : TextAnchor.TOP_LEFT);
            plot.addAnnotation(a);
        }
        JFreeChart chart = new JFreeChart("predicted against measured time", JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.addSubtitle(new TextTitle(title));
        chart.addSubtitle(new TextTitle(CorrelationReport.summaryLine(c.all())));
        chart.setBackgroundPaint(Color.WHITE);
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ChartUtils.writeChartAsPNG(png, chart, WIDTH, HEIGHT);
        AtomicFiles.write(file, png.toByteArray());
    }
}
