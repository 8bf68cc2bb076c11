package gpusim.gpu;

import static gpusim.gpu.BackEndTimingTest.BIG;
import static gpusim.gpu.BackEndTimingTest.noCull;
import static gpusim.gpu.BackEndTimingTest.stat;
import static gpusim.gpu.TraceBuilder.dump;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.ComparisonFunc;
import gpusim.api.DepthFormat;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.api.StencilOp;
import gpusim.config.Config;
import gpusim.trace.Resource;
import gpusim.trace.StencilFace;
import gpusim.trace.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The ROP back end (backend.kind=rops, docs/model.md "The ROP back end"): one occlusion
 * report per marker whose count is the sum of the ROP units' counts, no per-unit counter
 * writes, and each ROP unit's and the crossbar's rates, exactly.
 */
class RopBackEndTest {
    /**
     * A 64x64 target, one full-screen triangle drawn inside an occlusion query over a cleared
     * depth buffer, resolved and dumped: every one of the 4,096 samples passes.
     */
    static Trace query() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 64, 64, 1);
        Resource.DepthStencil ds = t.depthStencil("ds", 64, 64, 1, DepthFormat.D32_FLOAT);
        Resource.QueryHeap qh = t.queryHeap("qh", QueryHeapType.OCCLUSION, 2);
        Resource.Buffer out = t.buffer("out", 16);
        var l = t.list("l").targets(rt, ds).pso(t.pso("p", noCull())).vb(t.vertices("vb", BIG)).clearDs(ds, 1f, null)
                .begin(qh, QueryType.OCCLUSION, 1).draw(3).end(qh, QueryType.OCCLUSION, 1)
                .resolve(qh, QueryType.OCCLUSION, 1, 1, out, 8);
        return t.execute(l.close()).dump(out).build();
    }

    @Test
    void oneReportPerMarkerOfTheRopsCountsSummedOnChip() {
        // Two partitions of two ROP units: four tile owners, as the render back ends' four DBs.
        RunResult r = TraceBuilder.run(query(), "backend.kind=rops", "rop.partitions=2", "rop.units_per_partition=2");
        assertArrayEquals(new long[] {0, 64 * 64}, dump(r, 0));
        long passed = 0;
        for (int u = 0; u < 4; u++) {
            long mine = stat(r, "db" + u + ".samples_passed");
            assertTrue(mine > 0, "ROP " + u + " owns tiles of the target and counts their samples");
            passed += mine;
            assertEquals(0, stat(r, "db" + u + ".counter_writes"), "a ROP unit writes no counter of its own");
        }
        assertEquals(64 * 64, passed, "the report is the sum of the units' counts");
        assertEquals(2, stat(r, "report.reports"), "one report for BeginQuery, one for EndQuery");
        assertEquals(1, stat(r, "report.availability_writes"));
        assertEquals(64, stat(r, "xbar.waves"), "every shaded wave crossed to its ROP");

        // The render back ends on the same machine: four DBs, each writing its own begin and end words.
        RunResult rb = TraceBuilder.run(query());
        assertArrayEquals(dump(r, 0), dump(rb, 0));
        long writes = 0;
        for (int d = 0; d < 4; d++) {
            writes += stat(rb, "db" + d + ".counter_writes");
        }
        assertEquals(8, writes);
        assertEquals(null, rb.stats().find("report"), "no report semaphore on the render back ends");
    }

    /**
     * rop.depth_write_samples_per_clock: the colour unit writes a wave's depth after its colour,
     * ceil(64 / 8) + ceil(64 / 4) = 24 cycles a wave instead of 8; the per-format key applies
     * to its format only (D16 at 2: 8 + 32 = 40); a draw that writes no depth pays nothing.
     */
    @Test
    void depthWritesFollowTheColourWhenSet() {
        TraceBuilder.Pso p = new TraceBuilder.Pso();
        String wide = "rop.crossbar_quads_per_clock=16";
        assertEquals(64 * 8, stat(oneRop(p, true, true, wide), "cb0.busy_cycles"), "off by default: overlapped");
        String d32 = "rop.depth_write_samples_per_clock=4";
        String d16 = "rop.depth_write_samples_per_clock_d16=2";
        assertEquals(64 * 24, stat(oneRop(p, true, true, wide, d32, d16), "cb0.busy_cycles"), "D32 at 4 a cycle");
        assertEquals(64 * 40, stat(oneRop(p, DepthFormat.D16_UNORM, wide, d32, d16), "cb0.busy_cycles"),
                "D16 at its own rate");
        assertEquals(64 * 24, stat(oneRop(p, DepthFormat.D24_UNORM_S8_UINT, wide, d32, d16), "cb0.busy_cycles"),
                "D24S8 unset: the D32 rate");
        TraceBuilder.Pso noWrite = new TraceBuilder.Pso();
        noWrite.depthWrite = false;
        assertEquals(64 * 8, stat(oneRop(noWrite, true, true, wide, d32), "cb0.busy_cycles"), "no depth writes");
    }

    /**
     * A depth write that stores the depth already there costs the colour unit nothing: the
     * buffer cleared to 0.5, the triangle at 0.5 passes LESS_EQUAL (or EQUAL) everywhere and
     * rewrites every sample unchanged, so a wave costs its colour, ceil(64 / 8) = 8, not the
     * 8 + ceil(64 / 4) = 24 of a new depth (the same draw over a clear to 1).
     */
    @Test
    void depthWritesThatChangeNothingAreFree() {
        String wide = "rop.crossbar_quads_per_clock=16";
        String d32 = "rop.depth_write_samples_per_clock=4";
        for (ComparisonFunc f : new ComparisonFunc[] {ComparisonFunc.LESS_EQUAL, ComparisonFunc.EQUAL,
                ComparisonFunc.ALWAYS}) {
            TraceBuilder.Pso p = new TraceBuilder.Pso().depth(true, true, f);
            RunResult same = oneRop(BackEndTimingTest.oneTriangleTrace(p, true, true, DepthFormat.D32_FLOAT, 0.5f),
                    wide, d32);
            assertEquals(64 * 64, stat(same, "db0.samples_passed"), f + ": every sample passes");
            assertEquals(64 * 8, stat(same, "cb0.busy_cycles"), f + ": over its own depth");
        }
        TraceBuilder.Pso le = new TraceBuilder.Pso().depth(true, true, ComparisonFunc.LESS_EQUAL);
        RunResult changed = oneRop(BackEndTimingTest.oneTriangleTrace(le, true, true, DepthFormat.D32_FLOAT, 1f),
                wide, d32);
        assertEquals(64 * 24, stat(changed, "cb0.busy_cycles"), "over a clear to 1 every depth changes");
    }

    /**
     * rop.stencil_samples_per_clock: a draw with the stencil test on tests at the lower of it and
     * its own rate, here 8 against z_samples_per_clock 16: ceil(64 / 8) = 8 DB cycles a tile
     * instead of 4, whether the test passes or fails (NOT_EQUAL to reference 0 on a stencil cleared to 0 fails
     * everywhere: nothing is shaded, nothing written); a draw without stencil keeps its rate.
     */
    @Test
    void aStencilTestRunsAtItsOwnRate() {
        TraceBuilder.Pso fail = new TraceBuilder.Pso();
        StencilFace equal = TraceBuilder.face(ComparisonFunc.NOT_EQUAL, StencilOp.KEEP, StencilOp.KEEP, StencilOp.KEEP);
        fail.stencil(255, 255, equal, equal);
        Trace t = BackEndTimingTest.oneTriangleTrace(fail, true, true, DepthFormat.D24_UNORM_S8_UINT, 1f);
        long own = stat(oneRop(t), "db0.busy_cycles");
        RunResult slow = oneRop(t, "rop.stencil_samples_per_clock=8");
        assertEquals(own + 64 * (8 - 4), stat(slow, "db0.busy_cycles"));
        assertEquals(0, stat(slow, "db0.samples_passed"), "the stencil test fails every sample");
        assertEquals(own, stat(oneRop(t, "rop.stencil_samples_per_clock=32"), "db0.busy_cycles"),
                "a faster stencil rate than the draw's own changes nothing");
        Trace off = BackEndTimingTest.oneTriangleTrace(new TraceBuilder.Pso(), true, true,
                DepthFormat.D24_UNORM_S8_UINT, 1f);
        assertEquals(stat(oneRop(off), "db0.busy_cycles"),
                stat(oneRop(off, "rop.stencil_samples_per_clock=8"), "db0.busy_cycles"), "stencil off: unaffected");
    }

    /** One ROP unit on one partition, one shader engine of 64 units whose waves issue in ceil(16 x 1 / 64) = 1 cycle. */
    static RunResult oneRop(TraceBuilder.Pso pso, boolean color, boolean depth, String... more) {
        return oneRop(BackEndTimingTest.oneTriangleTrace(pso, color, depth), more);
    }

    /** {@link #oneRop} of a colour and depth draw on a depth buffer of {@code format}. */
    static RunResult oneRop(TraceBuilder.Pso pso, DepthFormat format, String... more) {
        return oneRop(BackEndTimingTest.oneTriangleTrace(pso, true, true, format), more);
    }

    private static RunResult oneRop(Trace trace, String... more) {
        Config c = TraceBuilder.unitDefaults().with("backend.kind=rops").with("rop.partitions=1").with("shader.engines=1")
                .with("shader.units=64").with("ps.cycles=1").with("rop.z_samples_per_clock=16")
                .with("rop.depth_only_samples_per_clock=32").with("rop.color_samples_per_clock=8")
                .with("rop.blend_samples_per_clock=4").with("rop.crossbar_quads_per_clock=1")
                .with("rop.crossbar_latency=40")
                // The render back ends' rates, all different: the ROPs must not read them.
                .with("db.samples_per_clock=1").with("db.depth_only_samples_per_clock=1").with("cb.samples_per_clock=1")
                .with("cb.blend_samples_per_clock=1").with("db.late_samples_per_clock=1").with("cb.latency=999");
        for (String kv : more) {
            c = c.with(kv);
        }
        Gpu gpu = new Gpu(trace, c);
        spans = new BackEndTimingTest.Spans();
        gpu.setHook(spans);
        return gpu.run();
    }

    private static BackEndTimingTest.Spans spans;

    /**
     * 64 tiles of 64 samples, 16 quads each. The ROP's depth unit tests a tile in
     * max(scan ceil(64 / 64), ceil(64 / rop.z_samples_per_clock = 16)) = 4 cycles; the engine
     * shades a wave in 1; the crossbar carries its 16 quads at one a cycle, 16 cycles, back to
     * back, the pace of the run (1,024 cycles); the colour unit writes 64 samples at 8 a cycle,
     * 8 cycles a wave, each wave reaching it rop.crossbar_latency (40) + queue.latency (1)
     * cycles after it left the crossbar.
     */
    @Test
    void theCrossbarsWidthSetsThePaceAndItsLatencyDelays() {
        RunResult r = oneRop(new TraceBuilder.Pso(), true, false);
        assertEquals(64 * 4, stat(r, "db0.busy_cycles"));
        assertEquals(64 * 16, stat(r, "xbar.busy_cycles"));
        assertEquals(64 * 16, stat(r, "xbar.quads"));
        assertEquals(64 * 8, stat(r, "cb0.busy_cycles"));
        assertEquals(64 * 64, stat(r, "cb0.color_samples"));
        List<long[]> x = spans.busy.get("xbar");
        assertEquals(64, x.size());
        for (int i = 1; i < x.size(); i++) {
            assertEquals(x.get(i - 1)[1], x.get(i)[0], "wave " + i + " crosses as the one before ends");
            assertEquals(16, x.get(i)[1] - x.get(i)[0]);
        }
        List<long[]> cb = spans.busy.get("cb0");
        for (int i = 0; i < cb.size(); i++) {
            assertEquals(x.get(i)[1] + 40 + 1, cb.get(i)[0], "wave " + i + " reaches its ROP after the crossbar");
        }
        assertEquals(cb.get(cb.size() - 1)[1], r.cycles(), "the last wave's colour writes end the run");

        RunResult wide = oneRop(new TraceBuilder.Pso(), true, false, "rop.crossbar_quads_per_clock=16");
        assertEquals(64, stat(wide, "xbar.busy_cycles"), "16 quads a cycle: a wave a cycle");
        assertEquals(64 * 8, stat(wide, "cb0.busy_cycles"));
    }

    /**
     * Each half of the ROP unit charges its own samples at the rop.* rates: blending at
     * rop.blend_samples_per_clock, ceil(64 / 4) = 16 a wave; late Z in the colour unit at
     * rop.z_samples_per_clock, ceil(64 / 16) = 4, in step with the colour writes (8);
     * depth-only at rop.depth_only_samples_per_clock, ceil(64 / 32) = 2 a tile, after the
     * clear's ceil(4,096 / (4 x 16)) = 64, and no waves.
     */
    @Test
    void eachHalfOfTheRopChargesItsOwnSamples() {
        TraceBuilder.Pso blend = new TraceBuilder.Pso();
        blend.blend = gpusim.api.BlendMode.ALPHA;
        RunResult b = oneRop(blend, true, false);
        assertEquals(64 * 16, stat(b, "cb0.busy_cycles"));

        TraceBuilder.Pso late = new TraceBuilder.Pso();
        late.lateZ = true;
        late.psCycles = 1;
        RunResult z = oneRop(late, true, true, "rop.color_samples_per_clock=32");
        assertEquals(64 + 64 * 1, stat(z, "db0.busy_cycles"), "the clear, then the scan; the test is late");
        assertEquals(64 * 64, stat(z, "cb0.late_samples_tested"));
        assertEquals(64 * 4, stat(z, "cb0.busy_cycles"), "late Z at 16 a cycle, colour at 32");

        RunResult d = oneRop(new TraceBuilder.Pso(), false, true);
        assertEquals(64 + 64 * 2, stat(d, "db0.busy_cycles"));
        assertEquals(0, stat(d, "db0.waves"));
        assertEquals(0, stat(d, "xbar.busy_cycles"));
    }

    /**
     * With rop.clear_at_write_rate a ROP unit writes a clear's every sample at its write rate for
     * the surface, as it writes a fill. A 64 x 64 depth clear: ceil(4,096 / 8) = 512 cycles at
     * rop.depth_write_samples_per_clock 8 for D32, ceil(4,096 / 16) = 256 at its D16 rate 16, in
     * place of the fast clear's ceil(4,096 / (4 x 16)) = 64 (then the depth-only draw's 64 tiles
     * at 2); without depth-write rates the fast clear stays. A 64 x 64 colour clear at 4 samples:
     * ceil(4,096 x 4 / 8) = 2,048 cycles at rop.color_samples_per_clock 8, in place of the fast
     * clear's ceil(4,096 pixels / (4 x 8)) = 128.
     */
    @Test
    void aClearAtTheWriteRateWritesEverySample() {
        TraceBuilder.Pso p = new TraceBuilder.Pso();
        Trace d32 = BackEndTimingTest.oneTriangleTrace(p, false, true, DepthFormat.D32_FLOAT);
        Trace d16 = BackEndTimingTest.oneTriangleTrace(p, false, true, DepthFormat.D16_UNORM);
        String d32Rate = "rop.depth_write_samples_per_clock=8";
        String d16Rate = "rop.depth_write_samples_per_clock_d16=16";
        String on = "rop.clear_at_write_rate=on";
        assertEquals(64 + 64 * 2, stat(oneRop(d32, d32Rate, d16Rate), "db0.busy_cycles"), "a fast clear");
        assertEquals(512 + 64 * 2, stat(oneRop(d32, d32Rate, d16Rate, on), "db0.busy_cycles"));
        assertEquals(256 + 64 * 2, stat(oneRop(d16, d32Rate, d16Rate, on), "db0.busy_cycles"));
        assertEquals(64 + 64 * 2, stat(oneRop(d32, on), "db0.busy_cycles"),
                "no depth-write rates: the fast clear");

        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 64, 64, 4);
        var l = t.list("l").targets(rt, null).clearRt(rt, 0, 0, 0, 1);
        Trace clear = t.execute(l.close()).build();
        assertEquals(128, stat(oneRop(clear), "cb0.busy_cycles"), "a fast clear of the pixels");
        assertEquals(2048, stat(oneRop(clear, on), "cb0.busy_cycles"));
    }
}
