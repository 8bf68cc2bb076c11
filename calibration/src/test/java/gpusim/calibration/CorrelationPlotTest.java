package gpusim.calibration;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The scatter's labels: traces on one spot share a label. */
class CorrelationPlotTest {
    private static Correlator.Prediction at(String name, double measured, double predicted) {
        return new Correlator.Prediction(new CalibrationSet.Case(name, "tris", null, "", measured), predicted, 0);
    }

    /**
     * Four culled-triangle traces with the same times are one spot (one label, "and 3 more"),
     * and so are two 6% apart (occq-bin and occq-occ at n2); 12% apart on either axis is another.
     */
    @Test
    void pointsWithin10PercentOnBothAxesAreOneSpot() {
        Correlator.Prediction a = at("tris-backface-s1-n2048", 640, 2148);
        assertTrue(CorrelationPlot.onOneSpot(a, at("tris-zclip-s1-n2048", 640, 2148)));
        assertTrue(CorrelationPlot.onOneSpot(at("occq-bin-s1-n2", 7136, 1420), at("occq-occ-s1-n2", 7584, 1420)));
        assertTrue(CorrelationPlot.onOneSpot(a, at("near", 640 * 1.06, 2148 / 1.06)));
        assertFalse(CorrelationPlot.onOneSpot(a, at("apart in x", 640 * 1.12, 2148)));
        assertFalse(CorrelationPlot.onOneSpot(a, at("apart in y", 640, 2148 * 1.12)));
    }
}
