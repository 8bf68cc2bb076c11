package gpusim.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.memory.dram.DramAddressMap;
import gpusim.memory.dram.DramParams;
import gpusim.memory.dram.PagePolicy;
import gpusim.sim.Engine;
import gpusim.sim.MemoryClient;
import gpusim.sim.MemoryRequest;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import org.junit.jupiter.api.Test;

/**
 * The channel's way into DRAM by hand: 128-byte lines, 32-byte accesses, DramChannelTest's timing
 * (tRCD 8, tCL 10, burst 2, tRRD_S 2, tCCD_S 2) and map (an access's index: group lowest, then bank), the
 * DRAM at the GPU's clock, one channel.
 */
class DramPortTest {
    final Engine engine = new Engine(1000);
    final MemorySystem.Params params = new MemorySystem.Params(1, 4096, 128, false, 0, 64, 100, 64,
            new DramParams("test", DramChannelTest.T, new DramAddressMap(2, 4, 4, 32), PagePolicy.OPEN, 16, 1000,
                    1000));
    final MemorySystem system = new MemorySystem(engine, new DeviceMemory(256), params);
    final RequestChains links = new RequestChains();
    final InFlight flight = new InFlight();
    final StatGroup stats = new StatGroup("channel", "test");
    final Stat.Scalar busy = stats.scalar("busy_cycles", "cycles", "test");
    final DramPort port = new DramPort(params, engine, null, system, links, flight, stats, busy);

    // A part needs one access a 32-byte block its bytes touch, at least one.
    @Test
    void aPartNeedsOneAccessABlockItTouches() {
        assertEquals(1, port.accesses(false, 0, 0, 40, 8));
        assertEquals(4, port.accesses(false, 0, 0, 0, 128));
        assertEquals(2, port.accesses(false, 0, 0, 30, 4)); // bytes 30..33: blocks 0 and 1
        assertEquals(2, port.accesses(true, 0xFFL, 0xFFL << 32, 0, 0)); // bytes 0..7 and 96..103
        assertEquals(1, port.accesses(true, 0, 0, 0, 0)); // a write of no bytes still takes one
        assertTrue(port.hasRoom(16));
        assertFalse(port.hasRoom(17));
    }

    // A whole-line read at cycle 0 is four accesses to four idle banks (groups 0, 1, 0, 1): ACTs at 0, 2,
    // 4, 6 (tRRD_S), RDs at 8, 10, 12, 14 (tRCD), data ending 20, 22, 24, 26 (tCL + burst). At cycle 0 only
    // the first decision is due (the next waits for the first RD, at 8); at 30 the rest are placed and the
    // part completes at max(30 + 1, 26) = 31. Four row misses, counted for the part's client; the data bus
    // 4 bursts of 2 = 8 busy cycles.
    @Test
    void aPartCompletesWithItsLastAccess() {
        int link = links.add(MemoryRequest.read(0, 128, null, null).from(MemoryClient.DEPTH), 0);
        port.handOff(0, false, 0, 0, 0, 128, link, 0);
        assertEquals(1, port.parts());
        assertTrue(port.holdsWork());
        port.tick(0);
        assertEquals(1, port.advance(0));
        assertEquals(8, port.nextDecision(0));
        port.tick(30);
        assertEquals(3, port.advance(30));
        assertEquals(Engine.NEVER, port.nextDecision(30));
        assertEquals(0, port.parts());
        assertEquals(31, flight.headDone());
        assertEquals(link, flight.headChain());
        port.sync();
        assertEquals(4, stats.find("dram_reads").value().longValue());
        assertEquals(4, stats.find("row_misses").value().longValue());
        assertEquals(4, stats.find("row_misses_" + MemoryClient.DEPTH.statName()).value().longValue());
        assertEquals(8, busy.get());
    }
}
