package gpusim.gpu.db;

/**
 * What one tile kernel did to one triangle's region of one tile: the figures the timing
 * model charges (covered samples tested, samples passed, pixels shaded, quads shaded and,
 * for a late-Z state, quads covered) and the bounds of the depths it wrote (for
 * hierarchical Z). Reset by {@link DepthBlockCore} before each region; every kernel fills
 * the same fields, so the kernels can be compared figure by figure.
 */
final class RegionCounts {
    long covered;
    long passed;
    long shaded;
    long quads;
    long coveredQuads;
    int writtenMin;
    int writtenMax;

    void reset() {
        covered = 0;
        passed = 0;
        shaded = 0;
        quads = 0;
        coveredQuads = 0;
        writtenMin = Integer.MAX_VALUE;
        writtenMax = Integer.MIN_VALUE;
    }

    /** A single-sample row loop's sums: covered samples tested, passed (each a pixel shaded), quads shaded and covered. */
    void addRows(long coveredSamples, long passedSamples, long shadedQuads, long coveredQuadCount) {
        covered += coveredSamples;
        passed += passedSamples;
        shaded += passedSamples;
        quads += shadedQuads;
        coveredQuads += coveredQuadCount;
    }

    /** Whether a depth was written (the bounds hold something). */
    boolean wrote() {
        return writtenMin <= writtenMax;
    }
}
