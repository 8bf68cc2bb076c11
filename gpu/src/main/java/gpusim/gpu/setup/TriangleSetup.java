package gpusim.gpu.setup;

import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.TriBatch;

/**
 * Triangle setup math, shared by the setup stage and the benchmarks: the three edge
 * functions in exact 64-bit fixed point with the top-left rule folded in, the pixel
 * bounding box, and the depth plane.
 *
 * <p>Edge a -> b: E(p) = (bx - ax)(py - ay) - (by - ay)(px - ax), positive inside a
 * clockwise (y-down) triangle. D3D11/12 top-left rule: a sample exactly on an edge is
 * inside only if the edge is a top edge (horizontal, walked left to right in a clockwise
 * triangle) or a left edge (walked upwards, dy < 0); for the others the test becomes
 * E > 0, i.e. E - 1 >= 0, since E is an integer in 1/65536 pixel units.
 *
 * <p>Range: the clipper keeps every vertex inside the guard band (the viewport bounds,
 * -32768..32767 px), so |ax|, |ay| <= 2^23 in 1/256 pixel and |dx|, |dy| < 2^24; C =
 * -(A ax + B ay) is below 2^48 in magnitude. Sample positions lie in the render target,
 * at most 16384 px + 1 = under 2^22 in 1/256 pixel, so A px and B py stay below 2^46 and
 * every edge value the scan converter forms (at a pixel, a sample offset, a tile corner,
 * or stepped along a row) below 2^49: far inside 64 bits, for any sample count.
 */
public final class TriangleSetup {
    private TriangleSetup() {
    }

    /** Fills edge equations, bounding box and depth plane of triangle {@code t}; false if it covers no pixel of the draw's rectangle. */
    public static boolean setup(TriBatch b, int t) {
        DrawState st = b.state;
        int o = t * 3;
        int minFx = min3(b.fx, o);
        int maxFx = max3(b.fx, o);
        int minFy = min3(b.fy, o);
        int maxFy = max3(b.fy, o);
        int minX = Math.max(Math.floorDiv(minFx, 256), st.clipLeft());
        int minY = Math.max(Math.floorDiv(minFy, 256), st.clipTop());
        int maxX = Math.min(Math.floorDiv(maxFx, 256), st.clipRight() - 1);
        int maxY = Math.min(Math.floorDiv(maxFy, 256), st.clipBottom() - 1);
        b.bbox[t * 4] = minX;
        b.bbox[t * 4 + 1] = minY;
        b.bbox[t * 4 + 2] = maxX;
        b.bbox[t * 4 + 3] = maxY;
        for (int e = 0; e < 3; e++) {
            int a = o + (e + 1) % 3;
            int c = o + (e + 2) % 3;
            long ax = b.fx[a];
            long ay = b.fy[a];
            long dx = b.fx[c] - ax;
            long dy = b.fy[c] - ay;
            long coefA = -dy;
            long coefB = dx;
            long coefC = -(coefA * ax + coefB * ay);
            boolean topLeft = (dy == 0 && dx > 0) || dy < 0;
            if (!topLeft) {
                coefC -= 1;
            }
            b.edge[t * 9 + e * 3] = coefA;
            b.edge[t * 9 + e * 3 + 1] = coefB;
            b.edge[t * 9 + e * 3 + 2] = coefC;
        }
        double x0 = b.fx[o] / 256.0;
        double y0 = b.fy[o] / 256.0;
        double x1 = b.fx[o + 1] / 256.0 - x0;
        double y1 = b.fy[o + 1] / 256.0 - y0;
        double x2 = b.fx[o + 2] / 256.0 - x0;
        double y2 = b.fy[o + 2] / 256.0 - y0;
        double z0 = b.z[o];
        double z1 = b.z[o + 1] - z0;
        double z2 = b.z[o + 2] - z0;
        double det = x1 * y2 - x2 * y1;
        b.zPlane[t * 3] = z0;
        b.zPlane[t * 3 + 1] = (z1 * y2 - z2 * y1) / det;
        b.zPlane[t * 3 + 2] = (x1 * z2 - x2 * z1) / det;
        return minX <= maxX && minY <= maxY;
    }

    /**
     * Whether the bounding box of triangle {@code t} (after {@link #setup}), edges included, holds
     * a sample position of the draw's pattern in its rectangle: a triangle whose box holds none
     * covers no sample, and hardware drops it before setup's rate-limited work (the small-primitive
     * cull). Timing only: the scan converter decides coverage.
     */
    public static boolean holdsSample(TriBatch b, int t) {
        DrawState st = b.state;
        int o = t * 3;
        int minFx = min3(b.fx, o);
        int maxFx = max3(b.fx, o);
        int minFy = min3(b.fy, o);
        int maxFy = max3(b.fy, o);
        gpusim.gpu.raster.SamplePattern p = gpusim.gpu.raster.SamplePattern.of(st.samples());
        for (int s = 0; s < p.samples; s++) {
            // Pixels whose sample s lies in the box: x from ceil((minFx - fx) / 256) to floor((maxFx - fx) / 256).
            int x0 = Math.max(-Math.floorDiv(p.fx[s] - minFx, 256), st.clipLeft());
            int x1 = Math.min(Math.floorDiv(maxFx - p.fx[s], 256), st.clipRight() - 1);
            int y0 = Math.max(-Math.floorDiv(p.fy[s] - minFy, 256), st.clipTop());
            int y1 = Math.min(Math.floorDiv(maxFy - p.fy[s], 256), st.clipBottom() - 1);
            if (x0 <= x1 && y0 <= y1) {
                return true;
            }
        }
        return false;
    }

    /** The least of the three vertex coordinates {@code v[o..o+2]}. */
    private static int min3(int[] v, int o) {
        return Math.min(v[o], Math.min(v[o + 1], v[o + 2]));
    }

    /** The greatest of the three vertex coordinates {@code v[o..o+2]}. */
    private static int max3(int[] v, int o) {
        return Math.max(v[o], Math.max(v[o + 1], v[o + 2]));
    }

    /** The depth of triangle {@code t} at pixel-space position (px, py): z0 + dz/dx (px - x0) + dz/dy (py - y0). */
    public static double depthAt(TriBatch b, int t, double px, double py) {
        return b.zPlane[t * 3] + b.zPlane[t * 3 + 1] * (px - b.fx[t * 3] / 256.0)
                + b.zPlane[t * 3 + 2] * (py - b.fy[t * 3] / 256.0);
    }
}
