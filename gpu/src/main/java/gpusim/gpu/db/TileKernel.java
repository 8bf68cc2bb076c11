package gpusim.gpu.db;

import gpusim.config.SimKeys;
import gpusim.gpu.ps.PixelShader;
import gpusim.gpu.work.TriBatch;

/**
 * The depth block's kernels: what does one triangle's region of one tile (coverage, depth
 * and stencil tests and writes, counts, shading, hierarchical Z bounds). One reference
 * kernel, plain and obviously correct, and fast kernels for the common states, each an
 * optimisation of the reference that gives exactly its samples and figures (the
 * differential test compares them on every conformance case and stress trace). As Mesa
 * llvmpipe's rasterizer ops (lp_rast_op in lp_rast.h, chosen per tile as the triangle is
 * binned in lp_setup_tri.c), the kernel is chosen here, in one place: once a batch from its
 * state ({@link #forBatch}), then once a tile region where the batch's kernel has a faster
 * case for some regions ({@link #forRegion}).
 *
 * <p>{@code sim.kernels=reference} (SimKeys.SIM_KERNELS) runs the reference kernel for
 * every region; it never changes a result, a cycle or a statistic, only host time.
 */
public enum TileKernel {
    /** {@link ReferenceTileKernel}: any state, one sample at a time. */
    REFERENCE,
    /** {@link GeneralTileKernel}: any state (multisample, stencil, no depth-stencil surface), a pixel's samples together. */
    GENERAL,
    /** {@link DepthOnlyTileKernel}: one sample a pixel, depth test on, stencil off. */
    DEPTH_ONLY_1X,
    /** {@link DepthOnlyTileKernel#runFlat}: DEPTH_ONLY_1X for a triangle of one depth (a flat plane: no per-sample arithmetic). */
    DEPTH_ONLY_1X_FLAT,
    /** {@link AllPassFillKernel}: a fully covered 1x D32 region whose samples provably all pass the depth test. */
    ALL_PASS_FILL;

    /** Which kernels run: the value of {@code sim.kernels}, in its choices' order. */
    public enum Mode {
        /** The fast kernels, each where its state allows (the default). */
        FAST,
        /** The reference kernel everywhere. */
        REFERENCE;

        /** The mode {@code sim.kernels} names. */
        public static Mode of(gpusim.config.SimKeys.Kernels kernels) {
            return kernels == gpusim.config.SimKeys.Kernels.REFERENCE ? REFERENCE : FAST;
        }
    }

    /**
     * Host-side threshold (never visible in a result or a cycle): the provably-passing path is
     * tried for regions of at least this many pixels (a whole 8-pixel tile). Smaller ones are
     * cheaper the plain way, and a short run (stress-2k: about 0.6 s of simulation) spends
     * much of its time before the JIT has compiled a second path (measured: 60 ms of
     * stress-2k's 0.65 s when every region was tried).
     */
    private static final int MIN_ALL_PASS_PIXELS = 64;

    /** The kernel for a batch's regions, from its state (set in {@code s}): samples, surface, depth and stencil enables. */
    static TileKernel forBatch(Mode mode, DepthTestState s) {
        if (mode == Mode.REFERENCE) {
            return REFERENCE;
        }
        if (s.samples == 1 && s.ds != null && s.depthOn && !s.stencilOn) {
            return DEPTH_ONLY_1X;
        }
        return GENERAL;
    }

    /**
     * The kernel for region [x0..x1] x [y0..y1] of triangle {@code t} in the tile whose HiZ
     * bounds are at {@code hizIndex}, this being the batch's kernel; {@code accept}: the tile
     * is wholly inside the triangle. A DEPTH_ONLY_1X region becomes ALL_PASS_FILL where that
     * pays: whole tiles of a D32 surface (no overdraw recorded) with no colour or one flat
     * along x (a fill), whose samples {@link AllPassFillKernel#proves} all pass (ALWAYS, or
     * the tile's HiZ bounds). Interpolated colours gain little from it, and a second path
     * to warm up costs a short run more than it saves (docs/performance.md). Any other
     * DEPTH_ONLY_1X region of a triangle of one depth ({@link DepthTestState#flatDepth}) is
     * DEPTH_ONLY_1X_FLAT.
     */
    TileKernel forRegion(DepthTestState s, PixelShader shader, AllPassFillKernel allPass, TriBatch src, int t,
                         int x0, int y0, int x1, int y1, boolean accept, int hizIndex) {
        if (this == DEPTH_ONLY_1X && accept && s.format == 0 && s.ds.overdraw == null
                && (x1 - x0 + 1) * (y1 - y0 + 1) >= MIN_ALL_PASS_PIXELS
                && (!shader.writes() || shader.flatAlongX(src, t)) && allPass.proves(x0, y0, x1, y1, hizIndex)) {
            return ALL_PASS_FILL;
        }
        if (this == DEPTH_ONLY_1X && s.flatDepth) {
            return DEPTH_ONLY_1X_FLAT;
        }
        return this;
    }
}
