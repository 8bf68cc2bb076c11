package gpusim.gpu.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.ComparisonFunc;
import gpusim.api.DepthFormat;
import gpusim.gpu.ps.PixelShader;
import gpusim.gpu.raster.SamplePattern;
import org.junit.jupiter.api.Test;

/**
 * The one place the depth block's tile kernel is chosen: per batch from its state, per tile
 * region where the batch's kernel has a faster case (the provably-passing fill). Which
 * kernel runs never shows in a result (KernelDifferentialTest); this pins which one does.
 */
class TileKernelTest {
    /** A 1x D32 depth-only state with a depth plane of constant z, on a 64x64 surface of 8-pixel tiles. */
    private static DepthTestState depthOnly(ComparisonFunc func, double z) {
        return depthOnly(func, z, true);
    }

    private static DepthTestState depthOnly(ComparisonFunc func, double z, boolean hizEnabled) {
        DepthTestState s = new DepthTestState(hizEnabled);
        s.sp = SamplePattern.of(1);
        s.ds = new DepthSurface("ds", 64, 64, 1, DepthFormat.D32_FLOAT, 8);
        s.layout = s.ds.layout;
        s.depth = s.ds.depth;
        s.samples = 1;
        s.format = 0;
        s.depthOn = true;
        s.depthWrite = true;
        s.func = func;
        s.funcCode = func.d3dValue();
        s.lo = 0;
        s.hi = 1;
        s.zAtOrigin = z;
        return s;
    }

    private static TileKernel region(DepthTestState s, int x0, int y0, int x1, int y1, boolean accept) {
        TileKernel batch = TileKernel.forBatch(TileKernel.Mode.FAST, s);
        // No render target bound: the shader writes nothing, so any region may be a fill.
        return batch.forRegion(s, new PixelShader(), new AllPassFillKernel(s, new PixelShader()), null, 0,
                x0, y0, x1, y1, accept, 0);
    }

    @Test
    void theBatchStatePicksTheKernel() {
        DepthTestState s = depthOnly(ComparisonFunc.LESS, 0.5);
        assertEquals(TileKernel.DEPTH_ONLY_1X, TileKernel.forBatch(TileKernel.Mode.FAST, s));
        assertEquals(TileKernel.REFERENCE, TileKernel.forBatch(TileKernel.Mode.REFERENCE, s));
        s.stencilOn = true;
        assertEquals(TileKernel.GENERAL, TileKernel.forBatch(TileKernel.Mode.FAST, s), "stencil");
        s.stencilOn = false;
        s.depthOn = false;
        assertEquals(TileKernel.GENERAL, TileKernel.forBatch(TileKernel.Mode.FAST, s), "depth off");
        s.depthOn = true;
        s.samples = 4;
        assertEquals(TileKernel.GENERAL, TileKernel.forBatch(TileKernel.Mode.FAST, s), "4 samples");
        s.samples = 1;
        s.ds = null;
        assertEquals(TileKernel.GENERAL, TileKernel.forBatch(TileKernel.Mode.FAST, s), "no depth-stencil surface");
    }

    @Test
    void aProvablyPassingWholeTileIsAFill() {
        // The surface holds 0 everywhere, HiZ bounds [0, 0]: GREATER than 0 passes, LESS fails.
        DepthTestState greater = depthOnly(ComparisonFunc.GREATER, 0.5);
        assertEquals(TileKernel.ALL_PASS_FILL, region(greater, 0, 0, 7, 7, true));
        assertEquals(TileKernel.DEPTH_ONLY_1X, region(greater, 0, 0, 7, 7, false), "a partly covered tile");
        assertEquals(TileKernel.DEPTH_ONLY_1X, region(greater, 0, 0, 3, 7, true), "under 64 pixels");
        assertEquals(TileKernel.DEPTH_ONLY_1X, region(depthOnly(ComparisonFunc.LESS, 0.5), 0, 0, 7, 7, true),
                "not provably passing");
        assertEquals(TileKernel.ALL_PASS_FILL, region(depthOnly(ComparisonFunc.ALWAYS, 0.5), 0, 0, 7, 7, true));
        assertEquals(TileKernel.DEPTH_ONLY_1X, region(depthOnly(ComparisonFunc.EQUAL, 0.0), 0, 0, 7, 7, true),
                "EQUAL is never proved");
        DepthTestState d24 = depthOnly(ComparisonFunc.ALWAYS, 0.5);
        d24.format = 1;
        assertEquals(TileKernel.DEPTH_ONLY_1X, region(d24, 0, 0, 7, 7, true), "D24");
        DepthTestState overdraw = depthOnly(ComparisonFunc.ALWAYS, 0.5);
        overdraw.ds.recordOverdraw();
        assertEquals(TileKernel.DEPTH_ONLY_1X, region(overdraw, 0, 0, 7, 7, true), "overdraw recorded");
        DepthTestState general = depthOnly(ComparisonFunc.ALWAYS, 0.5);
        general.stencilOn = true;
        assertEquals(TileKernel.GENERAL, region(general, 0, 0, 7, 7, true), "only DEPTH_ONLY_1X has a fill case");
    }

    @Test
    void aFlatDepthPlaneHasItsOwnLoop() {
        // As beginTriangle sets it for dz/dx = dz/dy = 0: every sample's depth is one word.
        DepthTestState s = depthOnly(ComparisonFunc.LESS, 0.5);
        s.flatDepth = true;
        s.flatQ = Float.floatToRawIntBits(0.5f);
        assertEquals(TileKernel.DEPTH_ONLY_1X_FLAT, region(s, 0, 0, 7, 7, false), "a partly covered tile");
        assertEquals(TileKernel.DEPTH_ONLY_1X_FLAT, region(s, 0, 0, 7, 7, true), "not provably passing");
        s.ds.hizMin[0] = Float.floatToRawIntBits(0.75f);
        s.ds.hizMax[0] = Float.floatToRawIntBits(1f);
        assertEquals(TileKernel.ALL_PASS_FILL, region(s, 0, 0, 7, 7, true), "a provably passing whole tile is a fill");
        s.stencilOn = true;
        assertEquals(TileKernel.GENERAL, region(s, 0, 0, 7, 7, false), "stencil: the general kernel");
    }

    @Test
    void theFillIsProvedAgainstTheTilesHizBounds() {
        DepthTestState s = depthOnly(ComparisonFunc.LESS, 0.5);
        s.ds.hizMin[0] = Float.floatToRawIntBits(0.75f);
        s.ds.hizMax[0] = Float.floatToRawIntBits(1f);
        assertEquals(TileKernel.ALL_PASS_FILL, region(s, 0, 0, 7, 7, true), "0.5 < every stored depth");
        s.ds.hizMin[0] = Float.floatToRawIntBits(0.5f);
        assertEquals(TileKernel.DEPTH_ONLY_1X, region(s, 0, 0, 7, 7, true), "0.5 < 0.5 fails");
        s.func = ComparisonFunc.LESS_EQUAL;
        s.funcCode = s.func.d3dValue();
        assertEquals(TileKernel.ALL_PASS_FILL, region(s, 0, 0, 7, 7, true), "0.5 <= 0.5 passes");
        DepthTestState noHiz = depthOnly(ComparisonFunc.LESS, 0.5, false);
        noHiz.ds.hizMin[0] = Float.floatToRawIntBits(0.75f);
        noHiz.ds.hizMax[0] = Float.floatToRawIntBits(1f);
        assertEquals(TileKernel.DEPTH_ONLY_1X, region(noHiz, 0, 0, 7, 7, true), "HiZ off: no bounds to prove by");
    }
}
