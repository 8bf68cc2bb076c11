package gpusim.scene;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The figures of a culling study, per frame and in total, from a scene trace's run and
 * its exact visibility pass's run (docs/workloads.md defines each):
 * objects; queries issued; member box draws a hierarchical group skipped; objects drawn and
 * culled; objects visible in the exact pass; visible objects culled (drawn one frame late,
 * or never), invisible objects drawn; covered samples drawn, saved (of culled objects) and
 * spent on query boxes; query latency (EndQuery to resolvable, cycles); {@code
 * set_predication} reads; pre-pass occluders; frame cycles (from the frame's timestamps).
 */
public record CullingStats(Culling culling, List<Frame> frames, Frame total, long cycles, long predicatedSkips) {

    public record Frame(int frame, long objects, long queries, long queryDrawsSkipped, long drawn, long culled,
                        long visible, long wronglyCulled, long drawnInvisible, long samplesDrawn, long samplesSaved,
                        long querySamples, double queryLatencyMean, long queryLatencyMax, long predicationReads,
                        long prepass, long cycles) {
        public double culledShare() {
            return objects == 0 ? 0 : (double) culled / objects;
        }
    }

    /** One run's outputs, as the statistics need them. */
    public record Run(long[][] vis, long[][] gvis, long[] latency, long[] timestamps, double cyclesPerTick,
                      long cycles, long predicatedSkips) {
    }

    /**
     * @param plan   what the trace does
     * @param run    the culling trace's run: {@code vis} and {@code gvis} as dumped after each frame,
     *               {@code latency} by {@code occ} heap index (frame x objects + object; -1 unknown), and
     *               group latencies appended (frames x groups)
     * @param vres   the visibility pass's dump per frame: visible, covered, box-covered samples an object
     */
    public static CullingStats compute(SceneTrace.Plan plan, Run run, long[][] vres) {
        int n = plan.objects();
        int g = plan.groups();
        List<Frame> frames = new ArrayList<>();
        long[] sum = new long[14];
        double latSum = 0;
        long latCount = 0;
        long latMax = 0;
        for (int f = 0; f < plan.frames(); f++) {
            long drawn = 0;
            long visible = 0;
            long wrong = 0;
            long wasted = 0;
            long sDrawn = 0;
            long sSaved = 0;
            long sQuery = 0;
            long skipped = 0;
            for (int i = 0; i < n; i++) {
                boolean d = switch (plan.drawSource()[f][i]) {
                    case SceneTrace.PREVIOUS -> run.vis()[f - 1][i] != 0;
                    case SceneTrace.SAME -> run.vis()[f][i] != 0;
                    default -> true;
                };
                boolean v = vres[f][3 * i] != 0;
                long covered = vres[f][3 * i + 1];
                drawn += d ? 1 : 0;
                visible += v ? 1 : 0;
                wrong += v && !d ? 1 : 0;
                wasted += d && !v ? 1 : 0;
                if (d) {
                    sDrawn += covered;
                } else {
                    sSaved += covered;
                }
                if (plan.culling().queries()) {
                    boolean boxDrawn = g == 0 || run.gvis()[f][plan.groupOf()[i]] != 0;
                    if (boxDrawn) {
                        sQuery += vres[f][3 * i + 2];
                    } else {
                        skipped++;
                    }
                }
            }
            // {sum, count, max} of the latencies of this frame's object queries, then its group queries.
            double[] lat = new double[3];
            if (plan.culling().queries()) {
                latencies(run.latency(), f * n, n, lat);
                latencies(run.latency(), plan.frames() * n + f * g, g, lat);
            }
            double ls = lat[0];
            long lc = (long) lat[1];
            long lm = (long) lat[2];
            long cycles = Math.round((run.timestamps()[2 * f + 1] - run.timestamps()[2 * f]) * run.cyclesPerTick());
            Frame fr = new Frame(f, n, plan.queries()[f], skipped, drawn, n - drawn, visible, wrong, wasted, sDrawn,
                    sSaved, sQuery, lc == 0 ? Double.NaN : ls / lc, lm, plan.predicationReads()[f], plan.prepass()[f],
                    cycles);
            frames.add(fr);
            long[] add = {n, fr.queries, skipped, drawn, n - drawn, visible, wrong, wasted, sDrawn, sSaved, sQuery,
                fr.predicationReads, fr.prepass, cycles};
            for (int k = 0; k < add.length; k++) {
                sum[k] += add[k];
            }
            latSum += ls;
            latCount += lc;
            latMax = Math.max(latMax, lm);
        }
        Frame total = new Frame(-1, sum[0], sum[1], sum[2], sum[3], sum[4], sum[5], sum[6], sum[7], sum[8], sum[9],
                sum[10], latCount == 0 ? Double.NaN : latSum / latCount, latMax, sum[11], sum[12], sum[13]);
        return new CullingStats(plan.culling(), frames, total, run.cycles(), run.predicatedSkips());
    }

    private static void latencies(long[] latency, int from, int count, double[] acc) {
        for (int k = from; k < from + count; k++) {
            long l = latency[k];
            if (l >= 0) {
                acc[0] += l;
                acc[1]++;
                acc[2] = Math.max(acc[2], l);
            }
        }
    }

    /** The CSV header: one row a frame, then a row {@code total}. */
    public static final String CSV_HEADER = "culling,frame,objects,queries,query_draws_skipped,drawn,culled,culled_share,"
            + "visible,wrongly_culled,drawn_invisible,samples_drawn,samples_saved,query_samples,query_latency_mean,"
            + "query_latency_max,predication_reads,prepass_occluders,cycles";

    public List<String> csvRows() {
        List<String> rows = new ArrayList<>();
        for (Frame f : frames) {
            rows.add(row(Integer.toString(f.frame), f));
        }
        rows.add(row("total", total));
        return rows;
    }

    private String row(String frame, Frame f) {
        return String.join(",", culling.label(), frame, Long.toString(f.objects), Long.toString(f.queries),
                Long.toString(f.queryDrawsSkipped), Long.toString(f.drawn), Long.toString(f.culled),
                String.format(Locale.ROOT, "%.4f", f.culledShare()), Long.toString(f.visible),
                Long.toString(f.wronglyCulled), Long.toString(f.drawnInvisible), Long.toString(f.samplesDrawn),
                Long.toString(f.samplesSaved), Long.toString(f.querySamples),
                Double.isNaN(f.queryLatencyMean) ? "" : String.format(Locale.ROOT, "%.1f", f.queryLatencyMean),
                Long.toString(f.queryLatencyMax), Long.toString(f.predicationReads), Long.toString(f.prepass),
                Long.toString(f.cycles));
    }

    public ObjectNode json(ObjectMapper m) {
        ObjectNode root = m.createObjectNode();
        root.put("culling", culling.label());
        root.put("cycles", cycles);
        root.put("predicated_skips", predicatedSkips);
        root.set("total", frameJson(m, total));
        ArrayNode a = root.putArray("frames");
        for (Frame f : frames) {
            a.add(frameJson(m, f));
        }
        return root;
    }

    private static ObjectNode frameJson(ObjectMapper m, Frame f) {
        ObjectNode o = m.createObjectNode();
        if (f.frame >= 0) {
            o.put("frame", f.frame);
        }
        o.put("objects", f.objects);
        o.put("queries", f.queries);
        o.put("query_draws_skipped", f.queryDrawsSkipped);
        o.put("drawn", f.drawn);
        o.put("culled", f.culled);
        o.put("culled_share", f.culledShare());
        o.put("visible", f.visible);
        o.put("wrongly_culled", f.wronglyCulled);
        o.put("drawn_invisible", f.drawnInvisible);
        o.put("samples_drawn", f.samplesDrawn);
        o.put("samples_saved", f.samplesSaved);
        o.put("query_samples", f.querySamples);
        if (Double.isNaN(f.queryLatencyMean)) {
            o.putNull("query_latency_mean");
        } else {
            o.put("query_latency_mean", f.queryLatencyMean);
        }
        o.put("query_latency_max", f.queryLatencyMax);
        o.put("predication_reads", f.predicationReads);
        o.put("prepass_occluders", f.prepass);
        o.put("cycles", f.cycles);
        return o;
    }

    /** Writes {@code scene-stats.json} and {@code scene-frames.csv} into {@code dir}. */
    public void write(Path dir, ObjectNode header) throws IOException {
        Files.createDirectories(dir);
        ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = header.deepCopy();
        root.setAll(json(m));
        Files.writeString(dir.resolve("scene-stats.json"), m.writeValueAsString(root) + "\n", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("scene-frames.csv"), CSV_HEADER + "\n" + String.join("\n", csvRows()) + "\n",
                StandardCharsets.UTF_8);
    }
}
