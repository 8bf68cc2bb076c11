package gpusim.harness;

import gpusim.gpu.DrawTracker;
import gpusim.gpu.RunResult;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * The report as CSV tables, for spreadsheets and plotting: {@code draws.csv} (per-draw
 * cycles), {@code queries.csv} (decoded query results and their end-to-landed latency),
 * {@code stages.csv} (per-component busy and stalled cycles), {@code stats.csv} (every
 * statistic of the tree with its unit; a histogram's row holds its mean, with its samples,
 * min and max in rows named {@code NAME::samples}, {@code ::min}, {@code ::max}, as gem5
 * writes a distribution) and {@code histograms.csv} (every histogram's buckets, one row a
 * bucket: filter on {@code statistic} and chart {@code weight} against {@code bucket_low}).
 */
public final class CsvReport {
    private CsvReport() {
    }

    /** Writes the tables of {@code r} into {@code dir} (created if missing), one CSV file a table. */
    public static void write(Path dir, RunResult r) throws IOException {
        Files.createDirectories(dir);
        try (CSVPrinter p = printer(dir.resolve("draws.csv"), "draw", "line", "issued_cycle", "finished_cycle",
                "cycles", "scan_samples", "samples_tested", "samples_passed", "hiz_tiles", "hiz_rejected_tiles", "quads")) {
            for (DrawTracker.DrawRecord d : r.draws()) {
                p.printRecord(d.id, d.line, d.issued, d.finished, d.cycles(), d.scanSamples, d.samplesTested,
                        d.samplesPassed, d.hizTiles, d.hizRejectedTiles, d.quads);
            }
        }
        try (CSVPrinter p = printer(dir.resolve("queries.csv"), "heap", "index", "type", "ended", "values",
                "end_to_landed_cycles")) {
            for (RunResult.QueryReport q : r.queries()) {
                StringBuilder v = new StringBuilder();
                for (long x : q.values()) {
                    if (v.length() > 0) {
                        v.append(' ');
                    }
                    v.append(Long.toUnsignedString(x));
                }
                p.printRecord(q.heap(), q.index(), q.type(), q.ended(), v, q.latency());
            }
        }
        try (CSVPrinter p = printer(dir.resolve("stages.csv"), "component", "busy_cycles", "stall_cycles", "items",
                "utilization")) {
            for (StatGroup g : r.stats().children()) {
                Stat busy = g.find("busy_cycles");
                if (busy != null) {
                    p.printRecord(g.name(), busy.value(), value(g, "stall_cycles"), value(g, "items"),
                            busy.value().doubleValue() / Math.max(1, r.cycles()));
                }
            }
        }
        try (CSVPrinter p = printer(dir.resolve("stats.csv"), "statistic", "value", "unit", "description")) {
            writeStats(p, "", r.stats());
        }
        try (CSVPrinter p = printer(dir.resolve("histograms.csv"), "statistic", "unit", "bucket_low", "bucket_high",
                "weight", "weight_unit", "fraction")) {
            writeHistograms(p, "", r.stats());
        }
    }

    private static Object value(StatGroup g, String name) {
        Stat s = g.find(name);
        return s == null ? "" : s.value();
    }

    private static void writeStats(CSVPrinter p, String prefix, StatGroup g) throws IOException {
        for (Stat s : g.stats()) {
            p.printRecord(prefix + s.name(), s.value(), s.unit(), s.description());
            if (s instanceof Stat.Histogram h) {
                p.printRecord(prefix + s.name() + "::samples", h.samples(), h.weightUnit(),
                        "total weight: " + (h.weightUnit().equals("cycles") ? "cycles covered" : "samples"));
                p.printRecord(prefix + s.name() + "::min", h.min(), h.unit(), "smallest value sampled");
                p.printRecord(prefix + s.name() + "::max", h.max(), h.unit(), "largest value sampled");
            }
        }
        for (StatGroup c : g.children()) {
            writeStats(p, prefix + c.name() + ".", c);
        }
    }

    /** One row a bucket (and one for the overflows, when there are any), with its share of the weight. */
    private static void writeHistograms(CSVPrinter p, String prefix, StatGroup g) throws IOException {
        for (Stat s : g.stats()) {
            if (s instanceof Stat.Histogram h) {
                double total = Math.max(1, h.samples());
                for (int i = 0; i < h.buckets(); i++) {
                    p.printRecord(prefix + h.name(), h.unit(), h.bucketLow(i), h.bucketHigh(i), h.weight(i),
                            h.weightUnit(), h.weight(i) / total);
                }
                if (h.overflows() > 0) {
                    p.printRecord(prefix + h.name(), h.unit(), h.bucketLow(h.buckets()), "", h.overflows(),
                            h.weightUnit(), h.overflows() / total);
                }
            }
        }
        for (StatGroup c : g.children()) {
            writeHistograms(p, prefix + c.name() + ".", c);
        }
    }

    private static CSVPrinter printer(Path file, String... header) throws IOException {
        Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        return new CSVPrinter(w, CSVFormat.DEFAULT.builder().setHeader(header).build());
    }
}
