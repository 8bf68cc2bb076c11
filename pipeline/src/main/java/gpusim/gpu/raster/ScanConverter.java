package gpusim.gpu.raster;

import gpusim.gpu.work.FragmentBatch;
import gpusim.gpu.work.TriBatch;

/**
 * Fine rasterization: which samples of which pixels a set-up triangle covers, tile by tile,
 * each tile's fragments going to the depth block that owns it. Exact: edge functions are
 * evaluated in 64-bit integers on the 1/256-pixel grid at the standard sample positions,
 * with the top-left rule folded into the edge constants by setup. Each tile is first
 * tested whole against the three edges (trivially rejected, trivially accepted, or walked
 * sample by sample). Pixels are emitted in 2x2 quads, as the pixel stage shades them.
 */
public final class ScanConverter {
    private final long[] off = new long[3 * 16];

    /** Rasterizes triangle {@code t} of {@code b}; appends fragments to {@code perDb}; returns samples evaluated. */
    public long rasterize(TriBatch b, int t, SamplePattern sp, TileMap map, FragmentBatch[] perDb) {
        int minX = b.bbox[t * 4];
        int minY = b.bbox[t * 4 + 1];
        int maxX = b.bbox[t * 4 + 2];
        int maxY = b.bbox[t * 4 + 3];
        if (minX > maxX || minY > maxY) {
            return 0;
        }
        long[] e = b.edge;
        int eo = t * 9;
        long a0 = e[eo], b0 = e[eo + 1], c0 = e[eo + 2];
        long a1 = e[eo + 3], b1 = e[eo + 4], c1 = e[eo + 5];
        long a2 = e[eo + 6], b2 = e[eo + 7], c2 = e[eo + 8];
        int samples = sp.samples;
        int sxMin = 256, sxMax = 0, syMin = 256, syMax = 0;
        for (int s = 0; s < samples; s++) {
            off[s] = a0 * sp.fx[s] + b0 * sp.fy[s];
            off[16 + s] = a1 * sp.fx[s] + b1 * sp.fy[s];
            off[32 + s] = a2 * sp.fx[s] + b2 * sp.fy[s];
            sxMin = Math.min(sxMin, sp.fx[s]);
            sxMax = Math.max(sxMax, sp.fx[s]);
            syMin = Math.min(syMin, sp.fy[s]);
            syMax = Math.max(syMax, sp.fy[s]);
        }
        int fullMask = (1 << samples) - 1;
        int shift = map.tileShift;
        int tileSize = map.tileSize;
        long tested = 0;
        for (int ty = minY >> shift; ty <= maxY >> shift; ty++) {
            int y0 = Math.max(ty << shift, minY);
            int y1 = Math.min((ty << shift) + tileSize - 1, maxY);
            long ylo = (long) y0 * 256 + syMin;
            long yhi = (long) y1 * 256 + syMax;
            for (int tx = minX >> shift; tx <= maxX >> shift; tx++) {
                int x0 = Math.max(tx << shift, minX);
                int x1 = Math.min((tx << shift) + tileSize - 1, maxX);
                long xlo = (long) x0 * 256 + sxMin;
                long xhi = (long) x1 * 256 + sxMax;
                // Whole-tile test: the extreme values of each edge function over the tile's sample rectangle.
                long max0 = c0 + a0 * (a0 >= 0 ? xhi : xlo) + b0 * (b0 >= 0 ? yhi : ylo);
                long max1 = c1 + a1 * (a1 >= 0 ? xhi : xlo) + b1 * (b1 >= 0 ? yhi : ylo);
                long max2 = c2 + a2 * (a2 >= 0 ? xhi : xlo) + b2 * (b2 >= 0 ? yhi : ylo);
                if (max0 < 0 || max1 < 0 || max2 < 0) {
                    continue;
                }
                long min0 = c0 + a0 * (a0 >= 0 ? xlo : xhi) + b0 * (b0 >= 0 ? ylo : yhi);
                long min1 = c1 + a1 * (a1 >= 0 ? xlo : xhi) + b1 * (b1 >= 0 ? ylo : yhi);
                long min2 = c2 + a2 * (a2 >= 0 ? xlo : xhi) + b2 * (b2 >= 0 ? ylo : yhi);
                boolean accept = min0 >= 0 && min1 >= 0 && min2 >= 0;
                FragmentBatch fb = perDb[map.owner(tx, ty)];
                tested += (long) (x1 - x0 + 1) * (y1 - y0 + 1) * samples;
                for (int qy = y0 & ~1; qy <= y1; qy += 2) {
                    for (int qx = x0 & ~1; qx <= x1; qx += 2) {
                        for (int p = 0; p < 4; p++) {
                            int x = qx + (p & 1);
                            int y = qy + (p >> 1);
                            if (x < x0 || x > x1 || y < y0 || y > y1) {
                                continue;
                            }
                            int mask;
                            if (accept) {
                                mask = fullMask;
                            } else {
                                long px = (long) x * 256;
                                long py = (long) y * 256;
                                long e0 = a0 * px + b0 * py + c0;
                                long e1 = a1 * px + b1 * py + c1;
                                long e2 = a2 * px + b2 * py + c2;
                                mask = 0;
                                for (int s = 0; s < samples; s++) {
                                    if (e0 + off[s] >= 0 && e1 + off[16 + s] >= 0 && e2 + off[32 + s] >= 0) {
                                        mask |= 1 << s;
                                    }
                                }
                                if (mask == 0) {
                                    continue;
                                }
                            }
                            fb.add(t, x, y, mask);
                        }
                    }
                }
            }
        }
        return tested;
    }
}
