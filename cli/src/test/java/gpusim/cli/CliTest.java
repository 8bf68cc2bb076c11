package gpusim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gpusim.config.ConfigKeys;
import gpusim.config.ConfigKey;
import gpusim.harness.ConformanceTest;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The command line as a user meets it, through CommandLine.execute with captured output. */
class CliTest {
    @TempDir
    Path tmp;

    record Outcome(int status, String out, String err) {
    }

    /** ARGS through the command line the process builds for them (Main.main's choice). */
    static Outcome gpusim(String... args) {
        return execute(Main.commandLineFor(args), args);
    }

    static Outcome execute(CommandLine cmd, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cmd.setOut(new PrintWriter(out));
        cmd.setErr(new PrintWriter(err));
        int status = cmd.execute(args);
        return new Outcome(status, out.toString(), err.toString());
    }

    Path write(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void theRunOnlyRootBehavesAsTheFullCommandLine() throws IOException {
        Path trace = write("t.trace", ConformanceTest.resource("case-009.trace"));
        Path bad = write("bad.trace", "gpusim-trace 1\nquery_heap qh type=OCCLUSION count=0\n");
        List<String[]> cases = List.of(
                new String[] {"run", "--help"},
                new String[] {"run", "--version"},
                new String[] {"run", "--no-such-option"},
                new String[] {"run", tmp.resolve("missing.trace").toString()},
                new String[] {"run", bad.toString()},
                new String[] {"run", trace.toString(), "--set", "no.such.key=1"},
                new String[] {"run", trace.toString()});
        for (String[] args : cases) {
            assertTrue(Main.commandLineFor(args).getCommand() instanceof Main.RunOnly, String.join(" ", args));
            Outcome fast = execute(Main.commandLineFor(args), args);
            Outcome full = execute(Main.commandLine(), args);
            assertEquals(full, fast, String.join(" ", args));
        }
        assertTrue(Main.commandLineFor(new String[] {"--help"}).getCommand() instanceof Main);
        assertTrue(Main.commandLineFor(new String[] {"config", "--presets"}).getCommand() instanceof Main);
    }

    @Test
    void runWritesTheReportContract() throws IOException {
        Path trace = write("t.trace", ConformanceTest.resource("case-009.trace"));
        Path json = tmp.resolve("r.json");
        Outcome o = gpusim("run", trace.toString(), "--json", json.toString());
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().contains("cycles"), o.out());
        JsonNode r = new ObjectMapper().readTree(json.toFile());
        assertTrue(r.get("cycles").asLong() > 0);
        JsonNode expected = new ObjectMapper().readTree(ConformanceTest.resource("case-009.expected.json"));
        assertEquals(expected.get("dumps"), r.get("dumps"));
        assertTrue(r.get("stats").get("db0").get("samples_passed").has("unit"));
    }

    @Test
    void sameTraceTwiceGivesTheSameReportBitForBit() throws IOException {
        Path trace = write("t.trace", ConformanceTest.resource("case-031.trace"));
        Path a = tmp.resolve("a.json");
        Path b = tmp.resolve("b.json");
        assertEquals(0, gpusim("run", trace.toString(), "--json", a.toString()).status());
        assertEquals(0, gpusim("run", trace.toString(), "--json", b.toString()).status());
        assertEquals(Files.readString(a), Files.readString(b));
    }

    @Test
    void aBadTraceNamesFileLineAndRuleWithoutAStackTrace() throws IOException {
        Path trace = write("bad.trace", "gpusim-trace 1\nquery_heap qh type=OCCLUSION count=0\n");
        Outcome o = gpusim("run", trace.toString());
        assertEquals(2, o.status());
        assertTrue(o.err().startsWith(trace + ":2: QUERY_HEAP_COUNT_ZERO: "), o.err());
        assertFalse(o.err().contains("\tat "), o.err());
    }

    @Test
    void aMissingFileIsAUserError() {
        Outcome o = gpusim("run", tmp.resolve("nope.trace").toString());
        assertEquals(2, o.status());
        assertFalse(o.err().contains("\tat "), o.err());
    }

    @Test
    void setRejectsUnknownKeysAndOutOfRangeValues() throws IOException {
        Path trace = write("t.trace", ConformanceTest.resource("case-000.trace"));
        Outcome unknown = gpusim("run", trace.toString(), "--set", "db.cuont=4");
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().contains("unknown configuration key 'db.cuont'"), unknown.err());
        Outcome range = gpusim("run", trace.toString(), "--set", "db.count=33");
        assertEquals(2, range.status());
        assertTrue(range.err().contains("db.count: 33 is out of range 1..32"), range.err());
    }

    /**
     * An unknown key is one line naming the nearest keys, exit 2, without the usage after it (on
     * --set and in a preset file); a renamed key works by its old name with a one-line notice.
     */
    @Test
    void anUnknownKeyIsOneLineAndARenamedKeyANotice() throws IOException {
        Path trace = write("t.trace", ConformanceTest.resource("case-000.trace"));
        Outcome near = gpusim("run", trace.toString(), "--set", "db.cont=4");
        assertEquals(new Outcome(2, "", "--set db.cont=4: unknown configuration key 'db.cont'; did you mean db.count?\n"),
                near);
        Outcome none = gpusim("config", "--set", "foo.bar=1");
        assertEquals(new Outcome(2, "", "--set foo.bar=1: unknown configuration key 'foo.bar' (gpusim config lists "
                + "them)\n"), none);
        Path preset = write("mine.preset", "# mine\ndb.cont = 2\n");
        assertEquals(new Outcome(2, "", preset + ":2: PRESET_UNKNOWN_KEY: unknown configuration key 'db.cont'; did you "
                + "mean db.count?\n"), gpusim("run", trace.toString(), "--preset", preset.toString()));
        // Other usage errors still show the usage.
        Outcome other = gpusim("run", trace.toString(), "--json");
        assertEquals(2, other.status());
        assertTrue(other.err().contains("Usage: gpusim run"), other.err());

        Path json = tmp.resolve("r.json");
        Outcome renamed = gpusim("run", trace.toString(), "-q", "--set", "cb.pixels_per_clock=3", "--json",
                json.toString());
        assertEquals(0, renamed.status(), renamed.err());
        assertEquals("gpusim: cb.pixels_per_clock is now cb.samples_per_clock (accepted for now)\n", renamed.err());
        assertEquals(3, new ObjectMapper().readTree(json.toFile()).get("config").get("cb.samples_per_clock").asLong());
        Files.writeString(preset, "# mine\ncb.pixels_per_clock = 3\n");
        Outcome fromFile = gpusim("config", "--preset", preset.toString());
        assertEquals(0, fromFile.status(), fromFile.err());
        assertEquals(preset + ":2: cb.pixels_per_clock is now cb.samples_per_clock (accepted for now)\n",
                fromFile.err());
        assertTrue(fromFile.out().lines().anyMatch(l -> l.matches("cb\\.samples_per_clock +3 .*")), fromFile.out());
    }

    /** Trace parameters through run: --param replaces a default; unknown or malformed ones are errors (status 2). */
    @Test
    void runParams() throws IOException {
        Path trace = write("p.trace", String.join("\n", "gpusim-trace 1", "param SIZE=16", "buffer b size=${SIZE}",
                "dump b", ""));
        Path json = tmp.resolve("p.json");
        CliTest.Outcome o = gpusim("run", trace.toString(), "-q", "--param", "SIZE=32", "--json", json.toString());
        assertEquals(0, o.status(), o.err());
        assertEquals(4, new ObjectMapper().readTree(json.toFile()).get("dumps").get(0).get("values").size());
        Outcome unknown = gpusim("run", trace.toString(), "--param", "SIZ=32");
        assertEquals(2, unknown.status());
        assertEquals(trace + ":4: PARAM_UNKNOWN: a value is given for parameter SIZ but the trace declares no "
                + "'param SIZ=...' (declared: SIZE)\n", unknown.err());
        Outcome undefined = gpusim("run", write("u.trace", "gpusim-trace 1\nbuffer b size=${SIZE}\n").toString());
        assertEquals(2, undefined.status());
        assertTrue(undefined.err().startsWith(tmp.resolve("u.trace") + ":2: PARAM_UNDEFINED: "), undefined.err());
        for (String bad : new String[] {"SIZE", "SIZE=", "9=1", "SIZE=1 2"}) {
            Outcome b = gpusim("run", trace.toString(), "--param", bad);
            assertEquals(2, b.status(), bad);
            assertTrue(b.err().startsWith("--param " + bad + ": "), b.err());
            assertFalse(b.err().contains("\tat "), b.err());
        }
    }

    @Test
    void configListsEveryKey() {
        Outcome o = gpusim("config");
        assertEquals(0, o.status());
        for (ConfigKey k : ConfigKeys.ALL) {
            assertTrue(o.out().contains(k.name()), k.name());
        }
    }

    @Test
    void everyCommandHasHelp() {
        for (String[] args : new String[][] {{"--help"}, {"run", "--help"}, {"sweep", "--help"}, {"config", "--help"}}) {
            Outcome o = gpusim(args);
            assertEquals(0, o.status());
            assertTrue(o.out().contains("Usage: gpusim"), String.join(" ", args));
        }
    }

    @Test
    void noDebugLayerTurnsOffDebugRulesOnly() throws IOException {
        // D3D12 debug layer: beginning a query twice without ending it is illegal (D3D12 "Queries" page).
        String text = ConformanceTest.resource("case-000.trace").replace(
                "begin_query qh BINARY_OCCLUSION 7\n", "begin_query qh BINARY_OCCLUSION 7\nbegin_query qh BINARY_OCCLUSION 7\n");
        Path trace = write("twice.trace", text);
        Outcome strict = gpusim("run", trace.toString());
        assertEquals(2, strict.status());
        assertTrue(strict.err().contains("QUERY_BEGUN_TWICE"), strict.err());
        Outcome relaxed = gpusim("run", trace.toString(), "--no-debug-layer", "-q");
        assertEquals(0, relaxed.status(), relaxed.err());
    }

    @Test
    void csvTablesAndPicturesOfTheRun() throws IOException {
        Path trace = write("t.trace", ConformanceTest.resource("case-031.trace"));
        Path csv = tmp.resolve("csv");
        Path img = tmp.resolve("img");
        Path json = tmp.resolve("r.json");
        Outcome o = gpusim("run", trace.toString(), "-q", "--csv", csv.toString(), "--images", img.toString(),
                "--json", json.toString());
        assertEquals(0, o.status(), o.err());
        JsonNode r = new ObjectMapper().readTree(json.toFile());
        java.util.List<String> draws = Files.readAllLines(csv.resolve("draws.csv"));
        assertEquals("draw,line,issued_cycle,finished_cycle,cycles,scan_samples,samples_tested,samples_passed,"
                + "hiz_tiles,hiz_rejected_tiles,quads", draws.get(0));
        assertEquals(r.get("draws").size() + 1, draws.size());
        // Each draw's work, the same in both reports.
        JsonNode d0 = r.get("draws").get(0);
        String[] row = draws.get(1).split(",");
        assertEquals(d0.get("samples_passed").asText(), row[7]);
        assertEquals(d0.get("quads").asText(), row[10]);
        java.util.List<String> queries = Files.readAllLines(csv.resolve("queries.csv"));
        assertEquals(r.get("queries").size() + 1, queries.size());
        assertTrue(Files.readString(csv.resolve("stages.csv")).contains("\ndb0,"));
        assertTrue(Files.readString(csv.resolve("stats.csv")).contains("\nrun.cycles," + r.get("cycles").asLong()
                + ",cycles,"));
        // The render target: 128x128, and its top-left pixel keeps the clear colour (1, 1, 0.4, 1).
        java.awt.image.BufferedImage rt = javax.imageio.ImageIO.read(img.resolve("rt-rt.png").toFile());
        assertEquals(128, rt.getWidth());
        assertEquals(128, rt.getHeight());
        assertEquals(0xFFFFFF66, rt.getRGB(0, 0));
        java.awt.image.BufferedImage depth = javax.imageio.ImageIO.read(img.resolve("depth-ds.png").toFile());
        assertEquals(128, depth.getWidth());
        java.awt.image.BufferedImage overdraw = javax.imageio.ImageIO.read(img.resolve("overdraw-ds.png").toFile());
        assertEquals(128, overdraw.getHeight());
        // Ownership: 8-pixel tiles, neighbouring tiles in a row belong to different DBs.
        java.awt.image.BufferedImage own = javax.imageio.ImageIO.read(img.resolve("db-ownership.png").toFile());
        assertEquals(own.getRGB(0, 0), own.getRGB(7, 7));
        assertTrue(own.getRGB(0, 0) != own.getRGB(8, 0));
    }

    @Test
    void timelineSpansAddUpToTheReportedBusyAndStalledCycles() throws IOException {
        Path trace = write("t.trace", ConformanceTest.resource("case-031.trace"));
        Path tl = tmp.resolve("timeline.json");
        Path json = tmp.resolve("r.json");
        // Tiny queues, so that stages really stall.
        Outcome o = gpusim("run", trace.toString(), "-q", "--timeline", tl.toString(), "--json", json.toString(),
                "--set", "queue.depth=1", "--set", "queue.waves=1");
        assertEquals(0, o.status(), o.err());
        JsonNode stats = new ObjectMapper().readTree(json.toFile()).get("stats");
        JsonNode events = new ObjectMapper().readTree(tl.toFile()).get("traceEvents");
        java.util.Map<Integer, String> tracks = new java.util.HashMap<>();
        java.util.Map<String, Long> busy = new java.util.HashMap<>();
        java.util.Map<String, Long> stalled = new java.util.HashMap<>();
        // Per queue counter: its samples in file order, as {cycle, entries}.
        java.util.Map<String, java.util.List<long[]>> samples = new java.util.TreeMap<>();
        int instants = 0;
        java.util.Map<String, Integer> instantKinds = new java.util.TreeMap<>();
        for (JsonNode e : events) {
            switch (e.get("ph").asText()) {
                case "M" -> tracks.put(e.get("tid").asInt(), e.get("args").get("name").asText());
                case "X" -> {
                    String track = tracks.get(e.get("tid").asInt());
                    java.util.Map<String, Long> m = e.get("name").asText().equals("busy") ? busy : stalled;
                    m.merge(track, e.get("dur").asLong(), Long::sum);
                }
                case "i" -> {
                    instants++;
                    instantKinds.merge(e.get("name").asText().split(" ")[0], 1, Integer::sum);
                }
                case "C" -> samples.computeIfAbsent(e.get("name").asText(), k -> new java.util.ArrayList<>())
                        .add(new long[] {e.get("ts").asLong(), e.get("args").get("entries").asLong()});
                default -> throw new AssertionError("unexpected event " + e);
            }
        }
        // Every pipeline stage (every statistics group with busy and stall cycles but the
        // memory, whose spans are not reported yet): span totals equal the counters exactly.
        int stages = 0;
        for (java.util.Iterator<String> it = stats.fieldNames(); it.hasNext(); ) {
            String stage = it.next();
            JsonNode g = stats.get(stage);
            if (!g.has("busy_cycles") || !g.has("stall_cycles") || stage.equals("memory")) {
                continue;
            }
            stages++;
            assertEquals(g.get("busy_cycles").get("value").asLong(), busy.getOrDefault(stage, 0L), stage);
            assertEquals(g.get("stall_cycles").get("value").asLong(), stalled.getOrDefault(stage, 0L),
                    stage + " stalled");
        }
        assertEquals(18, stages, "ia, vs, clip, setup, raster, db0..db3, se0..se3, cb0..cb3, eop");
        assertTrue(stalled.values().stream().mapToLong(Long::longValue).sum() > 0, "queues of one entry make stalls");
        assertTrue(instants > 0);
        // The command processor's query events, named only when a hook listens (EngineServices.traced):
        // list a (executed twice) and b (twice) hold 11 begin_query, 11 end_query, 9 resolve_query_data.
        assertEquals(22, instantKinds.get("begin_query"), instantKinds.toString());
        assertEquals(22, instantKinds.get("end_query"), instantKinds.toString());
        assertEquals(18, instantKinds.get("resolve_query_data"), instantKinds.toString());
        // Queue depths: one counter per queue, sampled only when the depth changed (one
        // sample a cycle at most, never the same value twice running), within the capacity,
        // reaching the queue's reported peak, and empty at the end of the run.
        JsonNode queues = stats.get("queues");
        int queueCount = 0;
        for (JsonNode q : queues) {
            queueCount += q.isObject() ? 1 : 0; // the group's description is a string
        }
        assertEquals(queueCount, samples.size(), samples.keySet().toString());
        for (java.util.Map.Entry<String, java.util.List<long[]>> q : samples.entrySet()) {
            String name = q.getKey().substring("queue ".length());
            long last = -1;
            long lastCycle = -1;
            long max = 0;
            for (long[] sample : q.getValue()) {
                assertTrue(sample[0] > lastCycle, name + ": one sample a cycle, in time order");
                assertTrue(sample[1] != last, name + ": a sample only when the depth changes");
                assertTrue(sample[1] >= 0 && sample[1] <= 1, name + ": within the capacity of 1");
                last = sample[1];
                lastCycle = sample[0];
                max = Math.max(max, sample[1]);
            }
            assertEquals(0, last, name + " drains");
            assertEquals(queues.get(name).get("peak").get("value").asLong(), max, name + " peak");
        }
    }

    /** Collects the paths of statistics in cycles whose value is not 0. */
    static void cyclesNotZero(JsonNode group, String path, List<String> out) {
        for (java.util.Iterator<Map.Entry<String, JsonNode>> it = group.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            if (v.has("unit") && v.has("value")) {
                if (v.get("unit").asText().equals("cycles") && v.get("value").asDouble() != 0) {
                    out.add(path + e.getKey());
                }
            } else if (v.isObject()) {
                cyclesNotZero(v, path + e.getKey() + ".", out);
            }
        }
    }

    @Test
    void functionalModeGivesTheSameResultsAndReportsNoCycles() throws IOException {
        Path trace = write("t.trace", ConformanceTest.resource("case-031.trace"));
        Path timed = tmp.resolve("timed.json");
        Path functional = tmp.resolve("functional.json");
        assertEquals(0, gpusim("run", trace.toString(), "-q", "--json", timed.toString()).status());
        Outcome o = gpusim("run", trace.toString(), "-q", "--mode", "functional", "--json", functional.toString());
        assertEquals(0, o.status(), o.err());
        JsonNode t = new ObjectMapper().readTree(timed.toFile());
        JsonNode f = new ObjectMapper().readTree(functional.toFile());
        assertTrue(t.get("cycles").asLong() > 0);
        assertEquals(0, f.get("cycles").asLong());
        assertEquals(t.get("dumps"), f.get("dumps"));
        assertEquals(t.get("queries").size(), f.get("queries").size());
        for (int i = 0; i < t.get("queries").size(); i++) {
            assertEquals(t.get("queries").get(i).get("values"), f.get("queries").get(i).get("values"));
            assertEquals(-1, f.get("queries").get(i).get("end_to_landed_cycles").asLong());
        }
        assertEquals("functional", f.get("config").get("sim.mode").asText(), "sim.mode by name, as --set takes it");
        assertEquals(0, f.get("stats").get("db0").get("busy_cycles").get("value").asLong());
        // Every figure in cycles reads 0 (they would count steps); counts stay real.
        List<String> nonZero = new ArrayList<>();
        cyclesNotZero(f.get("stats"), "", nonZero);
        assertEquals(List.of(), nonZero);
        assertTrue(f.get("stats").get("memory").get("channel0").get("requests").get("value").asLong() > 0);
        assertTrue(f.get("stats").get("memory").get("channel0").get("busy_cycles").get("value").asLong() == 0);
        assertTrue(t.get("stats").get("memory").get("channel0").get("busy_cycles").get("value").asLong() > 0);
        Outcome bad = gpusim("run", trace.toString(), "--mode", "functional", "--timeline", tmp.resolve("t.json")
                .toString());
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("--timeline shows modelled time: it needs --mode timing"), bad.err());
        Outcome unknown = gpusim("run", trace.toString(), "--mode", "fast");
        assertEquals(2, unknown.status());
        assertTrue(unknown.err().contains("--mode fast: expected timing or functional"), unknown.err());
    }

    @Test
    void presetsNameMachinesAndSetAppliesAfter() {
        Outcome o = gpusim("config", "--preset", "desktop", "--set", "db.count=12");
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().lines().anyMatch(l -> l.matches("db\\.count\\s+12\\s.*")), o.out());
        assertTrue(o.out().lines().anyMatch(l -> l.matches("shader\\.units\\s+40\\s.*")), o.out());
        Outcome bad = gpusim("config", "--preset", "mainframe");
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("unknown preset (one of small, console, desktop, h100, h200, or the path of a "
                + "preset file)"), bad.err());
    }
}
