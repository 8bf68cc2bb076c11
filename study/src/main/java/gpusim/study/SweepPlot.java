package gpusim.study;

import gpusim.harness.AtomicFiles;
import gpusim.harness.Palette;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * The sweep's picture, drawn with JFreeChart: the chosen metric against the first varied
 * key (its values, in --vary order, as categories, so that 64/128/256 or rows/checkerboard
 * are evenly spaced), one line per combination of the other varied keys. A configuration
 * without a value for the metric leaves a gap.
 */
public final class SweepPlot {
    /** The picture's width in pixels. */
    public static final int WIDTH = 1000;
    /** The picture's height in pixels. */
    public static final int HEIGHT = 620;

    private SweepPlot() {
    }

    /** The file name of the plot of {@code metric} in the output directory. */
    public static String fileName(String metric) {
        return metric + ".png";
    }

    /**
     * Draws the plot and writes it to {@code file}.
     *
     * @return false, writing nothing, if no configuration has a value for the metric
     */
    public static boolean write(Path file, Sweep.Table t, SweepMetrics.Metric metric) throws IOException {
        // No display is needed or wanted (CI, ssh): AWT must not look for one.
        System.setProperty("java.awt.headless", "true");
        for (SweepMetrics.Metric c : t.columns()) {
            if (c.name().equals(metric.name())) {
                metric = c; // with the unit the runs reported
            }
        }
        List<SweepAxis> axes = t.axes();
        SweepAxis x = axes.get(0);
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        boolean any = false;
        boolean integral = true;
        for (int i = 0; i < t.rows().size(); i++) {
            List<String> values = t.combinations().get(i).values();
            Number v = t.rows().get(i).metrics().get(metric.name());
            any |= v != null;
            integral &= v == null || !(v instanceof Double || v instanceof Float);
            data.addValue(v, series(axes, values, metric), values.get(0));
        }
        if (!any) {
            return false;
        }
        String yLabel = metric.name() + " (" + metric.unit() + ")";
        JFreeChart chart = ChartFactory.createLineChart(metric.name() + " against " + x.key(), x.label(), yLabel, data,
                PlotOrientation.VERTICAL, axes.size() > 1, false, false);
        chart.addSubtitle(new TextTitle(t.trace() + ": " + t.rows().size() + " configurations"));
        chart.setBackgroundPaint(Color.WHITE);
        CategoryPlot plot = chart.getCategoryPlot();
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.setDomainGridlinesVisible(true);
        plot.setDomainGridlinePaint(Color.LIGHT_GRAY);
        LineAndShapeRenderer r = (LineAndShapeRenderer) plot.getRenderer();
        for (int i = 0; i < data.getRowCount(); i++) {
            r.setSeriesPaint(i, Palette.line(i));
        }
        r.setDefaultShapesVisible(true);
        r.setDefaultStroke(new BasicStroke(2f));
        r.setAutoPopulateSeriesStroke(false);
        NumberAxis y = (NumberAxis) plot.getRangeAxis();
        // Differences between configurations are often a few percent: start where the data does.
        y.setAutoRangeIncludesZero(false);
        if (integral) {
            y.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
        }
        CategoryAxis xAxis = plot.getDomainAxis();
        if (x.values().size() > 12) {
            xAxis.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ChartUtils.writeChartAsPNG(png, chart, WIDTH, HEIGHT);
        AtomicFiles.write(file, png.toByteArray());
        return true;
    }

    /** A line's name: the values of the other varied keys (the metric's name when only one key varies). */
    private static String series(List<SweepAxis> axes, List<String> values, SweepMetrics.Metric metric) {
        if (axes.size() == 1) {
            return metric.name();
        }
        StringBuilder sb = new StringBuilder();
        for (int a = 1; a < axes.size(); a++) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(axes.get(a).key()).append('=').append(values.get(a));
        }
        return sb.toString();
    }
}
