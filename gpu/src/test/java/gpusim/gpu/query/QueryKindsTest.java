package gpusim.gpu.query;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.rb.RenderBackEndQueryProtocol;
import gpusim.gpu.rop.RopQueryProtocol;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.OcclusionMarker;
import gpusim.gpu.work.SoStatisticsMarker;
import gpusim.gpu.work.StatisticsMarker;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The registry of query kinds: every heap type has one, every query type resolves through its heap's. */
class QueryKindsTest {
    static final QueryKinds RBS = new QueryKinds(new RenderBackEndQueryProtocol(new TileMap(4, 8)));
    static final QueryKinds ROPS = new QueryKinds(new RopQueryProtocol());

    @Test
    void everyHeapTypeHasItsKind() {
        for (QueryHeapType h : QueryHeapType.values()) {
            assertEquals(h, RBS.of(h).heapType(), h.toString());
            assertEquals(h, ROPS.of(h).heapType(), h.toString());
        }
        assertEquals(QueryHeapType.values().length, RBS.all().size());
    }

    @Test
    void slotBytesOfEveryKind() {
        Map<QueryHeapType, Long> bytes = Map.of(QueryHeapType.OCCLUSION, 4 * 16L, QueryHeapType.TIMESTAMP, 16L,
                QueryHeapType.COPY_QUEUE_TIMESTAMP, 8L, QueryHeapType.PIPELINE_STATISTICS, 2 * 12 * 8L,
                QueryHeapType.PIPELINE_STATISTICS1, 2 * 15 * 8L, QueryHeapType.SO_STATISTICS, 2 * 3 * 8L,
                QueryHeapType.VIDEO_DECODE_STATISTICS, 32L);
        for (QueryHeapType h : QueryHeapType.values()) {
            assertEquals(bytes.get(h), RBS.of(h).slotBytes(), h.toString());
            assertEquals(h == QueryHeapType.OCCLUSION ? 40L : bytes.get(h), ROPS.of(h).slotBytes(), h + " on the ROPs");
            assertEquals(RBS.of(h).slotBytes() / 8, RBS.of(h).resetWords().length, h.toString());
        }
    }

    /** A never-ended query of every type resolves in every heap it fits, to zeros of its result's size. */
    @Test
    void everyQueryTypeResolvesThroughTheKindOfEachHeapItFits() {
        for (QueryType t : QueryType.values()) {
            int heaps = 0;
            for (QueryHeapType h : QueryHeapType.values()) {
                if (!t.compatibleWith(h)) {
                    continue;
                }
                heaps++;
                QueryKind k = RBS.of(h);
                long[] out = new long[t.resultBytes() / 8];
                assertTrue(k.resolve(t, false, new byte[(int) k.slotBytes()], 0, out, 0), t + " in " + h);
                assertArrayEquals(new long[t.resultBytes() / 8], out, t + " in " + h);
            }
            assertTrue(heaps > 0, t + " fits some heap");
        }
    }

    /** BeginQuery's types: each heap they fit sends markers down the pipe, of the kind's own marker type. */
    @Test
    void queriesWithABeginAreCountedDownThePipe() {
        for (QueryType t : QueryType.values()) {
            for (QueryHeapType h : QueryHeapType.values()) {
                if (t.needsBegin() && t.compatibleWith(h)) {
                    assertInstanceOf(CountedQueryKind.class, RBS.of(h), t + " in " + h);
                }
            }
        }
        long[] counters = new long[gpusim.gpu.PipelineCounters.NAMES.length];
        Marker occ = ((CountedQueryKind) RBS.of(QueryHeapType.OCCLUSION)).marker(QueryType.BINARY_OCCLUSION, false,
                4096, "q", 10, counters);
        assertInstanceOf(OcclusionMarker.class, occ);
        assertEquals(4, occ.progress().expectedWrites(), "one end write per DB");
        Marker so = ((CountedQueryKind) RBS.of(QueryHeapType.SO_STATISTICS)).marker(
                QueryType.SO_STATISTICS_STREAM2, false, 4096, "q", 10, counters);
        assertEquals(2, ((SoStatisticsMarker) so).stream());
        assertEquals(4096 + 24, ((SoStatisticsMarker) so).address(), "the end block follows the begin block");
        Marker ps = ((CountedQueryKind) RBS.of(QueryHeapType.PIPELINE_STATISTICS1)).marker(
                QueryType.PIPELINE_STATISTICS1, true, 4096, "q", 10, counters);
        assertEquals(14, ((StatisticsMarker) ps).fields());
        assertEquals(4096, ((StatisticsMarker) ps).address());
        assertFalse(RBS.of(QueryHeapType.TIMESTAMP) instanceof CountedQueryKind, "the command processor writes it");
    }

    @Test
    void binaryEarlyOutRoles() {
        CountedQueryKind occ = (CountedQueryKind) RBS.of(QueryHeapType.OCCLUSION);
        assertEquals(CountedQueryKind.EarlyOut.ALLOWS, occ.earlyOut(QueryType.BINARY_OCCLUSION));
        assertEquals(CountedQueryKind.EarlyOut.FORBIDS, occ.earlyOut(QueryType.OCCLUSION));
        assertEquals(CountedQueryKind.EarlyOut.FORBIDS,
                ((CountedQueryKind) RBS.of(QueryHeapType.PIPELINE_STATISTICS)).earlyOut(QueryType.PIPELINE_STATISTICS));
        assertEquals(CountedQueryKind.EarlyOut.FORBIDS,
                ((CountedQueryKind) RBS.of(QueryHeapType.PIPELINE_STATISTICS1)).earlyOut(QueryType.PIPELINE_STATISTICS1));
        assertEquals(CountedQueryKind.EarlyOut.NONE,
                ((CountedQueryKind) RBS.of(QueryHeapType.SO_STATISTICS)).earlyOut(QueryType.SO_STATISTICS_STREAM0));
    }

    @Test
    void aTimestampWaitsForItsFenceACopyQueueTimestampDoesNot() {
        byte[] slot = new byte[16];
        assertTrue(RBS.of(QueryHeapType.TIMESTAMP).pending(slot, 0));
        assertFalse(RBS.of(QueryHeapType.COPY_QUEUE_TIMESTAMP).pending(slot, 0));
        assertArrayEquals(new long[] {5, QueryLayout.WRITTEN}, ((TimestampQueries) RBS.of(QueryHeapType.TIMESTAMP)).words(5));
        assertArrayEquals(new long[] {5}, ((TimestampQueries) RBS.of(QueryHeapType.COPY_QUEUE_TIMESTAMP)).words(5));
    }
}
