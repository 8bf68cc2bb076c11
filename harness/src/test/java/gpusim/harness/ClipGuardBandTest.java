package gpusim.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.config.Config;
import gpusim.gpu.Gpu;
import gpusim.gpu.RunResult;
import gpusim.harness.ReferenceCoverage.View;
import gpusim.trace.Trace;
import gpusim.tracefile.TraceReader;
import gpusim.tracefile.TraceValidator;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Clipping and the guard band at the edges, end to end through the trace format (text,
 * parsed, validated, run): occlusion counts against counts derived independently, by
 * {@link ReferenceCoverage} (the D3D rasterization rules in exact arithmetic, no model code)
 * or in closed form (axis-aligned rectangles on pixel boundaries cover width x height x
 * samples: every standard sample offset lies in [0, 1) and the top-left rule keeps the left
 * and top edges and drops the right and bottom ones).
 */
class ClipGuardBandTest {

    /** A trace of one render target and one occlusion query per case, each case its own draws. */
    static final class Scene {
        final int width;
        final int height;
        final int samples;
        String viewport;
        final StringBuilder vertices = new StringBuilder();
        final StringBuilder indices = new StringBuilder();
        final StringBuilder psos = new StringBuilder();
        final List<String> queries = new ArrayList<>();
        int vertexCount;

        Scene(int width, int height, int samples) {
            this.width = width;
            this.height = height;
            this.samples = samples;
        }

        Scene pso(String name, String options) {
            psos.append("pipeline_state ").append(name).append(' ').append(options).append('\n');
            return this;
        }

        /** Appends vertices (x y z w each, written so that the parser reads back the same floats); returns the first index. */
        int vertices(float... xyzw) {
            int first = vertexCount;
            for (int i = 0; i < xyzw.length; i += 4) {
                vertices.append("v ").append(xyzw[i]).append(' ').append(xyzw[i + 1]).append(' ')
                        .append(xyzw[i + 2]).append(' ').append(xyzw[i + 3]).append('\n');
                vertexCount++;
            }
            return first;
        }

        Scene indices(int... ix) {
            indices.append('i');
            for (int i : ix) {
                indices.append(' ').append(i);
            }
            indices.append('\n');
            return this;
        }

        /** A query around the given command lines under pipeline state {@code pso}; returns its index. */
        int query(String pso, String... commands) {
            StringBuilder b = new StringBuilder("set_pipeline_state ").append(pso).append('\n');
            int q = queries.size();
            b.append("begin_query qh OCCLUSION ").append(q).append('\n');
            for (String c : commands) {
                b.append(c).append('\n');
            }
            b.append("end_query qh OCCLUSION ").append(q).append('\n');
            queries.add(b.toString());
            return q;
        }

        /** A query drawing the given triangle-list vertices. */
        int draw(String pso, float... xyzw) {
            int first = vertices(xyzw);
            return query(pso, "draw " + (xyzw.length / 4) + " start=" + first);
        }

        String text() {
            int n = queries.size();
            StringBuilder t = new StringBuilder("gpusim-trace 1\n");
            t.append("render_target rt width=").append(width).append(" height=").append(height)
                    .append(" samples=").append(samples).append('\n');
            t.append("query_heap qh type=OCCLUSION count=").append(n).append('\n');
            t.append("buffer res size=").append(8 * n).append(" state=COPY_DEST\n");
            t.append("vertex_buffer vb\n").append(vertices).append("end\n");
            if (indices.length() > 0) {
                t.append("index_buffer ib format=R32_UINT\n").append(indices).append("end\n");
            }
            t.append(psos);
            t.append("command_list cl type=DIRECT\nset_render_targets rt=rt\n");
            if (viewport != null) {
                t.append("set_viewport ").append(viewport).append('\n');
            }
            t.append("set_vertex_buffer vb\n");
            if (indices.length() > 0) {
                t.append("set_index_buffer ib\n");
            }
            queries.forEach(t::append);
            t.append("resolve_query_data qh OCCLUSION 0 ").append(n).append(" res 0\nclose\nexecute cl\ndump res\n");
            return t.toString();
        }

        RunResult run(Config config) {
            Trace t = TraceReader.parse("edge.trace", text(), config.get(TraceReader.MEMORY_BUDGET));
            TraceValidator.validate(t, true, TraceValidator.Machine.of(config));
            return new Gpu(t, config).run();
        }

        long[] counts() {
            return counts(run(Config.defaults()));
        }

        static long[] counts(RunResult r) {
            assertEquals(1, r.dumps().size());
            return r.dumps().get(0).values();
        }
    }

    static long clipped(RunResult r) {
        return r.stats().find("clip.clipped").value().longValue();
    }

    /** x as a float, checked to be exactly the double given (the tests choose values that are). */
    static float exact(double x) {
        float f = (float) x;
        if (f != x) {
            throw new IllegalArgumentException(x + " is not exact in float");
        }
        return f;
    }

    /**
     * Clip-space x y z w of a vertex at render-target position (ux, uy) in 1/256 pixel with
     * clip w = {@code w} (a power of two, so x = ndc w is exact) and depth z = 0.5 w.
     */
    static float[] at(long ux, long uy, View v, float w) {
        return new float[] {exact(ReferenceCoverage.ndcX(ux, v)) * w, exact(ReferenceCoverage.ndcY(uy, v)) * w,
            0.5f * w, w};
    }

    static float[] tri(long[] u, View v, float w) {
        float[] out = new float[12];
        for (int k = 0; k < 3; k++) {
            System.arraycopy(at(u[2 * k], u[2 * k + 1], v, w), 0, out, 4 * k, 4);
        }
        return out;
    }

    /** The sample's position in 1/256 pixel: pixel (px, py), sample s of the standard pattern. */
    static long[] sample(int px, int py, int samples, int s) {
        int[] p = ReferenceCoverage.pattern(samples);
        return new long[] {px * 256L + p[2 * s] * 16L, py * 256L + p[2 * s + 1] * 16L};
    }

    static final View VP16 = View.of(16, 16);

    // Triangles on a 16x16 target: one with vertices off the sample grid, one whose vertices and edges
    // pass through pixel centres (the top-left rule decides those samples).
    static final long[][] SMALL = {
        {320, 192, 3712, 1312, 768, 3968},
        {128, 128, 3968, 2176, 1152, 3968},
    };

    // Vertices with tiny positive w (2^-20, 2^-30, 2^-40) inside the view volume need no clipping
    // and lie exactly where the same NDC with w = 1 does: the counts are those the reference gives
    // for the snapped NDC positions, for every sample count. (With a fixed w >= 1e-6 clip they
    // were cut or dropped.)
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8, 16})
    void tinyPositiveWIsRasterizedUnclipped(int samples) {
        Scene s = new Scene(16, 16, samples).pso("p", "cull=NONE");
        List<Long> expected = new ArrayList<>();
        for (long[] t : SMALL) {
            long e = ReferenceCoverage.count(t, samples, VP16);
            assertTrue(e > 0 && e < 256L * samples, "the reference triangle covers part of the target");
            for (int k : new int[] {0, 20, 30, 40}) {
                s.draw("p", tri(t, VP16, (float) Math.scalb(1.0, -k)));
                expected.add(e);
            }
        }
        RunResult r = s.run(Config.defaults());
        assertArrayEquals(expected.stream().mapToLong(Long::longValue).toArray(), Scene.counts(r));
        assertEquals(0, clipped(r), "nothing inside the view volume is clipped");
    }

    /**
     * A triangle whose two edges pass exactly through samples A and B of the 16x16 viewport and
     * whose vertices lie {@code viewports} viewport widths outside it: V0 and V1 on the line
     * through A with direction (16, 3) pixels, V2 on the line from V1 through B, beyond B.
     */
    static long[] farTriangle(int samples, int viewports) {
        long[] a = sample(3, 4, samples, 0);
        long[] b = sample(11, 9, samples, samples - 1);
        long dx = 16 * 256;
        long dy = 3 * 256;
        long[] v0 = {a[0] - viewports * dx, a[1] - viewports * dy};
        long[] v1 = {a[0] + viewports * dx, a[1] + viewports * dy};
        long[] v2 = {2 * b[0] - v1[0], 2 * b[1] - v1[1]};
        return new long[] {v0[0], v0[1], v1[0], v1[1], v2[0], v2[1]};
    }

    // Vertices 10, 100 and 1000 viewports (16 px) outside the viewport, up to 16,000 px away: all
    // inside the guard band (the viewport bounds, -32768..32767 px), so rasterized unclipped on the
    // 1/256 grid; edges through sample points decide those samples by the top-left rule exactly.
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8, 16})
    void verticesFarOutsideTheViewportInsideTheGuardBand(int samples) {
        Scene s = new Scene(16, 16, samples).pso("p", "cull=NONE");
        int[] distances = {10, 100, 1000};
        long[] expected = new long[distances.length];
        for (int i = 0; i < distances.length; i++) {
            long[] t = farTriangle(samples, distances[i]);
            expected[i] = ReferenceCoverage.count(t, samples, VP16);
            assertTrue(expected[i] > 0 && expected[i] < 256L * samples);
            s.draw("p", tri(t, VP16, 1f));
        }
        RunResult r = s.run(Config.defaults());
        assertArrayEquals(expected, Scene.counts(r));
        assertEquals(0, clipped(r), "inside the guard band nothing is clipped");
    }

    /**
     * A right-angled wedge with its corner V1 in the viewport, its edges at 45 degrees through
     * samples A and B, and its other two vertices {@code far} pixels away along them: beyond the
     * guard band when far > 32768. Lines at 45 degrees through the 1/256 grid cross the guard
     * band's edges at grid points, so the clipped polygon is exactly the triangle inside the band.
     */
    static long[] wedge(int samples, long far, boolean opensRight) {
        long[] a = sample(4, 9, samples, 0);
        long[] b = sample(9, 3, samples, samples - 1);
        long sign = opensRight ? 1 : -1;
        // Line through A along (sign, 1), line through B along (sign, -1): their intersection V1.
        long ca = a[1] - sign * a[0]; // y - sign x on the first line
        long cb = b[1] + sign * b[0]; // y + sign x on the second
        long x1 = sign * (cb - ca) / 2;
        long y1 = (ca + cb) / 2;
        long f = far * 256;
        return new long[] {x1 + sign * f, y1 + f, x1, y1, x1 + sign * f, y1 - f};
    }

    // Vertices 2,500 to 3,000 viewports out (40,000 and 48,000 px), beyond the guard band: they are
    // clipped to it, and the clipped vertices, computed in double precision, snap back onto the
    // original edges (at grid points), so the counts equal the reference's for the unclipped
    // triangle, edges through samples and all. Both sides (the -32768 and +32767 bounds).
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8, 16})
    void verticesBeyondTheGuardBandAreClippedExactly(int samples) {
        Scene s = new Scene(16, 16, samples).pso("p", "cull=NONE");
        List<Long> expected = new ArrayList<>();
        for (long far : new long[] {40_000, 48_000}) {
            for (boolean right : new boolean[] {true, false}) {
                long[] t = wedge(samples, far, right);
                long e = ReferenceCoverage.count(t, samples, VP16);
                assertTrue(e > 0 && e < 256L * samples);
                expected.add(e);
                s.draw("p", tri(t, VP16, 1f));
            }
        }
        RunResult r = s.run(Config.defaults());
        assertArrayEquals(expected.stream().mapToLong(Long::longValue).toArray(), Scene.counts(r));
        assertEquals(4, clipped(r), "every wedge crosses the guard band");
    }

    // The guard band's own edges: vertices exactly at -32768 and 32767 px are inside it (not
    // clipped), on a 16384 x 4 target at 16 samples, where the edge functions reach their largest
    // magnitudes (coordinates of 2^23 in 1/256 pixel). One edge runs across the whole target at a
    // slope of about 1/4096; the reference counts it sample by sample. A full-target quad covers
    // 16384 x 4 x 16 samples (closed form).
    @Test
    void guardBandBoundsOnTheWidestTarget() {
        View v = View.of(16384, 4);
        Scene s = new Scene(16384, 4, 16).pso("p", "cull=NONE");
        long[] t = {-32768 * 256L, -6 * 256L, 32767 * 256L, 10 * 256L, -32768 * 256L, 32767 * 256L};
        long e = ReferenceCoverage.count(t, 16, v);
        assertTrue(e > 0 && e < 16384L * 4 * 16);
        s.draw("p", tri(t, v, 1f));
        s.draw("p", -1, 1, 0.5f, 1, 1, 1, 0.5f, 1, -1, -1, 0.5f, 1, 1, 1, 0.5f, 1, 1, -1, 0.5f, 1, -1, -1, 0.5f, 1);
        RunResult r = s.run(Config.defaults());
        assertArrayEquals(new long[] {e, 16384L * 4 * 16}, Scene.counts(r));
        assertEquals(0, clipped(r), "vertices on the viewport bounds are inside the guard band");
    }

    /**
     * Clip-space vertices (x y z w each) to the 2D homogeneous render-target coordinates the
     * reference takes: (x W/2 + (X + W/2) w, -y H/2 + (Y + H/2) w, w), times 2^60 to integers
     * (the floats used are multiples of 2^-40 at the least), exactly.
     */
    static BigInteger[][] homogeneous(float[] xyzw, View v) {
        BigInteger[][] out = new BigInteger[3][];
        BigDecimal scale = new BigDecimal(BigInteger.ONE.shiftLeft(60));
        for (int k = 0; k < 3; k++) {
            BigDecimal x = new BigDecimal(xyzw[4 * k]);
            BigDecimal y = new BigDecimal(xyzw[4 * k + 1]);
            BigDecimal w = new BigDecimal(xyzw[4 * k + 3]);
            BigDecimal hx = x.multiply(new BigDecimal(v.w() / 2)).add(new BigDecimal(v.x() + v.w() / 2).multiply(w));
            BigDecimal hy = y.multiply(new BigDecimal(-v.h() / 2)).add(new BigDecimal(v.y() + v.h() / 2).multiply(w));
            out[k] = new BigInteger[] {hx.multiply(scale).toBigIntegerExact(), hy.multiply(scale).toBigIntegerExact(),
                w.multiply(scale).toBigIntegerExact()};
        }
        return out;
    }

    // Vertices behind the eye (w < 0), and one at w = 0 off the eye (a direction, at infinity):
    // the triangle is clipped to w > 0 by the guard band's own planes, with no epsilon. The
    // reference does no clipping at all: a sample counts when its ray meets the triangle at w > 0
    // (homogeneous coverage). The vertices with w > 0 lie on the 1/256 grid (w a power of two, so
    // the model's x * (1 / w) is exact), and every sample the edge from a vertex behind the eye
    // decides is at least 1/4096 px from it (the clipped vertex's snapping moves that edge by
    // about 10^-6 px inside the viewport).
    @ParameterizedTest
    @ValueSource(ints = {1, 4, 16})
    void verticesBehindTheEye(int samples) {
        Scene s = new Scene(16, 16, samples).pso("p", "cull=NONE depth_clip=off");
        float[] a1 = at(3 * 256 + 37, 11 * 256 + 101, VP16, 1f);
        float[] a2 = at(3 * 256 + 37, 11 * 256 + 101, VP16, 0.5f);
        float[] b1 = at(13 * 256 + 211, 12 * 256 + 5, VP16, 1f);
        float[] c4 = at(2 * 256 + 77, 4 * 256 + 19, VP16, 4f);
        float[][] cases = {
            concat(a1, b1, new float[] {0.29f, 0.83f, 0.5f, -1}),
            concat(a2, b1, new float[] {0.29f, 0.83f, 0.5f, -0.125f}),
            concat(c4, new float[] {0.13f, -0.71f, 0.5f, -2}, new float[] {-0.39f, 0.27f, 0.5f, -0.5f}),
            concat(a1, b1, new float[] {0.29f, 0.83f, 0.5f, 0}),
        };
        long[] expected = new long[cases.length];
        for (int i = 0; i < cases.length; i++) {
            expected[i] = ReferenceCoverage.coveredHomogeneous(homogeneous(cases[i], VP16), samples, VP16, 1 / 4096.0);
            assertTrue(expected[i] > 0 && expected[i] < 256L * samples, "case " + i + " covers part of the target");
            s.draw("p", cases[i]);
        }
        RunResult r = s.run(Config.defaults());
        assertArrayEquals(expected, Scene.counts(r));
        assertEquals(cases.length, clipped(r));
    }

    /** Each vertex's clip z times 2^60, as {@link #homogeneous} scales its w. */
    static BigInteger[] depths(float[] xyzw) {
        BigDecimal scale = new BigDecimal(BigInteger.ONE.shiftLeft(60));
        BigInteger[] z = new BigInteger[3];
        for (int k = 0; k < 3; k++) {
            z[k] = new BigDecimal(xyzw[4 * k + 2]).multiply(scale).toBigIntegerExact();
        }
        return z;
    }

    // With depth_clip on, a triangle crossing the near plane (z < 0), the far plane (z > w) and
    // the eye (w < 0) is cut by 0 <= z <= w as well as by the guard band's w > 0. The reference
    // again clips nothing: the point a sample's ray meets must have 0 <= z <= w (two more lines,
    // linear in the barycentrics); the near and far lines run between vertices clipping made
    // (snapped), so every deciding line must miss each sample by 1/128 px.
    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void depthPlanesAndTheEyeTogether(int samples) {
        Scene s = new Scene(16, 16, samples).pso("p", "cull=NONE");
        // Clip-space x y z w in 1/1024 (exact floats): (0) the third vertex behind the eye, z inside
        // at the others; (1) the first in front of the near plane; (2) the first beyond the far plane
        // and the third in front of the near one.
        int[][] raw = {
            {-598, -507, 267, 1024, 555, -743, 878, 1024, 262, 853, 478, -1024},
            {-648, -460, -465, 1024, 524, -730, 566, 1024, 285, 842, 378, 512},
            {-900, 402, 1485, 1024, 599, 618, 224, 1024, -109, -815, -359, 768},
        };
        float[][] cases = new float[raw.length][12];
        for (int i = 0; i < raw.length; i++) {
            for (int k = 0; k < 12; k++) {
                cases[i][k] = raw[i][k] / 1024f;
            }
        }
        long[] expected = new long[cases.length];
        for (int i = 0; i < cases.length; i++) {
            expected[i] = ReferenceCoverage.coveredHomogeneous(homogeneous(cases[i], VP16), depths(cases[i]), samples,
                    VP16, 1 / 128.0);
            assertTrue(expected[i] > 0 && expected[i] < 256L * samples, "case " + i + " covers part of the target");
            s.draw("p", cases[i]);
        }
        RunResult r = s.run(Config.defaults());
        assertArrayEquals(expected, Scene.counts(r));
        assertEquals(cases.length, clipped(r));
    }

    /** Clip-space corners of the pixel rectangle [x0, x1) x [y0, y1) of the 16x16 viewport, as strip order a b c d. */
    static float[] rect(int x0, int y0, int x1, int y1) {
        float l = exact(x0 / 8.0 - 1);
        float r = exact(x1 / 8.0 - 1);
        float t = exact(1 - y0 / 8.0);
        float b = exact(1 - y1 / 8.0);
        return new float[] {l, t, 0.5f, 1, r, t, 0.5f, 1, l, b, 0.5f, 1, r, b, 0.5f, 1};
    }

    static float[] concat(float[]... parts) {
        java.nio.FloatBuffer b = java.nio.FloatBuffer.allocate(java.util.Arrays.stream(parts).mapToInt(p -> p.length).sum());
        for (float[] p : parts) {
            b.put(p);
        }
        return b.array();
    }

    static float[] vertex(float[] strip, int i) {
        return java.util.Arrays.copyOfRange(strip, 4 * i, 4 * i + 4);
    }

    // Two pixel-aligned rectangles in one triangle strip, joined by repeated vertices (zero-area
    // triangles that cover nothing): a b c d d e e f g h. Rectangles: 5x3 at (1, 1) and 4x6 at
    // (9, 8). The even join keeps the second rectangle's winding (both clockwise, front); an odd
    // join (d repeated once more) flips it, so with cull=BACK only the first counts. Closed form:
    // w x h x samples per rectangle.
    @ParameterizedTest
    @ValueSource(ints = {1, 8})
    void stripsWithDegenerateJoins(int samples) {
        float[] q1 = rect(1, 1, 6, 4);
        float[] q2 = rect(9, 8, 13, 14);
        float[] even = concat(q1, vertex(q1, 3), vertex(q2, 0), q2);
        float[] odd = concat(q1, vertex(q1, 3), vertex(q1, 3), vertex(q2, 0), q2);
        Scene s = new Scene(16, 16, samples).pso("none", "topology=TRIANGLE_STRIP cull=NONE")
                .pso("back", "topology=TRIANGLE_STRIP cull=BACK");
        int e = s.vertices(even);
        int o = s.vertices(odd);
        s.query("none", "draw 10 start=" + e);
        s.query("back", "draw 10 start=" + e);
        s.query("none", "draw 11 start=" + o);
        s.query("back", "draw 11 start=" + o);
        long a1 = 5L * 3 * samples;
        long a2 = 4L * 6 * samples;
        assertArrayEquals(new long[] {a1 + a2, a1 + a2, a1 + a2, a1}, s.counts());
    }

    // base_vertex, positive, zero and negative, picks which of three rectangles (2x3, 5x1 and 4x4
    // pixels, four vertices each) one index list draws: indices 4..7 with base_vertex -4, 0 and +4
    // read vertices 0..3, 4..7 and 8..11; closed-form counts.
    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void baseVertexPositiveAndNegative(int samples) {
        Scene s = new Scene(16, 16, samples).pso("p", "cull=NONE");
        s.vertices(concat(rect(0, 0, 2, 3), rect(3, 5, 8, 6), rect(10, 10, 14, 14)));
        s.indices(4, 5, 6, 6, 5, 7);
        s.query("p", "draw_indexed 6 base_vertex=-4");
        s.query("p", "draw_indexed 6 base_vertex=0");
        s.query("p", "draw_indexed 6 base_vertex=4");
        assertArrayEquals(new long[] {6L * samples, 5L * samples, 16L * samples}, s.counts());
    }
}
