package gpusim.memory.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The MSHRs' line table: by hand, then against a HashMap under puts and removes that collide and wrap. */
class LineMapTest {
    @Test
    void putGetRemoveByHand() {
        LineMap<String> m = new LineMap<>(2);
        assertNull(m.get(0));
        m.put(0, "a");
        m.put(7, "b");
        assertEquals("a", m.get(0));
        assertEquals("b", m.get(7));
        assertTrue(m.containsKey(7));
        assertFalse(m.containsKey(8));
        m.put(7, "c"); // replaces
        assertEquals("c", m.get(7));
        assertEquals(2, m.size());
        m.remove(0);
        m.remove(0); // absent: nothing
        assertNull(m.get(0));
        assertEquals("c", m.get(7));
        assertEquals(1, m.size());
        assertThrows(IllegalArgumentException.class, () -> m.put(-1, "x"));
    }

    // Strided keys (an interleaved slice's line numbers), many more than the table was sized for (it
    // grows), removed in a scrambled order: every look-up agrees with a HashMap's at every step, so the
    // shifts after a removal keep every entry reachable, wrapping runs included.
    @Test
    void agreesWithAHashMap() {
        LineMap<Long> m = new LineMap<>(4);
        Map<Long, Long> ref = new HashMap<>();
        Random rnd = new Random(1);
        for (int step = 0; step < 200_000; step++) {
            long key = (rnd.nextInt(300) * 32L + 5) * (step % 3 == 0 ? 1 : 1024);
            if (rnd.nextInt(3) == 0) {
                m.remove(key);
                ref.remove(key);
            } else {
                m.put(key, (long) step);
                ref.put(key, (long) step);
            }
            long probe = (rnd.nextInt(300) * 32L + 5) * (rnd.nextBoolean() ? 1 : 1024);
            assertEquals(ref.get(probe), m.get(probe));
            assertEquals(ref.size(), m.size());
        }
        for (Map.Entry<Long, Long> e : ref.entrySet()) {
            assertEquals(e.getValue(), m.get(e.getKey()));
        }
    }
}
