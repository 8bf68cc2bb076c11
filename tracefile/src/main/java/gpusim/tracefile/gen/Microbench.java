package gpusim.tracefile.gen;

import java.util.List;

/**
 * One microbenchmark of the timing calibration set (data/calibration): a trace that times one
 * thing between TIMESTAMP queries 0 and 1 ({@link TimedTrace}), named
 * {@code CATEGORY-VARIANT-...} so that the name's first '-' field is its category (what
 * {@code gpusim correlate} groups by), with its parameters as the set's manifest.tsv writes them.
 */
public sealed interface Microbench permits FillBench, OverdrawBench, TriangleBench, DepthOnlyBench,
        OcclusionQueryBench, DepthFormatBench, StencilBench {
    /** The largest render target side a microbenchmark may have (twice the calibration set's largest, 4096). */
    int MAX_SIDE = 8192;

    /** The file name without .trace, e.g. {@code fill-color-s4-1024x1024}. */
    String name();

    /** The name's first '-' field: fill, overdraw, tris, depthonly, occq, depthfmt or stencil. */
    String category();

    /** The manifest's parameters: {@code width=W height=H samples=S} and the category's own. */
    String parameters();

    /** The header's one-line description of the measured work. */
    String description();

    int samples();

    /** The trace text. */
    String trace();

    /**
     * Whether Mesa lavapipe (the reference renderer) can run it: lavapipe supports 1 and 4
     * samples only (its VkPhysicalDeviceLimits sample counts), so the 2- and 8-sample traces are
     * for real GPUs.
     */
    default boolean lavapipeOk() {
        return samples() == 1 || samples() == 4;
    }

    /**
     * The exact results of the trace's occlusion queries, the words of its second dump (buffer
     * {@code qres}); empty when it has none. They do not depend on timing: every sample either
     * passes or not by construction.
     */
    default List<Long> expectedQueryResults() {
        return List.of();
    }

    /** Checks a render target size and sample count before anything is generated. */
    static void checkTarget(int width, int height, int samples) {
        if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE) {
            throw new IllegalArgumentException("target " + width + "x" + height + " outside 1x1 to " + MAX_SIDE + "x"
                    + MAX_SIDE);
        }
        if (samples != 1 && samples != 2 && samples != 4 && samples != 8) {
            throw new IllegalArgumentException("samples " + samples + " is not 1, 2, 4 or 8");
        }
    }

    /** The common start of a name: {@code CATEGORY-VARIANT-sS}. */
    static String prefix(String category, String variant, int samples) {
        return category + "-" + variant + "-s" + samples;
    }

    /** The common start of the parameters. */
    static String target(int width, int height, int samples) {
        return "width=" + width + " height=" + height + " samples=" + samples;
    }
}
