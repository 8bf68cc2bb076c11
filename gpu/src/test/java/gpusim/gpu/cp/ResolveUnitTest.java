package gpusim.gpu.cp;

import static gpusim.gpu.cp.CpRig.MEMORY;
import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.gpu.TraceBuilder;
import gpusim.gpu.query.QueryLayout;
import gpusim.trace.Resource;
import org.junit.jupiter.api.Test;

/**
 * The resolve unit through the engine's ports: ResolveQueryData reads the range's slots, re-reads
 * every cp.poll_cycles from the first query not yet written (as WAIT_REG_MEM), then writes the
 * results; its own cost after that is the launch and per-query cost of the path its query count
 * takes (cp.resolve_serial_* up to cp.resolve_serial_max_queries, then cp.resolve_small_*, then
 * cp.resolve_cycles*), beyond cp.cycles_per_command. Timestamps (one tick a cycle) give the slots.
 */
class ResolveUnitTest {

    /** Two top-of-pipe timestamps and a resolve of both into {@code out[0]}. */
    static CpRig twoTimestampsResolved(Resource.Buffer[] out, String... cfg) {
        TraceBuilder t = new TraceBuilder();
        Resource.QueryHeap h = t.queryHeap("ts", QueryHeapType.TIMESTAMP, 2);
        out[0] = t.buffer("out", 16);
        t.execute(t.list("l").end(h, QueryType.TIMESTAMP, 0).end(h, QueryType.TIMESTAMP, 1)
                .resolve(h, QueryType.TIMESTAMP, 0, 2, out[0], 0).close());
        String[] all = new String[cfg.length + 2];
        all[0] = "timestamp.frequency_hz=1000000000";
        all[1] = "timestamp.at=top_of_pipe";
        System.arraycopy(cfg, 0, all, 2, cfg.length);
        return new CpRig(t, 1, all);
    }

    // C = 2. Timestamp 0 writes 1 at step 1 (completes at 24); timestamp 1 writes 26 at 26
    // (completes at 27 + MEMORY = 49); the resolve steps at 51: its read of the two 16-byte slots
    // completes at 52 + MEMORY = 74, where both are written; the results' write completes at
    // 75 + MEMORY = 97. Two queries take the serial path (cp.resolve_serial_max_queries 4):
    // 100 + 2 x 10 = 120 cycles, so the list ends at 97 + C + 120 = 219.
    @Test
    void aResolveCostsItsReadItsWriteAndItsPath() {
        Resource.Buffer[] out = new Resource.Buffer[1];
        CpRig r = twoTimestampsResolved(out, "cp.resolve_serial_max_queries=4", "cp.resolve_serial_cycles=100",
                "cp.resolve_serial_cycles_per_query=10");
        assertEquals(97 + 2 + 120, r.run());
        assertEquals(1, r.word(out[0], 0));
        assertEquals(26, r.word(out[0], 8));
        assertEquals(52 + MEMORY, r.event("resolve_query_data ts[0..1]"));
        assertEquals(0, r.stat("resolve_polls"));
    }

    // The same resolve with the serial path for at most one query: two take the small compute
    // path, 300 + 2 x 1 = 302 cycles: the list ends at 97 + 2 + 302 = 401.
    @Test
    void moreQueriesThanTheSerialPathTakesTakeTheSmallPath() {
        Resource.Buffer[] out = new Resource.Buffer[1];
        CpRig r = twoTimestampsResolved(out, "cp.resolve_serial_max_queries=1", "cp.resolve_serial_cycles=100",
                "cp.resolve_small_max_queries=4", "cp.resolve_small_cycles=300", "cp.resolve_small_cycles_per_query=1");
        assertEquals(97 + 2 + 302, r.run());
    }

    // A bottom-of-pipe timestamp (C = 2): its fence reset completes at 24, its event leaves at 25
    // and the resolve steps at 27. Nothing behind the engine writes the slot, so the resolve's read
    // (completes at 28 + MEMORY = 50) finds it unwritten and polls: a re-read at 50 + 16 = 66
    // (completes at 89), another at 105. The slot is written between 89 and 105; the read from 105
    // completes at 128, the result's write at 129 + MEMORY = 151, and the list ends at 153.
    @Test
    void aResolvePollsUntilTheEndWordIsWritten() {
        TraceBuilder t = new TraceBuilder();
        Resource.QueryHeap h = t.queryHeap("ts", QueryHeapType.TIMESTAMP, 1);
        Resource.Buffer out = t.buffer("out", 8);
        t.execute(t.list("l").end(h, QueryType.TIMESTAMP, 0).resolve(h, QueryType.TIMESTAMP, 0, 1, out, 0).close());
        CpRig r = new CpRig(t, 1);
        r.runUntil(89);
        assertEquals(2, r.stat("resolve_polls"));
        long slot = r.res.querySlot(h, 0);
        r.u.memory.writeLong(slot, 777);
        r.u.memory.writeLong(slot + 8, QueryLayout.WRITTEN);
        assertEquals(129 + MEMORY + 2, r.run());
        assertEquals(777, r.word(out, 0));
        assertEquals(2, r.stat("resolve_polls"), "the third read found it written");
        assertEquals(106 + MEMORY, r.event("resolve_query_data"));
    }
}
