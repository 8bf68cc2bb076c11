package gpusim.tracefile;

import gpusim.trace.Resource;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Smallest and largest index value over a range of an index buffer, for the
 * VERTEX_OUT_OF_RANGE check of draw_indexed. Per-block minima and maxima (computed once
 * per buffer) keep a draw's check at O(count / BLOCK + BLOCK) instead of O(count), so
 * many draws over a large index buffer stay cheap. Index values are unsigned.
 */
final class IndexRanges {
    private static final int BLOCK = 1024;

    private static final class Blocks {
        final long[] min;
        final long[] max;

        Blocks(int[] idx, int n) {
            int blocks = (n + BLOCK - 1) / BLOCK;
            min = new long[blocks];
            max = new long[blocks];
            for (int b = 0; b < blocks; b++) {
                long lo = Long.MAX_VALUE;
                long hi = Long.MIN_VALUE;
                for (int i = b * BLOCK, e = Math.min(n, i + BLOCK); i < e; i++) {
                    long v = Integer.toUnsignedLong(idx[i]);
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
                min[b] = lo;
                max[b] = hi;
            }
        }
    }

    private final Map<Resource.IndexBuffer, Blocks> cache = new IdentityHashMap<>();

    /** {min, max} of the indices [start, start + count); count must be positive and in range. */
    long[] minMax(Resource.IndexBuffer ib, int start, int count) {
        int[] idx = ib.indices();
        int end = start + count;
        long lo = Long.MAX_VALUE;
        long hi = Long.MIN_VALUE;
        if (count <= 2 * BLOCK) {
            for (int i = start; i < end; i++) {
                long v = Integer.toUnsignedLong(idx[i]);
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
            return new long[] {lo, hi};
        }
        Blocks blocks = cache.get(ib);
        if (blocks == null) {
            blocks = new Blocks(idx, ib.indexCount());
            cache.put(ib, blocks);
        }
        int firstFull = (start + BLOCK - 1) / BLOCK;
        int lastFull = end / BLOCK; // exclusive
        for (int i = start; i < firstFull * BLOCK; i++) {
            long v = Integer.toUnsignedLong(idx[i]);
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        for (int b = firstFull; b < lastFull; b++) {
            lo = Math.min(lo, blocks.min[b]);
            hi = Math.max(hi, blocks.max[b]);
        }
        for (int i = Math.max(lastFull * BLOCK, start); i < end; i++) {
            long v = Integer.toUnsignedLong(idx[i]);
            lo = Math.min(lo, v);
            hi = Math.max(hi, v);
        }
        return new long[] {lo, hi};
    }
}
