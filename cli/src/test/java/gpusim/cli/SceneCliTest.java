package gpusim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gpusim scene}: bad models and options exit 2 in one line; the statistics agree with the run they come from. */
class SceneCliTest {
    static final String MODEL = Path.of("..", "examples", "tiny-city.gltf").toString();

    @TempDir
    Path tmp;

    private void refused(String why, String... args) {
        CliTest.Outcome o = CliTest.gpusim(args);
        assertEquals(2, o.status(), o.err());
        String err = o.err().strip();
        assertFalse(err.contains("\tat "), err);
        assertTrue(err.contains(why), err);
    }

    @Test
    void badModelsAndOptionsExit2InOneLine() throws Exception {
        Path text = tmp.resolve("notes.gltf");
        Files.writeString(text, "hello\n");
        Path v1 = tmp.resolve("old.gltf");
        Files.writeString(v1, "{\"asset\": {\"version\": \"1.0\"}}");
        String out = tmp.resolve("t.trace").toString();
        refused("notes.gltf: not a glTF file (neither a GLB container nor a JSON object)", "scene", text.toString(),
                "--out", out);
        assertEquals(1, CliTest.gpusim("scene", text.toString(), "--out", out).err().strip().lines().count());
        refused("old.gltf: glTF 1.0 is not supported", "scene", v1.toString(), "--out", out);
        refused("none.glb: no such file", "scene", tmp.resolve("none.glb").toString(), "--out", out);
        refused("--instances 0x3", "scene", MODEL, "--instances", "0x3", "--out", out);
        refused("--culling sometimes", "scene", MODEL, "--culling", "sometimes", "--out", out);
        refused("--samples 3", "scene", MODEL, "--samples", "3", "--out", out);
        refused("--frames 0", "scene", MODEL, "--frames", "0", "--out", out);
        refused("give --out TRACE", "scene", MODEL);
        refused("instances = 2359296 objects, more than the 262144", "scene", MODEL, "--instances", "512x576", "--out",
                out);
    }

    @Test
    void statisticsAgreeWithTheRunTheyComeFrom() throws Exception {
        Path trace = tmp.resolve("h.trace");
        Path stats = tmp.resolve("stats");
        CliTest.Outcome o = CliTest.gpusim("scene", MODEL, "--frames", "4", "--width", "160", "--height", "96",
                "--culling", "hierarchical", "--group-size", "3", "--occluders", "2", "--instances", "2x1",
                "--out", trace.toString(), "--stats", stats.toString());
        assertEquals(0, o.status(), o.err());
        Path report = tmp.resolve("r.json");
        assertEquals(0, CliTest.gpusim("run", trace.toString(), "-q", "--json", report.toString()).status());
        ObjectMapper m = new ObjectMapper();
        JsonNode run = m.readTree(report.toFile());
        JsonNode st = m.readTree(stats.resolve("scene-stats.json").toFile());
        assertEquals(run.path("cycles").asLong(), st.path("cycles").asLong());
        int n = st.path("objects").asInt();
        assertEquals(16, n);
        // Dumps alternate vis, gvis after each frame; an object is drawn in frame f > 0 when its vis word of
        // frame f - 1 is not zero; a member box is drawn when its group's gvis word is not zero.
        JsonNode dumps = run.path("dumps");
        assertEquals(8, dumps.size());
        int groups = dumps.get(1).path("values").size();
        assertEquals(8, groups, "16 objects halved at the median until at most 3 remain: 8 groups of 2");
        JsonNode frames = st.path("frames");
        long culledTotal = 0;
        for (int f = 0; f < 4; f++) {
            JsonNode fr = frames.get(f);
            long drawn = n;
            if (f > 0) {
                drawn = 0;
                for (JsonNode v : dumps.get(2 * (f - 1)).path("values")) {
                    drawn += v.asLong() != 0 ? 1 : 0;
                }
            }
            assertEquals(drawn, fr.path("drawn").asLong(), "frame " + f);
            assertEquals(n - drawn, fr.path("culled").asLong());
            culledTotal += n - drawn;
            assertEquals(groups + n, fr.path("queries").asLong(), "a query a group and a member");
            long invisibleGroupMembers = fr.path("query_draws_skipped").asLong();
            assertTrue(invisibleGroupMembers >= 0 && invisibleGroupMembers <= n);
            assertTrue(fr.path("wrongly_culled").asLong() <= fr.path("visible").asLong());
            assertEquals(f == 0 ? groups : groups + n, fr.path("predication_reads").asLong(),
                    "a read a group, and a read an object after frame 0");
            assertTrue(fr.path("cycles").asLong() > 0);
        }
        assertEquals(culledTotal, st.path("total").path("culled").asLong());
        List<String> csv = Files.readAllLines(stats.resolve("scene-frames.csv"));
        assertEquals(6, csv.size(), "header, 4 frames, total");
        assertTrue(csv.get(5).startsWith("hierarchical,total,64,"), csv.get(5));
    }

    @Test
    void studyRunsEveryVariantAndPlotsThem() throws Exception {
        Path dir = tmp.resolve("study");
        CliTest.Outcome o = CliTest.gpusim("scene", MODEL, "--frames", "2", "--width", "96", "--height", "64",
                "--occluders", "2", "--study", dir.toString(), "-q");
        assertEquals(0, o.status(), o.err());
        List<String> rows = Files.readAllLines(dir.resolve("study.csv"));
        assertEquals(6, rows.size());
        assertTrue(rows.get(1).startsWith("none,2,8,0.0,0.0000,"), rows.get(1));
        assertTrue(rows.get(2).startsWith("predicated,2,8,8.0,"), rows.get(2));
        byte[] png = Files.readAllBytes(dir.resolve("study.png"));
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, java.util.Arrays.copyOf(png, 4));
        assertTrue(Files.exists(dir.resolve("binary").resolve("scene-frames.csv")));
    }
}
