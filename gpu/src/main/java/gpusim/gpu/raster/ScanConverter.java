package gpusim.gpu.raster;

import gpusim.gpu.work.FragmentBatch;
import gpusim.gpu.work.TriBatch;

/**
 * Scan conversion, exact: edge functions are evaluated in 64-bit integers on the
 * 1/256-pixel grid at the standard sample positions, with the top-left rule folded into
 * the edge constants by setup.
 *
 * <p>Two levels, as hardware does it: {@link #classify} tests a screen tile whole against
 * the three edges (trivially missed, trivially inside, or partial); {@link #mask} and the
 * row walk ({@link #rowStart}, {@link #nextMask}) give the exact sample mask of each pixel
 * of a partial tile.
 */
public final class ScanConverter {
    private final long[] off = new long[3 * 16];
    private long a0, b0, c0, a1, b1, c1, a2, b2, c2;
    private int samples;
    private int fullMask;

    /** Loads triangle {@code t}'s edges and per-sample offsets for {@link #mask}. */
    public void prepare(TriBatch b, int t, SamplePattern sp) {
        long[] e = b.edge;
        int eo = t * 9;
        a0 = e[eo]; b0 = e[eo + 1]; c0 = e[eo + 2];
        a1 = e[eo + 3]; b1 = e[eo + 4]; c1 = e[eo + 5];
        a2 = e[eo + 6]; b2 = e[eo + 7]; c2 = e[eo + 8];
        inv0 = reciprocal(a0);
        inv1 = reciprocal(a1);
        inv2 = reciprocal(a2);
        samples = sp.samples;
        fullMask = (1 << samples) - 1;
        sxMin = sp.minFx;
        sxMax = sp.maxFx;
        syMin = sp.minFy;
        syMax = sp.maxFy;
        for (int s = 0; s < samples; s++) {
            off[s] = a0 * sp.fx[s] + b0 * sp.fy[s];
            off[16 + s] = a1 * sp.fx[s] + b1 * sp.fy[s];
            off[32 + s] = a2 * sp.fx[s] + b2 * sp.fy[s];
        }
    }

    /** The covered-sample mask of pixel (x, y) for the prepared triangle. */
    public int mask(int x, int y) {
        long px = (long) x * 256;
        long py = (long) y * 256;
        long e0 = a0 * px + b0 * py + c0;
        long e1 = a1 * px + b1 * py + c1;
        long e2 = a2 * px + b2 * py + c2;
        int m = 0;
        for (int s = 0; s < samples; s++) {
            if (e0 + off[s] >= 0 && e1 + off[16 + s] >= 0 && e2 + off[32 + s] >= 0) {
                m |= 1 << s;
            }
        }
        return m;
    }

    private long r0, r1, r2;
    /** 1 / A of each edge (1 for A = 0), for {@link #edgeBounds}: a product a band instead of a division. */
    private double inv0, inv1, inv2;
    private int sxMin, sxMax, syMin, syMax;

    /**
     * 1 / a, or 1 for a = 0 (a horizontal edge, which sets no column bound: see {@link #edgeBounds});
     * branch-free, as there, since horizontal edges come rare and late.
     */
    private static double reciprocal(long a) {
        return 1.0 / (a | (((a | -a) >>> 63) ^ 1));
    }

    /**
     * The prepared triangle against the samples of pixel rectangle [x0..x1] x [y0..y1]:
     * -1 if no sample is inside, 1 if every sample is, 0 if some may be. Exact: the edge
     * functions' extremes over the rectangle of sample positions lie at its corners.
     */
    public int classify(int x0, int y0, int x1, int y1) {
        long xlo = (long) x0 * 256 + sxMin;
        long xhi = (long) x1 * 256 + sxMax;
        long ylo = (long) y0 * 256 + syMin;
        long yhi = (long) y1 * 256 + syMax;
        long max0 = c0 + b0 * (b0 >= 0 ? yhi : ylo) + a0 * (a0 >= 0 ? xhi : xlo);
        long max1 = c1 + b1 * (b1 >= 0 ? yhi : ylo) + a1 * (a1 >= 0 ? xhi : xlo);
        long max2 = c2 + b2 * (b2 >= 0 ? yhi : ylo) + a2 * (a2 >= 0 ? xhi : xlo);
        if (max0 < 0 || max1 < 0 || max2 < 0) {
            return -1;
        }
        long min0 = c0 + b0 * (b0 >= 0 ? ylo : yhi) + a0 * (a0 >= 0 ? xlo : xhi);
        long min1 = c1 + b1 * (b1 >= 0 ? ylo : yhi) + a1 * (a1 >= 0 ? xlo : xhi);
        long min2 = c2 + b2 * (b2 >= 0 ? ylo : yhi) + a2 * (a2 >= 0 ? xlo : xhi);
        return min0 >= 0 && min1 >= 0 && min2 >= 0 ? 1 : 0;
    }

    /**
     * For a band of pixel rows [y0..y1], bounds on the pixel columns of the tiles the
     * prepared triangle may cover: a tile (of these rows) whose last column is below
     * {lowest} or whose first column is above {highest} is surely missed ({@link #classify}
     * would say -1). Infinities where the edges set no bound; {highest} is -infinity when
     * every tile of the band is missed (a horizontal edge with the band outside it).
     * Conservative by a pixel on each side (double rounding), so a caller may skip the tiles
     * outside and still classify those inside.
     */
    public double[] columnBounds(int y0, int y1, double[] out) {
        long ylo = (long) y0 * 256 + syMin;
        long yhi = (long) y1 * 256 + syMax;
        out[0] = Double.NEGATIVE_INFINITY;
        out[1] = Double.POSITIVE_INFINITY;
        edgeBounds(a0, b0, c0, inv0, ylo, yhi, out);
        edgeBounds(a1, b1, c1, inv1, ylo, yhi, out);
        edgeBounds(a2, b2, c2, inv2, ylo, yhi, out);
        return out;
    }

    /** The upper bound an edge sets, by case: [0] its own (a < 0), [1] none (a == 0, band inside), [2] all missed. */
    private final double[] upper = {0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};

    /**
     * Narrows {lowest, highest} in {@code out} by one edge (see {@link #columnBounds}).
     * Horizontal edges (a == 0) take no branch of their own: they are rare and come late in
     * a run, and a branch the JIT has never seen taken is compiled as a trap that throws the
     * compiled DB loop away when it is first taken (then the loop runs slowly until it is
     * compiled again).
     */
    private void edgeBounds(long a, long b, long c, double inv, long ylo, long yhi, double[] out) {
        // The edge's largest value over the band's sample rows, before x.
        long kmax = c + b * (b >= 0 ? yhi : ylo);
        long flat = ((a | -a) >>> 63) ^ 1; // 1 when a == 0
        long missed = flat & (kmax >>> 63); // a == 0 and the edge negative over the band
        // Where the edge crosses zero, 1/256 pixel (a != 0), by the edge's reciprocal: within an ulp
        // or two of the quotient, far inside the bounds' pixel of margin.
        double at = (double) -kmax * inv;
        if (a > 0) {
            // Increasing in x: a tile whose last sample column lies left of the crossing is missed.
            double v = (at - sxMax) / 256.0 - 1;
            if (v > out[0]) {
                out[0] = v;
            }
        } else {
            double[] u = upper;
            u[0] = (at - sxMin) / 256.0 + 1;
            double v = u[(int) (flat + missed)];
            if (v < out[1]) {
                out[1] = v;
            }
        }
    }

    /** The first and last covered pixel column of the last {@link #rowSpan} (first > last: none). */
    public int spanFirst;
    public int spanLast;

    /**
     * The covered pixels of row {@code y} within columns [x0..x1], single-sample patterns
     * only: they are one run (the triangle is convex), and each edge bounds it on one side,
     * found by an exact integer division instead of a walk. Pixel x is covered when every
     * edge, A 256 x + (B 256 y + C + offset), is non-negative (the same sums {@link #nextMask}
     * forms): for A &gt; 0 that is x &gt;= ceil(-K / 256A), for A &lt; 0 x &lt;= floor(K / -256A),
     * for A = 0 every x or none. Leaves the run in {@link #spanFirst} .. {@link #spanLast}.
     */
    public void rowSpan(int y, int x0, int x1) {
        long py = (long) y * 256;
        long lo = x0;
        long hi = x1;
        lo = Math.max(lo, edgeLow(a0, b0 * py + c0 + off[0]));
        hi = Math.min(hi, edgeHigh(a0, b0 * py + c0 + off[0]));
        lo = Math.max(lo, edgeLow(a1, b1 * py + c1 + off[16]));
        hi = Math.min(hi, edgeHigh(a1, b1 * py + c1 + off[16]));
        lo = Math.max(lo, edgeLow(a2, b2 * py + c2 + off[32]));
        hi = Math.min(hi, edgeHigh(a2, b2 * py + c2 + off[32]));
        spanFirst = (int) lo;
        spanLast = (int) Math.max(hi, lo - 1);
    }

    private static final long NO_BOUND = Long.MAX_VALUE / 2;

    /**
     * The lowest column edge (a, k) allows: a 256 x + k &gt;= 0 (-NO_BOUND: no bound from this
     * edge; NO_BOUND: no column is covered). Selected by arithmetic, not branches: horizontal
     * edges (a = 0) are rare and come late in a run, and a branch the JIT has never seen taken
     * is compiled as a trap that throws the compiled DB loop away when it is first taken.
     */
    private static long edgeLow(long a, long k) {
        long positive = -((-a) >>> 63); // all ones when a > 0
        long flatMissed = -((((a | -a) >>> 63) ^ 1) & (k >>> 63)); // all ones when a == 0 and k < 0
        long bound = -Math.floorDiv(k, Math.max(a, 1) * 256);
        long other = (NO_BOUND & flatMissed) | (-NO_BOUND & ~flatMissed);
        return (bound & positive) | (other & ~positive);
    }

    /** The highest column edge (a, k) allows (NO_BOUND: no bound; -NO_BOUND: none covered); see {@link #edgeLow}. */
    private static long edgeHigh(long a, long k) {
        long negative = -(a >>> 63); // all ones when a < 0
        long flatMissed = -((((a | -a) >>> 63) ^ 1) & (k >>> 63));
        long bound = Math.floorDiv(k, Math.max(-a, 1) * 256);
        long other = (-NO_BOUND & flatMissed) | (NO_BOUND & ~flatMissed);
        return (bound & negative) | (other & ~negative);
    }

    /** Starts a walk along row {@code y} at pixel {@code x}; {@link #nextMask} then steps right one pixel at a time. */
    public void rowStart(int x, int y) {
        long px = (long) x * 256;
        long py = (long) y * 256;
        r0 = a0 * px + b0 * py + c0;
        r1 = a1 * px + b1 * py + c1;
        r2 = a2 * px + b2 * py + c2;
    }

    /**
     * The masks of the next {@code n} pixels of the row walk into {@code out[0..n)}, as
     * {@code n} calls of {@link #nextMask} give them (and leaves the walk after them): one
     * loop with the edge values and, at four samples, the sample offsets in locals.
     */
    public void rowMasks(int n, int[] out) {
        long e0 = r0, e1 = r1, e2 = r2;
        long d0 = a0 * 256, d1 = a1 * 256, d2 = a2 * 256;
        if (samples == 4) {
            long o00 = off[0], o01 = off[1], o02 = off[2], o03 = off[3];
            long o10 = off[16], o11 = off[17], o12 = off[18], o13 = off[19];
            long o20 = off[32], o21 = off[33], o22 = off[34], o23 = off[35];
            for (int i = 0; i < n; i++) {
                out[i] = (e0 + o00 >= 0 && e1 + o10 >= 0 && e2 + o20 >= 0 ? 1 : 0)
                        | (e0 + o01 >= 0 && e1 + o11 >= 0 && e2 + o21 >= 0 ? 2 : 0)
                        | (e0 + o02 >= 0 && e1 + o12 >= 0 && e2 + o22 >= 0 ? 4 : 0)
                        | (e0 + o03 >= 0 && e1 + o13 >= 0 && e2 + o23 >= 0 ? 8 : 0);
                e0 += d0;
                e1 += d1;
                e2 += d2;
            }
        } else {
            for (int i = 0; i < n; i++) {
                int m = 0;
                for (int s = 0; s < samples; s++) {
                    if (e0 + off[s] >= 0 && e1 + off[16 + s] >= 0 && e2 + off[32 + s] >= 0) {
                        m |= 1 << s;
                    }
                }
                out[i] = m;
                e0 += d0;
                e1 += d1;
                e2 += d2;
            }
        }
        r0 = e0;
        r1 = e1;
        r2 = e2;
    }

    /** The mask of the current pixel of the row walk, then a step to the next pixel (exact: integer steps). */
    public int nextMask() {
        long e0 = r0, e1 = r1, e2 = r2;
        r0 = e0 + a0 * 256;
        r1 = e1 + a1 * 256;
        r2 = e2 + a2 * 256;
        if (samples == 1) {
            return e0 + off[0] >= 0 && e1 + off[16] >= 0 && e2 + off[32] >= 0 ? 1 : 0;
        }
        int m = 0;
        for (int s = 0; s < samples; s++) {
            if (e0 + off[s] >= 0 && e1 + off[16 + s] >= 0 && e2 + off[32 + s] >= 0) {
                m |= 1 << s;
            }
        }
        return m;
    }

    /**
     * Every covered pixel of triangle {@code t} with its sample mask, tile by tile over its
     * bounding box (each tile first tested whole, as the DBs do), quads within a tile: the
     * reference the tests and benchmarks use. Returns the sample positions of the tiles the
     * triangle does not trivially miss.
     */
    public long rasterize(TriBatch b, int t, SamplePattern sp, TileMap map, FragmentBatch out) {
        prepare(b, t, sp);
        int ts = map.tileSize;
        int[] bbox = b.bbox;
        if (bbox[t * 4] > bbox[t * 4 + 2] || bbox[t * 4 + 1] > bbox[t * 4 + 3]) {
            return 0;
        }
        long tested = 0;
        for (int ty = bbox[t * 4 + 1] >> map.tileShift; ty <= bbox[t * 4 + 3] >> map.tileShift; ty++) {
            for (int tx = bbox[t * 4] >> map.tileShift; tx <= bbox[t * 4 + 2] >> map.tileShift; tx++) {
                int x0 = Math.max(tx * ts, bbox[t * 4]);
                int x1 = Math.min(tx * ts + ts - 1, bbox[t * 4 + 2]);
                int y0 = Math.max(ty * ts, bbox[t * 4 + 1]);
                int y1 = Math.min(ty * ts + ts - 1, bbox[t * 4 + 3]);
                int coverage = classify(x0, y0, x1, y1);
                if (coverage < 0) {
                    continue;
                }
                tested += (long) (x1 - x0 + 1) * (y1 - y0 + 1) * sp.samples;
                for (int qy = y0 & ~1; qy <= y1; qy += 2) {
                    for (int qx = x0 & ~1; qx <= x1; qx += 2) {
                        for (int p = 0; p < 4; p++) {
                            int x = qx + (p & 1);
                            int y = qy + (p >> 1);
                            if (x < x0 || x > x1 || y < y0 || y > y1) {
                                continue;
                            }
                            int m = coverage > 0 ? fullMask : mask(x, y);
                            if (m != 0) {
                                out.add(t, x, y, m);
                            }
                        }
                    }
                }
            }
        }
        return tested;
    }
}
