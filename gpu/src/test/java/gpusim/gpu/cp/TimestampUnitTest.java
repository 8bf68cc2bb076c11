package gpusim.gpu.cp;

import static gpusim.gpu.cp.CpRig.MEMORY;
import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.gpu.TraceBuilder;
import gpusim.gpu.query.QueryLayout;
import gpusim.gpu.work.TimestampMarker;
import gpusim.trace.Resource;
import org.junit.jupiter.api.Test;

/**
 * The timestamp unit through the engine's ports, with timestamp.frequency_hz equal to the 1 GHz
 * clock (gpu.clock_mhz 1000) so that a tick is a cycle. EndQuery(TIMESTAMP) by timestamp.at:
 * bottom_of_pipe resets the slot and sends an end-of-pipe event (radeonsi's EVENT_WRITE_EOP),
 * the engine going on; top_of_pipe writes the clock as the engine reaches it; drain waits for the
 * pipe, then writes it. Each costs cp.timestamp_cycles after, beyond cp.cycles_per_command.
 */
class TimestampUnitTest {
    static final String TICK_IS_A_CYCLE = "timestamp.frequency_hz=1000000000";

    static TraceBuilder twoTimestamps(Resource.QueryHeap[] heap) {
        TraceBuilder t = new TraceBuilder();
        heap[0] = t.queryHeap("ts", QueryHeapType.TIMESTAMP, 2);
        t.execute(t.list("l").end(heap[0], QueryType.TIMESTAMP, 0).end(heap[0], QueryType.TIMESTAMP, 1).close());
        return t;
    }

    // top_of_pipe, C = 2, cp.timestamp_cycles T = 7: the first writes the clock at its step, 1,
    // with its fence (the write completes at 2 + MEMORY = 24); the next at 24 + C + T = 33 writes
    // 33 (completes at 34 + MEMORY = 56); the list's end at 56 + C + T = 65.
    @Test
    void topOfPipeWritesTheClockWhenTheEngineReachesIt() {
        Resource.QueryHeap[] h = new Resource.QueryHeap[1];
        CpRig r = new CpRig(twoTimestamps(h), 1, TICK_IS_A_CYCLE, "timestamp.at=top_of_pipe", "cp.timestamp_cycles=7");
        long second = 2 + MEMORY + 2 + 7;
        assertEquals(second + 1 + MEMORY + 2 + 7, r.run());
        long s0 = r.res.querySlot(h[0], 0);
        long s1 = r.res.querySlot(h[0], 1);
        assertEquals(1, r.u.memory.readLong(s0));
        assertEquals(QueryLayout.WRITTEN, r.u.memory.readLong(s0 + 8), "the end-of-query fence");
        assertEquals(second, r.u.memory.readLong(s1));
        assertEquals(0, r.sent().size(), "nothing goes down the pipe");
    }

    // bottom_of_pipe (the default), C = 2, T = 7: the reset of the slot's fence (step 1, completes
    // at 24), the event sent at 24 (arrives 26), done the cycle after (25): next at 25 + C + T = 34.
    // The second: reset at 34 (completes at 35 + MEMORY = 57), event at 57 (arrives 59), done at
    // 58, the list's end at 58 + C + T = 67. The slots stay zero: the end of the pipe writes them.
    @Test
    void bottomOfPipeResetsTheFenceAndSendsAnEvent() {
        Resource.QueryHeap[] h = new Resource.QueryHeap[1];
        CpRig r = new CpRig(twoTimestamps(h), 1, TICK_IS_A_CYCLE, "cp.timestamp_cycles=7");
        long s0 = r.res.querySlot(h[0], 0);
        r.u.memory.writeLong(s0 + 8, QueryLayout.WRITTEN); // a stale fence
        long second = 2 + MEMORY + 1 + 2 + 7;
        assertEquals(second + 1 + MEMORY + 1 + 2 + 7, r.run());
        var sent = r.sent();
        assertEquals(2, sent.size());
        assertEquals(2 + MEMORY + 2, sent.get(0).at());
        assertEquals(second + 1 + MEMORY + 2, sent.get(1).at());
        assertEquals(s0, ((TimestampMarker) sent.get(0).item()).address());
        assertEquals(0, r.u.memory.readLong(s0 + 8), "the fence reset");
    }

    // drain, behind a draw, C = 2: the draw steps at 1 (arrives at 3); the timestamp at 3 asks for
    // the drain, which waits from 4 until the pipe empties at 20; the clock is written at 21, the
    // cycle the engine sees it empty (completes at 22 + MEMORY = 44); the list's end at 46.
    @Test
    void drainWritesTheClockOnceThePipeIsEmpty() {
        TraceBuilder t = new TraceBuilder();
        Resource.QueryHeap h = t.queryHeap("ts", QueryHeapType.TIMESTAMP, 1);
        t.execute(t.list("l").draw(3).end(h, QueryType.TIMESTAMP, 0).close());
        CpRig r = new CpRig(t, 1, TICK_IS_A_CYCLE, "timestamp.at=drain").drainsThePipe();
        assertEquals(1, r.pipeEmptiesAt(20).size(), "the draw");
        assertEquals(22 + MEMORY + 2, r.run());
        assertEquals(21, r.u.memory.readLong(r.res.querySlot(h, 0)));
        assertEquals(21 - 4, r.stat("drain_cycles"));
    }
}
