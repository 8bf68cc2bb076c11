package gpusim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** WakeList: each waiting component woken once, at the cycle given, and forgotten. */
class WakeListTest {
    @Test
    void wakesEachOnceAndForgets() {
        Engine e = new Engine(1000);
        List<String> order = new ArrayList<>();
        List<Component> cs = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Component c = new EngineTest.Recorder("c" + i, order);
            e.add(c);
            cs.add(c);
        }
        WakeList w = new WakeList(e);
        assertTrue(w.isEmpty());
        w.add(cs.get(4));
        w.add(cs.get(1));
        w.add(cs.get(4));
        w.add(cs.get(5));
        w.add(cs.get(0));
        w.add(cs.get(2)); // past the first capacity of both tables
        w.wakeAll(7);
        assertTrue(w.isEmpty());
        e.run(() -> false);
        w.add(cs.get(1)); // known already: woken again after a clear
        w.wakeAll(9);
        e.run(() -> false);
        // The engine ticks a cycle's components back to front (higher index first).
        assertEquals(List.of("c5@7", "c4@7", "c2@7", "c1@7", "c0@7", "c1@9"), order);
    }
}
