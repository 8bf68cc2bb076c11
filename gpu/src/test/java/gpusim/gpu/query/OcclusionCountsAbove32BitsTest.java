package gpusim.gpu.query;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.sim.MemoryRequest;
import org.junit.jupiter.api.Test;

/**
 * Occlusion counts above 2^32, cheaply: the resolve of per-DB begin/end counter words that
 * straddle 2^32 (each DB's 63-bit counter, bit 63 the written flag), whose sum over DBs
 * exceeds 2^32 while no DB's own count does. Expected values by hand. (End to end, 257
 * instances of a full-target quad on 4096 x 256 x 16 give 257 x 2^24 = 4,311,744,512 in one
 * query, which the model reports; but that is 2^28 pixels of depth-block work, seconds of
 * CPU, too long for every build.)
 */
class OcclusionCountsAbove32BitsTest {
    static final long W = QueryLayout.WRITTEN;

    @Test
    void countsAndCountersWiderThan32BitsResolveExactly() {
        QueryState st = new QueryState(1);
        st.begin(0, QueryType.OCCLUSION);
        st.end(0, QueryType.OCCLUSION, null);
        QueryResolver r = QueryResolverTest.resolver(3);
        long two32 = 1L << 32;
        // DB0: 2^32 - 5 -> 2^32 + 3 (8 samples across the 32-bit boundary); DB1: 0 -> 3 x 2^30;
        // DB2: 2^40 -> 2^40 + 2^31 + 1. Sum: 8 + 3 x 2^30 + 2^31 + 1 = 5 x 2^30 + 9 > 2^32.
        MemoryRequest m = MemoryRequest.writeLongs(0, new long[] {
            (two32 - 5) | W, (two32 + 3) | W,
            0 | W, (3L << 30) | W,
            (1L << 40) | W, ((1L << 40) + (1L << 31) + 1) | W}, null, null);
        assertArrayEquals(new long[] {5L * (1 << 30) + 9},
                r.resolve(QueryType.OCCLUSION, QueryHeapType.OCCLUSION, st, 0, 1, m).words());
        assertArrayEquals(new long[] {1},
                r.resolve(QueryType.BINARY_OCCLUSION, QueryHeapType.OCCLUSION, st, 0, 1, m).words());
        // A count of exactly 2^32 is not zero for the binary query (no truncation to 32 bits).
        MemoryRequest exact = MemoryRequest.writeLongs(0, new long[] {
            7 | W, (7 + two32) | W, 0 | W, 0 | W, 0 | W, 0 | W}, null, null);
        assertArrayEquals(new long[] {two32},
                r.resolve(QueryType.OCCLUSION, QueryHeapType.OCCLUSION, st, 0, 1, exact).words());
        assertArrayEquals(new long[] {1},
                r.resolve(QueryType.BINARY_OCCLUSION, QueryHeapType.OCCLUSION, st, 0, 1, exact).words());
    }
}
