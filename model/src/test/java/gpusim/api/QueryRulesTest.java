package gpusim.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The two tables of the Direct3D 12 "Queries" documentation: which query heap type each
 * query type needs, and which command list types support each query type.
 */
class QueryRulesTest {

    // "Query type must be compatible with the query heap": the table of the "Queries" page, plus the
    // Direct3D 12 rows it leaves out (video decode statistics, PIPELINE_STATISTICS1, and timestamps in
    // a COPY_QUEUE_TIMESTAMP heap).
    private static final Map<QueryType, Set<QueryHeapType>> HEAP_FOR = Map.of(
            QueryType.OCCLUSION, EnumSet.of(QueryHeapType.OCCLUSION),
            QueryType.BINARY_OCCLUSION, EnumSet.of(QueryHeapType.OCCLUSION),
            QueryType.TIMESTAMP, EnumSet.of(QueryHeapType.TIMESTAMP, QueryHeapType.COPY_QUEUE_TIMESTAMP),
            QueryType.PIPELINE_STATISTICS, EnumSet.of(QueryHeapType.PIPELINE_STATISTICS),
            QueryType.SO_STATISTICS_STREAM0, EnumSet.of(QueryHeapType.SO_STATISTICS),
            QueryType.SO_STATISTICS_STREAM1, EnumSet.of(QueryHeapType.SO_STATISTICS),
            QueryType.SO_STATISTICS_STREAM2, EnumSet.of(QueryHeapType.SO_STATISTICS),
            QueryType.SO_STATISTICS_STREAM3, EnumSet.of(QueryHeapType.SO_STATISTICS),
            QueryType.VIDEO_DECODE_STATISTICS, EnumSet.of(QueryHeapType.VIDEO_DECODE_STATISTICS),
            QueryType.PIPELINE_STATISTICS1, EnumSet.of(QueryHeapType.PIPELINE_STATISTICS1));

    @Test
    void queryTypeToHeapTypeCompatibilityTable() {
        for (QueryType t : QueryType.values()) {
            for (QueryHeapType h : QueryHeapType.values()) {
                assertEquals(HEAP_FOR.get(t).contains(h), t.compatibleWith(h), t + " in a " + h + " heap");
            }
        }
    }

    // "Command list types support query types": occlusion, binary occlusion, pipeline and SO statistics
    // are DIRECT only; timestamps are DIRECT and COMPUTE, and (optionally) COPY, where a COPY list
    // uses a COPY_QUEUE_TIMESTAMP heap. No query is supported in a bundle.
    @Test
    void listTypeSupportTable() {
        for (QueryType t : QueryType.values()) {
            if (t == QueryType.TIMESTAMP || t == QueryType.VIDEO_DECODE_STATISTICS) {
                continue;
            }
            QueryHeapType heap = HEAP_FOR.get(t).iterator().next();
            for (CommandListType l : CommandListType.values()) {
                assertEquals(l == CommandListType.DIRECT, t.supportedOn(l, heap), t + " on a " + l + " list");
            }
        }
        for (CommandListType l : CommandListType.values()) {
            boolean graphicsOrCompute = l == CommandListType.DIRECT || l == CommandListType.COMPUTE;
            assertEquals(graphicsOrCompute, QueryType.TIMESTAMP.supportedOn(l, QueryHeapType.TIMESTAMP),
                    "TIMESTAMP heap timestamp on " + l);
            assertEquals(l == CommandListType.COPY,
                    QueryType.TIMESTAMP.supportedOn(l, QueryHeapType.COPY_QUEUE_TIMESTAMP),
                    "COPY_QUEUE_TIMESTAMP heap timestamp on " + l);
        }
        assertTrue(QueryType.VIDEO_DECODE_STATISTICS.supportedOn(CommandListType.VIDEO_DECODE,
                QueryHeapType.VIDEO_DECODE_STATISTICS));
        assertFalse(QueryType.VIDEO_DECODE_STATISTICS.supportedOn(CommandListType.DIRECT,
                QueryHeapType.VIDEO_DECODE_STATISTICS));
    }

    // "D3D12_QUERY_TYPE_TIMESTAMP is the only query that supports EndQuery only."
    @Test
    void onlyTimestampsAndVideoStatisticsNeedNoBegin() {
        for (QueryType t : QueryType.values()) {
            boolean endOnly = t == QueryType.TIMESTAMP || t == QueryType.VIDEO_DECODE_STATISTICS;
            assertEquals(!endOnly, t.needsBegin(), t.name());
        }
        assertTrue(QueryType.OCCLUSION.isOcclusion());
        assertTrue(QueryType.BINARY_OCCLUSION.isOcclusion());
        assertFalse(QueryType.PIPELINE_STATISTICS.isOcclusion());
    }

    /** What WriteQuery writes (the Xbox One XDK documentation's D3D11X_QUERY_DATA_* structures), and 0 where it writes nothing. */
    @Test
    void writeQueryResultBytes() {
        Map<D3D11Query, Integer> bytes = Map.of(D3D11Query.EVENT, 4, D3D11Query.OCCLUSION, 8, D3D11Query.TIMESTAMP, 8,
                D3D11Query.PIPELINE_STATISTICS, 88, D3D11Query.SO_STATISTICS_STREAM0, 16,
                D3D11Query.SO_STATISTICS_STREAM1, 16, D3D11Query.SO_STATISTICS_STREAM2, 16,
                D3D11Query.SO_STATISTICS_STREAM3, 16);
        for (D3D11Query q : D3D11Query.values()) {
            assertEquals(bytes.getOrDefault(q, 0), q.writeBytes(), q.name());
        }
    }

    /** A query type in a heap it does not fit is supported on no list. */
    @Test
    void noListSupportsAQueryInAHeapItDoesNotFit() {
        for (CommandListType l : CommandListType.values()) {
            assertFalse(QueryType.OCCLUSION.supportedOn(l, QueryHeapType.COPY_QUEUE_TIMESTAMP), l.name());
        }
    }
}
