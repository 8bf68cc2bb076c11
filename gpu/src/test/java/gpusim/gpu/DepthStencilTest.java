package gpusim.gpu;

import static gpusim.gpu.TraceBuilder.concat;
import static gpusim.gpu.TraceBuilder.dump;
import static gpusim.gpu.TraceBuilder.face;
import static gpusim.gpu.TraceBuilder.fullScreen;
import static gpusim.gpu.TraceBuilder.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.ComparisonFunc;
import gpusim.api.CullMode;
import gpusim.api.DepthFormat;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.api.StencilOp;
import gpusim.trace.Resource;
import gpusim.trace.StencilFace;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Depth and stencil tests, end to end: each check is an occlusion query around one full-screen draw
 * on an 8x8 target (64 samples, or 256 with 4x MSAA), so a check passes at all samples or at none.
 */
class DepthStencilTest {
    static final int PX = 64;

    /** Collects checks as (query index, expected count) and runs them all in one trace. */
    static final class Checks {
        final TraceBuilder t = new TraceBuilder();
        final Resource.RenderTarget rt;
        final Resource.DepthStencil ds;
        final Resource.QueryHeap qh;
        final Resource.VertexBuffer vb;
        final TraceBuilder.ListBuilder l;
        final List<Long> expected = new ArrayList<>();
        final List<String> names = new ArrayList<>();
        int psoCount;

        Checks(DepthFormat format, int samples) {
            rt = t.renderTarget("rt", 8, 8, samples);
            ds = t.depthStencil("ds", 8, 8, samples, format);
            qh = t.queryHeap("qh", QueryHeapType.OCCLUSION, 256);
            // 0: full screen, clockwise (front); 6: the same, counter-clockwise (back)
            float[] cw = fullScreen(0.5f);
            float[] ccw = new float[cw.length];
            for (int tri = 0; tri < 2; tri++) {
                int[] order = {0, 2, 1};
                for (int k = 0; k < 3; k++) {
                    System.arraycopy(cw, (tri * 3 + order[k]) * 4, ccw, (tri * 3 + k) * 4, 4);
                }
            }
            vb = t.vertices("vb", concat(cw, ccw));
            l = t.list("l").targets(rt, ds).vb(vb);
        }

        Resource.Pso pso(TraceBuilder.Pso spec) {
            return t.pso("p" + (psoCount++), spec.cull(CullMode.NONE));
        }

        /** A draw at depth z (via the transform's z row) with {@code pso}, counted; expect {@code n} passing samples. */
        Checks check(String name, Resource.Pso pso, float z, boolean back, long n) {
            int q = expected.size();
            l.pso(pso).transform(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, z, 0, 0, 0, 1)
                    .begin(qh, QueryType.OCCLUSION, q).draw(6, back ? 6 : 0, 1).end(qh, QueryType.OCCLUSION, q);
            expected.add(n);
            names.add(name);
            return this;
        }

        Checks clear(Float depth, Integer stencil) {
            l.clearDs(ds, depth, stencil);
            return this;
        }

        /** Asserts the stencil holds {@code v} everywhere: an EQUAL test against ref v passes at all samples. */
        Checks stencilIs(String name, int v, long all) {
            Resource.Pso probe = pso(new TraceBuilder.Pso().depth(false, false, ComparisonFunc.ALWAYS)
                    .stencil(255, 255, face(ComparisonFunc.EQUAL, StencilOp.KEEP, StencilOp.KEEP, StencilOp.KEEP),
                            face(ComparisonFunc.EQUAL, StencilOp.KEEP, StencilOp.KEEP, StencilOp.KEEP)));
            l.stencilRef(v);
            return check(name + ": stencil == " + v, probe, 0.5f, false, all);
        }

        void run() {
            Resource.Buffer out = t.buffer("out", 8L * expected.size());
            l.resolve(qh, QueryType.OCCLUSION, 0, expected.size(), out, 0);
            t.execute(l.close()).dump(out);
            long[] got = dump(TraceBuilder.run(t.build()), 0);
            StringBuilder bad = new StringBuilder();
            for (int i = 0; i < expected.size(); i++) {
                if (got[i] != expected.get(i)) {
                    bad.append("\n  ").append(names.get(i)).append(": expected ").append(expected.get(i))
                            .append(" got ").append(got[i]);
                }
            }
            assertEquals("", bad.toString());
        }
    }

    // D3D12 depth test "source FUNC destination": every comparison function against a stored 0.5 with
    // incoming depths 0.25 (less), 0.5 (equal) and 0.75 (greater); depth writes off.
    @ParameterizedTest
    @EnumSource(DepthFormat.class)
    void everyDepthFunctionInEveryFormat(DepthFormat format) {
        Checks c = new Checks(format, 1);
        boolean[][] table = {
            // less, equal, greater
            {false, false, false}, {true, false, false}, {false, true, false}, {true, true, false},
            {false, false, true}, {true, false, true}, {false, true, true}, {true, true, true}};
        float[] z = {0.25f, 0.5f, 0.75f};
        c.clear(0.5f, null);
        for (ComparisonFunc f : ComparisonFunc.values()) {
            Resource.Pso p = c.pso(new TraceBuilder.Pso().depth(true, false, f));
            for (int k = 0; k < 3; k++) {
                c.check(f + " at " + z[k] + " vs 0.5", p, z[k], false, table[f.ordinal()][k] ? PX : 0);
            }
        }
        c.run();
    }

    // DepthWriteMask: with writes on, a passing sample stores its depth; off (or depth disabled), not.
    @Test
    void depthWritesOnlyWhenEnabledAndPassing() {
        Checks c = new Checks(DepthFormat.D32_FLOAT, 4);
        long all = 4 * PX;
        Resource.Pso write = c.pso(new TraceBuilder.Pso().depth(true, true, ComparisonFunc.LESS));
        Resource.Pso noWrite = c.pso(new TraceBuilder.Pso().depth(true, false, ComparisonFunc.LESS));
        Resource.Pso disabled = c.pso(new TraceBuilder.Pso().depth(false, true, ComparisonFunc.NEVER));
        c.clear(1f, null)
                .check("no-write draw at 0.3", noWrite, 0.3f, false, all)
                .check("0.6 still passes (nothing written)", noWrite, 0.6f, false, all)
                .check("disabled depth passes whatever the function", disabled, 0.9f, false, all)
                .check("0.95 still passes (disabled depth wrote nothing)", noWrite, 0.95f, false, all)
                .check("write draw at 0.4", write, 0.4f, false, all)
                .check("0.45 now fails", noWrite, 0.45f, false, 0)
                .check("0.35 passes", noWrite, 0.35f, false, all)
                .check("failing write draw at 0.5", write, 0.5f, false, 0)
                .check("0.45 still fails: failed samples wrote nothing", noWrite, 0.45f, false, 0);
        c.run();
    }

    // Every D3D12_STENCIL_OP through the pass op, with the stencil function ALWAYS and depth off.
    @Test
    void everyStencilOpThroughThePassOp() {
        Checks c = new Checks(DepthFormat.D24_UNORM_S8_UINT, 1);
        Object[][] cases = {
            // op, stored before, ref, expected after
            {StencilOp.KEEP, 7, 3, 7}, {StencilOp.ZERO, 7, 3, 0}, {StencilOp.REPLACE, 7, 3, 3},
            {StencilOp.INCR_SAT, 254, 0, 255}, {StencilOp.INCR_SAT, 255, 0, 255},
            {StencilOp.DECR_SAT, 1, 0, 0}, {StencilOp.DECR_SAT, 0, 0, 0},
            {StencilOp.INVERT, 0x5A, 0, 0xA5}, {StencilOp.INCR, 255, 0, 0}, {StencilOp.INCR, 41, 0, 42},
            {StencilOp.DECR, 0, 0, 255}, {StencilOp.DECR, 42, 0, 41},
        };
        for (Object[] k : cases) {
            StencilOp op = (StencilOp) k[0];
            StencilFace f = face(ComparisonFunc.ALWAYS, op, StencilOp.KEEP, StencilOp.KEEP);
            Resource.Pso p = c.pso(new TraceBuilder.Pso().depth(false, false, ComparisonFunc.ALWAYS)
                    .stencil(255, 255, f, f));
            c.clear(null, (Integer) k[1]);
            c.l.stencilRef((Integer) k[2]);
            c.check(op + " pass", p, 0.5f, false, PX);
            c.stencilIs(op + " from " + k[1], (Integer) k[3], PX);
        }
        c.run();
    }

    // Stencil fail op runs when the stencil test fails (and the sample is discarded); the depth-fail
    // op when stencil passes but depth fails; the pass op only when both pass.
    @Test
    void failDepthFailAndPassOpsAreChosenByTheTests() {
        Checks c = new Checks(DepthFormat.D32_FLOAT_S8X24_UINT, 1);
        StencilFace never = face(ComparisonFunc.NEVER, StencilOp.ZERO, StencilOp.REPLACE, StencilOp.INVERT);
        StencilFace always = face(ComparisonFunc.ALWAYS, StencilOp.ZERO, StencilOp.REPLACE, StencilOp.INCR);
        Resource.Pso failStencil = c.pso(new TraceBuilder.Pso().depth(true, false, ComparisonFunc.ALWAYS)
                .stencil(255, 255, never, never));
        Resource.Pso failDepth = c.pso(new TraceBuilder.Pso().depth(true, true, ComparisonFunc.NEVER)
                .stencil(255, 255, always, always));
        Resource.Pso passBoth = c.pso(new TraceBuilder.Pso().depth(true, false, ComparisonFunc.ALWAYS)
                .stencil(255, 255, always, always));
        c.clear(0.5f, 10);
        c.l.stencilRef(77);
        c.check("stencil NEVER discards", failStencil, 0.5f, false, 0).stencilIs("fail op REPLACE", 77, PX);
        c.clear(null, 10);
        c.check("depth NEVER discards", failDepth, 0.5f, false, 0).stencilIs("depth-fail op INCR", 11, PX);
        c.clear(null, 10);
        c.check("both pass", passBoth, 0.5f, false, PX).stencilIs("pass op ZERO", 0, PX);
        c.run();
    }

    // The front face's ops apply to front-facing triangles, the back face's to back-facing ones; which
    // is front follows the winding in render-target space and front_ccw.
    @Test
    void frontAndBackFacesUseTheirOwnStencilOps() {
        Checks c = new Checks(DepthFormat.D24_UNORM_S8_UINT, 1);
        StencilFace front = face(ComparisonFunc.ALWAYS, StencilOp.INCR, StencilOp.KEEP, StencilOp.KEEP);
        StencilFace back = face(ComparisonFunc.ALWAYS, StencilOp.DECR, StencilOp.KEEP, StencilOp.KEEP);
        Resource.Pso cw = c.pso(new TraceBuilder.Pso().depth(false, false, ComparisonFunc.ALWAYS)
                .stencil(255, 255, front, back));
        Resource.Pso ccwFront = c.pso(new TraceBuilder.Pso().depth(false, false, ComparisonFunc.ALWAYS)
                .stencil(255, 255, front, back).frontCcw(true));
        c.clear(null, 100);
        c.check("clockwise triangle", cw, 0.5f, false, PX).stencilIs("front op INCR", 101, PX);
        c.check("counter-clockwise triangle", cw, 0.5f, true, PX).stencilIs("back op DECR", 100, PX);
        c.check("counter-clockwise, front_ccw", ccwFront, 0.5f, true, PX).stencilIs("front op INCR", 101, PX);
        c.check("clockwise, front_ccw", ccwFront, 0.5f, false, PX).stencilIs("back op DECR", 100, PX);
        c.run();
    }

    // Stencil test: (ref & readMask) FUNC (stored & readMask); writes go through the write mask; the
    // REPLACE value is the reference.
    @Test
    void readAndWriteMasks() {
        Checks c = new Checks(DepthFormat.D24_UNORM_S8_UINT, 1);
        StencilFace replace = face(ComparisonFunc.ALWAYS, StencilOp.REPLACE, StencilOp.KEEP, StencilOp.KEEP);
        Resource.Pso masked = c.pso(new TraceBuilder.Pso().depth(false, false, ComparisonFunc.ALWAYS)
                .stencil(255, 0x0F, replace, replace));
        StencilFace eq = face(ComparisonFunc.EQUAL, StencilOp.KEEP, StencilOp.KEEP, StencilOp.KEEP);
        Resource.Pso lowNibble = c.pso(new TraceBuilder.Pso().depth(false, false, ComparisonFunc.ALWAYS)
                .stencil(0x0F, 255, eq, eq));
        Resource.Pso fullMask = c.pso(new TraceBuilder.Pso().depth(false, false, ComparisonFunc.ALWAYS)
                .stencil(0xFF, 255, eq, eq));
        StencilFace less = face(ComparisonFunc.LESS, StencilOp.KEEP, StencilOp.KEEP, StencilOp.KEEP);
        Resource.Pso lessHigh = c.pso(new TraceBuilder.Pso().depth(false, false, ComparisonFunc.ALWAYS)
                .stencil(0xF0, 255, less, less));
        c.clear(null, 0xAB);
        c.l.stencilRef(0x5C);
        c.check("REPLACE through write mask 0x0F", masked, 0.5f, false, PX).stencilIs("(0xAB & ~0x0F) | (0x5C & 0x0F)", 0xAC, PX);
        c.l.stencilRef(0x0C);
        c.check("0x0C == 0xAC under read mask 0x0F", lowNibble, 0.5f, false, PX);
        c.check("0x0C != 0xAC under read mask 0xFF", fullMask, 0.5f, false, 0);
        c.l.stencilRef(0x9F);
        c.check("(0x9F & 0xF0) LESS (0xAC & 0xF0): 0x90 < 0xA0", lessHigh, 0.5f, false, PX);
        c.l.stencilRef(0xA0);
        c.check("(0xA0 & 0xF0) LESS 0xA0 fails", lessHigh, 0.5f, false, 0);
        c.run();
    }

    // Every comparison function as the stencil function: ref 5 against stored 3, 5 and 9.
    @Test
    void everyStencilFunction() {
        Checks c = new Checks(DepthFormat.D24_UNORM_S8_UINT, 1);
        int[] stored = {9, 5, 3}; // ref 5 is less than, equal to, greater than these
        boolean[][] table = {
            {false, false, false}, {true, false, false}, {false, true, false}, {true, true, false},
            {false, false, true}, {true, false, true}, {false, true, true}, {true, true, true}};
        c.l.stencilRef(5);
        for (ComparisonFunc f : ComparisonFunc.values()) {
            StencilFace sf = face(f, StencilOp.KEEP, StencilOp.KEEP, StencilOp.KEEP);
            Resource.Pso p = c.pso(new TraceBuilder.Pso().depth(false, false, ComparisonFunc.ALWAYS)
                    .stencil(255, 255, sf, sf));
            for (int k = 0; k < 3; k++) {
                c.clear(null, stored[k]);
                c.check("stencil " + f + ": 5 vs " + stored[k], p, 0.5f, false, table[f.ordinal()][k] ? PX : 0);
            }
        }
        c.run();
    }

    // UNORM depth: z is stored as round(z x (2^n - 1)). Two depths less than half a D16 step apart
    // quantize to the same D16 value (EQUAL passes, LESS fails); in D24 and D32_FLOAT they differ.
    @Test
    void depthIsQuantizedToTheFormatBeforeTheComparison() {
        float stored = (float) ((1000 + 0.4) / 65535.0);
        float incoming = (float) ((1000 + 0.1) / 65535.0);
        for (DepthFormat f : DepthFormat.values()) {
            Checks c = new Checks(f, 1);
            boolean d16 = f == DepthFormat.D16_UNORM;
            Resource.Pso eq = c.pso(new TraceBuilder.Pso().depth(true, false, ComparisonFunc.EQUAL));
            Resource.Pso less = c.pso(new TraceBuilder.Pso().depth(true, false, ComparisonFunc.LESS));
            c.clear(stored, null);
            c.check(f + " EQUAL", eq, incoming, false, d16 ? PX : 0);
            c.check(f + " LESS", less, incoming, false, d16 ? 0 : PX);
            c.run();
        }
    }

    // The interpolated depth is clamped to the viewport's depth range before the test (with depth_clip
    // off, so that depths outside the range reach the test): viewport depth 0.25..0.75.
    @Test
    void depthIsClampedToTheViewportRange() {
        Checks c = new Checks(DepthFormat.D32_FLOAT, 1);
        Resource.Pso eq = c.pso(new TraceBuilder.Pso().depth(true, false, ComparisonFunc.EQUAL).depthClip(false));
        c.l.viewport(0, 0, 8, 8, 0.25f, 0.75f);
        c.clear(0.75f, null);
        c.check("z = 1 maps to the viewport's max 0.75", eq, 1f, false, PX);
        c.check("z = 1.5 maps to 1.0, clamped to 0.75", eq, 1.5f, false, PX);
        c.clear(0.25f, null);
        c.check("z = -0.5 maps to 0.0, clamped to 0.25", eq, -0.5f, false, PX);
        c.clear(0.5f, null);
        c.check("z = 0.5 maps to 0.5", eq, 0.5f, false, PX);
        c.run();
    }
}
