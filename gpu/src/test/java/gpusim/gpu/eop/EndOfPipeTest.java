package gpusim.gpu.eop;

import static gpusim.gpu.UnitRig.LATENCY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.gpu.IdleComponent;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.PipelineParams;
import gpusim.gpu.TimestampClock;
import gpusim.gpu.UnitRig;
import gpusim.gpu.query.QueryLayout;
import gpusim.gpu.work.MarkerProgress;
import gpusim.gpu.work.StatisticsMarker;
import gpusim.gpu.work.TimestampMarker;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The end of the pipe between two render back ends' idle sources, writing to UnitRig's memory:
 * a marker is acted on once both RBs have delivered their copy (an end-of-pipe event: AMD's
 * EVENT_WRITE_EOP, written once all earlier work has left the pipe), and an RB whose copy waits
 * is not read further. A timestamp is written with the clock of the join (here one tick a cycle)
 * and its end-of-query fence; timestamp.interval_cycles spaces timestamps. Each marker costs a
 * cycle; its write leaves when that cycle ends and, 16 to 96 bytes in one 128-byte line part, lands
 * 1 + ceil(bytes / 64) + LATENCY cycles later on a free channel.
 */
class EndOfPipeTest {

    static final class Rig {
        final UnitRig u = new UnitRig();
        final EndOfPipe eop;
        final BoundedQueue<Work> in1;

        Rig(long interval) {
            in1 = u.engine.queue("in1", 16, 1);
            eop = new EndOfPipe(u.wiring, List.of(u.in, in1), new TimestampClock(1_000_000_000L, 1_000_000_000L),
                    new PipelineParams.EndOfPipeParams(interval));
            u.wire(eop);
            IdleComponent rb1 = new IdleComponent("rb1");
            u.engine.add(rb1);
            in1.connect(rb1, eop);
        }

        /** Both RBs' copies of {@code w}: RB 0's arriving at {@code at0}, RB 1's at {@code at1}. */
        void send(Work w, long at0, long at1) {
            assertTrue(u.in.push(w, 0, at0 - 1));
            assertTrue(in1.push(w, 0, at1 - 1));
        }

        long slot() {
            return u.memory.allocate(256);
        }
    }

    // A timestamp's copies arrive at 1 (RB 0) and 10 (RB 1); a statistics marker behind it at 2
    // and 12. The timestamp is joined at 10 and written with 10: its 16 bytes leave at 11 and land
    // at 11 + 1 + 1 + LATENCY = 33. RB 0's next copy is not read before the join: it is taken at 11
    // and joined at 12 with RB 1's; its eleven counters and status word (96 bytes) leave at 13 and
    // land at 13 + 1 + 2 + LATENCY = 36.
    @Test
    void aMarkerActsOnceEveryRbHasDeliveredItsCopy() {
        Rig r = new Rig(0);
        long ts = r.slot();
        long st = r.slot();
        TimestampMarker t = new TimestampMarker(ts, "ts", new MarkerProgress(1, 0));
        long[] snapshot = new long[PipelineCounters.NAMES.length];
        for (int i = 0; i < snapshot.length; i++) {
            snapshot[i] = 100 + i;
        }
        StatisticsMarker s = new StatisticsMarker(true, st, QueryLayout.PIPELINE_STATS_FIELDS,
                snapshot, "stats", new MarkerProgress(1, 0));
        r.send(t, 1, 10);
        r.send(s, 2, 12);
        r.u.engine.run(() -> false);
        assertEquals(10, r.u.memory.readLong(ts));
        assertEquals(QueryLayout.WRITTEN, r.u.memory.readLong(ts + 8), "the end-of-query fence");
        assertEquals(11 + 1 + 1 + LATENCY, t.progress().landedAt());
        for (int i = 0; i < 11; i++) {
            assertEquals(100 + i, r.u.memory.readLong(st + 8L * i), "counter " + i);
        }
        assertEquals(QueryLayout.WRITTEN, r.u.memory.readLong(st + 88), "the status word");
        assertEquals(13 + 1 + 2 + LATENCY, s.progress().landedAt());
        assertTrue(s.progress().allLanded());
        assertEquals(4, ((gpusim.sim.Stat.Scalar) r.eop.stats().find("busy_cycles")).get(), "a cycle a copy");
    }

    // timestamp.interval_cycles 50: two timestamps, both copies of the first arriving at 1 and 2,
    // of the second at 1 and 2 behind them. The first is joined at 2 and written with 2; the
    // second is joined at 4 but waits for the unit until 2 + 50 = 52, and is written with 52. A
    // third, joined at 101 (copies arriving at 100 and 101), one cycle short of 52 + 50, waits
    // that cycle: written with 102.
    @Test
    void timestampsAreSpacedByTheInterval() {
        Rig r = new Rig(50);
        long a = r.slot();
        long b = r.slot();
        TimestampMarker first = new TimestampMarker(a, "a", new MarkerProgress(1, 0));
        TimestampMarker second = new TimestampMarker(b, "b", new MarkerProgress(1, 0));
        long c = r.slot();
        TimestampMarker third = new TimestampMarker(c, "c", new MarkerProgress(1, 0));
        r.send(first, 1, 2);
        r.send(second, 1, 2);
        r.send(third, 100, 101);
        r.u.engine.run(() -> false);
        assertEquals(2, r.u.memory.readLong(a));
        assertEquals(52, r.u.memory.readLong(b));
        assertEquals(53 + 1 + 1 + LATENCY, second.progress().landedAt());
        assertEquals(102, r.u.memory.readLong(c));
        assertEquals(3, ((gpusim.sim.Stat.Scalar) r.eop.stats().find("timestamps")).get());
    }
}
