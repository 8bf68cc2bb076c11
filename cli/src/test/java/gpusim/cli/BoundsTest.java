package gpusim.cli;

import static gpusim.cli.CliTest.gpusim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gpusim.config.Config;
import gpusim.harness.JvmHeap;
import gpusim.harness.ProgressLine;
import gpusim.harness.Simulation;
import gpusim.tracefile.Rule;
import gpusim.tracefile.TraceException;
import gpusim.tracefile.TraceReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bounded work and memory, clear messages: the work limits (sim.max_vertices before the
 * run, sim.max_samples while it runs), the heap's limit on memory.budget, output paths
 * checked before running, control characters escaped in messages, the JSON config block
 * round-tripping through --set, and the progress line's figures.
 */
class BoundsTest {
    @TempDir
    Path tmp;

    /** A 64x32 target, a full-target quad drawn twice (lines 17 and 18), executed at line 20, a dump. */
    static final String TWO_QUADS = String.join("\n",
            "gpusim-trace 1",
            "render_target rt width=64 height=32",
            "buffer out size=8",
            "vertex_buffer vb",
            "v -1 -1 0.5 1",
            "v -1 1 0.5 1",
            "v 1 1 0.5 1",
            "v -1 -1 0.5 1",
            "v 1 1 0.5 1",
            "v 1 -1 0.5 1",
            "end",
            "pipeline_state p cull=NONE",
            "command_list l type=DIRECT",
            "set_render_targets rt=rt",
            "set_pipeline_state p",
            "set_vertex_buffer vb",
            "draw 6",
            "draw 6",
            "close",
            "execute l",
            "dump out",
            "");

    Path write(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    // draw 3 instances=4294967295 would run until killed: refused before running.
    @Test
    void aDrawOfFourBillionInstancesIsRefusedBeforeRunning() throws IOException {
        Path t = write("huge.trace", TWO_QUADS.replace("draw 6\ndraw 6", "draw 3 instances=4294967295"));
        long start = System.nanoTime();
        CliTest.Outcome o = gpusim("run", t.toString(), "-q");
        assertEquals(2, o.status(), o.err());
        assertEquals(t + ":19: WORK_LIMIT_EXCEEDED: this execute of command list l takes the trace's input-assembly "
                + "work to 12884901885 vertices at the draw of line 17 (12884901885 vertices: count x instances), "
                + "more than the 2147483648 a run may do (sim.max_vertices)\n", o.err());
        assertTrue(System.nanoTime() - start < 10_000_000_000L, "refused at once");
        // With the limit raised it validates (and would run); a smaller limit refuses a smaller trace.
        CliTest.Outcome small = gpusim("run", write("two.trace", TWO_QUADS).toString(), "-q", "--set",
                "sim.max_vertices=11");
        assertEquals(2, small.status());
        assertTrue(small.err().contains(":20: WORK_LIMIT_EXCEEDED: this execute of command list l takes the trace's "
                + "input-assembly work to 12 vertices at the draw of line 18 (6 vertices"), small.err());
        assertEquals(0, gpusim("run", write("two2.trace", TWO_QUADS).toString(), "-q", "--set",
                "sim.max_vertices=12").status());
    }

    // The fill work is known only while running. Each quad scans the sample positions of the
    // 8x8 tiles its two triangles do not trivially miss: the target's 8 x 4 = 32 tiles, and the 8
    // the shared diagonal edge crosses once more (one per triangle), 40 x 64 = 2,560. A limit of
    // 2,560 lets the first draw finish and stops the run at the second (line 18); 5,120 lets both run.
    @Test
    void aRunThatScansMoreSamplesThanAllowedStopsAtTheDrawThatPassesTheLimit() throws IOException {
        Path t = write("two.trace", TWO_QUADS);
        CliTest.Outcome first = gpusim("run", t.toString(), "-q", "--set", "sim.max_samples=2559");
        assertEquals(2, first.status(), first.err());
        assertTrue(first.err().startsWith(t + ":17: WORK_LIMIT_EXCEEDED: the depth blocks have scanned "), first.err());
        assertTrue(first.err().endsWith(" sample positions by this draw, more than the 2559 a run may do "
                + "(sim.max_samples)\n"), first.err());
        CliTest.Outcome second = gpusim("run", t.toString(), "-q", "--set", "sim.max_samples=2560");
        assertEquals(2, second.status(), second.err());
        assertTrue(second.err().startsWith(t + ":18: WORK_LIMIT_EXCEEDED: "), second.err());
        assertFalse(second.err().contains("\tat "));
        assertEquals(0, gpusim("run", t.toString(), "-q", "--set", "sim.max_samples=5120").status());
    }

    // memory.budget beyond what the heap can hold is lowered to what it can, and a trace over
    // that is refused before anything is allocated, naming both settings. (A million runs
    // sharing this JVM's heap leave each the 1 MiB minimum; the buffer is 2 MiB.)
    @Test
    void theBudgetIsWhatTheHeapCanHold() throws IOException {
        Path t = write("big.trace", "gpusim-trace 1\nbuffer b size=2097152\n");
        Config c = Config.defaults();
        assertEquals(c.get(TraceReader.MEMORY_BUDGET), JvmHeap.budget(c, 1), "this test JVM holds the default budget");
        TraceException e = assertThrows(TraceException.class, () -> Simulation.read(t, Map.of(), c, 1_000_000));
        assertEquals(Rule.MEMORY_BUDGET_EXCEEDED, e.rule());
        assertEquals(2, e.line());
        assertTrue(e.getMessage().contains("; memory.budget (2147483648 bytes) is limited to 1048576 bytes by this "
                + "JVM's heap of "), e.getMessage());
        assertTrue(e.getMessage().endsWith(" MiB shared by 1000000 runs at once: give it more heap "
                + "(GPUSIM_JAVA_OPTS=-Xmx<size> ./gpusim ...)"), e.getMessage());
        assertEquals(1, Simulation.read(t, Map.of(), c, 1).resources().size());
        assertTrue(JvmHeap.outOfMemory(c).startsWith("gpusim: out of memory: this run needs more than the Java heap "
                + "of "), JvmHeap.outOfMemory(c));
        assertTrue(JvmHeap.outOfMemory(c).contains("lower memory.budget (now 2147483648 bytes)"));
    }

    // An output that cannot be written is a usage error found before the run, not after it.
    @Test
    void outputPathsAreCheckedBeforeRunning() throws IOException {
        Path t = write("two.trace", TWO_QUADS);
        String nowhere = tmp.resolve("no/such/dir/r.json").toString();
        CliTest.Outcome json = gpusim("run", t.toString(), "-q", "--json", nowhere);
        assertEquals(2, json.status());
        assertEquals("gpusim: cannot write --json " + nowhere + ": no such directory " + tmp.resolve("no/such/dir")
                + "\n", json.err());
        CliTest.Outcome dir = gpusim("run", t.toString(), "-q", "--json", tmp.toString());
        assertEquals("gpusim: cannot write --json " + tmp + ": it is a directory\n", dir.err());
        Path file = write("plain", "x");
        CliTest.Outcome csv = gpusim("run", t.toString(), "-q", "--csv", file.resolve("sub").toString());
        assertEquals(2, csv.status());
        assertEquals("gpusim: cannot write --csv " + file.resolve("sub") + ": it cannot be created (" + file
                + " is not a directory)\n", csv.err());
        CliTest.Outcome images = gpusim("run", t.toString(), "-q", "--images", file.toString());
        assertEquals("gpusim: cannot write --images " + file + ": it exists and is not a directory\n", images.err());
        // A directory that does not exist yet is fine: it is made.
        assertEquals(0, gpusim("run", t.toString(), "-q", "--csv", tmp.resolve("new/csv").toString()).status());
    }

    // Trace text in a message is printed with its control characters escaped.
    @Test
    void controlCharactersFromTheTraceAreEscapedInMessages() throws IOException {
        Path t = write("ctl.trace", "gpusim-trace 1\nfrob\u001b[2J\u0007nicate 1\n");
        CliTest.Outcome o = gpusim("run", t.toString(), "-q");
        assertEquals(2, o.status());
        assertTrue(o.err().startsWith(t + ":2: UNKNOWN_COMMAND: "), o.err());
        assertTrue(o.err().contains("frob\\x1b[2J\\x07nicate"), o.err());
        for (char c : o.err().substring(0, o.err().length() - 1).toCharArray()) {
            assertTrue(c >= 0x20 && c != 0x7f, "control character " + (int) c + " in " + o.err());
        }
        Path bidi = write("bidi.trace", "gpusim-trace 1\nbuffer b\u202e size=8\n");
        CliTest.Outcome b = gpusim("run", bidi.toString(), "-q");
        assertEquals(2, b.status());
        assertTrue(b.err().contains("\\u202e"), b.err());
        assertFalse(b.err().contains("\u202e"), b.err());
    }

    // The JSON config block names choices as --set takes them, so it round-trips.
    @Test
    void theReportsConfigBlockRoundTripsThroughSet() throws IOException {
        Path t = write("two.trace", TWO_QUADS);
        Path first = tmp.resolve("first.json");
        assertEquals(0, gpusim("run", t.toString(), "-q", "--preset", "console", "--set", "db.pattern=hashed",
                "--set", "sim.mode=functional", "--json", first.toString()).status());
        JsonNode config = new ObjectMapper().readTree(first.toFile()).get("config");
        assertEquals("hashed", config.get("db.pattern").asText());
        assertEquals("functional", config.get("sim.mode").asText());
        List<String> args = new ArrayList<>(List.of("run", t.toString(), "-q"));
        for (Iterator<Map.Entry<String, JsonNode>> it = config.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            args.add("--set");
            args.add(e.getKey() + "=" + e.getValue().asText());
        }
        Path second = tmp.resolve("second.json");
        args.addAll(List.of("--json", second.toString()));
        CliTest.Outcome o = gpusim(args.toArray(new String[0]));
        assertEquals(0, o.status(), o.err());
        assertEquals(config, new ObjectMapper().readTree(second.toFile()).get("config"));
    }

    // Progress in simulated work: the share of the trace's vertices assembled.
    @Test
    void theProgressLineShowsSimulatedWork() {
        assertEquals("  simulating: 25.0% of the vertices (3,000 of 12,000), cycle 1,234,567, submission 1 of 2 (3 s)  ",
                ProgressLine.line(1_234_567, 3_000, 12_000, 1, 2, 3.2));
        assertEquals("  simulating: no draws, cycle 5, submission 0 of 1 (1 s)  ", ProgressLine.line(5, 0, 0, 0, 1, 1));
    }
}
