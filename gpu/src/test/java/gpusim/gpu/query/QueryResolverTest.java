package gpusim.gpu.query;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.rb.RenderBackEndQueryProtocol;
import gpusim.sim.MemoryRequest;
import org.junit.jupiter.api.Test;

/**
 * Query memory layout and ResolveQueryData arithmetic. Occlusion (AMD layout): per query, one 16-byte
 * {begin, end} pair per DB at slot + db x 16 (+8), each word with bit 63 set when written; the result
 * is the sum over DBs of end - begin; binary occlusion is 1 if that sum is non-zero. A resolve of an
 * ended query whose end words are not all written yet returns null (poll again; a DB writes a
 * query's begin before its end and memory keeps their order, so only end words are waited for); a
 * query not ended resolves to 0.
 */
class QueryResolverTest {
    static final long W = QueryLayout.WRITTEN;

    /** The render back ends' occlusion protocol for {@code dbs} DBs, every one enabled. */
    static QueryProtocol rbs(int dbs) {
        return new RenderBackEndQueryProtocol(new TileMap(dbs, 8));
    }

    static long slotBytes(QueryHeapType heap, int dbs) {
        return new QueryKinds(rbs(dbs)).of(heap).slotBytes();
    }

    static QueryResolver resolver(int dbs) {
        return new QueryResolver(rbs(dbs));
    }

    static MemoryRequest memory(long... words) {
        return MemoryRequest.writeLongs(0, words, null, null);
    }

    @Test
    void slotSizes() {
        assertEquals(16 * 4, slotBytes(QueryHeapType.OCCLUSION, 4));
        assertEquals(16 * 7, slotBytes(QueryHeapType.OCCLUSION, 7));
        assertEquals(16, slotBytes(QueryHeapType.TIMESTAMP, 4), "the value and its end-of-query fence");
        assertEquals(8, slotBytes(QueryHeapType.COPY_QUEUE_TIMESTAMP, 4));
        assertEquals(2 * 12 * 8, slotBytes(QueryHeapType.PIPELINE_STATISTICS, 4));
        assertEquals(2 * 15 * 8, slotBytes(QueryHeapType.PIPELINE_STATISTICS1, 4));
        assertEquals(2 * 3 * 8, slotBytes(QueryHeapType.SO_STATISTICS, 4));
        assertEquals(1L << 63, W);
    }

    @Test
    void occlusionIsTheSumOverDepthBlocksOfEndMinusBegin() {
        QueryState st = new QueryState(2);
        st.begin(0, QueryType.OCCLUSION);
        st.end(0, QueryType.OCCLUSION, null);
        QueryResolver r = resolver(3);
        // DB0: 100 -> 130, DB1: 7 -> 7, DB2: 1000 -> 1012
        MemoryRequest m = memory(100 | W, 130 | W, 7 | W, 7 | W, 1000 | W, 1012 | W);
        assertArrayEquals(new long[] {42}, r.resolve(QueryType.OCCLUSION, QueryHeapType.OCCLUSION, st, 0, 1, m).words());
        assertArrayEquals(new long[] {1},
                r.resolve(QueryType.BINARY_OCCLUSION, QueryHeapType.OCCLUSION, st, 0, 1, m).words());
        MemoryRequest none = memory(5 | W, 5 | W, 9 | W, 9 | W, 0 | W, 0 | W);
        assertArrayEquals(new long[] {0},
                r.resolve(QueryType.BINARY_OCCLUSION, QueryHeapType.OCCLUSION, st, 0, 1, none).words());
    }

    @Test
    void occlusionWaitsUntilEveryEndWordIsWritten() {
        QueryState st = new QueryState(1);
        st.begin(0, QueryType.OCCLUSION);
        st.end(0, QueryType.OCCLUSION, null);
        QueryResolver r = resolver(2);
        assertNull(r.resolve(QueryType.OCCLUSION, QueryHeapType.OCCLUSION, st, 0, 1, memory(1 | W, 5 | W, 2 | W, 6)),
                "DB1's end word lacks the written bit");
        assertNull(r.resolve(QueryType.OCCLUSION, QueryHeapType.OCCLUSION, st, 0, 1, memory(1 | W, 5, 2 | W, 6 | W)),
                "DB0's end word lacks the written bit");
        assertArrayEquals(new long[] {8}, r.resolve(QueryType.OCCLUSION, QueryHeapType.OCCLUSION, st, 0, 1,
                memory(1 | W, 5 | W, 2 | W, 6 | W)).words());
    }

    @Test
    void pollingResumesFromTheFirstQueryNotYetWritten() {
        // Queries 0 and 2 ended and written, 1 ended but DB1's end word missing, 3 never ended.
        QueryState st = new QueryState(4);
        for (int q = 0; q < 3; q++) {
            st.begin(q, QueryType.OCCLUSION);
            st.end(q, QueryType.OCCLUSION, null);
        }
        QueryResolver r = resolver(2);
        byte[] data = memory(1 | W, 2 | W, 1 | W, 2 | W,
                3 | W, 4 | W, 3 | W, 4,
                5 | W, 6 | W, 5 | W, 6 | W,
                0, 0, 0, 0).data();
        assertEquals(1, r.firstPending(QueryHeapType.OCCLUSION, st, 0, 4, data, 0));
        assertEquals(1, r.firstPending(QueryHeapType.OCCLUSION, st, 0, 4, data, 1));
        assertEquals(4, r.firstPending(QueryHeapType.OCCLUSION, st, 0, 4, data, 2), "2 is written, 3 never ended");
        // Range [1, 3): query 1 is its offset 0.
        byte[] tail = memory(3 | W, 4 | W, 3 | W, 4 | W, 5 | W, 6 | W, 5 | W, 6 | W).data();
        assertEquals(2, r.firstPending(QueryHeapType.OCCLUSION, st, 1, 2, tail, 0));
    }

    @Test
    void queryNotEndedResolvesToZeroWithoutWaiting() {
        QueryState st = new QueryState(3);
        st.begin(1, QueryType.OCCLUSION);
        st.end(2, QueryType.OCCLUSION, null);
        QueryResolver r = resolver(1);
        MemoryRequest m = memory(0, 0, 3 | W, 9, 10 | W, 15 | W);
        assertArrayEquals(new long[] {0, 0, 5}, r.resolve(QueryType.OCCLUSION, QueryHeapType.OCCLUSION, st, 0, 3, m).words());
    }

    @Test
    void timestampIsTheStoredValue() {
        QueryState st = new QueryState(2);
        st.end(0, QueryType.TIMESTAMP, null);
        st.end(1, QueryType.TIMESTAMP, null);
        assertArrayEquals(new long[] {123, 456}, resolver(4)
                .resolve(QueryType.TIMESTAMP, QueryHeapType.TIMESTAMP, st, 0, 2, memory(123, W, 456, W)).words());
        // A slot whose fence is clear has not been written: the resolve waits from it on.
        byte[] bytes = memory(123, W, 456, 0).data();
        assertEquals(1, resolver(4).firstPending(QueryHeapType.TIMESTAMP, st, 0, 2, bytes, 0));
        assertEquals(2, resolver(4).firstPending(QueryHeapType.TIMESTAMP, st, 0, 2,
                memory(123, W, 456, W).data(), 0));
    }

    // Statistics: a begin block and an end block, each of the fields then a status word with bit 63.
    @Test
    void statisticsAreEndMinusBeginPerField() {
        QueryState st = new QueryState(1);
        st.begin(0, QueryType.PIPELINE_STATISTICS);
        st.end(0, QueryType.PIPELINE_STATISTICS, null);
        long[] words = new long[24];
        for (int f = 0; f < 11; f++) {
            words[f] = 10 * f;
            words[12 + f] = 10 * f + f + 1;
        }
        words[11] = W;
        words[23] = W;
        long[] res = resolver(4).resolve(QueryType.PIPELINE_STATISTICS, QueryHeapType.PIPELINE_STATISTICS,
                st, 0, 1, memory(words)).words();
        assertArrayEquals(new long[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, res);
        words[23] = 0;
        assertNull(resolver(4).resolve(QueryType.PIPELINE_STATISTICS, QueryHeapType.PIPELINE_STATISTICS,
                st, 0, 1, memory(words)), "end block not written yet");
    }
}
