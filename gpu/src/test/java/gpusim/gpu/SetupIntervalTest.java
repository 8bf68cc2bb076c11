package gpusim.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.ComparisonFunc;
import gpusim.api.CullMode;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import org.junit.jupiter.api.Test;

/**
 * setup.interval_cycles: a triangle whose bounding box holds a sample position takes the
 * interval at setup; one whose box holds none (the small-primitive cull) does not.
 */
class SetupIntervalTest {
    /**
     * One draw of 15 triangles on a 16 x 16 target at {@code samples}: ten that hold pixel (2, 2)'s
     * centre, five inside pixel (5, 5) whose box [5.0625, 5.375] holds no centre but, at 4
     * samples, the sample at (0.375, 0.125). Returns the run and its occlusion count.
     */
    private static RunResult draw(int samples, String... config) {
        float[] held = TraceBuilder.pixelTriangle16(2.125, 2.125, 3.0, 2.125, 2.125, 3.0);
        float[] small = TraceBuilder.pixelTriangle16(5.0625, 5.0625, 5.375, 5.0625, 5.0625, 5.375);
        float[] all = new float[15 * 12];
        for (int i = 0; i < 15; i++) {
            System.arraycopy(i < 10 ? held : small, 0, all, i * 12, 12);
        }
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 16, 16, samples);
        Resource.QueryHeap qh = t.queryHeap("qh", QueryHeapType.OCCLUSION, 1);
        Resource.Buffer out = t.buffer("out", 8);
        Resource.Pso p = t.pso("p", new TraceBuilder.Pso().cull(CullMode.NONE).depth(false, false,
                ComparisonFunc.ALWAYS));
        CommandList l = t.list("l").targets(rt, null).pso(p).vb(t.vertices("vb", all))
                .begin(qh, QueryType.OCCLUSION, 0).draw(45).end(qh, QueryType.OCCLUSION, 0)
                .resolve(qh, QueryType.OCCLUSION, 0, 1, out, 0).close();
        Trace trace = t.execute(l).dump(out).build();
        return TraceBuilder.run(trace, config);
    }

    private static long setupBusy(RunResult r) {
        return r.stats().find("setup.busy_cycles").value().longValue();
    }

    @Test
    void theTrianglesWithASampleInTheirBoxTakeTheInterval() {
        RunResult one = draw(1);
        RunResult six = draw(1, "setup.interval_cycles=6");
        // Ten triangles held at one sample: 10 x (6 - 1) cycles more.
        assertEquals(50, setupBusy(six) - setupBusy(one));
        // Two a cycle: ceil(10 / 2) x 5.
        assertEquals(25, setupBusy(draw(1, "setup.interval_cycles=6", "setup.prims_per_clock=2"))
                - setupBusy(draw(1, "setup.prims_per_clock=2")));
        // At 4 samples the small triangles' box holds a sample too: 15 x 5.
        assertEquals(75, setupBusy(draw(4, "setup.interval_cycles=6")) - setupBusy(draw(4)));
        // Timing only: the occlusion count is the same.
        assertArrayEquals(TraceBuilder.dump(one, 0), TraceBuilder.dump(six, 0));
        assertTrue(six.cycles() > one.cycles());
    }
}
