package gpusim.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.sim.MemoryRequest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A channel's held clients by hand: who is woken when, who is dropped. */
class HeldClientsTest {
    static MemoryRequest heldAt(int channel, long mark) {
        MemoryRequest r = MemoryRequest.read(0, 64, null, null);
        r.hold(channel, mark);
        return r;
    }

    // Channel 3 holds client 0 until part 12 and client 1 until part 14; client 2, held until part 13, is
    // offered again and held at channel 4 since, so it is dropped (never woken). With 11 parts gone nobody
    // is woken and part 12 is the next awaited; at 7, with 12 gone, client 0 is woken and 14 is next;
    // client 1's new hold (part 20) replaces its old one, so 14 gone wakes nobody; at 12, with 20 gone,
    // client 1 is woken and none is left.
    @Test
    void holdsWakeWhenTheirPartHasLeft() {
        List<String> woken = new ArrayList<>();
        HeldClients held = new HeldClients((client, cycle) -> woken.add(client + "@" + cycle), 3);
        assertTrue(held.isEmpty());
        held.keep(0, heldAt(3, 10), 12);
        held.keep(1, heldAt(3, 10), 14);
        MemoryRequest r2 = heldAt(3, 11);
        held.keep(2, r2, 13);
        r2.hold(4, 15);
        assertEquals(12, held.wake(11, 5));
        assertEquals(List.of(), woken);
        assertEquals(14, held.wake(12, 7));
        assertEquals(List.of("0@7"), woken);
        held.keep(1, heldAt(3, 16), 20);
        assertEquals(20, held.wake(14, 9));
        assertFalse(held.isEmpty());
        assertEquals(Long.MAX_VALUE, held.wake(20, 12));
        assertEquals(List.of("0@7", "1@12"), woken);
        assertTrue(held.isEmpty());
    }
}
