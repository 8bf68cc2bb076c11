package gpusim.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.ComparisonFunc;
import gpusim.api.QueryType;
import gpusim.trace.Resource;
import org.junit.jupiter.api.Test;

/**
 * An occlusion query's begin and end reports each take a ROP unit rop.report_cycles cycles in
 * series with its waves, so the draws behind a report wait for it. One ROP unit writing colour at
 * 1 sample a cycle: a full-screen draw on the 64x64 target is 4,096 cycles of colour, and the unit
 * is the bottleneck throughout; timestamps count cycles (OneRopTimedTrace).
 */
class RopReportCyclesTest {
    private static final float[] FULL = {-1, -1, 0.25f, 1, -1, 3, 0.25f, 1, 3, -1, 0.25f, 1};

    /**
     * TIMESTAMP 1 - TIMESTAMP 0 around three full-screen draws, the second inside an occlusion query,
     * with {@code config} on the rig's machine.
     */
    private static long threeFills(String... config) {
        OneRopTimedTrace rig = new OneRopTimedTrace(1, FULL, ComparisonFunc.ALWAYS);
        Resource.QueryHeap q = rig.occlusionHeap(1);
        rig.timestamp(0).list.draw(3, 0, 1).begin(q, QueryType.OCCLUSION, 0).draw(3, 0, 1)
                .end(q, QueryType.OCCLUSION, 0).draw(3, 0, 1);
        return OneRopTimedTrace.interval(rig.timestamp(1).run(config));
    }

    @Test
    void eachReportHoldsTheUnitBetweenItsWaves() {
        // Two reports (begin and end), each 1,000 cycles longer than a marker's one.
        assertEquals(2000, threeFills("rop.report_cycles=1001") - threeFills("rop.report_cycles=1"));
    }

    @Test
    void byDefaultAReportTakesAMarkersCycle() {
        assertEquals(threeFills("rop.report_cycles=1"), threeFills());
    }
}
