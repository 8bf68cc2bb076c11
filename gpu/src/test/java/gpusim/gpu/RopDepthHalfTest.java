package gpusim.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.ComparisonFunc;
import gpusim.api.CullMode;
import gpusim.api.DepthFormat;
import gpusim.trace.Resource;
import org.junit.jupiter.api.Test;

/**
 * A ROP unit's depth half in series with its colour half (rop.zrop_samples_per_clock), and its
 * rates held across waves. One ROP, colour at 1 sample a cycle: a full 16x16 target at 1 sample
 * is 256 colour samples in several waves, and cb0.busy_cycles = 256 / 1 (+ 256 / ZROP rate when the
 * draw tests depth) whatever the waves' sizes, since the part of a cycle one wave leaves is carried
 * to the next. The draw tests depth (LESS_EQUAL against a cleared 1.0, the triangle at 0.5) but
 * writes none, so no depth-write cost is added.
 */
class RopDepthHalfTest {
    private static long colourUnitCycles(boolean depthTest, String... more) {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 16, 16, 1);
        Resource.DepthStencil ds = t.depthStencil("ds", 16, 16, 1, DepthFormat.D32_FLOAT);
        TraceBuilder.Pso pso = new TraceBuilder.Pso().cull(CullMode.NONE).depth(depthTest, false, ComparisonFunc.LESS_EQUAL);
        var l = t.list("l").targets(rt, ds).pso(t.pso("p", pso)).vb(t.vertices("vb", BackEndTimingTest.BIG))
                .clearDs(ds, 1f, null).draw(3);
        String[] base = {"backend.kind=rops", "rop.partitions=1", "shader.engines=1", "rop.color_samples_per_clock=1",
            "rop.crossbar_quads_per_clock=16", "rop.z_samples_per_clock=64", "ps.wave_quads=4"};
        String[] config = new String[base.length + more.length];
        System.arraycopy(base, 0, config, 0, base.length);
        System.arraycopy(more, 0, config, base.length, more.length);
        RunResult r = TraceBuilder.run(t.execute(l.close()).build(), config);
        assertEquals(256, r.stats().find("cb0.color_samples").value().longValue());
        return r.stats().find("cb0.busy_cycles").value().longValue();
    }

    // Waves of 4 quads (16 samples): 256 samples at 1 a cycle; with the ZROP at 5 samples a cycle, 256 / 5 =
    // 51.2 more: 307 in all (rounded up per wave it would be 16 waves x (16 + ceil(16 / 5)) = 320).
    @Test
    void aDepthTestedWavePassesTheDepthHalfInSeries() {
        assertEquals(256, colourUnitCycles(false, "rop.zrop_samples_per_clock=5"));
        assertEquals(256 + 51, colourUnitCycles(true, "rop.zrop_samples_per_clock=5"));
        assertEquals(256, colourUnitCycles(true));
    }

    // Colour at 3 samples a cycle over waves of 16 samples: 256 / 3 = 85.33, so 85 cycles, where rounding
    // each wave up would take 16 x ceil(16 / 3) = 96.
    @Test
    void theRatesHoldAcrossWaves() {
        assertEquals(85, colourUnitCycles(false, "rop.color_samples_per_clock=3"));
    }

    /** db0.busy_cycles of a depth-only pass (no render target) over the 16x16 target at {@code rate} samples a cycle. */
    private static long depthOnlyCycles(long rate) {
        TraceBuilder t = new TraceBuilder();
        Resource.DepthStencil ds = t.depthStencil("ds", 16, 16, 1, DepthFormat.D32_FLOAT);
        TraceBuilder.Pso pso = new TraceBuilder.Pso().cull(CullMode.NONE).depth(true, true, ComparisonFunc.LESS);
        var l = t.list("l").targets(null, ds).pso(t.pso("p", pso)).vb(t.vertices("vb", BackEndTimingTest.BIG))
                .clearDs(ds, 1f, null).draw(3);
        RunResult r = TraceBuilder.run(t.execute(l.close()).build(), "backend.kind=rops", "rop.partitions=1",
                "shader.engines=1", "rop.depth_only_samples_per_clock=" + rate, "hiz.enabled=off");
        assertEquals(256, r.stats().find("db0.samples_passed").value().longValue());
        return r.stats().find("db0.busy_cycles").value().longValue();
    }

    // The depth half's test carries too: 256 samples in four 8x8 tiles at 3 a cycle take 256 / 3 = 85.33,
    // so 85 cycles, where each tile's 64 / 3 rounded up would take 4 x 22 = 88. At 1 a cycle, 256.
    @Test
    void theDepthHalfsTestRateHoldsAcrossTiles() {
        assertEquals(256 - 85, depthOnlyCycles(1) - depthOnlyCycles(3));
    }
}
