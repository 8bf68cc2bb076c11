package gpusim.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.ComparisonFunc;
import gpusim.api.CullMode;
import gpusim.api.DepthFormat;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import org.junit.jupiter.api.Test;

/**
 * rop.whole_quads: the ROP's colour unit charges every sample of each 2x2 quad that has a
 * passing sample, at its colour rate and then (rop.depth_write_samples_per_clock) its depth-write
 * rate, instead of the passing samples only. One ROP, colour at 1 sample a cycle, D32 depth
 * writes at 2, so each wave's cost is exact: cb0.busy_cycles = 2 (the query's begin and end
 * markers, a cycle each) + floor(slots / 1 + slots / 2) (a ROP unit carries the part of a cycle
 * a wave leaves to the next; here there is one wave).
 */
class RopWholeQuadsTest {
    /**
     * The triangle (2.0625, 2.0625), (3.5, 2.0625), (2.0625, 3.5): inside x, y >= 2.0625 and
     * x + y <= 5.5625, no sample on an edge. At 1 sample it holds pixel (2, 2)'s centre (sum 5)
     * alone; at 4 (the standard positions, (2,-6)-style sixteenths) all four samples of pixel
     * (2, 2), and one each of pixels (3, 2) and (2, 3) (at (3.375, 2.125) and (2.375, 3.125), sum
     * 5.5): 6 samples, every one in the quad of pixels (2..3, 2..3).
     */
    static final float[] ONE_QUAD = TraceBuilder.pixelTriangle16(2.0625, 2.0625, 3.5, 2.0625, 2.0625, 3.5);

    /** A draw over a depth buffer cleared to 1 (every passing sample writes a new depth), in an occlusion query. */
    private static RunResult draw(float[] vertices, int samples, TraceBuilder.Pso pso, String... more) {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 16, 16, samples);
        Resource.DepthStencil ds = t.depthStencil("ds", 16, 16, samples, DepthFormat.D32_FLOAT);
        Resource.QueryHeap qh = t.queryHeap("qh", QueryHeapType.OCCLUSION, 1);
        Resource.Buffer out = t.buffer("out", 8);
        pso.cull(CullMode.NONE).depth(true, true, ComparisonFunc.LESS);
        var l = t.list("l").targets(rt, ds).pso(t.pso("p", pso)).vb(t.vertices("vb", vertices)).clearDs(ds, 1f, null)
                .begin(qh, QueryType.OCCLUSION, 0).draw(vertices.length / 4).end(qh, QueryType.OCCLUSION, 0)
                .resolve(qh, QueryType.OCCLUSION, 0, 1, out, 0);
        String[] config = new String[more.length + 7];
        String[] base = {"backend.kind=rops", "rop.partitions=1", "shader.engines=1", "rop.color_samples_per_clock=1",
            "rop.depth_write_samples_per_clock=2", "rop.crossbar_quads_per_clock=16", "rop.z_samples_per_clock=64"};
        System.arraycopy(base, 0, config, 0, base.length);
        System.arraycopy(more, 0, config, base.length, more.length);
        return TraceBuilder.run(t.execute(l.close()).dump(out).build(), config);
    }

    /** The occlusion query's begin and end markers pass the colour unit, a cycle each. */
    private static final long MARKERS = 2;

    private static long stat(RunResult r, String name) {
        return r.stats().find(name).value().longValue();
    }

    @Test
    void aPartlyCoveredQuadTakesAWholeQuadsSlots() {
        // 1 sample: 1 passing sample, a quad of 4 slots.
        RunResult on1 = oneQuad(1, 1, 4);
        assertEquals(1, stat(on1, "db0.quads"));
        // 4 samples: 6 passing samples, a quad of 16 slots.
        RunResult on4 = oneQuad(4, 6, 16);
        assertEquals(1, stat(on4, "db0.quads"));
        // Timing only: the count, and the colour samples the unit reports, are the passing ones.
        assertArrayEquals(TraceBuilder.dump(draw(ONE_QUAD, 4, new TraceBuilder.Pso()), 0), TraceBuilder.dump(on4, 0));
        assertEquals(6, stat(on4, "cb0.color_samples"));
    }

    /**
     * The one-quad draw at {@code samples}: {@code passed} passing samples; the colour unit's
     * cycles are floor(n / 1 + n / 2) for n = passed with the key off and n = slots with it on.
     * Returns the run with it on.
     */
    private static RunResult oneQuad(int samples, long passed, long slots) {
        RunResult off = draw(ONE_QUAD, samples, new TraceBuilder.Pso());
        RunResult on = draw(ONE_QUAD, samples, new TraceBuilder.Pso(), "rop.whole_quads=on");
        assertEquals(passed, stat(off, "db0.samples_passed"));
        assertEquals(passed, stat(on, "db0.samples_passed"));
        assertEquals(MARKERS + passed + passed / 2, stat(off, "cb0.busy_cycles"), samples + "x, off");
        assertEquals(MARKERS + slots + slots / 2, stat(on, "cb0.busy_cycles"), samples + "x, on");
        return on;
    }

    @Test
    void wholeQuadsChangeNothingWhereEveryQuadIsWholeOrTheQuadsAreTestedLate() {
        float[] screen = BackEndTimingTest.BIG;
        RunResult off = draw(screen, 1, new TraceBuilder.Pso());
        RunResult on = draw(screen, 1, new TraceBuilder.Pso(), "rop.whole_quads=on");
        assertEquals(256, stat(on, "db0.samples_passed"));
        assertEquals(stat(off, "cb0.busy_cycles"), stat(on, "cb0.busy_cycles"), "every quad of the target is whole");
        assertEquals(off.cycles(), on.cycles());
        // Late Z: the wave's quads are the shaded ones, tested in the colour unit: unchanged.
        RunResult lateOff = draw(ONE_QUAD, 4, new TraceBuilder.Pso().lateZ(true));
        RunResult lateOn = draw(ONE_QUAD, 4, new TraceBuilder.Pso().lateZ(true), "rop.whole_quads=on");
        assertEquals(stat(lateOff, "cb0.busy_cycles"), stat(lateOn, "cb0.busy_cycles"));
        // The render back ends have no such key: their colour back ends charge passing samples.
        assertEquals(stat(TraceBuilder.run(trace1()), "cb0.busy_cycles"),
                stat(TraceBuilder.run(trace1(), "rop.whole_quads=on"), "cb0.busy_cycles"));
    }

    /** The one-quad draw on the render back ends' default machine. */
    private static Trace trace1() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 16, 16, 1);
        var l = t.list("l").targets(rt, null).pso(t.pso("p", new TraceBuilder.Pso().cull(CullMode.NONE)))
                .vb(t.vertices("vb", ONE_QUAD)).draw(3);
        return t.execute(l.close()).build();
    }
}
