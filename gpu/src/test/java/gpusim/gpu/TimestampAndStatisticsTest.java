package gpusim.gpu;

import static gpusim.gpu.TraceBuilder.concat;
import static gpusim.gpu.TraceBuilder.dump;
import static gpusim.gpu.TraceBuilder.fullScreen;
import static gpusim.gpu.TraceBuilder.quad;
import static gpusim.gpu.TraceBuilder.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.CommandListType;
import gpusim.api.CullMode;
import gpusim.api.IndexFormat;
import gpusim.api.PrimitiveTopology;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.config.Config;
import gpusim.config.SharedKeys;
import gpusim.gpu.cp.CommandProcessor;
import gpusim.gpu.rb.RenderBackEndQueryProtocol;
import gpusim.memory.DeviceMemory;
import gpusim.memory.MemorySystem;
import gpusim.sim.Engine;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import java.math.BigInteger;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Timestamp queries and pipeline statistics, end to end. */
class TimestampAndStatisticsTest {

    static long[] timestamps(int instances) {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 64, 64, 4);
        Resource.QueryHeap ts = t.queryHeap("ts", QueryHeapType.TIMESTAMP, 4);
        Resource.Buffer out = t.buffer("out", 32);
        Resource.VertexBuffer vb = t.vertices("vb", fullScreen(0.5f));
        CommandList l = t.list("l").targets(rt, null).pso(t.pso("p")).vb(vb)
                .end(ts, QueryType.TIMESTAMP, 0)
                .draw(6, 0, instances)
                .end(ts, QueryType.TIMESTAMP, 1)
                .end(ts, QueryType.TIMESTAMP, 2)
                .resolve(ts, QueryType.TIMESTAMP, 0, 3, out, 0).close();
        CommandList c = t.list("c", CommandListType.COMPUTE).dispatch(64, 64, 1)
                .end(ts, QueryType.TIMESTAMP, 3).resolve(ts, QueryType.TIMESTAMP, 3, 1, out, 24).close();
        // The queues run concurrently: only a fence orders the compute list after the direct one.
        Resource.Fence f = t.fence("f", 0);
        t.execute(l).signal(f, 1, CommandListType.DIRECT).await(f, 1, CommandListType.COMPUTE).execute(c).dump(out);
        return dump(run(t.build()), 0);
    }

    // D3D12 timestamps are written at the bottom of the pipe after all earlier work: they never go
    // backwards, and the interval around a draw grows with the draw's work.
    @Test
    void timestampsAreNonDecreasingAndGrowWithWork() {
        long[] small = timestamps(1);
        long[] big = timestamps(30);
        for (long[] ts : new long[][] {small, big}) {
            assertTrue(ts[0] <= ts[1] && ts[1] <= ts[2] && ts[2] <= ts[3], java.util.Arrays.toString(ts));
            assertTrue(ts[1] - ts[0] > ts[2] - ts[1], "the draw takes longer than nothing: " + java.util.Arrays.toString(ts));
        }
        assertTrue(big[1] - big[0] > 10 * (small[1] - small[0]) / 2,
                "30 quads take much longer than one: " + (big[1] - big[0]) + " vs " + (small[1] - small[0]));
        assertTrue(big[3] > big[2], "the compute list's timestamp comes after the dispatch");
    }

    static CommandProcessor cp(String... cfg) {
        Config c = TraceBuilder.unitDefaults();
        for (String kv : cfg) {
            c = c.with(kv);
        }
        Engine e = new Engine(100);
        DeviceMemory dm = new DeviceMemory(256);
        MemorySystem ms = new MemorySystem(e, dm, MemorySystem.Params.single(4, 10, 64));
        gpusim.gpu.raster.TileMap tiles = GpuBuilder.tileMap(c);
        CommandProcessor.Links links = new CommandProcessor.Links(e, ms, new PipelineDrain(e, ms),
                new PipelineCounters(), new DrawTracker(), tiles);
        Resources res = new Resources(List.of(), dm, new RenderBackEndQueryProtocol(tiles), tiles.tileSize);
        return new CommandProcessor(links, res, List.of(), PipelineParams.of(c).cp());
    }

    // Timestamp ticks = cycles x timestamp.frequency_hz / (gpu.clock_mhz x 10^6), exactly (rounded
    // down), for every configuration the keys allow.
    @Test
    void timestampConversionIsExact() {
        assertEquals(1234, cp().timestamp(12345), "defaults: 1 GHz clock, 100 MHz timestamps");
        assertEquals(0, cp().timestamp(9));
        String[][] cfgs = {{}, {"gpu.clock_mhz=1500"}, {"gpu.clock_mhz=7", "timestamp.frequency_hz=3"},
            {"timestamp.frequency_hz=10000000000"}, {"gpu.clock_mhz=10000", "timestamp.frequency_hz=10000000000"},
            {"gpu.clock_mhz=1", "timestamp.frequency_hz=10000000000"}};
        long[] cycles = {0, 1, 999, 1_000_000_007L, 999_999_999L, 9_999_999_999L, 123_456_789_012L};
        for (String[] cfg : cfgs) {
            CommandProcessor p = cp(cfg);
            Config c = TraceBuilder.unitDefaults();
            for (String kv : cfg) {
                c = c.with(kv);
            }
            BigInteger hz = BigInteger.valueOf(c.get(SharedKeys.CLOCK_MHZ) * 1_000_000L);
            BigInteger ts = BigInteger.valueOf(c.get(PipelineParams.TIMESTAMP_HZ));
            for (long cyc : cycles) {
                long expect = BigInteger.valueOf(cyc).multiply(ts).divide(hz).longValueExact();
                assertEquals(expect, p.timestamp(cyc), String.join(" ", cfg) + " at cycle " + cyc);
            }
        }
    }

    /** Resolves a PIPELINE_STATISTICS query around each of several draws; returns the 11-word results. */
    static long[][] statistics() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 32, 32, 1);
        Resource.QueryHeap ps = t.queryHeap("ps", QueryHeapType.PIPELINE_STATISTICS, 7);
        Resource.Buffer out = t.buffer("out", 7 * 88);
        Resource.VertexBuffer vb = t.vertices("vb", concat(quad(-1, -1, 0, 0, 0.5f), quad(0, 0, 1, 1, 0.5f),
                new float[] {-1, 1, 0.5f, 1, 1, 1, 0.5f, 1, -1, 0, 0.5f, 1, 1, 0, 0.5f, 1, -1, -1, 0.5f, 1}));
        Resource.IndexBuffer ib = t.indices("ib", IndexFormat.R16_UINT, 0, 1, 2, 3, 4, 5, 6, 7, 8);
        Resource.Pso list = t.pso("list", new TraceBuilder.Pso().cull(CullMode.NONE));
        Resource.Pso strip = t.pso("strip", new TraceBuilder.Pso().cull(CullMode.NONE)
                .topology(PrimitiveTopology.TRIANGLE_STRIP));
        TraceBuilder.ListBuilder l = t.list("l").targets(rt, null).vb(vb).ib(ib).pso(list);
        l.begin(ps, QueryType.PIPELINE_STATISTICS, 0).draw(6).end(ps, QueryType.PIPELINE_STATISTICS, 0);
        l.begin(ps, QueryType.PIPELINE_STATISTICS, 1).draw(3, 0, 4).end(ps, QueryType.PIPELINE_STATISTICS, 1);
        l.begin(ps, QueryType.PIPELINE_STATISTICS, 2).drawIndexed(6, 0, 6, 2).end(ps, QueryType.PIPELINE_STATISTICS, 2);
        l.pso(strip);
        l.begin(ps, QueryType.PIPELINE_STATISTICS, 3).draw(5, 12, 1).end(ps, QueryType.PIPELINE_STATISTICS, 3);
        l.begin(ps, QueryType.PIPELINE_STATISTICS, 4).draw(4, 12, 3).end(ps, QueryType.PIPELINE_STATISTICS, 4);
        l.begin(ps, QueryType.PIPELINE_STATISTICS, 5).draw(2, 12, 1).dispatch(3, 2, 5)
                .end(ps, QueryType.PIPELINE_STATISTICS, 5);
        l.pso(list);
        l.begin(ps, QueryType.PIPELINE_STATISTICS, 6).draw(6).draw(5, 12, 1).pso(strip).draw(5, 12, 1)
                .end(ps, QueryType.PIPELINE_STATISTICS, 6);
        l.resolve(ps, QueryType.PIPELINE_STATISTICS, 0, 7, out, 0);
        t.execute(l.close()).dump(out);
        long[] all = dump(run(t.build()), 0);
        long[][] r = new long[7][];
        for (int i = 0; i < 7; i++) {
            r[i] = java.util.Arrays.copyOfRange(all, i * 11, i * 11 + 11);
        }
        return r;
    }

    // D3D11 functional spec, pipeline statistics: IAVertices counts the vertices input assembly read
    // (vertex count x instances); IAPrimitives the primitives it made: n / 3 a list instance,
    // n - 2 a strip instance. Without geometry shading CInvocations = IAPrimitives; CSInvocations
    // counts dispatched groups here (one invocation a group).
    @Test
    void inputAssemblyStatisticsForListsStripsAndInstances() {
        long[][] s = statistics();
        long[][] expect = {
            // IAVertices, IAPrimitives
            {6, 2},      // list of 6
            {12, 4},     // list of 3, 4 instances
            {12, 4},     // indexed list of 6, 2 instances
            {5, 3},      // strip of 5
            {12, 6},     // strip of 4, 3 instances
            {2, 0},      // strip of 2: no triangle
            {16, 2 + 1 + 3}, // list 6, list of 5 (one triangle), strip of 5
        };
        for (int i = 0; i < expect.length; i++) {
            assertEquals(expect[i][0], s[i][PipelineCounters.IA_VERTICES], "IAVertices of query " + i);
            assertEquals(expect[i][1], s[i][PipelineCounters.IA_PRIMITIVES], "IAPrimitives of query " + i);
            assertEquals(expect[i][1], s[i][PipelineCounters.C_INVOCATIONS], "CInvocations of query " + i);
            assertEquals(0, s[i][PipelineCounters.GS_INVOCATIONS]);
            assertEquals(0, s[i][PipelineCounters.HS_INVOCATIONS]);
            assertEquals(0, s[i][PipelineCounters.DS_INVOCATIONS]);
        }
        assertEquals(30, s[5][PipelineCounters.CS_INVOCATIONS]);
        assertEquals(0, s[4][PipelineCounters.CS_INVOCATIONS]);
        // the visible, unclipped triangles all leave the clipper
        assertEquals(2, s[0][PipelineCounters.C_PRIMITIVES]);
        assertEquals(3, s[3][PipelineCounters.C_PRIMITIVES]);
    }

    // PIPELINE_STATISTICS1 has the same first eleven fields plus AS/MS ones (zero without those stages).
    @Test
    void pipelineStatistics1HasFourteenFields() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 16, 16, 1);
        Resource.QueryHeap ps = t.queryHeap("ps", QueryHeapType.PIPELINE_STATISTICS1, 1);
        Resource.Buffer out = t.buffer("out", QueryType.PIPELINE_STATISTICS1.resultBytes() + 8);
        Resource.VertexBuffer vb = t.vertices("vb", fullScreen(0.5f));
        CommandList l = t.list("l").targets(rt, null).vb(vb).pso(t.pso("p"))
                .begin(ps, QueryType.PIPELINE_STATISTICS1, 0).draw(6, 0, 2).dispatch(1, 1, 7)
                .end(ps, QueryType.PIPELINE_STATISTICS1, 0)
                .resolve(ps, QueryType.PIPELINE_STATISTICS1, 0, 1, out, 0).close();
        t.execute(l).dump(out);
        long[] v = dump(run(t.build()), 0);
        assertEquals(15, v.length);
        assertEquals(12, v[PipelineCounters.IA_VERTICES]);
        assertEquals(4, v[PipelineCounters.IA_PRIMITIVES]);
        assertEquals(7, v[PipelineCounters.CS_INVOCATIONS]);
        assertArrayEquals(new long[] {0, 0, 0}, java.util.Arrays.copyOfRange(v, 11, 14));
        assertEquals(0, v[14], "nothing written past the 14 fields");
    }
}
