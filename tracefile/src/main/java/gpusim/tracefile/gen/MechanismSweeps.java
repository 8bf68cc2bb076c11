package gpusim.tracefile.gen;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The mechanisms set ({@link CalibrationSetGenerator.Kind#MECHANISMS}): microbenchmarks that each
 * sweep one mechanism of the timing model across its whole range, so that the mechanism can be
 * fitted and judged on its own rather than through constants read off one size. Every trace is
 * one of the calibration set's kinds ({@link FillBench}, {@link DepthOnlyBench},
 * {@link DepthFormatBench}, {@link OcclusionQueryBench}) with other parameters; a trace belongs to
 * exactly one {@link Sweep}, which the set's manifest names.
 */
public final class MechanismSweeps {
    private MechanismSweeps() {
    }

    /** The query counts of the resolve sweep: 1, 2, 4, ..., 4096 (a 256x256 target holds 4096 query cells). */
    static final int MAX_RESOLVE = 4096;
    /**
     * The square sides of the ZCULL sweep: powers of two, about sqrt(2) times each between them, and
     * finer steps from 1 M to 2 M pixels, where the pass leaves the pixel rate.
     */
    static final int[] ZCULL_SIDES = {256, 512, 724, 1024, 1152, 1280, 1448, 1672, 2048, 2896, 4096};
    /** Non-square targets of the ZCULL sweep, {width, height}: does the limit follow the area or a side? */
    static final int[][] ZCULL_SHAPES = {{2048, 1024}, {1024, 2048}, {4096, 1024}, {1024, 4096}};
    /** Layers of each ZCULL pass (the calibration set's querypass traces have 8). */
    static final int ZCULL_LAYERS = 8;
    /** The fill sweep's sides, 128 to 2048 in steps of about sqrt(2). */
    static final int[] FILL_SIDES = {128, 192, 256, 384, 512, 768, 1024, 1536, 2048};
    /** The per-query sweep's draw counts. */
    static final int[] QUERY_COUNTS = {1, 2, 4, 8, 16, 32, 64, 128, 256};
    static final int[] SAMPLES = {1, 2, 4, 8};
    static final int[] REJECT_LAYERS = {1, 2, 4, 8};
    /** The reject sweep's larger surfaces (4 layers each), up to {@link #MAX_REJECT_SAMPLES} samples. */
    static final int[] REJECT_SIDES = {2048, 2896, 3344, 3648, 4096};
    static final long MAX_REJECT_SAMPLES = 64L << 20;

    /** One sweep: the mechanism it isolates. */
    public enum Sweep {
        RESOLVE("resolve_query_data of N OCCLUSION queries, N = 1 to 4096, alone between the timestamps "
                + "(the queries' draws run before t0): launch cost + per-query cost?"),
        ZCULL("an occlusion pass (color_write=0, depth_write=off, one BINARY_OCCLUSION query, 8 full-target layers "
                + "that all pass) over every surface size and sample count: where does it turn from a pixel rate "
                + "(ZCULL covers the surface) to a sample rate?"),
        REJECT("layers front to back behind an occluder (every sample rejected at the depth test), by layer count, "
                + "sample count, depth format and surface size"),
        FILL("one full-target quad with depth test and write (LESS_EQUAL over the warm-up's own depth) and its "
                + "colour-only twin, 128x128 to 2048x2048 at 1, 2, 4 and 8 samples: the cost of a depth fill per "
                + "sample"),
        PERQUERY("N one-pixel draws each in its own OCCLUSION query against the same draws with no query, "
                + "N = 1 to 256: the cost of a query at the end of the pipe");

        final String question;

        Sweep(String question) {
            this.question = question;
        }

        /** As the manifest writes it: resolve, zcull, reject, fill, perquery. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** What the sweep asks, one sentence. */
        public String question() {
            return question;
        }

        /** The sweep's microbenchmarks, in name order. */
        public List<Microbench> microbenchmarks() {
            List<Microbench> m = new ArrayList<>();
            switch (this) {
                case RESOLVE -> {
                    for (int n = 1; n <= MAX_RESOLVE; n *= 2) {
                        m.add(new OcclusionQueryBench(256, 256, OcclusionQueryBench.Variant.RESOLVE, n));
                    }
                }
                case ZCULL -> {
                    for (int s : SAMPLES) {
                        for (int side : ZCULL_SIDES) {
                            m.add(new DepthOnlyBench(side, side, s, DepthOnlyBench.Mode.QUERYPASS, ZCULL_LAYERS));
                        }
                        for (int[] wh : ZCULL_SHAPES) {
                            m.add(new DepthOnlyBench(wh[0], wh[1], s, DepthOnlyBench.Mode.QUERYPASS, ZCULL_LAYERS));
                        }
                    }
                }
                case REJECT -> {
                    for (DepthFormat f : DepthFormat.values()) {
                        for (int s : SAMPLES) {
                            for (int k : REJECT_LAYERS) {
                                m.add(new DepthFormatBench(1024, 1024, s, f, LayerOrder.F2B, k));
                            }
                        }
                    }
                    // The surface size, for D32 and D32S8: is rejection still cheap where ZCULL does not cover
                    // the surface? Up to 64 M samples (4096x4096 at 8 samples of D32S8 is 1 GiB, more than the
                    // model's default memory budget leaves beside the render target).
                    for (DepthFormat f : List.of(DepthFormat.D32, DepthFormat.D32S8)) {
                        for (int s : SAMPLES) {
                            for (int side : REJECT_SIDES) {
                                if ((long) side * side * s <= MAX_REJECT_SAMPLES) {
                                    m.add(new DepthFormatBench(side, side, s, f, LayerOrder.F2B, 4));
                                }
                            }
                        }
                    }
                }
                case FILL -> {
                    for (FillBench.Mode mode : List.of(FillBench.Mode.DEPTH, FillBench.Mode.COLOR)) {
                        for (int s : SAMPLES) {
                            for (int side : FILL_SIDES) {
                                m.add(new FillBench(side, side, s, mode));
                            }
                        }
                    }
                }
                case PERQUERY -> {
                    for (OcclusionQueryBench.Variant v : List.of(OcclusionQueryBench.Variant.NONE,
                            OcclusionQueryBench.Variant.OCC)) {
                        for (int n : QUERY_COUNTS) {
                            m.add(new OcclusionQueryBench(256, 256, v, n));
                        }
                    }
                }
            }
            m.sort(Comparator.comparing(Microbench::name));
            return List.copyOf(m);
        }
    }

    /** The whole set, in name order. */
    static List<Microbench> microbenchmarks() {
        List<Microbench> m = new ArrayList<>();
        for (Sweep s : Sweep.values()) {
            m.addAll(s.microbenchmarks());
        }
        m.sort(Comparator.comparing(Microbench::name));
        return List.copyOf(m);
    }

    /** The sweep a microbenchmark of the set belongs to. */
    static Sweep sweepOf(Microbench b) {
        for (Sweep s : Sweep.values()) {
            if (s.microbenchmarks().contains(b)) {
                return s;
            }
        }
        throw new IllegalArgumentException(b.name() + " is in no sweep of the mechanisms set");
    }

    /** The set's manifest.tsv: the calibration set's columns with the sweep after the category. */
    static String manifest(List<Microbench> set) {
        StringBuilder t = new StringBuilder("# name\tcategory\tsweep\tparameters\tlavapipe_ok\n");
        for (Microbench b : set) {
            t.append(b.name()).append('\t').append(b.category()).append('\t').append(sweepOf(b).label()).append('\t')
                    .append(b.parameters()).append('\t').append(b.lavapipeOk() ? "yes" : "no").append('\n');
        }
        return t.toString();
    }

    /** The set's README: the sweeps, what each asks, and how the traces are laid out. */
    static String readme(List<Microbench> set, List<String> stress) {
        StringBuilder t = new StringBuilder();
        t.append("# Timing calibration set (mechanisms)\n\n");
        t.append(set.size()).append(" small traces in ").append(Sweep.values().length)
                .append(" sweeps, written by `gpusim microbench --set mechanisms`\n");
        t.append("(gpusim.tracefile.gen.MechanismSweeps). Each sweep varies one mechanism of the timing model across\n");
        t.append("its whole range, so that the mechanism can be fitted and judged on its own. The traces are the\n");
        t.append("calibration set's kinds with other parameters and are laid out as it is: warm-up work,\n");
        t.append("`end_query ts TIMESTAMP 0`, the measured work, `end_query ts TIMESTAMP 1`; dump 0 (buffer\n");
        t.append("`tsres`) holds [t0, t1], the measurement is t1 - t0. `manifest.tsv` has the calibration set's\n");
        t.append("columns with `sweep` after `category`.\n");
        if (!stress.isEmpty()) {
            t.append("`stress/NAME-ts.trace`: per-draw timestamp forms of ").append(String.join(", ", stress))
                    .append(".\n");
        }
        t.append("\n| sweep | traces | what it asks |\n|---|---|---|\n");
        for (Sweep s : Sweep.values()) {
            long n = set.stream().filter(b -> sweepOf(b) == s).count();
            t.append("| ").append(s.label()).append(" | ").append(n).append(" | ").append(s.question()).append(" |\n");
        }
        return t.toString();
    }
}
