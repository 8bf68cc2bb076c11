package gpusim.tracefile.gen;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Writes a timing calibration set in the layout of data/calibration (a copy of the shared set
 * measured on an NVIDIA H200): {@code traces/NAME.trace} for each microbenchmark,
 * {@code manifest.tsv} (name, category, parameters, lavapipe_ok) and a README, and, for each
 * stress trace given, its per-draw timestamp form {@code stress/NAME-ts.trace}
 * ({@link PerDrawTimestamps}). The {@link Kind#CALIBRATION} set is the shared set's 106 traces
 * byte for byte; the {@link Kind#HELD_OUT} set has traces of the same kinds with other sizes,
 * sample counts, layer numbers and counts, named the same way and none of them in the
 * calibration set, for judging a preset fitted to the first; the {@link Kind#MECHANISMS} set has
 * sweeps that each vary one mechanism across its whole range ({@link MechanismSweeps}), with the
 * sweep in its manifest.
 */
public final class CalibrationSetGenerator {
    private CalibrationSetGenerator() {
    }

    /** Which set. */
    public enum Kind {
        CALIBRATION, HELD_OUT, MECHANISMS;

        /** As the command line writes it: calibration, held-out, mechanisms. */
        public String label() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }

    /** The categories in the order the README lists them. */
    public static final List<String> CATEGORIES = List.of("fill", "overdraw", "tris", "depthonly", "occq", "depthfmt",
            "stencil");

    /** The set's microbenchmarks, in name order. */
    public static List<Microbench> microbenchmarks(Kind kind) {
        if (kind == Kind.MECHANISMS) {
            return MechanismSweeps.microbenchmarks();
        }
        List<Microbench> m = new ArrayList<>();
        boolean cal = kind == Kind.CALIBRATION;
        // fill: colour and depth at every sample count, blend at 1 and 4 (the lavapipe counts).
        for (FillBench.Mode mode : FillBench.Mode.values()) {
            int[][] sizes = mode == FillBench.Mode.BLEND
                    ? (cal ? new int[][] {{1, 64, 1024, 2048, 4096}, {4, 128, 256, 512}}
                            : new int[][] {{1, 256, 512}, {4, 64, 1024}})
                    : (cal ? new int[][] {{1, 64, 1024, 2048, 4096}, {2, 128, 256, 512}, {4, 64, 1024, 2048, 4096},
                                {8, 128, 256, 512}}
                            : new int[][] {{1, 128, 512}, {2, 64, 1024}, {4, 128, 512}, {8, 64, 1024}});
            for (int[] row : sizes) {
                for (int i = 1; i < row.length; i++) {
                    m.add(new FillBench(row[i], row[i], row[0], mode));
                }
            }
        }
        // overdraw: layers at 1 and 4 samples, both orders.
        int[][] overdraw = cal ? new int[][] {{1, 1, 2, 4, 8}, {4, 16, 32, 64}} : new int[][] {{1, 3, 16}, {4, 4, 12}, {8, 4}};
        for (LayerOrder order : LayerOrder.values()) {
            for (int[] row : overdraw) {
                for (int i = 1; i < row.length; i++) {
                    m.add(new OverdrawBench(1024, 1024, row[0], order, row[i]));
                }
            }
        }
        for (TriangleBench.Kind k : TriangleBench.Kind.values()) {
            for (int n : cal ? new int[] {1024, 4096, 16384} : new int[] {512, 2048, 8192}) {
                m.add(new TriangleBench(256, 256, k, n));
            }
        }
        // depthonly: {side, samples, layers}.
        int[][] depthOnly = cal ? new int[][] {{512, 1, 8}, {1024, 1, 8}, {2048, 4, 8}}
                : new int[][] {{256, 1, 8}, {1024, 1, 16}, {1024, 4, 8}};
        for (DepthOnlyBench.Mode mode : DepthOnlyBench.Mode.values()) {
            for (int[] d : depthOnly) {
                m.add(new DepthOnlyBench(d[0], d[0], d[1], mode, d[2]));
            }
        }
        for (OcclusionQueryBench.Variant v : OcclusionQueryBench.Variant.values()) {
            boolean perDraw = v == OcclusionQueryBench.Variant.OCC || v == OcclusionQueryBench.Variant.BIN;
            int[] counts = perDraw ? (cal ? new int[] {1, 4, 16, 64} : new int[] {2, 8, 32})
                    : (cal ? new int[] {256, 1024, 4096} : new int[] {128, 512, 2048});
            for (int n : counts) {
                m.add(new OcclusionQueryBench(256, 256, v, n));
            }
        }
        int samples = cal ? 1 : 4;
        for (DepthFormat f : DepthFormat.values()) {
            for (LayerOrder order : LayerOrder.values()) {
                m.add(new DepthFormatBench(1024, 1024, samples, f, order, 8));
            }
            if (f.hasStencil()) {
                for (StencilBench.Mode mode : StencilBench.Mode.values()) {
                    m.add(new StencilBench(1024, 1024, samples, f, mode, 8));
                }
            }
        }
        m.sort(Comparator.comparing(Microbench::name));
        return List.copyOf(m);
    }

    /** manifest.tsv: a header line, then one tab-separated line a microbenchmark. */
    public static String manifest(List<Microbench> set) {
        StringBuilder t = new StringBuilder("# name\tcategory\tparameters\tlavapipe_ok\n");
        for (Microbench b : set) {
            t.append(b.name()).append('\t').append(b.category()).append('\t').append(b.parameters()).append('\t')
                    .append(b.lavapipeOk() ? "yes" : "no").append('\n');
        }
        return t.toString();
    }

    /**
     * Every file of the set, by its path under the set's directory, in path order:
     * {@code stress} maps each stress trace's name (without .trace) to its text.
     *
     * @throws PerDrawTimestamps.NotApplicable for a stress trace with no per-draw form
     */
    public static SortedMap<String, String> files(Kind kind, Map<String, String> stress)
            throws PerDrawTimestamps.NotApplicable {
        SortedMap<String, String> files = new TreeMap<>();
        for (Map.Entry<String, String> e : stress.entrySet()) {
            try {
                files.put("stress/" + e.getKey() + "-ts.trace", PerDrawTimestamps.apply(e.getValue()));
            } catch (PerDrawTimestamps.NotApplicable ex) {
                throw new PerDrawTimestamps.NotApplicable(e.getKey() + ": " + ex.getMessage());
            }
        }
        List<Microbench> set = microbenchmarks(kind);
        for (Microbench b : set) {
            files.put("traces/" + b.name() + ".trace", b.trace());
        }
        boolean mechanisms = kind == Kind.MECHANISMS;
        files.put("manifest.tsv", mechanisms ? MechanismSweeps.manifest(set) : manifest(set));
        files.put("README.md", mechanisms ? MechanismSweeps.readme(set, List.copyOf(stress.keySet()))
                : readme(kind, set, List.copyOf(stress.keySet())));
        return files;
    }

    /** The set's README: what it holds and how it was made. */
    static String readme(Kind kind, List<Microbench> set, List<String> stress) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (String c : CATEGORIES) {
            counts.put(c, 0);
        }
        for (Microbench b : set) {
            counts.merge(b.category(), 1, Integer::sum);
        }
        StringBuilder t = new StringBuilder();
        t.append("# Timing calibration set (").append(kind.label()).append(")\n\n");
        t.append(set.size()).append(" small traces, each timing one thing, written by `gpusim microbench --set ")
                .append(kind.label()).append("` (gpusim.tracefile.gen.CalibrationSetGenerator). Run each on a GPU\n");
        t.append("and record t1 - t0; compare with the model's prediction (`gpusim correlate`) or fit a preset\n");
        t.append("to them (`gpusim calibrate`).\n\n");
        t.append("- `traces/NAME.trace`: warm-up work, then `end_query ts TIMESTAMP 0`, the measured work,\n");
        t.append("  `end_query ts TIMESTAMP 1`, all in one command list and one `execute`. The first dump\n");
        t.append("  (buffer `tsres`) holds [t0, t1]; the measurement is t1 - t0 (timestamp ticks). Other\n");
        t.append("  dumps (buffer `qres`) hold occlusion results, exact by construction: 1 for every query\n");
        t.append("  of an `occq` trace, 1 for the `depthonly-querypass` query.\n");
        t.append("- `manifest.tsv`: name, category, parameters (`width=W height=H samples=S ...`),\n");
        t.append("  lavapipe_ok (`no` for 2 and 8 samples, which Mesa lavapipe does not support).\n");
        if (!stress.isEmpty()) {
            t.append("- `stress/NAME-ts.trace`: the stress trace with a TIMESTAMP before the first draw and\n");
            t.append("  after every draw (heap `tsq`, resolved into buffer `tsb`, the dump after the trace's\n");
            t.append("  first): ").append(String.join(", ", stress)).append(". Bottom-of-pipe timestamps do not\n");
            t.append("  serialize the pipe: compare totals and distributions, not single draws.\n");
        }
        t.append("\nRender targets are RGBA8 (`R8G8B8A8_UNORM`); the pixel shader writes the vertex colour.\n");
        t.append("Every vertex is a short dyadic fraction, so a conformant GPU rasterizes exactly what the\n");
        t.append("model does. Measure each trace several times (the shared H200 set took the median of 5).\n\n");
        t.append("| category | traces | what the measured work is |\n|---|---|---|\n");
        String[] what = {
            "one full-screen quad; colour only, depth test+write, or alpha blend",
            "full-screen layers, back to front (all pass) or front to back behind an occluder (all rejected)",
            "tiny triangles: 1-pixel, sub-pixel, off-screen, back-face culled, behind the near plane",
            "colour vs `color_write=0` vs no render target vs an occlusion-query pass",
            "tiny draws: no query, OCCLUSION, BINARY_OCCLUSION each, one resolve of N queries",
            "D16 / D24S8 / D32 / D32S8, back to front and front to back",
            "stencil off, writing, passing, failing"};
        for (int i = 0; i < CATEGORIES.size(); i++) {
            t.append("| ").append(CATEGORIES.get(i)).append(" | ").append(counts.get(CATEGORIES.get(i))).append(" | ")
                    .append(what[i]).append(" |\n");
        }
        t.append("\nThe calibration set is the shared set measured on an NVIDIA H200 (data/calibration), byte for\n");
        t.append("byte; the held-out set has traces of the same kinds with other sizes, sample counts, layer\n");
        t.append("numbers and counts, none of them in the calibration set, for judging a preset fitted to it.\n");
        return t.toString();
    }
}
