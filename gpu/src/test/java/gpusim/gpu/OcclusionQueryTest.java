package gpusim.gpu;

import static gpusim.gpu.TraceBuilder.concat;
import static gpusim.gpu.TraceBuilder.dump;
import static gpusim.gpu.TraceBuilder.fullScreen;
import static gpusim.gpu.TraceBuilder.quad;
import static gpusim.gpu.TraceBuilder.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.ComparisonFunc;
import gpusim.api.CullMode;
import gpusim.api.DepthFormat;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Occlusion and binary occlusion queries, end to end through {@link Gpu#run()}. */
class OcclusionQueryTest {
    static final int W = 24;
    static final int H = 16;

    // Occlusion counts samples that passed depth and stencil: a full-screen quad drawn over a depth
    // cleared to 1.0 passes at all W x H x S samples; a quarter-screen quad nearer passes at its
    // quarter; a second full-screen quad at the first one's depth with LESS passes nowhere. Binary
    // occlusion gives 1 for any passing sample, 0 for none.
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 4, 8, 16})
    void occlusionCountsExactSamplesAtEverySampleCount(int s) {
        RunResult r = run(basicScene(s));
        long all = (long) W * H * s;
        assertArrayEquals(new long[] {all, all / 4, 0, 0, 1, 0}, dump(r, 0));
    }

    static Trace basicScene(int s) {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", W, H, s);
        Resource.DepthStencil ds = t.depthStencil("ds", W, H, s, DepthFormat.D32_FLOAT);
        Resource.QueryHeap qh = t.queryHeap("qh", QueryHeapType.OCCLUSION, 6);
        Resource.Buffer res = t.buffer("res", 48);
        Resource.VertexBuffer vb = t.vertices("vb", concat(fullScreen(0.5f), quad(-1, -1, 0, 0, 0.25f)));
        Resource.Pso p = t.pso("p");
        CommandList l = t.list("l").targets(rt, ds).pso(p).vb(vb).clearDs(ds, 1f, null)
                .begin(qh, QueryType.OCCLUSION, 0).draw(6).end(qh, QueryType.OCCLUSION, 0)
                .begin(qh, QueryType.OCCLUSION, 1).draw(6, 6, 1).end(qh, QueryType.OCCLUSION, 1)
                .begin(qh, QueryType.OCCLUSION, 2).draw(6).end(qh, QueryType.OCCLUSION, 2)
                .begin(qh, QueryType.BINARY_OCCLUSION, 3).draw(6).end(qh, QueryType.BINARY_OCCLUSION, 3)
                .clearDs(ds, 1f, null)
                .begin(qh, QueryType.BINARY_OCCLUSION, 4).draw(6, 6, 1).end(qh, QueryType.BINARY_OCCLUSION, 4)
                .resolve(qh, QueryType.OCCLUSION, 0, 3, res, 0)
                .resolve(qh, QueryType.BINARY_OCCLUSION, 3, 2, res, 24)
                .close();
        t.execute(l).dump(res);
        return t.build();
    }

    /** A scene with overlapping, sloped, multisampled geometry and every query kind the DBs feed. */
    static Trace busyScene(int samples, DepthFormat format) {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 70, 45, samples);
        Resource.DepthStencil ds = t.depthStencil("ds", 70, 45, samples, format);
        Resource.QueryHeap qh = t.queryHeap("qh", QueryHeapType.OCCLUSION, 8);
        Resource.QueryHeap ps = t.queryHeap("ps", QueryHeapType.PIPELINE_STATISTICS, 1);
        Resource.Buffer res = t.buffer("res", 64);
        Resource.Buffer stats = t.buffer("stats", 88);
        Resource.VertexBuffer vb = t.vertices("vb", concat(
                fullScreen(0.6f),
                quad(-0.7f, -0.9f, 0.3f, 0.55f, 0.4f),
                new float[] {-0.93f, 0.91f, 0.2f, 1, 0.81f, 0.37f, 0.7f, 1, -0.2f, -0.97f, 0.5f, 1},
                new float[] {0.11f, 0.95f, 0.9f, 1, 0.98f, -0.99f, 0.1f, 1, -0.55f, -0.2f, 0.35f, 1},
                quad(-2, -2, 2, 2, 0.45f)));
        Resource.Pso p = t.pso("p", new TraceBuilder.Pso().cull(CullMode.NONE));
        Resource.Pso eq = t.pso("eq", new TraceBuilder.Pso().cull(CullMode.NONE)
                .depth(true, false, ComparisonFunc.EQUAL));
        CommandList l = t.list("l").targets(rt, ds).pso(p).vb(vb).clearDs(ds, 1f, null)
                .begin(ps, QueryType.PIPELINE_STATISTICS, 0)
                .begin(qh, QueryType.OCCLUSION, 0).draw(6).end(qh, QueryType.OCCLUSION, 0)
                .begin(qh, QueryType.OCCLUSION, 1).draw(6, 6, 1).end(qh, QueryType.OCCLUSION, 1)
                .begin(qh, QueryType.OCCLUSION, 2).draw(3, 12, 1).end(qh, QueryType.OCCLUSION, 2)
                .begin(qh, QueryType.OCCLUSION, 3).draw(3, 15, 1).end(qh, QueryType.OCCLUSION, 3)
                .begin(qh, QueryType.OCCLUSION, 4).draw(6, 18, 1).end(qh, QueryType.OCCLUSION, 4)
                .begin(qh, QueryType.BINARY_OCCLUSION, 5).draw(6, 6, 1).end(qh, QueryType.BINARY_OCCLUSION, 5)
                .pso(eq)
                .begin(qh, QueryType.OCCLUSION, 6).draw(6, 18, 1).draw(3, 12, 1).end(qh, QueryType.OCCLUSION, 6)
                .end(ps, QueryType.PIPELINE_STATISTICS, 0)
                .resolve(qh, QueryType.OCCLUSION, 0, 5, res, 0)
                .resolve(qh, QueryType.BINARY_OCCLUSION, 5, 1, res, 40)
                .resolve(qh, QueryType.OCCLUSION, 6, 1, res, 48)
                .resolve(ps, QueryType.PIPELINE_STATISTICS, 0, 1, stats, 0)
                .close();
        t.execute(l).dump(res).dump(stats);
        return t.build();
    }

    // The DBs split the screen; how many there are must not change any count, only the timing.
    @Test
    void resultsDoNotDependOnTheNumberOfDepthBlocks() {
        Trace trace = busyScene(4, DepthFormat.D24_UNORM_S8_UINT);
        RunResult ref = run(trace, "db.count=1");
        long[] counts = dump(ref, 0);
        assertTrue(counts[0] > 0 && counts[1] > 0 && counts[2] > 0 && counts[3] > 0 && counts[4] > 0,
                java.util.Arrays.toString(counts));
        assertEquals(70L * 45 * 4, counts[0]);
        Set<Long> cycles = new HashSet<>();
        cycles.add(ref.cycles());
        for (int dbs : new int[] {2, 4, 7, 16}) {
            RunResult r = run(trace, "db.count=" + dbs, dbs == 7 ? "sim.threads=1" : "sim.threads=0");
            assertArrayEquals(counts, dump(r, 0), "occlusion results with " + dbs + " DBs");
            assertArrayEquals(dump(ref, 1), dump(r, 1), "pipeline statistics with " + dbs + " DBs");
            cycles.add(r.cycles());
        }
        assertTrue(cycles.size() > 1, "the DB count should change the timing: " + cycles);
    }

    // Tile size and hierarchical Z change the work, never a result.
    @Test
    void resultsDoNotDependOnTileSizeOrHierarchicalZ() {
        Trace trace = busyScene(2, DepthFormat.D16_UNORM);
        long[] counts = dump(run(trace), 0);
        for (String[] cfg : new String[][] {{"db.tile=16"}, {"db.tile=32", "db.count=3"}, {"hiz.enabled=off"},
                {"hiz.enabled=off", "db.count=5", "db.tile=16"}}) {
            assertArrayEquals(counts, dump(run(trace, cfg), 0), String.join(" ", cfg));
        }
    }

    // Trace format defaults: "A query that was never ended resolves to 0". Here the slot was never used
    // at all, and the destination held a non-zero result before, so the 0 is really written.
    @Test
    void queryNeverEndedResolvesToZero() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 8, 8, 1);
        Resource.QueryHeap qh = t.queryHeap("qh", QueryHeapType.OCCLUSION, 4);
        Resource.Buffer res = t.buffer("res", 32);
        Resource.VertexBuffer vb = t.vertices("vb", fullScreen(0.5f));
        Resource.Pso p = t.pso("p");
        CommandList l = t.list("l").targets(rt, null).pso(p).vb(vb)
                .begin(qh, QueryType.OCCLUSION, 0).draw(6).end(qh, QueryType.OCCLUSION, 0)
                .resolve(qh, QueryType.OCCLUSION, 0, 1, res, 0)
                .resolve(qh, QueryType.OCCLUSION, 0, 1, res, 8)
                .resolve(qh, QueryType.OCCLUSION, 0, 1, res, 16)
                .resolve(qh, QueryType.OCCLUSION, 0, 1, res, 24)
                .resolve(qh, QueryType.OCCLUSION, 3, 1, res, 8)
                .resolve(qh, QueryType.OCCLUSION, 1, 2, res, 16)
                .close();
        t.execute(l).dump(res);
        RunResult r = run(t.build());
        assertArrayEquals(new long[] {64, 0, 0, 0}, dump(r, 0));
    }

    // ID3D11DeviceContextX::WriteQuery(OCCLUSION): each DB writes its own counter at OFFSET + DB x STRIDE;
    // the difference of two writes is what each DB counted in between. Tile (tx, ty) of 8 pixels belongs
    // to DB (tx + ty) mod 4, so on a 24x16 target DBs 0..3 own 1, 2, 2 and 1 tiles of 64 pixels.
    @Test
    void writeQueryGivesEachDepthBlocksCounter() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", W, H, 1);
        Resource.Buffer wq = t.buffer("wq", 512);
        Resource.VertexBuffer vb = t.vertices("vb", fullScreen(0.5f));
        CommandList l = t.list("l").targets(rt, null).pso(t.pso("p")).vb(vb)
                .draw(6)
                .writeQuery(gpusim.api.D3D11Query.OCCLUSION, 0, wq, 0, 64)
                .draw(6, 0, 2)
                .writeQuery(gpusim.api.D3D11Query.OCCLUSION, 0, wq, 256, 64)
                .close();
        t.execute(l).dump(wq);
        long[] v = dump(run(t.build(), "db.count=4", "db.tile=8"), 0);
        long[] before = {v[0], v[8], v[16], v[24]};
        long[] after = {v[32], v[40], v[48], v[56]};
        assertArrayEquals(new long[] {64, 128, 128, 64}, before, "counters after the first draw");
        assertArrayEquals(new long[] {192, 384, 384, 192}, after, "counters after two more");
        assertEquals(0, v[1], "only the counter word is written");
    }

    // Without a depth-stencil target every covered sample passes (counts as visible).
    @Test
    void withoutDepthTargetEveryCoveredSamplePasses() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 20, 12, 8);
        Resource.QueryHeap qh = t.queryHeap("qh", QueryHeapType.OCCLUSION, 1);
        Resource.Buffer res = t.buffer("res", 8);
        Resource.VertexBuffer vb = t.vertices("vb", fullScreen(0.5f));
        CommandList l = t.list("l").targets(rt, null).pso(t.pso("p")).vb(vb)
                .begin(qh, QueryType.OCCLUSION, 0).draw(6, 0, 3).end(qh, QueryType.OCCLUSION, 0)
                .resolve(qh, QueryType.OCCLUSION, 0, 1, res, 0).close();
        t.execute(l).dump(res);
        assertArrayEquals(new long[] {3L * 20 * 12 * 8}, dump(run(t.build()), 0));
    }

    // D3D12: BeginQuery/EndQuery may be issued again on the same query index; ResolveQueryData reports
    // the last use. The first use's end counters must not be mistaken for the second's, even while the
    // pipeline is still busy with the first use's draws when the second begins.
    @Test
    void reusedQueryIndexResolvesToItsLastUse() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 64, 64, 4);
        Resource.QueryHeap qh = t.queryHeap("qh", QueryHeapType.OCCLUSION, 1);
        Resource.Buffer res = t.buffer("res", 8);
        Resource.VertexBuffer vb = t.vertices("vb", concat(fullScreen(0.5f), quad(-1, -1, 0, 1, 0.5f)));
        Resource.Pso p = t.pso("p", new TraceBuilder.Pso().depth(false, false, ComparisonFunc.ALWAYS));
        CommandList l = t.list("l").targets(rt, null).pso(p).vb(vb)
                .begin(qh, QueryType.OCCLUSION, 0).draw(6, 0, 40).end(qh, QueryType.OCCLUSION, 0)
                .begin(qh, QueryType.OCCLUSION, 0).draw(6, 6, 20).end(qh, QueryType.OCCLUSION, 0)
                .resolve(qh, QueryType.OCCLUSION, 0, 1, res, 0).close();
        t.execute(l).dump(res);
        RunResult r = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> run(t.build()));
        assertArrayEquals(new long[] {20L * 32 * 64 * 4}, dump(r, 0));
    }

    // The bounded queues between stages may take any configured latency (queue.latency 1..1000); the
    // results must not change and the run must finish (each push wakes its consumer when the item
    // arrives). Guarded by a timeout because a lost wake-up can also make a resolve poll forever.
    @Test
    void resultsDoNotDependOnQueueLatency() {
        for (Trace trace : new Trace[] {busyScene(1, DepthFormat.D32_FLOAT), basicScene(4)}) {
            long[] counts = dump(run(trace), 0);
            RunResult r = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> run(trace, "queue.latency=2"));
            assertArrayEquals(counts, dump(r, 0), "queue.latency=2");
        }
    }

    // Two identical runs give identical dumps, query reports, cycles and engine work, however many host
    // threads do the depth blocks' functional work (sim.threads: 1 = none, 0 = one per core).
    @Test
    void runsAreDeterministic() {
        Trace trace = busyScene(4, DepthFormat.D24_UNORM_S8_UINT);
        RunResult a = run(trace, "db.count=3", "sim.threads=1");
        for (String threads : new String[] {"sim.threads=1", "sim.threads=3", "sim.threads=0", "sim.threads=8"}) {
            RunResult b = run(trace, "db.count=3", threads);
            assertEquals(a.cycles(), b.cycles(), threads);
            assertEquals(a.engineTicks(), b.engineTicks(), threads);
            assertEquals(a.dumps().size(), b.dumps().size());
            for (int i = 0; i < a.dumps().size(); i++) {
                assertArrayEquals(dump(a, i), dump(b, i), threads);
                assertEquals(a.dumps().get(i).buffer(), b.dumps().get(i).buffer());
            }
            assertEquals(a.queries().size(), b.queries().size());
            for (int i = 0; i < a.queries().size(); i++) {
                assertArrayEquals(a.queries().get(i).values(), b.queries().get(i).values(), threads);
                assertEquals(a.queries().get(i).latency(), b.queries().get(i).latency(), threads);
            }
        }
        assertNotEquals(0, a.cycles());
    }

    // cp.commands counts each command once, however often it polls: a BeginQuery that waits for
    // the previous use of its index to land and a resolve that re-reads counters not yet written
    // are one command each (they were counted again at every poll: 35 here, not 11). The second
    // use draws at the first's depth with LESS: no sample passes.
    @Test
    void aCommandThatPollsCountsOnce() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 64, 64, 1);
        Resource.DepthStencil ds = t.depthStencil("ds", 64, 64, 1, DepthFormat.D32_FLOAT);
        Resource.QueryHeap qh = t.queryHeap("qh", QueryHeapType.OCCLUSION, 1);
        Resource.Buffer res = t.buffer("res", 8);
        Resource.VertexBuffer vb = t.vertices("vb", fullScreen(0.5f));
        CommandList l = t.list("l").targets(rt, ds).pso(t.pso("p")).vb(vb).clearDs(ds, 1f, null)
                .begin(qh, QueryType.OCCLUSION, 0).draw(6).end(qh, QueryType.OCCLUSION, 0)
                .begin(qh, QueryType.OCCLUSION, 0).draw(6).end(qh, QueryType.OCCLUSION, 0)
                .resolve(qh, QueryType.OCCLUSION, 0, 1, res, 0)
                .close();
        t.execute(l).dump(res);
        RunResult r = run(t.build());
        assertArrayEquals(new long[] {0}, dump(r, 0));
        assertTrue(stat(r, "cp.resolve_polls") > 0, "the resolve polls");
        assertEquals(11, l.commands().size());
        assertEquals(11, stat(r, "cp.commands"));
    }

    private static long stat(RunResult r, String path) {
        return r.stats().find(path).value().longValue();
    }
}
