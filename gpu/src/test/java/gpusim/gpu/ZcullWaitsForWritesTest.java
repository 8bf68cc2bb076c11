package gpusim.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.ComparisonFunc;
import org.junit.jupiter.api.Test;

/**
 * A ROP unit's ZCULL learns a tile's depth only once the colour half has written it
 * (rop.zcull_waits_for_writes). One ROP unit; a 64x64 target at 1 sample is 64 tiles of 8x8. An
 * occluder at depth 0.25 covers it (colour at 1 sample a cycle: 4,096 cycles in the colour half),
 * TIMESTAMP 0, then k full-screen layers at 0.75 that HiZ rejects whole (64 tiles a layer at
 * hiz.tiles_per_clock = 1: 64 cycles a layer), TIMESTAMP 1. Timestamps count cycles (1 GHz clock,
 * 1 GHz timestamps).
 *
 * <p>Without the hazard the depth half rejects the layers while the colour half is still writing
 * the occluder: they are done before TIMESTAMP 0 is written, and a second layer adds nothing. With
 * it, the first layer's rejection waits until the occluder's last wave is written, after which
 * each layer's 64 HiZ tests run in series: a second layer adds exactly 64 cycles.
 */
class ZcullWaitsForWritesTest {
    private static final float[] LAYERS = {
        -1, -1, 0.25f, 1, -1, 3, 0.25f, 1, 3, -1, 0.25f, 1,
        -1, -1, 0.75f, 1, -1, 3, 0.75f, 1, 3, -1, 0.75f, 1};

    /** TIMESTAMP 1 - TIMESTAMP 0 in cycles around {@code k} rejected layers. */
    private static long rejectedLayers(int k, boolean waits) {
        OneRopTimedTrace rig = new OneRopTimedTrace(1, LAYERS, ComparisonFunc.LESS);
        rig.list.draw(3, 0, 1);
        rig.timestamp(0);
        for (int i = 0; i < k; i++) {
            rig.list.draw(3, 3, 1);
        }
        RunResult r = rig.timestamp(1).run("rop.zcull_waits_for_writes=" + (waits ? "on" : "off"));
        assertEquals(64L * (1 + k), r.stats().find("db0.hiz_tiles").value().longValue());
        assertEquals(64L * k, r.stats().find("db0.hiz_rejected_tiles").value().longValue());
        return OneRopTimedTrace.interval(r);
    }

    @Test
    void rejectedLayersWaitForTheOccludersWritesThenRunInSeries() {
        assertEquals(64, rejectedLayers(2, true) - rejectedLayers(1, true));
        assertEquals(64, rejectedLayers(3, true) - rejectedLayers(2, true));
    }

    @Test
    void withoutTheHazardTheyHideBehindTheOccluder() {
        assertEquals(0, rejectedLayers(2, false) - rejectedLayers(1, false));
        // With it, the first layer's 64 tests come after the occluder's last write instead of before.
        assertEquals(true, rejectedLayers(1, true) > rejectedLayers(1, false));
    }
}
