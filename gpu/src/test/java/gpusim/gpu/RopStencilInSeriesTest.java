package gpusim.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.ComparisonFunc;
import gpusim.api.DepthFormat;
import gpusim.api.StencilOp;
import org.junit.jupiter.api.Test;

/**
 * The ROP unit reads the stencil of a wave's samples when the draw's stencil test is on, and writes it
 * when the pass operation changes it, in series with its colour (rop.stencil_read_samples_per_clock,
 * rop.stencil_write_samples_per_clock and their D32S8 variants). The rig of OneRopTimedTrace: one ROP
 * unit, colour at 1 sample a cycle, a full-screen draw over 4,096 pixels at 1 sample, all passing, so
 * the colour takes 4,096 cycles; timestamps count cycles.
 */
class RopStencilInSeriesTest {
    private static final float[] FULL = {-1, -1, 0.25f, 1, -1, 3, 0.25f, 1, 3, -1, 0.25f, 1};
    private static final String[] RATES = {"rop.stencil_read_samples_per_clock=4",
        "rop.stencil_write_samples_per_clock=2", "rop.stencil_read_samples_per_clock_d32s8=8",
        "rop.stencil_write_samples_per_clock_d32s8=4"};

    /** The stencil states: off, EQUAL 0 keeping the value (every sample passes), ALWAYS incrementing it. */
    private enum Stencil { OFF, TEST, WRITE }

    private static long draw(DepthFormat format, Stencil s, String... config) {
        TraceBuilder.Pso pso = new TraceBuilder.Pso().depth(true, true, ComparisonFunc.LESS);
        if (s == Stencil.TEST) {
            var f = TraceBuilder.face(ComparisonFunc.EQUAL, StencilOp.KEEP, StencilOp.KEEP, StencilOp.KEEP);
            pso.stencil(0xFF, 0xFF, f, f);
        } else if (s == Stencil.WRITE) {
            var f = TraceBuilder.face(ComparisonFunc.ALWAYS, StencilOp.INCR_SAT, StencilOp.KEEP, StencilOp.KEEP);
            pso.stencil(0xFF, 0xFF, f, f);
        }
        OneRopTimedTrace rig = new OneRopTimedTrace(1, FULL, format, pso);
        rig.timestamp(0).list.draw(3, 0, 1);
        return OneRopTimedTrace.interval(rig.timestamp(1).run(config));
    }

    @Test
    void aStencilTestReadsEverySampleAndAWriteWritesIt() {
        long off = draw(DepthFormat.D24_UNORM_S8_UINT, Stencil.OFF, RATES);
        // 4,096 samples read at 4 a cycle: 1,024 cycles; written besides at 2 a cycle: 2,048 more.
        assertEquals(1024, draw(DepthFormat.D24_UNORM_S8_UINT, Stencil.TEST, RATES) - off);
        assertEquals(1024 + 2048, draw(DepthFormat.D24_UNORM_S8_UINT, Stencil.WRITE, RATES) - off);
        // Without the rates the stencil costs nothing beyond the pass.
        assertEquals(off, draw(DepthFormat.D24_UNORM_S8_UINT, Stencil.WRITE));
    }

    @Test
    void d32s8TakesItsOwnRates() {
        long off = draw(DepthFormat.D32_FLOAT_S8X24_UINT, Stencil.OFF, RATES);
        assertEquals(512, draw(DepthFormat.D32_FLOAT_S8X24_UINT, Stencil.TEST, RATES) - off);
        assertEquals(512 + 1024, draw(DepthFormat.D32_FLOAT_S8X24_UINT, Stencil.WRITE, RATES) - off);
    }
}
