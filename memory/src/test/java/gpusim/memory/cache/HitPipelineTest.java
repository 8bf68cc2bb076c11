package gpusim.memory.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.sim.Engine;
import gpusim.sim.MemoryRequest;
import org.junit.jupiter.api.Test;

/** The hit pipeline by hand: latency 3. */
class HitPipelineTest {
    // Hits looked up at 0, 0 and 4 complete at 3, 3 and 7, in order.
    @Test
    void hitsCompleteTheirLatencyLaterInOrder() {
        HitPipeline h = new HitPipeline(3);
        MemoryRequest a = MemoryRequest.read(0, 8, null, null);
        MemoryRequest b = MemoryRequest.read(8, 8, null, null);
        MemoryRequest c = MemoryRequest.read(16, 8, null, null);
        assertTrue(h.add(a, 0));
        assertFalse(h.add(b, 0));
        assertFalse(h.add(c, 4));
        assertEquals(3, h.nextDue());
        assertNull(h.takeDue(2));
        assertSame(a, h.takeDue(3));
        assertSame(b, h.takeDue(3));
        assertNull(h.takeDue(6));
        assertEquals(7, h.nextDue());
        assertSame(c, h.takeDue(9));
        assertEquals(Engine.NEVER, h.nextDue());
    }

    // Only polls in the pipeline: nothing to come counts as work; a read among them does. It grows past 16.
    @Test
    void pollsAreNoWork() {
        HitPipeline h = new HitPipeline(3);
        for (int i = 0; i < 20; i++) {
            h.add(MemoryRequest.read(8L * i, 8, null, null).poll(), i);
        }
        assertFalse(h.holdsWork());
        MemoryRequest r = MemoryRequest.read(0, 8, null, null);
        h.add(r, 20);
        assertTrue(h.holdsWork());
        for (int i = 0; i < 20; i++) {
            assertEquals(8L * i, h.takeDue(100).address());
        }
        assertSame(r, h.takeDue(100));
    }
}
