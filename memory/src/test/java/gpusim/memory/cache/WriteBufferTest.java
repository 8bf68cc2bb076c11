package gpusim.memory.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.MemoryPort;
import gpusim.sim.MemoryRequest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The write buffer by hand, against a downstream that takes a set number of requests. */
class WriteBufferTest {
    /** Accepts the first {@code room} requests offered, recording their addresses, and refuses the rest. */
    static final class Port implements MemoryPort {
        int room;
        final List<Long> taken = new ArrayList<>();

        Port(int room) {
            this.room = room;
        }

        @Override
        public boolean request(MemoryRequest r, Component requester, long now) {
            if (room == 0) {
                return false;
            }
            room--;
            taken.add(r.address());
            return true;
        }

        @Override
        public int pending() {
            return 0;
        }
    }

    static MemoryRequest write(long a) {
        return MemoryRequest.timedWrite(a, 64, null, null);
    }

    // Three requests ready at 2, 2 and 5: at 1 none goes (the head ready at 2); at 2 the first two go in
    // order; the third waits for 5; only the write marked as freeing releases an MSHR file entry.
    @Test
    void requestsGoInOrderWhenReady() {
        WriteBuffer b = new WriteBuffer();
        MshrFile mshrs = new MshrFile(new Engine(100), 4, 64, 0, 0);
        mshrs.take();
        mshrs.take();
        assertTrue(b.add(write(0), 2, false));
        assertFalse(b.add(write(64), 2, true));
        assertFalse(b.add(write(128), 5, true));
        Port port = new Port(10);
        assertFalse(b.drain(1, port, null, mshrs));
        assertEquals(2, b.readyAfter(1));
        assertTrue(b.drain(2, port, null, mshrs));
        assertEquals(List.of(0L, 64L), port.taken);
        assertEquals(1, mshrs.inUse());
        assertEquals(5, b.readyAfter(2));
        assertEquals(1, b.size());
        assertTrue(b.drain(5, port, null, mshrs));
        assertEquals(0, mshrs.inUse());
        assertEquals(Engine.NEVER, b.readyAfter(5));
    }

    // A refusal stops the drain at the head: nothing behind it overtakes it, and it is offered again.
    @Test
    void aRefusalHoldsTheHead() {
        WriteBuffer b = new WriteBuffer();
        MshrFile mshrs = new MshrFile(new Engine(100), 4, 64, 0, 0);
        for (int i = 0; i < 20; i++) { // past the first ring's 16: it grows, keeping the order
            b.add(write(64L * i), 0, false);
        }
        Port port = new Port(1);
        assertTrue(b.drain(0, port, null, mshrs));
        assertEquals(19, b.size());
        assertEquals(Engine.NEVER, b.readyAfter(0)); // the head is ready: only a wake from below retries it
        port.room = 100;
        assertTrue(b.drain(3, port, null, mshrs));
        List<Long> all = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            all.add(64L * i);
        }
        assertEquals(all, port.taken);
    }
}
