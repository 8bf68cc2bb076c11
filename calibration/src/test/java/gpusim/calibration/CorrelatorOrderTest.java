package gpusim.calibration;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The first evaluation's order of runs (Correlator.warmUpFirst): the shorter half shortest first, then the rest longest first. */
class CorrelatorOrderTest {
    @Test
    void theShorterHalfRunsFirstShortestFirstThenTheRestLongestFirst() {
        // Cases 0..6 given longest first as 6, 5, ..., 0.
        assertEquals(List.of(0, 1, 2, 6, 5, 4, 3), Correlator.warmUpFirst(List.of(6, 5, 4, 3, 2, 1, 0)));
        assertEquals(List.of(0, 1, 3, 2), Correlator.warmUpFirst(List.of(3, 2, 1, 0)));
        assertEquals(List.of(7), Correlator.warmUpFirst(List.of(7)));
        assertEquals(List.of(), Correlator.warmUpFirst(List.of()));
    }
}
