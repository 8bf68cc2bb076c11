package gpusim.gpu;

import static gpusim.gpu.TraceBuilder.dump;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.config.Config;
import gpusim.sim.Component;
import gpusim.sim.TraceHook;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * EndQuery(TIMESTAMP) on the DIRECT queue is an end-of-pipe event (radeonsi's
 * EVENT_WRITE_EOP): the command processor sends a marker and goes on; the end of the pipe
 * writes the clock and the query's end-of-query fence once every render back end has passed
 * the marker; a resolve waits for the fence. {@code timestamp.at} offers top-of-pipe and
 * draining timestamps. Ticks are cycles here (1 GHz clock, 1 GHz timestamps).
 */
class EndOfPipeTimestampTest {
    static final float[] BIG = BackEndTimingTest.BIG;

    /** A 64x64 colour draw between two timestamps of indices 0 and {@code second}, then a second draw, resolved. */
    static Trace trace(int second) {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 64, 64, 1);
        Resource.QueryHeap ts = t.queryHeap("ts", QueryHeapType.TIMESTAMP, 2);
        Resource.Buffer out = t.buffer("out", 16);
        var l = t.list("l").targets(rt, null).pso(t.pso("p", BackEndTimingTest.noCull())).vb(t.vertices("vb", BIG))
                .end(ts, QueryType.TIMESTAMP, 0).draw(3).end(ts, QueryType.TIMESTAMP, second).draw(3)
                .resolve(ts, QueryType.TIMESTAMP, 0, 2, out, 0).close();
        return t.execute(l).dump(out).build();
    }

    /** The last cycle each component's busy spans reach. */
    static final class LastBusy implements TraceHook {
        final Map<String, Long> end = new HashMap<>();

        @Override
        public void span(Component c, String kind, long start, long stop) {
            if (kind.equals("busy")) {
                end.merge(c.name(), stop, Math::max);
            }
        }

        @Override
        public void instant(Component c, String name, long cycle) {
        }

        @Override
        public void counter(String name, long cycle, long value) {
        }
    }

    record Outcome(long[] ts, RunResult run, LastBusy busy) {
    }

    static Outcome run(Trace t, String at) {
        Config c = TraceBuilder.unitDefaults().with("timestamp.frequency_hz=1000000000").with("gpu.clock_mhz=1000")
                .with("timestamp.at=" + at);
        Gpu gpu = new Gpu(t, c);
        LastBusy busy = new LastBusy();
        gpu.setHook(busy);
        RunResult r = gpu.run();
        return new Outcome(dump(r, 0), r, busy);
    }

    static long stat(RunResult r, String name) {
        return r.stats().find(name).value().longValue();
    }

    @Test
    void aBottomOfPipeTimestampIsWrittenBehindTheDrawWithoutStoppingTheCommandProcessor() {
        Trace t = trace(1);
        Outcome eop = run(t, "bottom_of_pipe");
        assertEquals(0, stat(eop.run(), "cp.drains"), "no drain for a timestamp");
        assertEquals(2, stat(eop.run(), "eop.timestamps"));
        // Each colour back end finishes the draw, takes the marker (its last busy cycle) and
        // hands it on cb.latency (16) + queue.latency (1) after that; the end of the pipe takes one copy a cycle
        // and writes the clock as it takes the last. The second draw keeps the colour back
        // ends busy after it (the CP went on).
        Outcome alone = run(single(), "bottom_of_pipe");
        long[] arrivals = new long[4];
        long firstDrawEnd = 0;
        for (int d = 0; d < 4; d++) {
            arrivals[d] = alone.busy().end.get("cb" + d) + 16 + 1;
            firstDrawEnd = Math.max(firstDrawEnd, alone.busy().end.get("cb" + d));
        }
        java.util.Arrays.sort(arrivals);
        long taken = -1;
        for (long a : arrivals) {
            taken = Math.max(taken + 1, a);
        }
        assertEquals(taken, alone.ts()[1], "the clock when the end of the pipe takes the last RB's copy");
        // The draw after it goes on down the pipe at once; only its vertex work, booked on a
        // shader engine between the first draw's last waves (ceil(3 x 8 / 4) = 6 cycles), may
        // delay the timestamp, by at most that.
        long moved = eop.ts()[1] - alone.ts()[1];
        assertTrue(moved >= 0 && moved <= 6, "moved by " + moved);
        assertTrue(eop.run().cycles() > alone.run().cycles(), "and ran after it");

        // Draining: the command processor waits for the pipe and the memory, then writes.
        Outcome drain = run(t, "drain");
        assertEquals(1, stat(drain.run(), "cp.drains"), "the first finds the pipe idle: only the second waits");
        // (It reads the clock when the last stage goes idle: the colour back ends' latency and
        // the end of the pipe's join are not on its way.)
        assertTrue(drain.ts()[1] >= firstDrawEnd, drain.ts()[1] + " vs " + firstDrawEnd);
        assertTrue(drain.run().cycles() > eop.run().cycles(), "the drain costs the whole run time");

        // Top of pipe: the clock as the command processor reaches the command, the draw still in flight.
        Outcome top = run(t, "top_of_pipe");
        assertEquals(0, stat(top.run(), "cp.drains"));
        // Between the two: the engine's own write of the first (it waits for its writes) and
        // the draw command; the draw itself is still in the pipe when the second is taken.
        assertTrue(top.ts()[1] < firstDrawEnd, top.ts()[1] + " vs " + firstDrawEnd);
        assertTrue(top.ts()[1] - top.ts()[0] < alone.ts()[1] - alone.ts()[0]);
    }

    /** The first draw between its timestamps, with nothing after. */
    static Trace single() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 64, 64, 1);
        Resource.QueryHeap ts = t.queryHeap("ts", QueryHeapType.TIMESTAMP, 2);
        Resource.Buffer out = t.buffer("out", 16);
        var l = t.list("l").targets(rt, null).pso(t.pso("p", BackEndTimingTest.noCull())).vb(t.vertices("vb", BIG))
                .end(ts, QueryType.TIMESTAMP, 0).draw(3).end(ts, QueryType.TIMESTAMP, 1)
                .resolve(ts, QueryType.TIMESTAMP, 0, 2, out, 0).close();
        return t.execute(l).dump(out).build();
    }

    @Test
    void aQueryIndexUsedTwiceResolvesToItsLaterValue() {
        // Index 0 ended before and after the draw: its early end-of-pipe write must not land
        // after the reset of the second use. The resolve waits for the second's fence.
        long[] twice = run(trace(0), "bottom_of_pipe").ts();
        long[] apart = run(trace(1), "bottom_of_pipe").ts();
        assertEquals(apart[1], twice[0], "index 0 holds the timestamp after the draw");
        assertEquals(0, twice[1], "index 1 was never written: a resolve of an unused query gives 0");
    }
}
