package gpusim.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import gpusim.harness.AtomicFiles;
import gpusim.harness.Palette;
import gpusim.scene.CullingStats;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.CombinedDomainCategoryPlot;
import org.jfree.chart.renderer.category.LineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * The culling study {@code gpusim scene --study} writes: one row a culling variant
 * (study.csv, study.json) and a picture (study.png, drawn with JFreeChart in the sweep
 * plot's colours): cycles, objects culled and visible objects culled, per frame, one line a
 * variant (a line hidden under another is a variant with the same figures).
 */
public final class SceneStudy {
    static final String CSV_HEADER = "culling,frames,objects,queries_per_frame,culled_share,visible,wrongly_culled,"
            + "drawn_invisible,samples_drawn,samples_saved,query_samples,query_latency_mean,query_latency_max,"
            + "predication_reads,predicated_skips,cycles";

    private SceneStudy() {
    }

    /** Writes study.csv, study.json (with {@code header}) and study.png of {@code all} into {@code dir}. */
    public static void write(Path dir, ObjectNode header, List<CullingStats> all) throws IOException {
        StringBuilder csv = new StringBuilder(CSV_HEADER).append('\n');
        ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = header.deepCopy();
        ArrayNode variants = root.putArray("variants");
        for (CullingStats s : all) {
            CullingStats.Frame t = s.total();
            int f = s.frames().size();
            csv.append(String.join(",", s.culling().label(), Integer.toString(f), Long.toString(t.objects() / f),
                    String.format(Locale.ROOT, "%.1f", (double) t.queries() / f),
                    String.format(Locale.ROOT, "%.4f", t.culledShare()), Long.toString(t.visible()),
                    Long.toString(t.wronglyCulled()), Long.toString(t.drawnInvisible()), Long.toString(t.samplesDrawn()),
                    Long.toString(t.samplesSaved()), Long.toString(t.querySamples()),
                    Double.isNaN(t.queryLatencyMean()) ? "" : String.format(Locale.ROOT, "%.1f", t.queryLatencyMean()),
                    Long.toString(t.queryLatencyMax()), Long.toString(t.predicationReads()),
                    Long.toString(s.predicatedSkips()), Long.toString(s.cycles()))).append('\n');
            variants.add(s.json(m));
        }
        AtomicFiles.write(dir.resolve("study.csv"), csv.toString().getBytes(StandardCharsets.UTF_8));
        AtomicFiles.write(dir.resolve("study.json"),
                (m.writeValueAsString(root) + "\n").getBytes(StandardCharsets.UTF_8));
        AtomicFiles.write(dir.resolve("study.png"), plot(header, all));
    }

    private static byte[] plot(ObjectNode header, List<CullingStats> all) throws IOException {
        System.setProperty("java.awt.headless", "true");
        CombinedDomainCategoryPlot combined = new CombinedDomainCategoryPlot(new CategoryAxis("frame"));
        String[] names = {"cycles", "objects culled", "visible objects culled"};
        CategoryPlot first = null;
        for (int k = 0; k < names.length; k++) {
            DefaultCategoryDataset data = new DefaultCategoryDataset();
            for (CullingStats s : all) {
                for (CullingStats.Frame fr : s.frames()) {
                    long v = k == 0 ? fr.cycles() : k == 1 ? fr.culled() : fr.wronglyCulled();
                    data.addValue(v, s.culling().label(), Integer.toString(fr.frame()));
                }
            }
            NumberAxis y = new NumberAxis(names[k]);
            y.setAutoRangeIncludesZero(k > 0);
            if (k > 0) {
                y.setStandardTickUnits(NumberAxis.createIntegerTickUnits());
            }
            LineAndShapeRenderer r = new LineAndShapeRenderer(true, true);
            for (int i = 0; i < all.size(); i++) {
                r.setSeriesPaint(i, Palette.line(i));
            }
            r.setDefaultStroke(new BasicStroke(2f));
            r.setAutoPopulateSeriesStroke(false);
            CategoryPlot p = new CategoryPlot(data, null, y, r);
            p.setBackgroundPaint(Color.WHITE);
            p.setRangeGridlinePaint(Color.LIGHT_GRAY);
            combined.add(p, k == 0 ? 2 : 1);
            if (first == null) {
                first = p;
            }
        }
        // One legend for the three plots (the same variants in the same colours), not one each.
        combined.setFixedLegendItems(first.getLegendItems());
        JFreeChart chart = new JFreeChart("Occlusion culling variants, per frame", JFreeChart.DEFAULT_TITLE_FONT,
                combined, true);
        chart.addSubtitle(new TextTitle(Path.of(header.path("model").asText()).getFileName() + ", " + header.path("instances").asText()
                + " instances, camera " + header.path("camera").asText() + ", " + header.path("width").asText() + "x"
                + header.path("height").asText()));
        chart.setBackgroundPaint(Color.WHITE);
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        ChartUtils.writeChartAsPNG(png, chart, SweepPlot.WIDTH, 900);
        return png.toByteArray();
    }
}
