package gpusim.cli;

import static gpusim.cli.CliTest.gpusim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.config.Config;
import gpusim.gpu.Gpu;
import gpusim.gpu.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code gpusim intervals}: the model's timestamp intervals against a saved replay, and the baseline. */
class IntervalsCommandTest {
    /** Three draws of one triangle each, an OCCLUSION query a draw, a timestamp before the first and after each. */
    static final String TRACE = String.join("\n",
            "gpusim-trace 1",
            "render_target rt width=64 height=64 samples=1",
            "query_heap occ type=OCCLUSION count=3",
            "buffer res size=24 state=COPY_DEST",
            "query_heap tsq type=TIMESTAMP count=4",
            "buffer tsb size=32 state=COPY_DEST",
            "pipeline_state pso cull=NONE depth=off",
            "vertex_buffer vb",
            "v -1 -1 0.5 1", "v -1 -0.5 0.5 1", "v -0.5 -1 0.5 1",
            "v -1 -1 0.5 1", "v -1 0 0.5 1", "v 0 -1 0.5 1",
            "v -1 -1 0.5 1", "v -1 1 0.5 1", "v 1 -1 0.5 1",
            "end",
            "command_list cl type=DIRECT",
            "set_pipeline_state pso",
            "set_render_targets rt=rt",
            "set_viewport 0 0 64 64",
            "set_vertex_buffer vb",
            "end_query tsq TIMESTAMP 0",
            "begin_query occ OCCLUSION 0", "draw 3 start=0", "end_query occ OCCLUSION 0", "end_query tsq TIMESTAMP 1",
            "begin_query occ OCCLUSION 1", "draw 3 start=3", "end_query occ OCCLUSION 1", "end_query tsq TIMESTAMP 2",
            "begin_query occ OCCLUSION 2", "draw 3 start=6", "end_query occ OCCLUSION 2", "end_query tsq TIMESTAMP 3",
            "resolve_query_data occ OCCLUSION 0 3 res 0",
            "resolve_query_data tsq TIMESTAMP 0 4 tsb 0",
            "close",
            "execute cl",
            "dump res",
            "dump tsb",
            "");

    /** A replay report of TRACE whose interval k takes {@code ns[k][run]} ns in each run (1 ns ticks). */
    static String replay(long[][] ns) {
        int runs = ns[0].length;
        StringBuilder s = new StringBuilder("{\"trace\": \"t\", \"cycles\": 0, \"timestamp_period_ns\": 1.0, "
                + "\"repeat\": " + runs + ", \"timestamps\": [");
        long[] at = new long[runs];
        java.util.Arrays.fill(at, 1_000_000);
        for (int i = 0; i <= ns.length; i++) {
            if (i > 0) {
                for (int r = 0; r < runs; r++) {
                    at[r] += ns[i - 1][r];
                }
                s.append(", ");
            }
            s.append("{\"heap\": \"tsq\", \"index\": ").append(i).append(", \"line\": 1, \"ticks\": [");
            for (int r = 0; r < runs; r++) {
                s.append(r > 0 ? ", " : "").append(at[r]);
            }
            s.append("]}");
        }
        return s.append("]}").toString();
    }

    /**
     * The device's interval is the median of its runs (an outlier run changes nothing); the
     * model's is the difference of its own timestamps; with --samples the baseline is the least
     * squares line of the device's intervals on each draw's passed samples: device intervals of
     * exactly 100 + samples / 2 ns give that line back, with a linear r of 1.
     */
    @Test
    void comparesEachIntervalAndFitsTheBaseline(@TempDir Path tmp) throws Exception {
        Path trace = tmp.resolve("t.trace");
        Files.writeString(trace, TRACE);
        RunResult model = new Gpu(gpusim.tracefile.TraceReader.parse("t.trace", TRACE, 1L << 32), Config.defaults()).run();
        long[] passed = model.dumps().get(0).values();
        long[] ticks = model.dumps().get(1).values();
        assertEquals(3, passed.length);
        assertTrue(0 < passed[0] && passed[0] < passed[1] && passed[1] < passed[2], "three sizes of draw");
        long[][] ns = new long[3][];
        for (int k = 0; k < 3; k++) {
            long d = 100 + passed[k] / 2;
            ns[k] = new long[] {d, d + 7_000, d};
        }
        Path rep = tmp.resolve("t.replay.json");
        Files.writeString(rep, replay(ns));
        Path out = tmp.resolve("out");
        CliTest.Outcome o = gpusim("intervals", trace.toString(), rep.toString(), "--samples", "res", "--out",
                out.toString());
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().contains("3 intervals"), o.out());
        assertTrue(o.out().contains("baseline: 3 intervals: log-log r 1.0000, MAPE 0.0%"), o.out());
        assertTrue(o.out().contains("linear r 1.0000 (100 ns + samples / 2.000 a ns)"), o.out());
        List<String> rows = Files.readAllLines(out.resolve("intervals.csv"));
        assertEquals("interval,dump,word,samples,model_ns,device_ns,baseline_ns", rows.get(0));
        double nsPerTick = 1e9 / model.timestampFrequency();
        for (int k = 0; k < 3; k++) {
            String[] f = rows.get(k + 1).split(",");
            assertEquals(passed[k], Long.parseLong(f[3]));
            assertEquals((ticks[k + 1] - ticks[k]) * nsPerTick, Double.parseDouble(f[4]), 1e-9);
            assertEquals(100 + passed[k] / 2, Double.parseDouble(f[5]), 0.0, "the median run");
        }
        assertTrue(Files.size(out.resolve("scatter.png")) > 0);
    }

    @Test
    void badInputIsRefusedWithExitStatus2(@TempDir Path tmp) throws Exception {
        Path trace = tmp.resolve("t.trace");
        Files.writeString(trace, TRACE);
        Path rep = tmp.resolve("r.json");
        Files.writeString(rep, replay(new long[][] {{5}, {6}}));
        CliTest.Outcome missing = gpusim("intervals", trace.toString(), rep.toString());
        assertEquals(2, missing.status());
        assertTrue(missing.err().contains("no device timestamp tsq[3]: not a report of this trace"), missing.err());
        Files.writeString(rep, replay(new long[][] {{5}, {6}, {7}}));
        CliTest.Outcome noBuffer = gpusim("intervals", trace.toString(), rep.toString(), "--samples", "nope");
        assertEquals(2, noBuffer.status());
        assertTrue(noBuffer.err().contains("--samples nope: the trace dumps no buffer of that name"), noBuffer.err());
        Files.writeString(rep, "{\"trace\": 1}");
        CliTest.Outcome notReport = gpusim("intervals", trace.toString(), rep.toString());
        assertEquals(2, notReport.status());
        assertTrue(notReport.err().contains("not a replay report"), notReport.err());
        assertTrue(notReport.err().lines().count() == 1, "one line, no stack trace: " + notReport.err());
    }
}
