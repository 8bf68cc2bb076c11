package gpusim.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.ComparisonFunc;
import org.junit.jupiter.api.Test;

/**
 * The ROP unit reads and compares the stored depth of every pixel its depth half tests, in series
 * with its colour (rop.ztest_pixels_per_clock), and within a draw ZCULL waits for the unit's depth
 * work, not for a wave's colour (rop.zcull_waits_for_writes). One ROP unit; a 64x64 target is 64
 * tiles of 8x8, 4,096 pixels; colour at 1 sample a cycle; HiZ at 1 tile a cycle. Timestamps count
 * cycles (1 GHz clock, 1 GHz timestamps). Surfaces are not in memory, so no tile is stored
 * compressed: every tested pixel is read.
 */
class ZropTestInSeriesTest {
    private static final float[] OCCLUDER = {-1, -1, 0.25f, 1, -1, 3, 0.25f, 1, 3, -1, 0.25f, 1};
    private static final float[] LAYER = {-1, -1, 0.75f, 1, -1, 3, 0.75f, 1, 3, -1, 0.75f, 1};

    /**
     * TIMESTAMP 1 - TIMESTAMP 0 in cycles around a full-screen draw at depth 0.25 over a depth
     * cleared to 1 ({@code func}, depth writes on), at {@code samples} samples, with {@code ztest}
     * pixels a cycle (0: off).
     */
    private static long fill(int samples, ComparisonFunc func, long ztest) {
        OneRopTimedTrace rig = new OneRopTimedTrace(samples, OCCLUDER, func);
        rig.timestamp(0).list.draw(3, 0, 1);
        RunResult r = rig.timestamp(1).run("rop.ztest_pixels_per_clock=" + ztest);
        return OneRopTimedTrace.interval(r);
    }

    @Test
    void everyTestedPixelIsReadInSeriesWithTheColour() {
        // 4,096 pixels at 4 a cycle: 1,024 cycles more than the colour's 4,096.
        assertEquals(1024, fill(1, ComparisonFunc.LESS, 4) - fill(1, ComparisonFunc.LESS, 0));
        // At 4 samples the rate is in pixels: the same 1,024 cycles on 16,384 colour cycles.
        assertEquals(1024, fill(4, ComparisonFunc.LESS, 4) - fill(4, ComparisonFunc.LESS, 0));
    }

    @Test
    void aTestThatReadsNothingCostsNothing() {
        assertEquals(0, fill(1, ComparisonFunc.ALWAYS, 4) - fill(1, ComparisonFunc.ALWAYS, 0));
    }

    /**
     * TIMESTAMP 1 - TIMESTAMP 0 in cycles around the occluder and {@code k} layers behind it that HiZ
     * rejects whole (64 tiles a layer: 64 cycles), in one draw or in 1 + k draws, with the hazard
     * on or off.
     */
    private static long rejectedLayers(int k, boolean oneDraw, boolean waits) {
        float[] v = new float[12 * (1 + k)];
        System.arraycopy(OCCLUDER, 0, v, 0, 12);
        for (int i = 1; i <= k; i++) {
            System.arraycopy(LAYER, 0, v, 12 * i, 12);
        }
        OneRopTimedTrace rig = new OneRopTimedTrace(1, v, ComparisonFunc.LESS);
        rig.timestamp(0);
        if (oneDraw) {
            rig.list.draw(3L * (1 + k), 0, 1);
        } else {
            for (int i = 0; i <= k; i++) {
                rig.list.draw(3, 3L * i, 1);
            }
        }
        RunResult r = rig.timestamp(1).run("rop.zcull_waits_for_writes=" + (waits ? "on" : "off"));
        assertEquals(64L * k, r.stats().find("db0.hiz_rejected_tiles").value().longValue());
        return OneRopTimedTrace.interval(r);
    }

    @Test
    void withinADrawRejectionsWaitOnlyForTheDepthWork() {
        // The occluder's depth work is nothing here (no ZROP, depth-write or read rates): in one draw
        // its layers' rejections run while the colour half writes it, exactly as without the hazard.
        for (int k = 1; k <= 2; k++) {
            assertEquals(rejectedLayers(k, true, false), rejectedLayers(k, true, true));
        }
        // Drawn apart, each layer waits for the occluder's colour and adds its 64 HiZ tests.
        assertEquals(64, rejectedLayers(2, false, true) - rejectedLayers(1, false, true));
    }
}
