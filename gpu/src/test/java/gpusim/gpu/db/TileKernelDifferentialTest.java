package gpusim.gpu.db;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.BlendMode;
import gpusim.api.ComparisonFunc;
import gpusim.api.CullMode;
import gpusim.api.DepthFormat;
import gpusim.api.StencilOp;
import gpusim.gpu.ps.ColorSurface;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.setup.TriangleSetup;
import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.TileBatch;
import gpusim.gpu.work.TriBatch;
import gpusim.trace.PipelineState;
import gpusim.trace.StencilFace;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The fast tile kernels against the reference kernel on random work, one depth block core
 * each on its own copy of the same surfaces: random triangles (large ones covering whole
 * tiles, constant-depth ones, thin ones, flat and interpolated colours, perspective) in
 * random states (1 to 8 samples; D16, D24S8, D32, D32S8 holding random depths and
 * stencils; every depth function; stencil functions, ops and masks per face; depth writes,
 * blending, colour write masks, late Z, reversed depth ranges; HiZ on and off; 8- to
 * 32-pixel tiles; overdraw recorded or not). After every batch the figures the timing
 * model reads, every depth, stencil and colour sample, every HiZ bound and every overdraw
 * count must be the same. Where the conformance
 * cases and stress traces (KernelDifferentialTest) are fixed, this covers the states in
 * between, in a fraction of a second.
 */
class TileKernelDifferentialTest {
    private static final ComparisonFunc[] FUNCS = ComparisonFunc.values();
    private static final StencilOp[] OPS = StencilOp.values();
    private static final DepthFormat[] FORMATS = {DepthFormat.D16_UNORM, DepthFormat.D24_UNORM_S8_UINT,
        DepthFormat.D32_FLOAT, DepthFormat.D32_FLOAT_S8X24_UINT};
    private static final int W = 70;
    private static final int H = 45;

    /** One core and its own surfaces. */
    private record Side(DepthBlockCore core, DepthSurface ds, ColorSurface rt) {
    }

    @Test
    void fastKernelsGiveTheReferenceKernelsSamplesAndFigures() {
        Random r = new Random(9);
        long tested = 0;
        long d32Pixels = 0;
        for (int scene = 0; scene < 48; scene++) {
            // Half the scenes 1x and many of those D32: the cases with a fast kernel of their own.
            int samples = r.nextBoolean() ? 1 : 1 << r.nextInt(4);
            int tile = 8 << r.nextInt(3);
            DepthFormat format = r.nextInt(3) == 0 ? DepthFormat.D32_FLOAT : FORMATS[r.nextInt(FORMATS.length)];
            boolean hiz = r.nextInt(4) != 0;
            // ZCULL's storage (16 pixels an aliquot: the 70 x 45 surface's subregions normalize to 13
            // aliquots, its coarsest format takes 7): none (no limit), every subregion in the coarsest
            // format (112), or half of them (56), the rest without storage.
            long aliquots = new long[] {0, 112, 56}[r.nextInt(3)];
            HizParams hizParams = new HizParams(hiz, false, aliquots, 16);
            TileMap tiles = new TileMap(1, tile);
            Side fast = side(tiles, hizParams, TileKernel.Mode.FAST, samples, format, tile);
            Side ref = side(tiles, hizParams, TileKernel.Mode.REFERENCE, samples, format, tile);
            fill(r, fast, ref, hiz);
            for (int batch = 0; batch < 6; batch++) {
                DrawState st = state(r, samples, fast, format);
                TriBatch tb = triangles(r, st);
                TileBatch f = run(fast, tb, st);
                TileBatch g = run(ref, tb, retarget(st, ref));
                String what = "scene " + scene + " batch " + batch + " (" + samples + "x " + format + ", tile " + tile
                        + ", hiz " + hiz + ", aliquots " + aliquots + ", " + st.pso() + ")";
                assertEquals(figures(g), figures(f), what + ": figures");
                assertArrayEquals(ref.ds().depth, fast.ds().depth, what + ": depths");
                if (ref.ds().stencil != null) {
                    assertArrayEquals(ref.ds().stencil, fast.ds().stencil, what + ": stencils");
                }
                if (scene % 2 == 0 || batch == 5) {
                    // The fast side defers plain overwrites' colours (PixelShader): they land when
                    // resolved; in odd scenes only at the end, so deferral across batches (and the
                    // resolve a blending or masked batch forces) is compared too.
                    fast.core().resolveDeferredColor();
                    ref.core().resolveDeferredColor();
                    assertArrayEquals(ref.rt().rgba, fast.rt().rgba, what + ": colours");
                }
                assertArrayEquals(ref.ds().hizMin, fast.ds().hizMin, what + ": HiZ minima");
                assertArrayEquals(ref.ds().hizMax, fast.ds().hizMax, what + ": HiZ maxima");
                assertArrayEquals(ref.ds().overdraw, fast.ds().overdraw, what + ": overdraw");
                tested += f.samplesTested;
                d32Pixels += samples == 1 && format == DepthFormat.D32_FLOAT ? f.pixels : 0;
            }
        }
        // The random work reaches the kernels: millions of samples, many of them in 1x D32 states
        // (with a counter, not kept: 46,522 regions by the reference kernel, 29,870 GENERAL,
        // 16,617 DEPTH_ONLY_1X and 35 ALL_PASS_FILL).
        assertTrue(tested > 4_000_000, "samples tested: " + tested);
        assertTrue(d32Pixels > 400_000, "1x D32 pixels shaded: " + d32Pixels);
    }

    private static Side side(TileMap tiles, HizParams hiz, TileKernel.Mode mode, int samples, DepthFormat format,
                             int tile) {
        return new Side(new DepthBlockCore(0, tiles, hiz, mode), new DepthSurface("ds", W, H, samples, format, tile),
                new ColorSurface("rt", W, H, samples, tile));
    }

    /** The same random depths, stencils and colours on both sides, with exact HiZ bounds. */
    private static void fill(Random r, Side a, Side b, boolean hiz) {
        DepthSurface d = a.ds();
        SurfaceLayout l = d.layout;
        boolean uniform = r.nextBoolean(); // a cleared surface: whole tiles provably pass
        int clear = d.encode(r.nextBoolean() ? 1.0 : r.nextDouble());
        for (int ty = 0; ty < l.tilesY; ty++) {
            for (int tx = 0; tx < l.tilesX; tx++) {
                int from = l.tile(tx, ty);
                int min = Integer.MAX_VALUE;
                int max = Integer.MIN_VALUE;
                for (int i = from; i < from + l.tileSlots(); i++) {
                    int v = uniform ? clear : d.encode(r.nextDouble());
                    d.depth[i] = v;
                    min = Math.min(min, v);
                    max = Math.max(max, v);
                }
                d.hizMin[ty * d.hizTilesX + tx] = hiz ? min : 0;
                d.hizMax[ty * d.hizTilesX + tx] = hiz ? max : 0;
            }
        }
        if (d.stencil != null) {
            r.nextBytes(d.stencil);
        }
        for (int i = 0; i < a.rt().rgba.length; i++) {
            a.rt().rgba[i] = r.nextInt();
        }
        System.arraycopy(d.depth, 0, b.ds().depth, 0, d.depth.length);
        if (d.stencil != null) {
            System.arraycopy(d.stencil, 0, b.ds().stencil, 0, d.stencil.length);
        }
        System.arraycopy(d.hizMin, 0, b.ds().hizMin, 0, d.hizMin.length);
        System.arraycopy(d.hizMax, 0, b.ds().hizMax, 0, d.hizMax.length);
        System.arraycopy(a.rt().rgba, 0, b.rt().rgba, 0, a.rt().rgba.length);
        if (r.nextInt(4) == 0) {
            // As --images records it: every kernel counts each covered pixel it tests.
            a.ds().recordOverdraw();
            b.ds().recordOverdraw();
        }
    }

    private static StencilFace face(Random r) {
        return new StencilFace(FUNCS[r.nextInt(FUNCS.length)], OPS[r.nextInt(OPS.length)], OPS[r.nextInt(OPS.length)],
                OPS[r.nextInt(OPS.length)]);
    }

    /** A random draw state on {@code s}'s surfaces (now and then without the depth-stencil surface or the render target). */
    private static DrawState state(Random r, int samples, Side s, DepthFormat format) {
        boolean depthOn = r.nextInt(5) != 0;
        boolean stencilOn = format.hasStencil() && r.nextInt(3) == 0;
        ComparisonFunc func = r.nextInt(6) == 0 ? ComparisonFunc.ALWAYS : r.nextInt(3) == 0 ? FUNCS[r.nextInt(FUNCS.length)]
                : r.nextBoolean() ? ComparisonFunc.LESS : ComparisonFunc.LESS_EQUAL;
        PipelineState p = PipelineState.defaults("pso", 0);
        int colorMask = r.nextInt(4) == 0 ? r.nextInt(16) : 15;
        PipelineState pso = new PipelineState("pso", p.topology(), CullMode.NONE, false, true, depthOn,
                r.nextInt(4) != 0, func, stencilOn, r.nextInt(4) == 0 ? r.nextInt(256) : 255,
                r.nextInt(4) == 0 ? r.nextInt(256) : 255, face(r), face(r), colorMask,
                r.nextInt(4) == 0 ? BlendMode.ALPHA : BlendMode.OFF, -1, -1, null, r.nextInt(6) == 0, 0);
        float near = r.nextInt(4) == 0 ? r.nextFloat() * 0.5f : 0f;
        float far = r.nextInt(4) == 0 ? 0.5f + r.nextFloat() * 0.5f : 1f;
        boolean reversed = r.nextInt(6) == 0;
        float[] identity = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        ColorSurface rt = r.nextInt(6) != 0 ? s.rt() : null;
        DepthSurface ds = r.nextInt(8) != 0 ? s.ds() : null;
        return new DrawState(pso, rt, ds, samples, 0, 0, W, H, reversed ? far : near, reversed ? near : far,
                0, 0, W, H, identity, r.nextInt(256), null, null);
    }

    /** The state with the other side's surfaces (those the state binds). */
    private static DrawState retarget(DrawState st, Side s) {
        return new DrawState(st.pso(), st.rt() != null ? s.rt() : null, st.ds() != null ? s.ds() : null, st.samples(), st.vpX(), st.vpY(),
                st.vpW(), st.vpH(), st.vpMinDepth(), st.vpMaxDepth(), st.clipLeft(), st.clipTop(), st.clipRight(),
                st.clipBottom(), st.transform(), st.stencilRef(), null, null);
    }

    /** 32 random triangles, set up (clockwise, as the clipper leaves them). */
    private static TriBatch triangles(Random r, DrawState st) {
        TriBatch b = new TriBatch(0, st, 32);
        while (b.count < 32) {
            int t = b.count;
            int kind = r.nextInt(6); // 0, 4, 5: large, 1: small, 2: thin, 3: anywhere
            int cx = r.nextInt(W * 256);
            int cy = r.nextInt(H * 256);
            int size = kind == 1 ? 6 * 256 : kind == 2 || kind == 3 ? 30 * 256 : 60 * 256;
            float z = r.nextFloat();
            boolean flatZ = r.nextInt(3) == 0;
            boolean flatColour = r.nextBoolean();
            float[] c = {r.nextFloat(), r.nextFloat(), r.nextFloat(), r.nextFloat()};
            for (int k = 0; k < 3; k++) {
                int o = t * 3 + k;
                b.fx[o] = kind == 3 ? r.nextInt((W + 8) * 256) - 1024 : cx + r.nextInt(2 * size + 1) - size;
                b.fy[o] = kind == 2 && k == 2 ? b.fy[t * 3] + r.nextInt(512) - 256
                        : kind == 3 ? r.nextInt((H + 8) * 256) - 1024 : cy + r.nextInt(2 * size + 1) - size;
                b.z[o] = flatZ ? z : r.nextFloat();
                b.invW[o] = r.nextInt(3) == 0 ? 0.5f + r.nextFloat() : 1f;
                for (int ch = 0; ch < 4; ch++) {
                    b.color[t * 12 + k * 4 + ch] = flatColour ? c[ch] : r.nextFloat();
                }
            }
            long det = (long) (b.fx[t * 3 + 1] - b.fx[t * 3]) * (b.fy[t * 3 + 2] - b.fy[t * 3])
                    - (long) (b.fx[t * 3 + 2] - b.fx[t * 3]) * (b.fy[t * 3 + 1] - b.fy[t * 3]);
            if (det == 0) {
                continue;
            }
            if (det < 0) {
                swap(b.fx, t * 3 + 1, t * 3 + 2);
                swap(b.fy, t * 3 + 1, t * 3 + 2);
                float zz = b.z[t * 3 + 1];
                b.z[t * 3 + 1] = b.z[t * 3 + 2];
                b.z[t * 3 + 2] = zz;
            }
            b.front[t] = r.nextBoolean();
            b.count++;
        }
        return b;
    }

    private static void swap(int[] a, int i, int j) {
        int v = a[i];
        a[i] = a[j];
        a[j] = v;
    }

    /** Runs the batch's triangles on one side, with the draw state {@code st} bound to that side's surfaces. */
    private static TileBatch run(Side s, TriBatch src, DrawState st) {
        TriBatch b = new TriBatch(0, st, src.count);
        b.count = src.count;
        System.arraycopy(src.fx, 0, b.fx, 0, src.count * 3);
        System.arraycopy(src.fy, 0, b.fy, 0, src.count * 3);
        System.arraycopy(src.z, 0, b.z, 0, src.count * 3);
        System.arraycopy(src.invW, 0, b.invW, 0, src.count * 3);
        System.arraycopy(src.color, 0, b.color, 0, src.count * 12);
        System.arraycopy(src.front, 0, b.front, 0, src.count);
        TileBatch tb = new TileBatch();
        tb.reset(b, 0);
        for (int t = 0; t < b.count; t++) {
            if (TriangleSetup.setup(b, t)) {
                tb.add(t);
            }
        }
        s.core().test(tb);
        return tb;
    }

    private static String figures(TileBatch tb) {
        return "scanned " + tb.scanSamples + ", tested " + tb.samplesTested + ", passed " + tb.samplesPassed
                + ", pixels " + tb.pixels + ", quads " + tb.quads + ", covered quads " + tb.quadsCovered
                + ", hiz tiles " + tb.hizTiles + ", rejected " + tb.hizRejectedTiles + " (" + tb.hizRejectedSamples
                + " samples)";
    }
}
