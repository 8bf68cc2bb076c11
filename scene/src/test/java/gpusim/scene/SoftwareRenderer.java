package gpusim.scene;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A straightforward software pass over the traces {@code gpusim scene --exact} writes,
 * written apart from the modelled GPU so that the tests compare it with something that
 * shares none of its code: sample by sample, every triangle against every sample of its
 * bounding box, with the format's rules (docs/trace-format.md, "Rasterization rules"):
 * 1/256-pixel vertices, the top-left rule, the standard sample positions, winding in
 * render-target space, D32_FLOAT depth, occlusion queries counting passing samples,
 * predication read when {@code set_predication} runs. It knows only the commands the
 * scene writer uses with --exact (non-indexed draws, identity transform) and fails on
 * anything else. Returns the dumps, in order, as lists of words.
 */
final class SoftwareRenderer {
    private static final double[][] PATTERN_1 = {{0.5, 0.5}};
    private static final double[][] PATTERN_4 = {{0.375, 0.125}, {0.875, 0.375}, {0.125, 0.625}, {0.625, 0.875}};

    private record Pso(int cull, boolean frontCcw, boolean depth, boolean depthWrite, String func) {
    }

    private int width;
    private int height;
    private double[][] pattern;
    private float[] depth;
    private final List<double[]> vertices = new ArrayList<>();
    private final Map<String, Pso> psos = new HashMap<>();
    private final Map<String, List<String>> lists = new HashMap<>();
    private final Map<String, long[]> heaps = new HashMap<>();
    private final Map<String, long[]> buffers = new HashMap<>();
    private final List<long[]> dumps = new ArrayList<>();

    static List<long[]> run(String trace) {
        SoftwareRenderer r = new SoftwareRenderer();
        r.read(trace);
        return r.dumps;
    }

    private void read(String trace) {
        String[] lines = trace.split("\n");
        String list = null;
        boolean inVb = false;
        for (String raw : lines) {
            String line = raw.replaceAll("#.*", "").trim();
            if (line.isEmpty()) {
                continue;
            }
            String[] t = line.split("\\s+");
            if (inVb) {
                if (t[0].equals("end")) {
                    inVb = false;
                } else {
                    vertices.add(new double[] {Float.parseFloat(t[1]), Float.parseFloat(t[2]), Float.parseFloat(t[3]),
                        Float.parseFloat(t[4])});
                }
                continue;
            }
            if (list != null) {
                if (t[0].equals("close")) {
                    list = null;
                } else {
                    lists.get(list).add(line);
                }
                continue;
            }
            Map<String, String> opt = options(t);
            switch (t[0]) {
                case "gpusim-trace" -> { }
                case "render_target" -> {
                    width = Integer.parseInt(opt.get("width"));
                    height = Integer.parseInt(opt.get("height"));
                    int s = Integer.parseInt(opt.getOrDefault("samples", "1"));
                    pattern = s == 1 ? PATTERN_1 : s == 4 ? PATTERN_4 : null;
                    if (pattern == null) {
                        throw new IllegalArgumentException("samples " + s);
                    }
                    depth = new float[width * height * pattern.length];
                }
                case "depth_stencil" -> { }
                case "query_heap" -> heaps.put(t[1], new long[Integer.parseInt(opt.get("count"))]);
                case "buffer" -> buffers.put(t[1], new long[Integer.parseInt(opt.get("size")) / 8]);
                case "vertex_buffer" -> inVb = true;
                case "pipeline_state" -> psos.put(t[1], new Pso(
                        switch (opt.getOrDefault("cull", "BACK")) {
                            case "NONE" -> 0;
                            case "FRONT" -> 1;
                            default -> 2;
                        }, "on".equals(opt.get("front_ccw")), !"off".equals(opt.get("depth")),
                        !"off".equals(opt.get("depth_write")), opt.getOrDefault("depth_func", "LESS")));
                case "command_list" -> {
                    list = t[1];
                    lists.put(list, new ArrayList<>());
                }
                case "execute" -> execute(lists.get(t[1]));
                case "dump" -> dumps.add(buffers.get(t[1]).clone());
                default -> throw new IllegalArgumentException("not a command of scene --exact traces: " + line);
            }
        }
    }

    private static Map<String, String> options(String[] t) {
        Map<String, String> m = new HashMap<>();
        for (String s : t) {
            int eq = s.indexOf('=');
            if (eq > 0) {
                m.put(s.substring(0, eq), s.substring(eq + 1));
            }
        }
        return m;
    }

    private void execute(List<String> cmds) {
        Pso pso = null;
        boolean skip = false;
        String query = null;
        long count = 0;
        for (String line : cmds) {
            String[] t = line.split("\\s+");
            switch (t[0]) {
                case "set_render_targets", "set_viewport", "set_vertex_buffer", "clear_render_target",
                        "resource_barrier" -> { }
                case "clear_depth_stencil" -> {
                    if (!skip) {
                        java.util.Arrays.fill(depth, 1f);
                    }
                }
                case "set_pipeline_state" -> pso = psos.get(t[1]);
                case "set_predication" -> skip = !t[1].equals("null")
                        && buffers.get(t[1])[Integer.parseInt(t[2]) / 8] == 0;
                case "begin_query" -> {
                    query = t[1] + " " + t[3];
                    count = 0;
                }
                case "end_query" -> {
                    if (!t[2].equals("TIMESTAMP")) {
                        long v = t[2].equals("BINARY_OCCLUSION") ? (count != 0 ? 1 : 0) : count;
                        heaps.get(t[1])[Integer.parseInt(t[3])] = v;
                        query = null;
                    }
                }
                case "resolve_query_data" -> {
                    if (!t[2].equals("TIMESTAMP")) {
                        long[] h = heaps.get(t[1]);
                        long[] b = buffers.get(t[5]);
                        int start = Integer.parseInt(t[3]);
                        int n = Integer.parseInt(t[4]);
                        int off = Integer.parseInt(t[6]) / 8;
                        boolean binary = t[2].equals("BINARY_OCCLUSION");
                        for (int k = 0; k < n; k++) {
                            b[off + k] = binary ? (h[start + k] != 0 ? 1 : 0) : h[start + k];
                        }
                    }
                }
                case "draw" -> {
                    if (!skip) {
                        int n = Integer.parseInt(t[1]);
                        int start = Integer.parseInt(t[2].substring("start=".length()));
                        for (int k = 0; k < n; k += 3) {
                            count += triangle(pso, vertices.get(start + k), vertices.get(start + k + 1),
                                    vertices.get(start + k + 2));
                        }
                    }
                }
                default -> throw new IllegalArgumentException("not a command of scene --exact traces: " + line);
            }
        }
    }

    /** Rasterizes one triangle; returns the samples that passed the depth test. */
    private long triangle(Pso pso, double[] a, double[] b, double[] c) {
        long[] x = new long[3];
        long[] y = new long[3];
        double[] z = new double[3];
        double[][] v = {a, b, c};
        for (int k = 0; k < 3; k++) {
            x[k] = Math.round((v[k][0] / v[k][3] + 1) * width / 2 * 256);
            y[k] = Math.round((1 - v[k][1] / v[k][3]) * height / 2 * 256);
            z[k] = v[k][2] / v[k][3];
        }
        long area = (x[1] - x[0]) * (y[2] - y[0]) - (y[1] - y[0]) * (x[2] - x[0]);
        if (area == 0) {
            return 0;
        }
        boolean clockwise = area > 0; // y down
        boolean front = pso.frontCcw() ? !clockwise : clockwise;
        if ((pso.cull() == 2 && !front) || (pso.cull() == 1 && front)) {
            return 0;
        }
        if (!clockwise) { // make it clockwise, so that the edge functions are positive inside
            long tx = x[1];
            x[1] = x[2];
            x[2] = tx;
            long ty = y[1];
            y[1] = y[2];
            y[2] = ty;
            double tz = z[1];
            z[1] = z[2];
            z[2] = tz;
        }
        double x0 = x[0] / 256.0;
        double y0 = y[0] / 256.0;
        double x1 = x[1] / 256.0 - x0;
        double y1 = y[1] / 256.0 - y0;
        double x2 = x[2] / 256.0 - x0;
        double y2 = y[2] / 256.0 - y0;
        double det = x1 * y2 - x2 * y1;
        double dzdx = ((z[1] - z[0]) * y2 - (z[2] - z[0]) * y1) / det;
        double dzdy = (x1 * (z[2] - z[0]) - x2 * (z[1] - z[0])) / det;
        int minX = (int) Math.max(0, Math.floorDiv(Math.min(x[0], Math.min(x[1], x[2])), 256));
        int maxX = (int) Math.min(width - 1, Math.floorDiv(Math.max(x[0], Math.max(x[1], x[2])), 256));
        int minY = (int) Math.max(0, Math.floorDiv(Math.min(y[0], Math.min(y[1], y[2])), 256));
        int maxY = (int) Math.min(height - 1, Math.floorDiv(Math.max(y[0], Math.max(y[1], y[2])), 256));
        long passed = 0;
        for (int py = minY; py <= maxY; py++) {
            for (int px = minX; px <= maxX; px++) {
                for (int s = 0; s < pattern.length; s++) {
                    long sx = px * 256L + Math.round(pattern[s][0] * 256);
                    long sy = py * 256L + Math.round(pattern[s][1] * 256);
                    if (!inside(x, y, sx, sy)) {
                        continue;
                    }
                    double zs = z[0] + dzdx * (sx / 256.0 - x0) + dzdy * (sy / 256.0 - y0);
                    float zf = (float) Math.min(1, Math.max(0, zs));
                    int at = (py * width + px) * pattern.length + s;
                    if (pso.depth()) {
                        if (!test(pso.func(), zf, depth[at])) {
                            continue;
                        }
                        if (pso.depthWrite()) {
                            depth[at] = zf;
                        }
                    }
                    passed++;
                }
            }
        }
        return passed;
    }

    /** The three edge functions of a clockwise (y-down) triangle, with the top-left rule on ties. */
    private static boolean inside(long[] x, long[] y, long sx, long sy) {
        for (int e = 0; e < 3; e++) {
            long ax = x[e];
            long ay = y[e];
            long bx = x[(e + 1) % 3];
            long by = y[(e + 1) % 3];
            long dx = bx - ax;
            long dy = by - ay;
            long ef = dx * (sy - ay) - dy * (sx - ax);
            boolean topLeft = (dy == 0 && dx > 0) || dy < 0;
            if (ef < 0 || (ef == 0 && !topLeft)) {
                return false;
            }
        }
        return true;
    }

    private static boolean test(String func, float z, float d) {
        return switch (func) {
            case "LESS" -> z < d;
            case "LESS_EQUAL" -> z <= d;
            case "ALWAYS" -> true;
            default -> throw new IllegalArgumentException("depth_func " + func);
        };
    }
}
