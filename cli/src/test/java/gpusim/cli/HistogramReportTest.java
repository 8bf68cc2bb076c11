package gpusim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gpusim.harness.ConformanceTest;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Histograms in the JSON report and in histograms.csv and stats.csv: the same buckets, plottable. */
class HistogramReportTest {
    @TempDir
    Path tmp;

    @Test
    void queueOccupancyAndQueryLatencyHistogramsInJsonAndCsv() throws IOException {
        Path trace = tmp.resolve("t.trace");
        Files.writeString(trace, ConformanceTest.resource("case-031.trace"));
        Path json = tmp.resolve("r.json");
        Path csv = tmp.resolve("csv");
        CliTest.Outcome o = CliTest.gpusim("run", trace.toString(), "-q", "--json", json.toString(),
                "--csv", csv.toString());
        assertEquals(0, o.status(), o.err());
        JsonNode r = new ObjectMapper().readTree(json.toFile());
        long cycles = r.get("cycles").asLong();
        JsonNode occ = r.get("stats").get("queues").get("cp->ia").get("occupancy");
        assertEquals("items", occ.get("unit").asText());
        assertEquals("cycles", occ.get("weight_unit").asText());
        assertEquals(cycles, occ.get("samples").asLong(), "time-weighted: every cycle of the run once");
        assertEquals(1, occ.get("bucket_size").asLong());
        // queue.depth 16: occupancies 0..16, one bucket each.
        assertEquals(17, occ.get("bucket_low").size());
        assertEquals(17, occ.get("weights").size());
        long sum = 0;
        double weighted = 0;
        for (int i = 0; i < 17; i++) {
            assertEquals(i, occ.get("bucket_low").get(i).asLong());
            sum += occ.get("weights").get(i).asLong();
            weighted += (double) i * occ.get("weights").get(i).asLong();
        }
        assertEquals(cycles, sum);
        assertEquals(weighted / cycles, occ.get("mean").asDouble(), 1e-12);
        assertEquals(occ.get("mean").asDouble(), occ.get("value").asDouble());

        List<CSVRecord> rows = read(csv.resolve("histograms.csv"));
        List<CSVRecord> cpIa = new ArrayList<>();
        for (CSVRecord row : rows) {
            if (row.get("statistic").equals("queues.cp->ia.occupancy")) {
                cpIa.add(row);
            }
        }
        assertEquals(17, cpIa.size(), "one row a bucket");
        double fractions = 0;
        for (int i = 0; i < 17; i++) {
            CSVRecord row = cpIa.get(i);
            assertEquals("items", row.get("unit"));
            assertEquals(String.valueOf(i), row.get("bucket_low"));
            assertEquals(String.valueOf(i), row.get("bucket_high"));
            assertEquals(occ.get("weights").get(i).asText(), row.get("weight"));
            assertEquals("cycles", row.get("weight_unit"));
            fractions += Double.parseDouble(row.get("fraction"));
        }
        assertEquals(1.0, fractions, 1e-9);

        // Every query's EndQuery latency is in the resolvable histogram, split loaded + idle.
        JsonNode q = r.get("stats").get("queries");
        JsonNode all = q.get("resolvable_latency_histogram");
        assertEquals("queries", all.get("weight_unit").asText());
        assertEquals(q.get("resolvable_latency_count").get("value").asLong(), all.get("samples").asLong());
        assertEquals(all.get("samples").asLong(), q.get("loaded_latency_histogram").get("samples").asLong()
                + q.get("idle_latency_histogram").get("samples").asLong());
        assertEquals(q.get("resolvable_latency_max").get("value").asLong(), all.get("max").asLong());
        assertTrue(all.get("samples").asLong() > 0, "case-031 has queries");

        String stats = Files.readString(csv.resolve("stats.csv"));
        assertTrue(stats.contains("\nqueues.cp->ia.occupancy::samples," + cycles + ",cycles,"), stats);
        assertTrue(stats.contains("\nqueues.cp->ia.occupancy::max," + occ.get("max").asLong() + ",items,"), stats);
    }

    private static List<CSVRecord> read(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file)) {
            return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build().parse(in).getRecords();
        }
    }
}
