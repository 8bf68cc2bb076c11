package gpusim.gpu.query;

import static gpusim.gpu.TraceBuilder.concat;
import static gpusim.gpu.TraceBuilder.dump;
import static gpusim.gpu.TraceBuilder.fullScreen;
import static gpusim.gpu.TraceBuilder.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.DepthFormat;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.gpu.RunResult;
import gpusim.gpu.TraceBuilder;
import gpusim.sim.Stat;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * EndQuery latency split into loaded and idle ({@link QueryLatency}): which queries fall in
 * which set, and an idle query's latency as the sum of the latencies its end marker meets.
 */
class QueryLatencyTest {
    /**
     * Three occlusion queries after a depth clear and a drain: qh[0] with nothing in it (idle:
     * no draw before its end is in the pipe), qh[1] around a full-screen draw whose end follows
     * the draw at once (loaded), qh[2] around the same draw but ended after a timestamp, which
     * drains the pipe (idle again) when the scene runs with {@link #DRAIN} (by default a
     * timestamp is an end-of-pipe event and drains nothing).
     */
    /** Serializing timestamps: the command processor waits for the pipe before it writes one. */
    static final String DRAIN = "timestamp.at=drain";

    static Trace scene() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 64, 32, 1);
        Resource.DepthStencil ds = t.depthStencil("ds", 64, 32, 1, DepthFormat.D32_FLOAT);
        Resource.QueryHeap qh = t.queryHeap("qh", QueryHeapType.OCCLUSION, 3);
        Resource.QueryHeap ts = t.queryHeap("ts", QueryHeapType.TIMESTAMP, 2);
        Resource.Buffer res = t.buffer("res", 24);
        Resource.VertexBuffer vb = t.vertices("vb", concat(fullScreen(0.5f), fullScreen(0.25f)));
        Resource.Pso p = t.pso("p");
        CommandList l = t.list("l").targets(rt, ds).pso(p).vb(vb)
                .clearDs(ds, 1f, null).end(ts, QueryType.TIMESTAMP, 0)
                .begin(qh, QueryType.OCCLUSION, 0).end(qh, QueryType.OCCLUSION, 0)
                .begin(qh, QueryType.OCCLUSION, 1).draw(6).end(qh, QueryType.OCCLUSION, 1)
                .begin(qh, QueryType.OCCLUSION, 2).draw(6, 6, 1).end(ts, QueryType.TIMESTAMP, 1)
                .end(qh, QueryType.OCCLUSION, 2)
                .resolve(qh, QueryType.OCCLUSION, 0, 3, res, 0)
                .close();
        t.execute(l).dump(res);
        return t.build();
    }

    static long scalar(RunResult r, String name) {
        return r.stats().find("queries." + name).value().longValue();
    }

    static double formula(RunResult r, String name) {
        return r.stats().find("queries." + name).value().doubleValue();
    }

    static long latency(RunResult r, int index) {
        for (RunResult.QueryReport q : r.queries()) {
            if (q.heap().equals("qh") && q.index() == index) {
                return q.latency();
            }
        }
        throw new AssertionError("no query qh[" + index + "]");
    }

    // An idle end marker's trip, defaults (queue.latency 1, memory.latency 100, 4 DBs, 64-byte
    // lines at 64 bytes a cycle), as the timeline shows it for qh[0], issued at cycle t:
    //   1                 the command processor pushes the marker the cycle after it issues it
    //   6 x (1 + 1)       six queue crossings (cp->ia, ia->vs, vs->clip, clip->setup,
    //                     setup->raster, raster->dbN), each followed by the stage's one cycle
    //                     for a marker (IA, VS, clipper, setup, rasterizer, the DBs)
    //   1                 the channel takes the DBs' writes the cycle after they are made
    //                     (channels tick first in a cycle)
    //   1                 the four DBs' end words share one 64-byte line: one service cycle
    //   100               memory.latency, to the write's completion
    // = 115. A queue-latency or memory-latency change moves it by 6 per cycle or 1 per cycle.
    @ParameterizedTest
    @CsvSource({"1, 100, 115", "3, 40, 67", "2, 1000, 1021"})
    void anIdleQueryTakesTheSumOfTheLatenciesOnItsWay(int queueLatency, int memoryLatency, long expected) {
        assertEquals(1 + 6 * (queueLatency + 1) + 1 + 1 + memoryLatency, expected);
        RunResult r = run(scene(), DRAIN, "queue.latency=" + queueLatency, "memory.latency=" + memoryLatency);
        assertEquals(expected, latency(r, 0));
        assertEquals(expected, latency(r, 2), "after a drain, a query around a draw is as fast as an empty one");
        assertEquals(2, scalar(r, "idle_latency_count"));
        assertEquals(expected, scalar(r, "idle_latency_max"));
        assertEquals(expected, formula(r, "idle_latency_p50"));
        assertEquals(expected, formula(r, "idle_latency_p90"));
        assertEquals((double) expected, formula(r, "idle_latency_mean"));
        Stat.Histogram h = (Stat.Histogram) r.stats().find("queries.idle_latency_histogram");
        assertEquals(2, h.samples());
        assertEquals(expected, h.min());
        assertEquals(expected, h.max());
        int bucket = (int) (expected / h.bucketSize());
        assertEquals(2, h.weight(bucket));
        assertEquals(h.buckets() - 1, bucket, "the buckets end at the longest latency's");
        // qh[1]'s end queues behind its draw: loaded, and slower than the idle ones.
        assertEquals(1, scalar(r, "loaded_latency_count"));
        assertEquals(latency(r, 1), scalar(r, "loaded_latency_max"));
        assertEquals((double) latency(r, 1), formula(r, "loaded_latency_p50"));
        assertEquals(true, latency(r, 1) > expected, latency(r, 1) + " vs " + expected);
        assertEquals(3, scalar(r, "resolvable_latency_count"), "every EndQuery is loaded or idle");
        assertEquals(latency(r, 1), scalar(r, "resolvable_latency_max"));
    }

    @Test
    void theHistogramsSpanZeroToTheLongestLatency() {
        RunResult r = run(scene(), DRAIN);
        // The idle queries' 115 cycles: 0..115 does not fit in 64 one-cycle buckets; in buckets
        // of 2 it takes 58 (115 / 2 = 57), and both queries sit in the last.
        Stat.Histogram idle = (Stat.Histogram) r.stats().find("queries.idle_latency_histogram");
        assertEquals(2, idle.bucketSize());
        assertEquals(58, idle.buckets());
        assertEquals(2, idle.weight(57));
        assertEquals(114, idle.bucketLow(57));
        assertEquals(115, idle.bucketHigh(57));
        assertEquals("cycles", idle.unit());
        assertEquals("queries", idle.weightUnit());
        // The loaded one (the draw's time is not fixed by the design): the narrowest
        // power-of-two width that fits 0..latency in 64 buckets, the query in the last.
        long loadedCycles = latency(r, 1);
        Stat.Histogram loaded = (Stat.Histogram) r.stats().find("queries.loaded_latency_histogram");
        long width = 1;
        while (loadedCycles / width >= 64) {
            width *= 2;
        }
        assertEquals(width, loaded.bucketSize());
        assertEquals(loadedCycles / width + 1, loaded.buckets());
        assertEquals(1, loaded.weight(loaded.buckets() - 1));
        assertEquals(1, loaded.samples());
        // The queries count what they should: none in qh[0]; every one of the 64 x 32 samples in
        // qh[1] (depth cleared to 1, the draw at 0.5) and in qh[2] (the nearer draw at 0.25).
        assertArrayEquals(new long[] {0, 2048, 2048}, dump(r, 0));
    }

    @Test
    void functionalModeSplitsNothingAndReportsNoCycles() {
        RunResult r = run(scene(), "sim.mode=functional");
        assertEquals(3, scalar(r, "resolvable_latency_count"));
        assertEquals(0, scalar(r, "loaded_latency_count"));
        assertEquals(0, scalar(r, "idle_latency_count"));
        assertEquals(0, scalar(r, "resolvable_latency_max"));
        assertEquals(0.0, formula(r, "resolvable_latency_p90"));
        assertEquals(0, ((Stat.Histogram) r.stats().find("queries.resolvable_latency_histogram")).samples());
    }
}
