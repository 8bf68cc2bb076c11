package gpusim.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import gpusim.config.Config;
import gpusim.memory.dram.DramAddressMap;
import gpusim.memory.dram.DramParams;
import gpusim.memory.dram.DramTiming;
import gpusim.memory.dram.PagePolicy;
import gpusim.sim.MemoryClient;
import gpusim.sim.MemoryRequest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A memory channel with DRAM behind it, through the real {@link MemorySystem}: known access
 * patterns complete in exactly the cycles the {@link DramTiming} arithmetic gives. One
 * channel (so an address is its own channel-local address), 32-byte lines and accesses (one
 * access a part), the small distinct timing of DramControllerTest:
 * burst 2, tCL 10, tCWL 4, tRCD 8, tRP 6, tRAS 20, tRTP 3, tWR 5, tCCD_S 2, tCCD_L 3,
 * tRRD_S 2, tRRD_L 3, tFAW 16, tWTR_S 4, tWTR_L 6, tRTW 2, tREFI 1000, tRFC 50;
 * 2 bank groups x 4 banks, 4 accesses (128 bytes) a row. A part arriving at GPU cycle 0 is
 * handed to the controller at cycle 1 (as a channel serves a part the cycle after it
 * arrives), so every access arrives at memory cycle 1 (x the clock ratio).
 */
class DramChannelTest {
    static final DramTiming T = new DramTiming(1000, 2, 10, 4, 8, 6, 20, 3, 5, 2, 3, 2, 3, 16, 4, 6, 2, 1000, 50);
    static final DramAddressMap MAP = new DramAddressMap(2, 4, 4, 32);

    static MemorySystem.Params params(long memMhz, long gpuMhz) {
        return new MemorySystem.Params(1, 4096, 32, false, 0, 64, 100, 64,
                new DramParams("test", T, MAP, PagePolicy.OPEN, 16, memMhz, gpuMhz));
    }

    /** Runs reads of 32 bytes at {@code addresses}, all issued at cycle 0; returns their completion cycles. */
    long[] reads(MemorySystem.Params p, MemoryClient client, long... addresses) {
        List<MemoryRequest> reqs = new ArrayList<>();
        MemorySystemTest.Rig[] h = new MemorySystemTest.Rig[1];
        h[0] = MemorySystemTest.rig(p, 0, now -> {
            for (long a : addresses) {
                reqs.add(MemoryRequest.read(a, 32, h[0].client(), a).from(client));
            }
            return List.copyOf(reqs);
        });
        h[0].run();
        rig = h[0];
        return reqs.stream().mapToLong(MemoryRequest::doneAt).toArray();
    }

    /** The rig of the last {@link #reads}. */
    MemorySystemTest.Rig rig;

    // Four reads of one row of bank 0 (columns 0..3). The first misses on the idle bank: ACT
    // at 1, RD at 1 + tRCD = 9, data ends 9 + tCL + burst = 21. The other three are row hits,
    // their RDs tCCD_L = 3 apart (same bank group): 12, 15, 18, ending at 24, 27, 30.
    @Test
    void rowHitStreamCompletesTccdApartAfterOneMiss() {
        long[] done = reads(params(1000, 1000), MemoryClient.DEPTH, MAP.address(0, 0, 0, 0), MAP.address(0, 0, 0, 1),
                MAP.address(0, 0, 0, 2), MAP.address(0, 0, 0, 3));
        assertArrayEquals(new long[] {21, 24, 27, 30}, done);
        assertEquals(3, rig.stat("channel0.row_hits"));
        assertEquals(1, rig.stat("channel0.row_misses"));
        assertEquals(0, rig.stat("channel0.row_conflicts"));
        assertEquals(1, rig.stat("channel0.activates"));
        assertEquals(0, rig.stat("channel0.precharges"));
        assertEquals(4, rig.stat("channel0.dram_reads"));
        assertEquals(0, rig.stat("channel0.dram_writes"));
        assertEquals(8, rig.stat("channel0.busy_cycles"), "4 bursts of 2 data-bus cycles, clock 1:1");
        // bank 0 busy [1, 21) for the miss, then to 24, 27 and 30 for the hits: 20 + 3 + 3 + 3
        assertEquals(29, rig.stat("channel0.bank_busy_cycles"));
        // over the cycles the engine ran: 31 (the channel, having made progress at 30, is looked at once more)
        assertEquals(31, rig.engine().now());
        assertEquals(29.0 / (8 * 31), rig.real("channel0.bank_utilization"), 1e-12);
        assertEquals(128, rig.stat("channel0.bytes"));
        assertEquals(128, rig.stat("channel0.bytes_depth"));
        assertNull(rig.memory().stats().find("channel0.bytes_other"), "only clients with bytes show");
    }

    // Four reads of rows 0..3 of bank 0: each after the first finds another row open. The
    // first ends at 21 as above (ACT 1, tRAS to PRE at 21). Then each PRE waits for tRAS after
    // its row's ACT, ACT follows tRP later, RD tRCD after that: ACTs at 1, 27, 53, 79 (tRAS +
    // tRP = 26 apart), RDs at 9, 35, 61, 87, data ends 21, 47, 73, 99.
    @Test
    void rowConflictStreamCompletesTrasPlusTrpApart() {
        long[] done = reads(params(1000, 1000), MemoryClient.COUNTER, MAP.address(0, 0, 0, 0),
                MAP.address(1, 0, 0, 0), MAP.address(2, 0, 0, 0), MAP.address(3, 0, 0, 0));
        assertArrayEquals(new long[] {21, 47, 73, 99}, done);
        assertEquals(0, rig.stat("channel0.row_hits"));
        assertEquals(1, rig.stat("channel0.row_misses"));
        assertEquals(3, rig.stat("channel0.row_conflicts"));
        assertEquals(4, rig.stat("channel0.activates"));
        assertEquals(3, rig.stat("channel0.precharges"));
        // [1, 21), then [21, 47), [47, 73), [73, 99): each conflict's PRE starts where the last data ended
        assertEquals(20 + 26 * 3, rig.stat("channel0.bank_busy_cycles"));
        assertEquals(128, rig.stat("channel0.bytes_counter"));
    }

    // The same row-hit stream with the DRAM clocked at twice the GPU clock: GPU cycle g is
    // memory cycle 2g, so the accesses arrive at memory cycle 2: ACT 2, RDs at 10, 13, 16, 19,
    // data ends 22, 25, 28, 31, reached at GPU cycles ceil(m / 2) = 11, 13, 14, 16.
    @Test
    void aFasterDramClockConvertsWithIntegerCeilings() {
        long[] done = reads(params(2000, 1000), MemoryClient.VERTEX, MAP.address(0, 0, 0, 0), MAP.address(0, 0, 0, 1),
                MAP.address(0, 0, 0, 2), MAP.address(0, 0, 0, 3));
        assertArrayEquals(new long[] {11, 13, 14, 16}, done);
        assertEquals(4, rig.stat("channel0.busy_cycles"), "8 data-bus memory cycles are 4 GPU cycles");
    }

    // A 64-byte read over a 64-byte line is two accesses (one per 32-byte block), to banks 0
    // and 1 (other bank group): ACTs at 1 and 1 + tRRD_S = 3, RDs at 9 and 11 (tRCD after
    // each), data ends 21 and 23; the request completes with its last access, at 23.
    @Test
    void aPartIsOneAccessPerBlockItTouchesAndCompletesWithTheLast() {
        MemorySystem.Params p = new MemorySystem.Params(1, 4096, 64, false, 0, 64, 100, 64,
                new DramParams("test", T, MAP, PagePolicy.OPEN, 16, 1000, 1000));
        List<MemoryRequest> reqs = new ArrayList<>();
        MemorySystemTest.Rig[] h = new MemorySystemTest.Rig[1];
        h[0] = MemorySystemTest.rig(p, 0, now -> {
            reqs.add(MemoryRequest.read(0, 64, h[0].client(), null));
            reqs.add(MemoryRequest.write(128, new byte[8], h[0].client(), null));
            return List.copyOf(reqs);
        });
        h[0].run();
        assertEquals(23, reqs.get(0).doneAt());
        // The 8-byte write (bank 4 = group 0, bank-in-group 2, row 0) is one access: ACT at
        // 3 + tRRD_S 2 = 5 (the last ACT was group 1's), WR at max(5 + tRCD, 11 + tCCD_S 2,
        // read data end 23 + tRTW 2 - tCWL 4) = 21, data ends 21 + tCWL + burst = 27.
        assertEquals(27, reqs.get(1).doneAt());
        assertEquals(2, h[0].stat("channel0.dram_reads"));
        assertEquals(1, h[0].stat("channel0.dram_writes"));
        assertEquals(72, h[0].stat("channel0.bytes_other"), "untagged requests are OTHER's");
    }

    @Test
    void configurationChoosesThePresetAndKeysOverrideIt() {
        assertNull(MemorySystem.Params.of(Config.defaults()).dram(), "memory.dram=none: no DRAM");
        DramParams hbm3 = DramParams.of(Config.defaults().with("memory.dram=hbm3"));
        assertEquals(DramTiming.HBM3, hbm3.timing());
        assertEquals(DramAddressMap.HBM3, hbm3.map());
        assertEquals(1600, hbm3.memMhz());
        assertEquals(1000, hbm3.gpuMhz());
        DramParams g = DramParams.of(Config.defaults().with("memory.dram=gddr6").with("dram.tRCD=30")
                .with("dram.row_bytes=1024").with("dram.page_policy=closed").with("gpu.clock_mhz=1750"));
        assertEquals(30, g.timing().tRCD());
        assertEquals(DramTiming.GDDR6.tCL(), g.timing().tCL());
        assertEquals(32, g.map().rowAccesses());
        assertEquals(PagePolicy.CLOSED, g.policy());
        assertEquals(1754, g.memMhz());
        assertEquals(1750, g.gpuMhz());
        assertEquals(java.util.Map.of(), DramParams.presetValues(Config.defaults()));
        assertEquals(23L, DramParams.presetValues(Config.defaults().with("memory.dram=hbm3")).get("dram.tRCD"));
        assertNull(DramParams.presetValues(Config.defaults().with("memory.dram=hbm3").with("dram.tRCD=9"))
                .get("dram.tRCD"), "a key that is set lists its own value");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> DramParams.of(Config.defaults().with("memory.dram=hbm3").with("dram.tRFC=7000")));
        assertEquals("memory.dram=hbm3: DRAM timing: tRFC (7000) must be shorter than tREFI (6240)", e.getMessage());
    }
}
