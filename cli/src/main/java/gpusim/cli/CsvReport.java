package gpusim.cli;

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
 * {@code stages.csv} (per-component busy and stalled cycles) and {@code stats.csv} (every
 * statistic of the tree with its unit).
 */
final class CsvReport {
    private CsvReport() {
    }

    static void write(Path dir, RunResult r) throws IOException {
        Files.createDirectories(dir);
        try (CSVPrinter p = printer(dir.resolve("draws.csv"), "draw", "line", "issued_cycle", "finished_cycle",
                "cycles")) {
            for (DrawTracker.DrawRecord d : r.draws()) {
                p.printRecord(d.id, d.line, d.issued, d.finished, d.cycles());
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
    }

    private static Object value(StatGroup g, String name) {
        Stat s = g.find(name);
        return s == null ? "" : s.value();
    }

    private static void writeStats(CSVPrinter p, String prefix, StatGroup g) throws IOException {
        for (Stat s : g.stats()) {
            p.printRecord(prefix + s.name(), s.value(), s.unit(), s.description());
        }
        for (StatGroup c : g.children()) {
            writeStats(p, prefix + c.name() + ".", c);
        }
    }

    private static CSVPrinter printer(Path file, String... header) throws IOException {
        Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        return new CSVPrinter(w, CSVFormat.DEFAULT.builder().setHeader(header).build());
    }
}
