package gpusim.gpu.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * A marker's progress: its writes land in any order, the marker has landed once every
 * expected write has, at the cycle of the last of them; copies are counted as they arrive.
 */
class MarkerProgressTest {
    @Test
    void landsWithTheLastOfItsExpectedWrites() {
        MarkerProgress p = new MarkerProgress(3, 100);
        p.broadcast(3);
        for (int d = 0; d < 3; d++) {
            p.count(d, 10L * d);
            p.writeIssued();
        }
        assertEquals(3, p.pendingWrites());
        p.writeLanded(250);
        p.writeLanded(180); // a later write may land earlier
        assertFalse(p.allLanded());
        assertEquals(250, p.landedAt());
        p.writeLanded(240);
        assertTrue(p.allLanded());
        assertEquals(0, p.pendingWrites());
        assertEquals(250, p.landedAt());
        assertEquals(150, p.landedAt() - p.issuedAt());
        assertEquals(20, p.count(2));
    }

    @Test
    void copiesArriveOneByOneAndAMarkerWithNoWritesHasLanded() {
        MarkerProgress p = new MarkerProgress();
        p.broadcast(2);
        p.await(0); // no job: nothing to wait for
        assertEquals(1, p.arrived());
        assertEquals(2, p.arrived());
        assertTrue(p.allLanded());
        assertEquals(0, p.expectedWrites());
    }
}
