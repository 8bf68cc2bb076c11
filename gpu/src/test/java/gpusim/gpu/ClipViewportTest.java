package gpusim.gpu;

import static gpusim.gpu.TraceBuilder.concat;
import static gpusim.gpu.TraceBuilder.dump;
import static gpusim.gpu.TraceBuilder.fullScreen;
import static gpusim.gpu.TraceBuilder.quad;
import static gpusim.gpu.TraceBuilder.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import gpusim.api.ComparisonFunc;
import gpusim.api.CullMode;
import gpusim.api.DepthFormat;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Depth clipping, viewport and scissor rectangles and culling, end to end (occlusion counts). */
class ClipViewportTest {

    /** A full-screen quad whose clip-space z runs from {@code zl} at x = -1 to {@code zr} at x = +1 (w = 1). */
    static float[] zRamp(float zl, float zr) {
        return new float[] {
            -1, 1, zl, 1, 1, 1, zr, 1, 1, -1, zr, 1,
            -1, 1, zl, 1, 1, -1, zr, 1, -1, -1, zl, 1,
        };
    }

    /**
     * Counts, on a 16x8 target with {@code samples}, (0) the samples the ramp covers, (1) those of them
     * whose depth equals {@code clampedTo} after a clear to it (EQUAL test).
     */
    static long[] ramp(float zl, float zr, boolean depthClip, float clampedTo, int samples, float vpMin, float vpMax) {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 16, 8, samples);
        Resource.DepthStencil ds = t.depthStencil("ds", 16, 8, samples, DepthFormat.D32_FLOAT);
        Resource.QueryHeap qh = t.queryHeap("qh", QueryHeapType.OCCLUSION, 2);
        Resource.Buffer out = t.buffer("out", 16);
        Resource.VertexBuffer vb = t.vertices("vb", zRamp(zl, zr));
        Resource.Pso any = t.pso("any", new TraceBuilder.Pso().depthClip(depthClip).cull(CullMode.NONE)
                .depth(false, false, ComparisonFunc.ALWAYS));
        Resource.Pso eq = t.pso("eq", new TraceBuilder.Pso().depthClip(depthClip).cull(CullMode.NONE)
                .depth(true, false, ComparisonFunc.EQUAL));
        CommandList l = t.list("l").targets(rt, ds).vb(vb).viewport(0, 0, 16, 8, vpMin, vpMax)
                .pso(any).begin(qh, QueryType.OCCLUSION, 0).draw(6).end(qh, QueryType.OCCLUSION, 0)
                .clearDs(ds, clampedTo, null)
                .pso(eq).begin(qh, QueryType.OCCLUSION, 1).draw(6).end(qh, QueryType.OCCLUSION, 1)
                .resolve(qh, QueryType.OCCLUSION, 0, 2, out, 0).close();
        t.execute(l).dump(out);
        return dump(run(t.build()), 0);
    }

    // Primitives are clipped to 0 <= z when depth_clip is on: a quad whose z runs from -1 (left edge)
    // to +1 (right edge) loses exactly its left half (z < 0 left of x = 0, the pixel boundary at 8).
    // With depth_clip off it is kept whole and the depth of the left half is clamped to the viewport's
    // minimum (0 here): exactly the 8 left columns then equal a depth cleared to 0.
    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void nearPlane(int s) {
        long half = 8L * 8 * s;
        assertArrayEquals(new long[] {half, 0}, ramp(-1, 1, true, 0f, s, 0, 1), "depth_clip on");
        assertArrayEquals(new long[] {2 * half, half}, ramp(-1, 1, false, 0f, s, 0, 1), "depth_clip off");
    }

    // Likewise z <= w: a quad with z from 0 to 2 loses its right half with depth_clip on; with it off,
    // the right half's depth is clamped to the viewport's maximum (1).
    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void farPlane(int s) {
        long half = 8L * 8 * s;
        assertArrayEquals(new long[] {half, 0}, ramp(0, 2, true, 1f, s, 0, 1), "depth_clip on");
        assertArrayEquals(new long[] {2 * half, half}, ramp(0, 2, false, 1f, s, 0, 1), "depth_clip off");
    }

    // The clamp is to the viewport's depth range, not to [0, 1]: with MinDepth 0.25 the left half of
    // the near-plane ramp lands on 0.25.
    @Test
    void depthClampUsesTheViewportDepthRange() {
        assertArrayEquals(new long[] {128, 64}, ramp(-1, 1, false, 0.25f, 1, 0.25f, 0.75f));
        assertArrayEquals(new long[] {128, 64}, ramp(0, 2, false, 0.75f, 1, 0.25f, 0.75f));
    }

    // A triangle entirely in front of the near plane disappears with depth_clip on and is drawn (depth
    // clamped) with it off.
    @Test
    void triangleEntirelyBeforeTheNearPlane() {
        assertArrayEquals(new long[] {0, 0}, ramp(-0.5f, -0.25f, true, 0f, 1, 0, 1));
        assertArrayEquals(new long[] {128, 128}, ramp(-0.5f, -0.25f, false, 0f, 1, 0, 1));
    }

    /** Samples a draw covers on a 16x16 target with the given viewport/scissor (NaN viewport: none set). */
    static long covered(float[] geometry, float vx, float vy, float vw, float vh, int[] scissor, int samples,
                        TraceBuilder.Pso spec) {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 16, 16, samples);
        Resource.QueryHeap qh = t.queryHeap("qh", QueryHeapType.OCCLUSION, 1);
        Resource.Buffer out = t.buffer("out", 8);
        Resource.VertexBuffer vb = t.vertices("vb", geometry);
        TraceBuilder.ListBuilder l = t.list("l").targets(rt, null).vb(vb).pso(t.pso("p", spec));
        if (!Float.isNaN(vx)) {
            l.viewport(vx, vy, vw, vh);
        }
        if (scissor != null) {
            l.scissor(scissor[0], scissor[1], scissor[2], scissor[3]);
        }
        l.begin(qh, QueryType.OCCLUSION, 0).draw(geometry.length / 4).end(qh, QueryType.OCCLUSION, 0)
                .resolve(qh, QueryType.OCCLUSION, 0, 1, out, 0);
        t.execute(l.close()).dump(out);
        return dump(run(t.build()), 0)[0];
    }

    static final float[] HUGE = quad(-5, -5, 5, 5, 0.5f);

    // "Samples outside the viewport rectangle (its extents rounded down) are never covered, whatever the
    // guard band": viewport (2.5, 1.5) 5.75 x 4.75 spans [2.5, 8.25) x [1.5, 6.25); rounded down, pixels
    // [2, 8) x [1, 6) = 30 pixels, for a quad far larger than the viewport.
    @Test
    void viewportRectangleRoundedDownLimitsCoverage() {
        TraceBuilder.Pso p = new TraceBuilder.Pso();
        assertArrayEquals(new long[] {30, 120}, new long[] {
            covered(HUGE, 2.5f, 1.5f, 5.75f, 4.75f, null, 1, p), covered(HUGE, 2.5f, 1.5f, 5.75f, 4.75f, null, 4, p)});
    }

    // The viewport maps NDC to X + (x + 1) W / 2, Y + (1 - y) H / 2: the NDC square onto [2.5, 7.5] x
    // [1.5, 5.5], whose pixel centres are columns 2..6 and rows 1..4 (left/top edges through centres
    // included, right/bottom excluded): 20 pixels. At 4x, samples are also limited to the viewport
    // rectangle rounded down, [2, 7) x [1, 5): of the 80 samples the square holds, those of column 7
    // (x < 7.5) and row 5 (y < 5.5) are not covered, leaving 63 (4x pattern: 3 rows x 18 + 9).
    @Test
    void viewportTransformMapsTheNdcSquare() {
        TraceBuilder.Pso p = new TraceBuilder.Pso();
        float[] ndc = fullScreen(0.5f);
        assertArrayEquals(new long[] {20, 63}, new long[] {
            covered(ndc, 2.5f, 1.5f, 5, 4, null, 1, p), covered(ndc, 2.5f, 1.5f, 5, 4, null, 4, p)});
    }

    // The scissor rectangle [left, right) x [top, bottom) intersects the viewport's.
    @Test
    void scissorRectangleLimitsCoverage() {
        TraceBuilder.Pso p = new TraceBuilder.Pso();
        assertArrayEquals(new long[] {56, 224, 9, 256}, new long[] {
            covered(HUGE, Float.NaN, 0, 0, 0, new int[] {3, 4, 10, 12}, 1, p),
            covered(HUGE, Float.NaN, 0, 0, 0, new int[] {3, 4, 10, 12}, 4, p),
            covered(HUGE, 2.5f, 1.5f, 5.75f, 4.75f, new int[] {5, 0, 16, 4}, 1, p), // [5,8) x [1,4): 9
            covered(HUGE, Float.NaN, 0, 0, 0, null, 1, p)});
    }

    // Winding is judged in render-target space (y down): clockwise is front unless front_ccw; BACK culls
    // back faces, FRONT front faces, NONE nothing.
    @Test
    void cullingFollowsRenderTargetSpaceWinding() {
        float[] cw = fullScreen(0.5f);
        float[] ccw = concat(new float[] {cw[0], cw[1], cw[2], cw[3], cw[8], cw[9], cw[10], cw[11], cw[4], cw[5],
            cw[6], cw[7]});
        long[] got = {
            covered(cw, Float.NaN, 0, 0, 0, null, 1, new TraceBuilder.Pso()),
            covered(ccw, Float.NaN, 0, 0, 0, null, 1, new TraceBuilder.Pso()),
            covered(cw, Float.NaN, 0, 0, 0, null, 1, new TraceBuilder.Pso().frontCcw(true)),
            covered(ccw, Float.NaN, 0, 0, 0, null, 1, new TraceBuilder.Pso().frontCcw(true)),
            covered(cw, Float.NaN, 0, 0, 0, null, 1, new TraceBuilder.Pso().cull(CullMode.FRONT)),
            covered(ccw, Float.NaN, 0, 0, 0, null, 1, new TraceBuilder.Pso().cull(CullMode.FRONT)),
            covered(ccw, Float.NaN, 0, 0, 0, null, 1, new TraceBuilder.Pso().cull(CullMode.NONE)),
        };
        // the ccw triangle is the upper-right half of the screen: 120 + 16 pixels (diagonal is its left edge)
        assertArrayEquals(new long[] {256, 0, 0, 136, 0, 136, 136}, got);
    }
}
