package gpusim.gpu.raster;

import gpusim.gpu.work.FragmentBatch;
import gpusim.gpu.work.TileBatch;
import gpusim.gpu.work.TriBatch;

/**
 * Scan conversion, exact: edge functions are evaluated in 64-bit integers on the
 * 1/256-pixel grid at the standard sample positions, with the top-left rule folded into
 * the edge constants by setup.
 *
 * <p>Two levels, as hardware does it: {@link #binTiles} tests each screen tile of a
 * triangle's bounding box whole against the three edges (trivially rejected, trivially
 * accepted, or partial) and bins the survivors to the depth block owning the tile;
 * {@link #prepare} and {@link #mask} then give the exact sample mask of any pixel of a
 * partial tile. Pixels are visited in 2x2 quads.
 */
public final class ScanConverter {
    private final long[] off = new long[3 * 16];
    private long a0, b0, c0, a1, b1, c1, a2, b2, c2;
    private int samples;
    private int fullMask;

    /** Bins triangle {@code t}'s tiles to {@code perDb}; returns the samples of the non-rejected tiles (the work evaluated). */
    public static long binTiles(TriBatch b, int t, SamplePattern sp, TileMap map, TileBatch[] perDb) {
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
        int sxMin = sp.minFx, sxMax = sp.maxFx, syMin = sp.minFy, syMax = sp.maxFy;
        int shift = map.tileShift;
        int tileSize = map.tileSize;
        long tested = 0;
        int dbCount = map.dbCount;
        for (int ty = minY >> shift; ty <= maxY >> shift; ty++) {
            int owner = map.owner(minX >> shift, ty) - 1; // stepped with the tile column below
            int y0 = Math.max(ty << shift, minY);
            int y1 = Math.min((ty << shift) + tileSize - 1, maxY);
            long ylo = (long) y0 * 256 + syMin;
            long yhi = (long) y1 * 256 + syMax;
            // The y and constant parts of each edge's extremes, the same for the whole tile row.
            long rowMax0 = c0 + b0 * (b0 >= 0 ? yhi : ylo);
            long rowMax1 = c1 + b1 * (b1 >= 0 ? yhi : ylo);
            long rowMax2 = c2 + b2 * (b2 >= 0 ? yhi : ylo);
            long rowMin0 = c0 + b0 * (b0 >= 0 ? ylo : yhi);
            long rowMin1 = c1 + b1 * (b1 >= 0 ? ylo : yhi);
            long rowMin2 = c2 + b2 * (b2 >= 0 ? ylo : yhi);
            for (int tx = minX >> shift; tx <= maxX >> shift; tx++) {
                if (++owner == dbCount) {
                    owner = 0; // TileMap.owner(tx, ty), without a division per tile
                }
                int x0 = Math.max(tx << shift, minX);
                int x1 = Math.min((tx << shift) + tileSize - 1, maxX);
                long xlo = (long) x0 * 256 + sxMin;
                long xhi = (long) x1 * 256 + sxMax;
                // The extreme values of each edge function over the tile's sample rectangle.
                long max0 = rowMax0 + a0 * (a0 >= 0 ? xhi : xlo);
                long max1 = rowMax1 + a1 * (a1 >= 0 ? xhi : xlo);
                long max2 = rowMax2 + a2 * (a2 >= 0 ? xhi : xlo);
                if (max0 < 0 || max1 < 0 || max2 < 0) {
                    continue;
                }
                long min0 = rowMin0 + a0 * (a0 >= 0 ? xlo : xhi);
                long min1 = rowMin1 + a1 * (a1 >= 0 ? xlo : xhi);
                long min2 = rowMin2 + a2 * (a2 >= 0 ? xlo : xhi);
                boolean accept = min0 >= 0 && min1 >= 0 && min2 >= 0;
                perDb[owner].add(t, tx, ty, accept);
                tested += (long) (x1 - x0 + 1) * (y1 - y0 + 1) * sp.samples;
            }
        }
        return tested;
    }

    /** Loads triangle {@code t}'s edges and per-sample offsets for {@link #mask}. */
    public void prepare(TriBatch b, int t, SamplePattern sp) {
        long[] e = b.edge;
        int eo = t * 9;
        a0 = e[eo]; b0 = e[eo + 1]; c0 = e[eo + 2];
        a1 = e[eo + 3]; b1 = e[eo + 4]; c1 = e[eo + 5];
        a2 = e[eo + 6]; b2 = e[eo + 7]; c2 = e[eo + 8];
        samples = sp.samples;
        fullMask = (1 << samples) - 1;
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

    /** Starts a walk along row {@code y} at pixel {@code x}; {@link #nextMask} then steps right one pixel at a time. */
    public void rowStart(int x, int y) {
        long px = (long) x * 256;
        long py = (long) y * 256;
        r0 = a0 * px + b0 * py + c0;
        r1 = a1 * px + b1 * py + c1;
        r2 = a2 * px + b2 * py + c2;
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
     * Every covered pixel of triangle {@code t} with its sample mask, in the order the
     * hardware path visits them (tiles of the bounding box row by row, quads within a tile):
     * the reference the tests and benchmarks use.
     */
    public long rasterize(TriBatch b, int t, SamplePattern sp, TileMap map, FragmentBatch out) {
        TileBatch[] bins = new TileBatch[map.dbCount];
        for (int d = 0; d < bins.length; d++) {
            bins[d] = new TileBatch();
            bins[d].reset(b, d);
        }
        long tested = binTiles(b, t, sp, map, bins);
        prepare(b, t, sp);
        int ts = map.tileSize;
        int[] bbox = b.bbox;
        for (int ty = bbox[t * 4 + 1] >> map.tileShift; ty <= bbox[t * 4 + 3] >> map.tileShift; ty++) {
            for (int tx = bbox[t * 4] >> map.tileShift; tx <= bbox[t * 4 + 2] >> map.tileShift; tx++) {
                TileBatch bin = bins[map.owner(tx, ty)];
                for (int i = 0; i < bin.count; i++) {
                    if (bin.tile[i] != (tx | (ty << 16))) {
                        continue;
                    }
                    int x0 = Math.max(tx * ts, bbox[t * 4]);
                    int x1 = Math.min(tx * ts + ts - 1, bbox[t * 4 + 2]);
                    int y0 = Math.max(ty * ts, bbox[t * 4 + 1]);
                    int y1 = Math.min(ty * ts + ts - 1, bbox[t * 4 + 3]);
                    for (int qy = y0 & ~1; qy <= y1; qy += 2) {
                        for (int qx = x0 & ~1; qx <= x1; qx += 2) {
                            for (int p = 0; p < 4; p++) {
                                int x = qx + (p & 1);
                                int y = qy + (p >> 1);
                                if (x < x0 || x > x1 || y < y0 || y > y1) {
                                    continue;
                                }
                                int m = bin.accept[i] ? fullMask : mask(x, y);
                                if (m != 0) {
                                    out.add(t, x, y, m);
                                }
                            }
                        }
                    }
                }
            }
        }
        return tested;
    }
}
