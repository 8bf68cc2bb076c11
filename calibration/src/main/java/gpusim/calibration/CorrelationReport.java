package gpusim.calibration;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import gpusim.harness.AtomicFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * A correlation as people and programs read it: a table per trace and per category with the
 * summary on stdout; in the output directory {@code traces.csv}, {@code categories.csv},
 * {@code correlation.json} (the summary, the categories and every trace) and the scatter plot
 * {@code scatter.png} ({@link CorrelationPlot}).
 */
public final class CorrelationReport {
    /** The table of every trace. */
    public static final String TRACES_CSV = "traces.csv";
    /** The table of every category. */
    public static final String CATEGORIES_CSV = "categories.csv";
    /** The summary, the categories and every trace. */
    public static final String JSON = "correlation.json";
    /** The scatter plot. */
    public static final String PLOT = "scatter.png";

    private CorrelationReport() {
    }

    /** The per-trace table, the per-category table and the summary. */
    public static void print(PrintWriter out, Correlation c) {
        int w = 5;
        for (Correlator.Prediction p : c.predictions()) {
            w = Math.max(w, p.trace().name().length());
        }
        String row = "%-" + w + "s  %14s  %14s  %8s%n";
        out.printf(row, "TRACE", "PREDICTED_NS", "MEASURED_NS", "ERROR");
        for (Correlator.Prediction p : c.predictions()) {
            out.printf(row, p.trace().name(), String.format("%,.0f", p.predictedNs()),
                    String.format("%,.0f", p.measuredNs()), String.format("%+.1f%%", 100 * p.relativeError()));
        }
        out.println();
        String cat = "%-12s  %6s  %8s  %8s  %8s  %10s  %9s  %9s%n";
        out.printf(cat, "CATEGORY", "TRACES", "LOG_R", "MAPE", "NRMSE", "WITHIN_10%", "MEAN_LOG", "WORST");
        for (Map.Entry<String, Correlation.Summary> e : c.categories().entrySet()) {
            printSummary(out, cat, e.getKey(), e.getValue());
        }
        printSummary(out, cat, "all", c.all());
        out.flush();
    }

    private static void printSummary(PrintWriter out, String fmt, String name, Correlation.Summary s) {
        out.printf(fmt, name, s.traces(), Double.isNaN(s.logR()) ? "-" : String.format("%.4f", s.logR()),
                String.format("%.1f%%", s.mape()), String.format("%.3f", s.nrmse()),
                String.format("%.0f%%", s.within10()), String.format("%.4f", s.meanLogError()),
                String.format("%.0f%%", s.worstError()));
    }

    /** One line: the figures of the whole set. */
    public static String summaryLine(Correlation.Summary s) {
        return String.format("%d traces: log-log r %.4f, MAPE %.1f%%, NRMSE %.3f, %.0f%% within 10%%, mean |log error| "
                + "%.4f", s.traces(), s.logR(), s.mape(), s.nrmse(), s.within10(), s.meanLogError());
    }

    /** Writes the CSV tables, the JSON report and the plot into {@code dir}. */
    public static void write(Path dir, Correlation c, String title) throws IOException {
        Files.createDirectories(dir);
        StringWriter traces = new StringWriter();
        try (CSVPrinter p = new CSVPrinter(traces, CSVFormat.DEFAULT.builder().setHeader("trace", "category",
                "predicted_ns", "measured_ns", "error", "cycles").build())) {
            for (Correlator.Prediction x : c.predictions()) {
                p.printRecord(x.trace().name(), x.trace().category(), x.predictedNs(), x.measuredNs(),
                        x.relativeError(), x.cycles());
            }
        }
        AtomicFiles.write(dir.resolve(TRACES_CSV), traces.toString().getBytes(StandardCharsets.UTF_8));
        StringWriter cats = new StringWriter();
        try (CSVPrinter p = new CSVPrinter(cats, CSVFormat.DEFAULT.builder().setHeader("category", "traces", "log_r",
                "mape_percent", "nrmse", "within_10_percent", "mean_log_error", "worst_percent").build())) {
            for (Map.Entry<String, Correlation.Summary> e : c.categories().entrySet()) {
                csvSummary(p, e.getKey(), e.getValue());
            }
            csvSummary(p, "all", c.all());
        }
        AtomicFiles.write(dir.resolve(CATEGORIES_CSV), cats.toString().getBytes(StandardCharsets.UTF_8));
        ByteArrayOutputStream json = new ByteArrayOutputStream();
        try (JsonGenerator g = new JsonFactory().createGenerator(json, JsonEncoding.UTF8)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("title", title);
            g.writeFieldName("summary");
            jsonSummary(g, c.all());
            g.writeObjectFieldStart("categories");
            for (Map.Entry<String, Correlation.Summary> e : c.categories().entrySet()) {
                g.writeFieldName(e.getKey());
                jsonSummary(g, e.getValue());
            }
            g.writeEndObject();
            g.writeArrayFieldStart("traces");
            for (Correlator.Prediction x : c.predictions()) {
                g.writeStartObject();
                g.writeStringField("trace", x.trace().name());
                g.writeStringField("category", x.trace().category());
                g.writeNumberField("predicted_ns", x.predictedNs());
                g.writeNumberField("measured_ns", x.measuredNs());
                g.writeNumberField("error", x.relativeError());
                g.writeNumberField("cycles", x.cycles());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        AtomicFiles.write(dir.resolve(JSON), json.toByteArray());
        CorrelationPlot.write(dir.resolve(PLOT), c, title);
    }

    private static void csvSummary(CSVPrinter p, String name, Correlation.Summary s) throws IOException {
        p.printRecord(name, s.traces(), Double.isNaN(s.logR()) ? "" : s.logR(), s.mape(), s.nrmse(), s.within10(),
                s.meanLogError(), s.worstError());
    }

    private static void jsonSummary(JsonGenerator g, Correlation.Summary s) throws IOException {
        g.writeStartObject();
        g.writeNumberField("traces", s.traces());
        if (Double.isNaN(s.logR())) {
            g.writeNullField("log_r");
        } else {
            g.writeNumberField("log_r", s.logR());
        }
        g.writeNumberField("mape_percent", s.mape());
        g.writeNumberField("nrmse", s.nrmse());
        g.writeNumberField("within_10_percent", s.within10());
        g.writeNumberField("mean_log_error", s.meanLogError());
        g.writeNumberField("worst_percent", s.worstError());
        g.writeEndObject();
    }
}
