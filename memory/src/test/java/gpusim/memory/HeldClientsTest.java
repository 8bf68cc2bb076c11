package gpusim.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.MemoryRequest;
import gpusim.sim.StatGroup;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A channel's held clients by hand: who is woken when, who is dropped. */
class HeldClientsTest {
    /** A client that records the cycles it is ticked at. */
    static final class Client implements Component {
        final String name;
        final List<Long> ticks = new ArrayList<>();

        Client(String name) {
            this.name = name;
        }

        @Override
        public String name() {
            return name;
        }

        @Override
        public boolean tick(long now) {
            ticks.add(now);
            return false;
        }

        @Override
        public boolean hasPendingWork() {
            return false;
        }

        @Override
        public StatGroup stats() {
            return new StatGroup(name, "");
        }
    }

    static MemoryRequest heldAt(int channel, long mark) {
        MemoryRequest r = MemoryRequest.read(0, 64, null, null);
        r.hold(channel, mark);
        return r;
    }

    // Channel 3 holds A until part 12 and B until part 14; C, held until part 13, is offered again and held
    // at channel 4 since, so it is dropped (never woken). With 11 parts gone nobody is woken and part 12 is
    // the next awaited; at 7, with 12 gone, A is woken and 14 is next; B's new hold (part 20) replaces its
    // old one, so 14 gone wakes nobody; at 12, with 20 gone, B is woken and none is left.
    @Test
    void holdsWakeWhenTheirPartHasLeft() {
        Engine engine = new Engine(1000);
        Client a = new Client("a");
        Client b = new Client("b");
        Client c = new Client("c");
        int ia = engine.add(a);
        int ib = engine.add(b);
        int ic = engine.add(c);
        HeldClients held = new HeldClients(engine, 3);
        assertTrue(held.isEmpty());
        held.keep(ia, heldAt(3, 10), 12);
        held.keep(ib, heldAt(3, 10), 14);
        MemoryRequest rc = heldAt(3, 11);
        held.keep(ic, rc, 13);
        rc.hold(4, 15);
        assertEquals(12, held.wake(11, 5));
        assertEquals(14, held.wake(12, 7));
        held.keep(ib, heldAt(3, 16), 20);
        assertEquals(20, held.wake(14, 9));
        assertFalse(held.isEmpty());
        assertEquals(Long.MAX_VALUE, held.wake(20, 12));
        assertTrue(held.isEmpty());
        engine.run(() -> false);
        assertEquals(List.of(7L), a.ticks);
        assertEquals(List.of(12L), b.ticks);
        assertEquals(List.of(), c.ticks);
    }
}
