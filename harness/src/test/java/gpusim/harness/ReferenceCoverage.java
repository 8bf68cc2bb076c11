package gpusim.harness;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;

/**
 * An independent reference for the edge-case tests: the Direct3D 11/12 rasterization rules
 * written out directly, sample by sample, in exact arithmetic, sharing no code with the
 * model's clipper, setup or scan converter. Used to derive expected occlusion counts.
 *
 * <ul>
 * <li>Snapping: the viewport transform X + (x + 1) W / 2, Y + (1 - y) H / 2 evaluated exactly
 * (BigDecimal), then rounded to 1/256 pixel, ties to even.</li>
 * <li>Coverage: a sample is inside when it is strictly on the interior side of all three
 * edges, or exactly on an edge that is a top edge (horizontal, interior below in y-down
 * render-target space) or a left edge (interior to its right): the edge's inward normal
 * decides, not the vertex order. Products checked with Math.multiplyExact.</li>
 * <li>Sample positions: the standard patterns, as the table in docs/trace-format.md lists
 * them, in 1/16 pixel.</li>
 * <li>For vertices behind the eye, {@link #coveredHomogeneous} decides coverage with no
 * clipping at all: the sample's ray meets the triangle at w > 0 (Cramer's rule on the 2D
 * homogeneous vertices).</li>
 * </ul>
 */
final class ReferenceCoverage {
    private ReferenceCoverage() {
    }

    /** (x, y) pairs in 1/16 pixel from the pixel's upper-left corner; docs/trace-format.md, "Rasterization rules". */
    private static final int[][] PATTERNS = {
        {8, 8},
        {12, 12, 4, 4},
        {6, 2, 14, 6, 2, 10, 10, 14},
        {9, 5, 7, 11, 13, 9, 5, 3, 3, 13, 1, 7, 11, 15, 15, 1},
        {9, 9, 7, 5, 5, 10, 12, 7, 3, 6, 10, 13, 13, 11, 11, 3, 6, 14, 8, 1, 4, 2, 2, 12, 0, 8, 15, 4, 14, 15, 1, 0},
    };

    static int[] pattern(int samples) {
        return PATTERNS[Integer.numberOfTrailingZeros(samples)];
    }

    /** A viewport and the pixel rectangle [left, right) x [top, bottom) samples may fall in. */
    record View(double x, double y, double w, double h, int left, int top, int right, int bottom) {
        /** A viewport at the origin covering a target of w x h pixels. */
        static View of(int w, int h) {
            return new View(0, 0, w, h, 0, 0, w, h);
        }
    }

    /** NDC x (exact double) to render-target x in 1/256 pixel, rounded to nearest even. */
    static long snapX(double ndc, View v) {
        BigDecimal px = new BigDecimal(v.x()).add(new BigDecimal(ndc).add(BigDecimal.ONE)
                .multiply(new BigDecimal(v.w())).divide(BigDecimal.valueOf(2)));
        return px.multiply(BigDecimal.valueOf(256)).setScale(0, RoundingMode.HALF_EVEN).longValueExact();
    }

    /** NDC y (exact double, up) to render-target y (down) in 1/256 pixel, rounded to nearest even. */
    static long snapY(double ndc, View v) {
        BigDecimal py = new BigDecimal(v.y()).add(BigDecimal.ONE.subtract(new BigDecimal(ndc))
                .multiply(new BigDecimal(v.h())).divide(BigDecimal.valueOf(2)));
        return py.multiply(BigDecimal.valueOf(256)).setScale(0, RoundingMode.HALF_EVEN).longValueExact();
    }

    /** The render-target pixel x of 1/256-pixel coordinate u, as the exact NDC value a trace must carry (X = 0). */
    static double ndcX(long u, View v) {
        return (u / 256.0 - v.x()) / (v.w() / 2) - 1;
    }

    static double ndcY(long u, View v) {
        return 1 - (u / 256.0 - v.y()) / (v.h() / 2);
    }

    /**
     * Samples covered by the triangle with snapped vertices (x, y in 1/256 pixel, three pairs)
     * inside the view's pixel rectangle. A zero-area triangle covers nothing.
     */
    static long count(long[] t, int samples, View v) {
        long ax = t[0], ay = t[1], bx = t[2], by = t[3], cx = t[4], cy = t[5];
        long area = Math.subtractExact(Math.multiplyExact(bx - ax, cy - ay), Math.multiplyExact(by - ay, cx - ax));
        if (area == 0) {
            return 0;
        }
        long[][] edges = {edge(ax, ay, bx, by, cx, cy), edge(bx, by, cx, cy, ax, ay), edge(cx, cy, ax, ay, bx, by)};
        int[] p = pattern(samples);
        long x0 = Math.max(v.left(), Math.floorDiv(Math.min(ax, Math.min(bx, cx)), 256));
        long x1 = Math.min(v.right() - 1, Math.floorDiv(Math.max(ax, Math.max(bx, cx)), 256));
        long y0 = Math.max(v.top(), Math.floorDiv(Math.min(ay, Math.min(by, cy)), 256));
        long y1 = Math.min(v.bottom() - 1, Math.floorDiv(Math.max(ay, Math.max(by, cy)), 256));
        long n = 0;
        for (long y = y0; y <= y1; y++) {
            for (long x = x0; x <= x1; x++) {
                for (int s = 0; s < samples; s++) {
                    long sx = x * 256 + p[2 * s] * 16L;
                    long sy = y * 256 + p[2 * s + 1] * 16L;
                    if (inside(edges[0], sx, sy) && inside(edges[1], sx, sy) && inside(edges[2], sx, sy)) {
                        n++;
                    }
                }
            }
        }
        return n;
    }

    /** Edge p -> q with the third vertex r: {px, py, nx, ny, topLeft}, n the normal pointing into the triangle. */
    private static long[] edge(long px, long py, long qx, long qy, long rx, long ry) {
        long nx = -(qy - py);
        long ny = qx - px;
        if (Math.addExact(Math.multiplyExact(nx, rx - px), Math.multiplyExact(ny, ry - py)) < 0) {
            nx = -nx;
            ny = -ny;
        }
        // Left edge: the interior lies to its right (+x); top edge: horizontal, interior below (+y, y down).
        boolean topLeft = nx > 0 || (nx == 0 && ny > 0);
        return new long[] {px, py, nx, ny, topLeft ? 1 : 0};
    }

    private static boolean inside(long[] e, long sx, long sy) {
        long d = Math.addExact(Math.multiplyExact(e[2], sx - e[0]), Math.multiplyExact(e[3], sy - e[1]));
        return d > 0 || (d == 0 && e[4] == 1);
    }

    /**
     * Samples covered by a triangle given in 2D homogeneous render-target coordinates
     * (X, Y, W) = (x' w, y' w, w) per vertex (x', y' the pixel position the vertex would
     * project to), with no clipping: a sample S is covered when some point of the triangle at
     * w > 0 projects onto it, i.e. lambda S = sum b_i V_i with lambda > 0 and every b_i >= 0, i.e.
     * det(V_j, V_k, S) has the sign of det(V_0, V_1, V_2) for all three (j, k). Exact in
     * BigInteger (inputs scaled to integers by the caller).
     *
     * <p>The reference has no top-left rule and no snapping, so the test's geometry must keep
     * the deciding edge of every sample (the one edge that alone would exclude it) off the
     * sample: an edge between two vertices with w > 0 (which the test puts on the 1/256 grid, as
     * the model snaps them) must not pass exactly through it, and an edge from a vertex with w
     * <= 0 (which the model replaces by one through a clipped vertex, snapped far away) must
     * miss it by more than {@code margin} pixels. Throws otherwise, which keeps a test honest.
     *
     * @param v three vertices, each {X, Y, W} with X / W, Y / W the pixel position, scaled by any positive factor to integers
     */
    static long coveredHomogeneous(BigInteger[][] v, int samples, View view, double margin) {
        return coveredHomogeneous(v, null, samples, view, margin);
    }

    /**
     * As {@link #coveredHomogeneous(BigInteger[][], int, View, double)}, with depth clipping
     * when {@code z} (each vertex's clip z, in the scale of its W) is given: the point of the
     * triangle a sample's ray meets must also have 0 <= z <= w. Both are linear in the
     * barycentrics b_i, so each is a line L . S >= 0 in the render target, L = sum z_i (V_j x V_k)
     * (and likewise with w_i - z_i). With depth clipping every deciding line, edges included,
     * must miss the sample by {@code margin} (the model's clip-made vertices there are snapped).
     */
    static long coveredHomogeneous(BigInteger[][] v, BigInteger[] z, int samples, View view, double margin) {
        BigInteger det = det(v[0], v[1], v[2]);
        if (det.signum() == 0) {
            return 0;
        }
        int conditions = z == null ? 3 : 5;
        BigInteger[][] lines = new BigInteger[conditions][];
        for (int e = 0; e < 3; e++) {
            lines[e] = cross(v[(e + 1) % 3], v[(e + 2) % 3]);
        }
        if (z != null) {
            BigInteger[] near = {BigInteger.ZERO, BigInteger.ZERO, BigInteger.ZERO};
            BigInteger[] far = {BigInteger.ZERO, BigInteger.ZERO, BigInteger.ZERO};
            for (int i = 0; i < 3; i++) {
                for (int c = 0; c < 3; c++) {
                    near[c] = near[c].add(lines[i][c].multiply(z[i]));
                    far[c] = far[c].add(lines[i][c].multiply(v[i][2].subtract(z[i])));
                }
            }
            lines[3] = near;
            lines[4] = far;
        }
        int[] p = pattern(samples);
        long n = 0;
        int[] sign = new int[conditions];
        for (int y = view.top(); y < view.bottom(); y++) {
            for (int x = view.left(); x < view.right(); x++) {
                for (int s = 0; s < samples; s++) {
                    // The sample in 1/256 pixel with W = 256, so that X / W is in pixels.
                    BigInteger[] sp = {BigInteger.valueOf(x * 256L + p[2 * s] * 16L),
                        BigInteger.valueOf(y * 256L + p[2 * s + 1] * 16L), BigInteger.valueOf(256)};
                    int in = 0;
                    for (int c = 0; c < conditions; c++) {
                        // Relative to det's sign: >= 0 for b_i >= 0 (edges), and for z >= 0, w - z >= 0.
                        sign[c] = dot(lines[c], sp).signum() * det.signum();
                        if (c < 3 ? sign[c] > 0 : sign[c] >= 0) {
                            in++;
                        }
                    }
                    for (int c = 0; c < conditions; c++) {
                        boolean self = c < 3 ? sign[c] > 0 : sign[c] >= 0;
                        if (in - (self ? 1 : 0) != conditions - 1) {
                            continue; // another condition already excludes the sample
                        }
                        BigInteger[] a = v[(c + 1) % 3];
                        BigInteger[] b = v[(c + 2) % 3];
                        if (z == null && a[2].signum() > 0 && b[2].signum() > 0) {
                            if (sign[c] == 0) {
                                throw new IllegalStateException("a sample lies on an edge: move the geometry");
                            }
                        } else {
                            checkMargin(lines[c], sp, margin);
                        }
                    }
                    if (in == conditions) {
                        n++;
                    }
                }
            }
        }
        return n;
    }

    private static BigInteger[] cross(BigInteger[] a, BigInteger[] b) {
        return new BigInteger[] {a[1].multiply(b[2]).subtract(a[2].multiply(b[1])),
            a[2].multiply(b[0]).subtract(a[0].multiply(b[2])), a[0].multiply(b[1]).subtract(a[1].multiply(b[0]))};
    }

    private static BigInteger dot(BigInteger[] l, BigInteger[] s) {
        return l[0].multiply(s[0]).add(l[1].multiply(s[1])).add(l[2].multiply(s[2]));
    }

    /** The distance in pixels from sample S to line l (l0 X + l1 Y + l2 W = 0, X / W and Y / W in pixels) must exceed margin. */
    private static void checkMargin(BigInteger[] l, BigInteger[] s, double margin) {
        // The distance of S = (X_s, Y_s, W_s) is |l . S| / (W_s sqrt(l0^2 + l1^2)).
        double dist = new BigDecimal(dot(l, s).abs()).divide(new BigDecimal(s[2]), java.math.MathContext.DECIMAL64)
                .doubleValue() / Math.hypot(l[0].doubleValue(), l[1].doubleValue());
        if (!(dist > margin)) {
            throw new IllegalStateException("a sample lies " + dist + " px from an edge: the test's geometry "
                    + "must keep samples clear of edges for this reference");
        }
    }

    private static BigInteger det(BigInteger[] a, BigInteger[] b, BigInteger[] c) {
        return dot(cross(a, b), c);
    }
}
