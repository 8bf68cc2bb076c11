package gpusim.gpu.cp;

import static gpusim.gpu.cp.CpRig.MEMORY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.CommandListType;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.gpu.TraceBuilder;
import gpusim.gpu.query.QueryLayout;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.OcclusionMarker;
import gpusim.trace.Resource;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The query unit through the engine's ports. BeginQuery resets the query's slot in memory (PAL
 * resets a slot before it begins: a stale end word must not look written), then sends its begin
 * marker; EndQuery sends its end marker. Each costs cp.query_cycles after its marker, beyond
 * cp.cycles_per_command. A BeginQuery of an index whose previous end writes have not landed
 * polls every cp.poll_cycles (as WAIT_REG_MEM) before its reset.
 */
class QueryUnitTest {

    // Three DBs, DB 1 disabled; cp.cycles_per_command C = 2, cp.query_cycles Q = 5. BeginQuery
    // steps at 1 (the reset write leaves at 2, completes at 2 + MEMORY = 24) and at 24 (its
    // marker: it arrives at 26); next command at 24 + C + Q = 31. EndQuery at 31 (its marker
    // arrives at 33); the list's end step at 31 + C + Q = 38.
    @Test
    void beginResetsTheSlotThenEachMarkerCostsTheQueryCycles() {
        TraceBuilder t = new TraceBuilder();
        Resource.QueryHeap h = t.queryHeap("occ", QueryHeapType.OCCLUSION, 2);
        t.execute(t.list("l").begin(h, QueryType.OCCLUSION, 1).end(h, QueryType.OCCLUSION, 1).close());
        CpRig r = new CpRig(t, CommandListType.DIRECT, new TileMap(3, 8, TileMap.Pattern.CHECKERBOARD, 0b101),
                "cp.query_cycles=5");
        long slot = r.res.querySlot(h, 1);
        for (int w = 0; w < 6; w++) {
            r.u.memory.writeLong(slot + 8L * w, 0x1234); // stale words of an earlier use
        }
        long begin = 2 + MEMORY;
        assertEquals(begin + 2 * (2 + 5), r.run());
        assertEquals(begin, r.event("begin_query occ[1]"));
        assertEquals(begin + 2 + 5, r.event("end_query occ[1]"));
        var sent = r.sent();
        assertEquals(List.of(begin + 2, begin + 2 + 5 + 2), List.of(sent.get(0).at(), sent.get(1).at()));
        OcclusionMarker b = (OcclusionMarker) sent.get(0).item();
        OcclusionMarker e = (OcclusionMarker) sent.get(1).item();
        assertFalse(b.end());
        assertTrue(e.end());
        assertEquals(slot, e.address());
        assertEquals(2, e.progress().expectedWrites(), "one write per enabled DB");
        // The reset: every pair zero except the disabled DB's, preset as written with a zero count
        // (so a sum over the DBs stays right).
        long[] expect = {0, 0, QueryLayout.WRITTEN, QueryLayout.WRITTEN, 0, 0};
        for (int w = 0; w < 6; w++) {
            assertEquals(expect[w], r.u.memory.readLong(slot + 8L * w), "word " + w);
        }
    }

    // Index 0 used twice, cp.query_cycles 0, C = 2, cp.poll_cycles 16. Begin (reset at 1, marker at
    // 24), end at 26; the second begin at 28 finds the first end's writes not landed: it polls at
    // 28 + 16 = 44 and 60. They land (the two DBs' writes) between 44 and 60, so the poll at 60
    // resets the slot (completes at 61 + MEMORY = 83) and the begin marker goes at 83; the end at
    // 85, the list's end at 87.
    @Test
    void aReusedQueryWaitsInPollsForItsPreviousEndToLand() {
        TraceBuilder t = new TraceBuilder();
        Resource.QueryHeap h = t.queryHeap("occ", QueryHeapType.OCCLUSION, 1);
        t.execute(t.list("l").begin(h, QueryType.OCCLUSION, 0).end(h, QueryType.OCCLUSION, 0)
                .begin(h, QueryType.OCCLUSION, 0).end(h, QueryType.OCCLUSION, 0).close());
        CpRig r = new CpRig(t, 2);
        r.runUntil(44);
        List<Marker> issued = r.cp.markers();
        assertEquals(2, issued.size(), "the second begin has not sent its marker");
        Marker firstEnd = issued.get(1);
        firstEnd.progress().writeLanded(44);
        firstEnd.progress().writeLanded(44);
        assertEquals(87, r.run());
        int begins = 0;
        for (int i = 0; i < r.events.size(); i++) {
            if (r.events.get(i).startsWith("begin_query")) {
                assertEquals(begins == 0 ? 2 + MEMORY : 61 + MEMORY, r.eventCycles.get(i), "begin " + begins);
                begins++;
            }
        }
        assertEquals(2, begins);
    }
}
