package gpusim.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.ComparisonFunc;
import gpusim.api.CullMode;
import gpusim.api.DepthFormat;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import org.junit.jupiter.api.Test;

/**
 * The cycles respond to the machine the way hardware's do: a fill-bound workload (full-screen
 * quads, depth test ALWAYS, cheap pixel shading) is limited by the render back ends, so
 * twice the depth blocks (each with its colour backend) take about half the cycles, while the
 * query results stay the same.
 */
class TimingSensitivityTest {
    static Trace fillBound() {
        TraceBuilder b = new TraceBuilder();
        Resource.RenderTarget rt = b.renderTarget("rt", 256, 256, 1);
        Resource.DepthStencil ds = b.depthStencil("ds", 256, 256, 1, DepthFormat.D32_FLOAT);
        Resource.QueryHeap qh = b.queryHeap("qh", QueryHeapType.OCCLUSION, 1);
        Resource.Buffer out = b.buffer("out", 8);
        Resource.VertexBuffer vb = b.vertices("vb",
                -1, -1, 0.5f, 1, -1, 1, 0.5f, 1, 1, 1, 0.5f, 1,
                -1, -1, 0.5f, 1, 1, 1, 0.5f, 1, 1, -1, 0.5f, 1);
        Resource.Pso pso = b.pso("p", new TraceBuilder.Pso().cull(CullMode.NONE)
                .depth(true, true, ComparisonFunc.ALWAYS).psCycles(1));
        var l = b.list("l").targets(rt, ds).pso(pso).vb(vb).begin(qh, QueryType.OCCLUSION, 0);
        for (int i = 0; i < 20; i++) {
            l.draw(6);
        }
        l.end(qh, QueryType.OCCLUSION, 0).resolve(qh, QueryType.OCCLUSION, 0, 1, out, 0);
        return b.execute(l.close()).dump(out).build();
    }

    @Test
    void doublingTheDepthBlocksHalvesAFillBoundRun() {
        Trace t = fillBound();
        RunResult two = TraceBuilder.run(t, "db.count=2");
        RunResult four = TraceBuilder.run(t, "db.count=4");
        RunResult eight = TraceBuilder.run(t, "db.count=8");
        // 20 full-screen draws of 256 x 256 samples, every one passing.
        assertArrayEquals(new long[] {20L * 256 * 256}, four.dumps().get(0).values());
        assertArrayEquals(two.dumps().get(0).values(), eight.dumps().get(0).values());
        assertTrue(two.cycles() >= 1.6 * four.cycles(), two.cycles() + " vs " + four.cycles());
        assertTrue(four.cycles() >= 1.6 * eight.cycles(), four.cycles() + " vs " + eight.cycles());
    }

    @Test
    void hierarchicalZChangesWorkNotResults() {
        Trace t = fillBound();
        RunResult on = TraceBuilder.run(t, "hiz.enabled=on");
        RunResult off = TraceBuilder.run(t, "hiz.enabled=off");
        assertArrayEquals(on.dumps().get(0).values(), off.dumps().get(0).values());
        // Depth test ALWAYS: HiZ cannot reject anything, so the work is the same.
        assertEquals(off.cycles(), on.cycles());
    }

    /** 6,000 small triangles, back-facing (culled): all vertex work, no pixels. */
    static Trace vertexBound() {
        TraceBuilder b = new TraceBuilder();
        Resource.RenderTarget rt = b.renderTarget("rt", 64, 64, 1);
        float[] v = new float[6000 * 3 * 4];
        for (int t = 0; t < 6000; t++) {
            float x = (t % 50) / 25f - 1;
            float y = (t / 50 % 50) / 25f - 1;
            // Counter-clockwise on screen: back-facing with the default cull mode (BACK).
            float[] tri = {x, y, 0.5f, 1, x + 0.01f, y, 0.5f, 1, x, y + 0.01f, 0.5f, 1};
            System.arraycopy(tri, 0, v, t * 12, 12);
        }
        Resource.VertexBuffer vb = b.vertices("vb", v);
        Resource.Pso pso = b.pso("p");
        var l = b.list("l").targets(rt, null).pso(pso).vb(vb).draw(6000 * 3);
        return b.execute(l.close()).build();
    }

    @Test
    void doublingVertexThroughputHalvesAVertexBoundRun() {
        Trace t = vertexBound();
        RunResult slow = TraceBuilder.run(t, "shader.units=8", "vs.cycles=32");
        RunResult fast = TraceBuilder.run(t, "shader.units=16", "vs.cycles=32");
        assertEquals(0, slow.stats().find("shaders.quads_shaded").value().longValue(), "nothing reaches the pixels");
        assertTrue(slow.cycles() >= 1.6 * fast.cycles(), slow.cycles() + " vs " + fast.cycles());
    }

    @Test
    void overdrawCountsEveryDepthTestOfAPixel() {
        Trace t = fillBound();
        Gpu gpu = new Gpu(t, TraceBuilder.unitDefaults().with("hiz.enabled=off"));
        gpu.recordOverdraw();
        RunResult r = gpu.run();
        // 20 full-screen draws of two triangles each: every pixel depth-tested 20 times.
        gpusim.gpu.db.DepthSurface ds = r.depthTargets().get(0);
        assertEquals(20, ds.overdrawAt(0, 0));
        assertEquals(20, ds.overdrawAt(255, 255));
        assertEquals(20, ds.overdrawAt(128, 77));
    }
}
