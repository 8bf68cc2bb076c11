package gpusim.cli;

import static gpusim.cli.CliTest.gpusim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gpusim.study.Sweep;
import gpusim.study.SweepMetrics;
import gpusim.study.SweepPlot;
import gpusim.study.SweepProgress;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gpusim sweep} as a user meets it: rows, resume, jobs, the plot, and its errors. */
class SweepTest {
    @TempDir
    Path tmp;

    /** The small study-like trace of the tests (three queried draws, write_query at ${STRIDE}). */
    Path trace() throws IOException {
        return smallTrace(tmp);
    }

    /** The small trace copied into {@code dir} (once), for this test and the Slurm engine's. */
    static Path smallTrace(Path dir) throws IOException {
        Path p = dir.resolve("small.trace");
        if (!Files.exists(p)) {
            try (InputStream in = SweepTest.class.getResourceAsStream("/sweep/small.trace")) {
                Files.write(p, in.readAllBytes());
            }
        }
        return p;
    }

    static final String[] VARY = {"--vary", "param.STRIDE=64,256", "--vary", "db.count=1,4"};

    CliTest.Outcome sweep(Path out, String... extra) throws IOException {
        List<String> args = new ArrayList<>(List.of("sweep", trace().toString(), "--out", out.toString()));
        args.addAll(List.of(VARY));
        args.addAll(List.of(extra));
        return gpusim(args.toArray(new String[0]));
    }

    static List<CSVRecord> csv(Path file) throws IOException {
        return CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
                .parse(new StringReader(Files.readString(file))).getRecords();
    }

    static List<String> header(Path file) throws IOException {
        return List.of(Files.readAllLines(file).get(0).split(","));
    }

    @Test
    void rowsInSweepOrderWithTheFiguresOfRun() throws IOException {
        Path out = tmp.resolve("out");
        CliTest.Outcome o = sweep(out, "--jobs", "2");
        assertEquals(0, o.status(), o.err());
        assertEquals("", o.err());
        assertTrue(o.out().startsWith("sweep: 4 configurations (4 run, 0 resumed, 2 jobs) in "), o.out());
        Path results = out.resolve("results.csv");
        List<String> expectedHeader = new ArrayList<>(List.of("param.STRIDE", "db.count"));
        for (SweepMetrics.Metric m : SweepMetrics.columns(4)) { // memory.channels is 4 in every row
            expectedHeader.add(m.name());
        }
        assertEquals(expectedHeader, header(results));
        List<CSVRecord> rows = csv(results);
        // The first --vary changes slowest.
        String[][] order = {{"64", "1"}, {"64", "4"}, {"256", "1"}, {"256", "4"}};
        assertEquals(order.length, rows.size());
        ObjectMapper om = new ObjectMapper();
        JsonNode json = om.readTree(out.resolve("results.json").toFile());
        for (int i = 0; i < order.length; i++) {
            CSVRecord r = rows.get(i);
            assertEquals(order[i][0], r.get("param.STRIDE"));
            assertEquals(order[i][1], r.get("db.count"));
            // The same configuration through 'gpusim run'.
            Path report = tmp.resolve("run" + i + ".json");
            CliTest.Outcome run = gpusim("run", trace().toString(), "-q", "--param", "STRIDE=" + order[i][0],
                    "--set", "db.count=" + order[i][1], "--json", report.toString());
            assertEquals(0, run.status(), run.err());
            JsonNode rep = om.readTree(report.toFile());
            assertEquals(rep.get("cycles").asText(), r.get("run.cycles"));
            for (SweepMetrics.Metric m : SweepMetrics.columns(4)) {
                if (m.name().equals("run.cycles") || m.name().equals("memory.bytes_moved")) {
                    continue;
                }
                if (SweepMetrics.CHANNEL_SUMS.containsKey(m.name())) {
                    // A sum over the channels of their statistic (empty when no channel has it).
                    long sum = 0;
                    boolean any = false;
                    for (int c = 0; c < 4; c++) {
                        JsonNode v = at(rep.get("stats"), "memory.channel" + c + "." + SweepMetrics.CHANNEL_SUMS.get(m.name()));
                        any |= v != null;
                        sum += v == null ? 0 : v.get("value").asLong();
                    }
                    assertEquals(any ? Long.toString(sum) : "", r.get(m.name()), m.name());
                    continue;
                }
                JsonNode stat = at(rep.get("stats"), m.name());
                // A statistic the model has is copied exactly; one it lacks is an empty cell.
                assertEquals(stat == null ? "" : stat.get("value").asText(), r.get(m.name()), m.name());
            }
            assertEquals(Long.parseLong(r.get("memory.bytes_read")) + Long.parseLong(r.get("memory.bytes_written")),
                    Long.parseLong(r.get("memory.bytes_moved")));
            // results.json holds the same rows, numbers as numbers, missing figures as null.
            JsonNode jr = json.get("rows").get(i);
            assertEquals(order[i][0], jr.get("param.STRIDE").textValue());
            assertEquals(Long.parseLong(order[i][1]), jr.get("db.count").longValue());
            assertEquals(rep.get("cycles").longValue(), jr.get("run.cycles").longValue());
        }
        assertEquals(order.length, json.get("rows").size());
        // Each metric's unit is the statistic's own where the model has it.
        JsonNode rep = om.readTree(tmp.resolve("run0.json").toFile());
        for (JsonNode m : json.get("metrics")) {
            JsonNode stat = at(rep.get("stats"), m.get("name").textValue());
            if (stat != null) {
                assertEquals(stat.get("unit").textValue(), m.get("unit").textValue(), m.toString());
            }
        }
        assertEquals("cycles", json.get("metrics").get(0).get("unit").textValue());
        assertEquals(Sweep.ORDER, json.get("order").textValue());
    }

    /** The statistic at a dotted path of the JSON report's stats tree, or null. */
    private static JsonNode at(JsonNode stats, String path) {
        JsonNode n = stats;
        for (String part : path.split("\\.")) {
            n = n.get(part);
            if (n == null) {
                return null;
            }
        }
        return n.has("value") ? n : null;
    }

    @Test
    void theNumberOfJobsDoesNotChangeTheResults() throws IOException {
        Path one = tmp.resolve("one");
        Path two = tmp.resolve("two");
        assertEquals(0, sweep(one, "--jobs", "1", "-q", "--vary", "memory.interleave=256,1024").status());
        assertEquals(0, sweep(two, "--jobs", "2", "-q", "--vary", "memory.interleave=256,1024").status());
        assertEquals(8, csv(one.resolve("results.csv")).size());
        assertEquals(Files.readString(one.resolve("results.csv")), Files.readString(two.resolve("results.csv")));
        assertEquals(Files.readString(one.resolve("results.json")), Files.readString(two.resolve("results.json")));
    }

    @Test
    void aResumedSweepRunsOnlyWhatIsMissingAndLosesNothing() throws IOException {
        Path out = tmp.resolve("out");
        assertEquals(0, sweep(out, "-q").status());
        String full = Files.readString(out.resolve("results.csv"));
        List<Path> rowFiles = rowFiles(out);
        assertEquals(4, rowFiles.size());

        // An interruption: two rows never written, one left as a temporary file, the tables gone.
        Files.delete(rowFiles.get(0));
        Files.move(rowFiles.get(1), rowFiles.get(1).resolveSibling(rowFiles.get(1).getFileName() + ".tmp"));
        Files.delete(out.resolve("results.csv"));
        Files.delete(out.resolve("results.json"));
        Files.delete(out.resolve("run.cycles.png"));
        CliTest.Outcome o = sweep(out);
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().startsWith("sweep: 4 configurations (2 run, 2 resumed, "), o.out());
        assertEquals(full, Files.readString(out.resolve("results.csv")));
        assertEquals(4, rowFiles(out).size()); // no temporary file left behind
        assertTrue(Files.exists(out.resolve("run.cycles.png")));

        // Resumed rows are read, not recomputed: a row changed on disk shows in the results.
        Path row = rowFiles(out).get(2);
        JsonNode n = new ObjectMapper().readTree(row.toFile());
        long cycles = n.get("metrics").get("run.cycles").longValue();
        Files.writeString(row, Files.readString(row).replace("\"run.cycles\" : " + cycles, "\"run.cycles\" : 7"));
        CliTest.Outcome again = sweep(out);
        assertTrue(again.out().startsWith("sweep: 4 configurations (0 run, 4 resumed, "), again.out());
        assertTrue(csv(out.resolve("results.csv")).stream().anyMatch(r -> r.get("run.cycles").equals("7")));

        // A damaged row file is not trusted: that configuration runs again.
        Files.writeString(row, "{\"id\": ");
        CliTest.Outcome repaired = sweep(out);
        assertTrue(repaired.out().startsWith("sweep: 4 configurations (1 run, 3 resumed, "), repaired.out());
        assertEquals(full, Files.readString(out.resolve("results.csv")));

        // More values in the same directory: only the new configurations run.
        CliTest.Outcome more = gpusim("sweep", trace().toString(), "--out", out.toString(), "--vary",
                "param.STRIDE=64,128,256", "--vary", "db.count=1,4");
        assertEquals(0, more.status(), more.err());
        assertTrue(more.out().startsWith("sweep: 6 configurations (2 run, 4 resumed, "), more.out());
    }

    private static List<Path> rowFiles(Path out) throws IOException {
        try (Stream<Path> s = Files.list(out.resolve("rows"))) {
            return s.sorted().toList();
        }
    }

    @Test
    void anotherTraceOrBaseInTheSameDirectoryIsRefused() throws IOException {
        Path out = tmp.resolve("out");
        assertEquals(0, sweep(out, "-q").status());
        CliTest.Outcome base = sweep(out, "--set", "db.tile=16");
        assertEquals(2, base.status());
        assertEquals("gpusim sweep: " + out + " holds a sweep of another trace or base configuration (db.tile was 8, "
                + "now 16); use another --out directory, or remove " + out + " to start over\n", base.err());
        CliTest.Outcome param = sweep(out, "--param", "QUADS=4");
        assertEquals(2, param.status());
        assertTrue(param.err().contains("(param QUADS was not set, now 4)"), param.err());
        // Rows made by other code (a rebuilt model) are not mixed in either.
        Path manifest = out.resolve("sweep.json");
        String recorded = Files.readString(manifest);
        String code = new ObjectMapper().readTree(recorded).get("code_sha256").textValue();
        assertEquals(64, code.length(), code);
        Files.writeString(manifest, recorded.replace(code, "0".repeat(64)));
        CliTest.Outcome rebuilt = sweep(out);
        assertEquals(2, rebuilt.status());
        assertTrue(rebuilt.err().contains("(gpusim's classes differ from those that made its rows: the model or the "
                + "sweep has changed)"), rebuilt.err());
        Files.writeString(manifest, recorded);
        Files.writeString(trace(), Files.readString(trace()) + "# edited\n");
        CliTest.Outcome edited = sweep(out);
        assertEquals(2, edited.status());
        assertTrue(edited.err().contains("the trace's contents differ"), edited.err());
    }

    @Test
    void twoSweepsDoNotWriteIntoOneDirectoryAtOnce() throws IOException {
        Path out = tmp.resolve("out");
        assertEquals(0, sweep(out, "-q").status());
        try (FileChannel ch = FileChannel.open(out.resolve(".lock"), StandardOpenOption.WRITE);
             FileLock held = ch.lock()) {
            CliTest.Outcome o = sweep(out);
            assertEquals(2, o.status());
            assertEquals("gpusim sweep: another sweep is writing to " + out + " (it holds " + out.resolve(".lock")
                    + "); wait for it to finish\n", o.err());
        }
        assertEquals(0, sweep(out, "-q").status()); // and once it is released, the directory is free again
    }

    @Test
    void thePlotIsAPngOfTheChosenMetric() throws IOException {
        Path out = tmp.resolve("out");
        CliTest.Outcome o = sweep(out, "--metric", "memory.bytes_written");
        assertEquals(0, o.status(), o.err());
        Path png = out.resolve("memory.bytes_written.png");
        assertTrue(o.out().contains(png.toString()), o.out());
        BufferedImage img = ImageIO.read(png.toFile());
        assertNotNull(img);
        assertEquals(SweepPlot.WIDTH, img.getWidth());
        assertEquals(SweepPlot.HEIGHT, img.getHeight());
        byte[] head = new byte[8];
        System.arraycopy(Files.readAllBytes(png), 0, head, 0, 8);
        assertEquals("\u0089PNG\r\n\u001a\n", new String(head, StandardCharsets.ISO_8859_1));
    }

    /** Every usage error: exit status 2, one line on stderr, no usage text or stack trace, nothing written. */
    @Test
    void badArgumentsAreOneLineErrors() throws IOException {
        String t = trace().toString();
        Path out = tmp.resolve("out");
        String[][] cases = {
            {"--vary", "db.count", "--vary db.count: expected KEY=V1,V2,..."},
            {"--vary", "db.count=", "no values after '='"},
            {"--vary", "db.count=1,,2", "empty value in the list"},
            {"--vary", "db.cuont=1,2", "unknown configuration key 'db.cuont'"},
            {"--vary", "db.count=1,33", "--vary db.count=1,33: db.count: 33 is out of range 1..32"},
            {"--vary", "db.tile=8,12", "db.tile: 12 is not one of 8, 16, 32"},
            {"--vary", "db.count=4,0x4", "value 4 is listed twice"},
            {"--vary", "param.9=1", "'9' is not a trace parameter name"},
            {"--vary", "param.STRIDE=6#4", "which would split or end the token"},
            {"--vary", "sim.threads=1,2", "a sweep runs every configuration on one thread"},
            {"--vary", "memory.latency=" + range(1, 400), "--vary", "db.count=" + range(1, 32),
                "more than 10000 combinations (399 memory.latency x 31 db.count); split the sweep"},
            {"--vary", "db.count=1", "--vary", "db.count=2", "--vary db.count is given twice"},
            {"--vary", "db.count=1", "--metric", "cycles", "--metric cycles: not a metric of the sweep"},
            {"--vary", "db.count=1", "--jobs", "0", "--jobs 0: expected 1..256"},
            {"--vary", "db.count=1", "--set", "db.count=40", "--set db.count=40: db.count: 40 is out of range"},
            {"--vary", "db.count=1", "--param", "STRIDE", "--param STRIDE: expected NAME=VALUE"},
        };
        for (String[] c : cases) {
            List<String> args = new ArrayList<>(List.of("sweep", t, "--out", out.toString()));
            args.addAll(List.of(c).subList(0, c.length - 1));
            CliTest.Outcome o = gpusim(args.toArray(new String[0]));
            String expect = c[c.length - 1];
            assertEquals(2, o.status(), String.join(" ", args));
            assertTrue(o.err().startsWith("gpusim sweep: ") && o.err().contains(expect), expect + " / " + o.err());
            assertEquals(1, o.err().lines().count(), o.err());
            assertEquals("", o.out());
            assertFalse(Files.exists(out), String.join(" ", args));
        }
    }

    private static String range(int from, int to) {
        StringBuilder sb = new StringBuilder();
        for (int i = from; i < to; i++) {
            sb.append(i == from ? "" : ",").append(i);
        }
        return sb.toString();
    }

    /** Trace errors of any combination are found before anything runs: FILE:LINE: RULE, the configuration named. */
    @Test
    void traceErrorsOfAnyCombinationStopTheSweepBeforeItRuns() throws IOException {
        Path out = tmp.resolve("out");
        String t = trace().toString();
        CliTest.Outcome unknown = gpusim("sweep", t, "--out", out.toString(), "--vary", "param.STRIDEE=64,128");
        assertEquals(2, unknown.status());
        int lines = Files.readAllLines(trace()).size();
        assertEquals("gpusim sweep: " + t + ":" + lines + ": PARAM_UNKNOWN: a value is given for parameter STRIDEE "
                + "but the trace declares no 'param STRIDEE=...' (declared: STRIDE, QUADS) (configuration "
                + "param.STRIDEE=64)\n", unknown.err());
        // Stride 32 breaks a WriteQuery rule on the three write_query lines; the first (line 30) is reported.
        CliTest.Outcome stride = gpusim("sweep", t, "--out", out.toString(), "--vary", "param.STRIDE=64,32",
                "--vary", "db.count=1,2");
        assertEquals(2, stride.status());
        assertTrue(stride.err().startsWith("gpusim sweep: " + t + ":30: WRITE_QUERY_STRIDE: "), stride.err());
        assertTrue(stride.err().endsWith("(configuration param.STRIDE=32, db.count=1)\n"), stride.err());
        // 16 DBs at stride 256 write past the 6 KiB buffer from offset 4096 (WRITE_QUERY_RANGE depends on db.count).
        CliTest.Outcome range = gpusim("sweep", t, "--out", out.toString(), "--vary", "param.STRIDE=64,256",
                "--vary", "db.count=8,16");
        assertEquals(2, range.status());
        assertTrue(range.err().contains(": WRITE_QUERY_RANGE: ")
                && range.err().endsWith("(configuration param.STRIDE=256, db.count=16)\n"), range.err());
        CliTest.Outcome missing = gpusim("sweep", tmp.resolve("nope.trace").toString(), "--out", out.toString(),
                "--vary", "db.count=1");
        assertEquals(2, missing.status());
        assertTrue(missing.err().contains("nope.trace:0: UNREADABLE_FILE: "), missing.err());
        assertFalse(Files.exists(out));
    }

    /** A configuration the model deadlocks on: status 3, the configuration named, finished rows kept, no tables. */
    @Test
    void aDeadlockStopsTheSweepAndKeepsFinishedRows() throws IOException {
        Path out = tmp.resolve("out");
        // A detector window (1,000 cycles) shorter than the resolve's poll interval (100,000): the quiet wait
        // after its counters have landed counts as a deadlock.
        CliTest.Outcome o = gpusim("sweep", trace().toString(), "--out", out.toString(), "--jobs", "1",
                "--vary", "cp.poll_cycles=16,100000", "--set", "sim.deadlock_cycles=1000");
        assertEquals(3, o.status());
        assertTrue(o.err().startsWith("gpusim sweep: model deadlock (configuration cp.poll_cycles=100000): deadlock at "
                + "cycle "), o.err());
        assertFalse(o.err().contains("\tat "), o.err());
        assertEquals(1, rowFiles(out).size());
        assertFalse(Files.exists(out.resolve("results.csv")));
        // Without the failing value, the finished row is resumed and the tables written.
        CliTest.Outcome ok = gpusim("sweep", trace().toString(), "--out", out.toString(), "--vary",
                "cp.poll_cycles=16", "--set", "sim.deadlock_cycles=1000");
        assertTrue(ok.out().startsWith("sweep: 1 configuration (0 run, 1 resumed, "), ok.out());
    }

    @Test
    void helpExplainsTheSweep() {
        CliTest.Outcome o = gpusim("sweep", "--help");
        assertEquals(0, o.status());
        for (String s : new String[] {"Usage: gpusim sweep", "--vary=KEY=V1,V2,...", "--out=DIR", "--metric=NAME",
            "--jobs=N", "param.NAME", "first key changing slowest", "Resume", "results.csv", "sim.threads=1",
            "Exit status"}) {
            assertTrue(o.out().contains(s), s + " in\n" + o.out());
        }
    }

    @Test
    void progressLine() {
        assertEquals("  sweep [#######-----------------------] 12/48 configurations (3 resumed), 34 s, about 2 min left",
                SweepProgress.line(12, 48, 3, 34.0));
        assertEquals("  sweep [------------------------------] 0/10 configurations, 2 s", SweepProgress.line(0, 10, 0, 2));
        assertEquals("  sweep [##############################] 10/10 configurations, 2 min",
                SweepProgress.line(10, 10, 0, 120));
    }

    @Test
    void metricsByName() {
        assertEquals("parts", SweepMetrics.find("memory.channel31.requests").unit());
        assertEquals(null, SweepMetrics.find("memory.channel32.requests"));
        assertEquals(SweepMetrics.RUN.size() + 2 * 2, SweepMetrics.columns(2).size());
    }
}
