package gpusim.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.memory.cache.CacheParams;
import gpusim.sim.Engine;
import gpusim.sim.MemoryClient;
import gpusim.sim.MemoryRequest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The L2 slices wired into the real {@link MemorySystem}, pinned exactly. The rig: a client
 * calling the memory's front door; two channels (interleave 256, so addresses 0..255 are
 * channel and slice 0, 256..511 channel and slice 1), 64-byte memory lines, latency 10,
 * 16 bytes a cycle; each slice 1 KiB, 2 ways, 64-byte lines, hit latency 2. Hence, as in
 * CacheTest:
 * <ul>
 * <li>a hit requested at t completes at t + 2;</li>
 * <li>a miss requested at t goes into its slice at t (its input queue is empty), sends its
 *     fill at t + 2, the channel serves it from t + 3 for 64 / 16 = 4 cycles and it
 *     completes 10 later: t + 17;</li>
 * <li>without the L2, a read of a line at t is served from t + 1: t + 1 + 4 + 10 = t + 15;</li>
 * <li>a write of 8 bytes straight to a channel at t: served at t + 1 for 1 cycle, done t + 12.</li>
 * </ul>
 */
class L2SlicesTest {
    static final MemorySystem.Params MEMORY = new MemorySystem.Params(2, 256, 64, false, 0, 16, 10, 16);

    record Rig(Engine engine, DeviceMemory dm, MemorySystem memory, ScriptedClient client) {
        long stat(String path) {
            return memory.stats().find(path).value().longValue();
        }

        long l2Accesses(int slice) {
            return stat("l2_" + slice + ".hits") + stat("l2_" + slice + ".misses");
        }
    }

    static L2Params l2(boolean writeBack, int mshrs, boolean countersDirect) {
        return new L2Params(true, new CacheParams(1024, 2, 64, writeBack, mshrs, 2), countersDirect, false);
    }

    static Rig rig(MemorySystem.Params mp, L2Params l2, Map<Long, List<MemoryRequest>> at) {
        Engine e = new Engine(10_000);
        DeviceMemory dm = new DeviceMemory(256);
        MemorySystem ms = new MemorySystem(e, dm, mp, l2);
        long last = at.keySet().stream().mapToLong(Long::longValue).max().orElse(0);
        ScriptedClient c = new ScriptedClient(e, last, t -> at.getOrDefault(t, List.of()));
        c.port = ms;
        e.add(c);
        ms.register();
        e.wakeAt(c, 0);
        Rig r = new Rig(e, dm, ms, c);
        return r;
    }

    static byte[] bytes(int n, int first) {
        return ScriptedClient.bytes(n, first);
    }

    // A level below the L2 (wiring only: L2Params#withLevelsBelow): one 4 KiB, 4-way cache of 64-byte lines a
    // channel, hit latency 3. A cold read at t: L2 lookup 2, level-3 lookup 3, then the channel from
    // t + 5 as above (served t + 6 for 4 cycles, 10 more): done t + 20, latency 20. Slice 0's addresses
    // 0, 1024 and 2048 are its local 0, 512 and 1024 (Interleave#local), all in L2 set 0 (8 sets) of 2 ways,
    // so the third read evicts line 0 from the L2 (LRU); in the level below (16 sets) 0 and 2048 share set
    // 0 of 4 ways and 1024 is in set 8, so line 0 stays there. Read again at 100: L2 miss, lookup 2, a
    // level-3 hit 3 later: done 105, latency 5, and channel 0 sees three reads, not four.
    @Test
    void aLevelBelowTheL2IsWiringAndServesWhatTheL2Evicted() {
        MemorySystem.Params mp = MEMORY;
        L2Params l2 = l2(true, 4, true).withLevelsBelow(List.of(new CacheParams(4096, 4, 64, true, 4, 3)));
        Rig r = rig(mp, l2, Map.of(0L, List.of(MemoryRequest.read(0, 64, null, null)),
                30L, List.of(MemoryRequest.read(1024, 64, null, null)),
                60L, List.of(MemoryRequest.read(2048, 64, null, null)),
                100L, List.of(MemoryRequest.read(0, 64, null, null))));
        r.engine().run(() -> false);
        assertEquals(List.of(20L, 20L, 20L, 5L), r.client().latencies());
        assertEquals(4, r.stat("l2_0.misses"));
        assertEquals(1, r.stat("l3_0.hits"));
        assertEquals(3, r.stat("l3_0.misses"));
        assertEquals(3, r.stat("channel0.requests"));
        assertEquals(List.of("l3_0", "l3_1"),
                r.memory().levelBelow(0).stream().map(gpusim.memory.cache.Cache::name).toList());
    }

    // Line 0 read at 0 misses in slice 0 (17 cycles: lookup, fill through channel 0); read again
    // at 30 it hits (2 cycles) and channel 0 sees no second request. The same read without the
    // L2 takes 15. Both reads return what memory holds. Slice 1 and channel 1 see nothing.
    @Test
    void aReadMissesThenHitsWithTheCacheAndChannelArithmetic() {
        MemoryRequest a = MemoryRequest.read(0, 64, null, null);
        MemoryRequest b = MemoryRequest.read(16, 8, null, null);
        Rig r = rig(MEMORY, l2(true, 4, true), Map.of(0L, List.of(a), 30L, List.of(b)));
        r.dm().write(0, bytes(64, 1), 0, 64);
        r.engine().run(() -> false);
        assertEquals(List.of(17L, 2L), r.client().latencies());
        assertEquals(List.of(17L, 32L), List.of(a.doneAt(), b.doneAt()));
        assertArrayEquals(bytes(64, 1), a.data());
        assertArrayEquals(bytes(8, 17), b.data());
        assertEquals(1, r.stat("l2_0.hits"));
        assertEquals(1, r.stat("l2_0.misses"));
        assertEquals(1, r.stat("channel0.requests"));
        assertEquals(0, r.l2Accesses(1));
        assertEquals(0, r.stat("channel1.requests"));
        assertEquals(2, r.stat("reads"));
        assertEquals(72, r.stat("bytes_read"));

        MemoryRequest c = MemoryRequest.read(0, 64, null, null);
        Rig off = rig(MEMORY, L2Params.OFF, Map.of(0L, List.of(c)));
        off.engine().run(() -> false);
        assertEquals(List.of(15L), off.client().latencies());
    }

    // query.counter_path=direct: a COUNTER write to 256 (slice 1) goes past the slice to channel
    // 1 (done at 12, no L2 access, counted as direct); an untagged write to the same address
    // goes through the slice (write-allocate: a fill, 17 cycles). With counter_path=l2 the
    // COUNTER write goes through the slice too (and is counted there).
    @Test
    void counterWritesGoPastTheL2WhenDirectAndThroughItOtherwise() {
        MemoryRequest counter = MemoryRequest.write(256, bytes(8, 5), null, null).from(MemoryClient.COUNTER);
        Rig direct = rig(MEMORY, l2(true, 4, true), Map.of(0L, List.of(counter)));
        direct.engine().run(() -> false);
        assertEquals(List.of(12L), direct.client().latencies());
        assertEquals(0, direct.l2Accesses(1));
        assertEquals(1, direct.stat("l2_1.counter_writes_direct"));
        assertEquals(0, direct.stat("l2_1.counter_writes_l2"));
        assertEquals(1, direct.stat("channel1.writes"));
        assertEquals(0, direct.stat("channel1.reads"));
        assertEquals(1, direct.stat("writes"));
        assertEquals(direct.dm().readLong(256), MemoryRequest.write(0, bytes(8, 5), null, null).longAt(0));

        MemoryRequest other = MemoryRequest.write(256, bytes(8, 5), null, null).from(MemoryClient.QUERY);
        Rig query = rig(MEMORY, l2(true, 4, true), Map.of(0L, List.of(other)));
        query.engine().run(() -> false);
        assertEquals(List.of(17L), query.client().latencies());
        assertEquals(1, query.stat("l2_1.misses"));
        assertEquals(1, query.stat("channel1.reads"));
        assertEquals(0, query.stat("channel1.writes"));

        MemoryRequest viaL2 = MemoryRequest.write(256, bytes(8, 5), null, null).from(MemoryClient.COUNTER);
        Rig through = rig(MEMORY, l2(true, 4, false), Map.of(0L, List.of(viaL2)));
        through.engine().run(() -> false);
        assertEquals(List.of(17L), through.client().latencies());
        assertEquals(1, through.stat("l2_1.misses"));
        assertEquals(0, through.stat("l2_1.counter_writes_direct"));
        assertEquals(1, through.stat("l2_1.counter_writes_l2"));
        assertEquals(1, through.stat("channel1.reads"));
        assertEquals(0, through.stat("channel1.writes"));
        // Write-through: the write goes on to the channel (sent at 2, served 3, 1 cycle, done 14), no fill.
        MemoryRequest wt = MemoryRequest.write(256, bytes(8, 5), null, null).from(MemoryClient.COUNTER);
        Rig writeThrough = rig(MEMORY, l2(false, 4, false), Map.of(0L, List.of(wt)));
        writeThrough.engine().run(() -> false);
        assertEquals(List.of(14L), writeThrough.client().latencies());
        assertEquals(1, writeThrough.stat("channel1.writes"));
        assertEquals(0, writeThrough.stat("channel1.reads"));
    }

    // Sectored slices (l2.sector_bytes; 16-byte sectors of the 64-byte lines here): a COUNTER write
    // through the slice that covers its sector whole allocates the line without a fill (done at the
    // hit latency, 2; the channel sees nothing); an 8-byte one fetches only its 16-byte sector (sent
    // at 2, served at 3 for one cycle, done at 14, against 17 for the whole line above). The key
    // reaches the slices' parameters.
    @Test
    void sectoredSlicesFetchOnlyTheSectorsAWriteDoesNotCover() {
        L2Params sectored = new L2Params(true, new CacheParams(1024, 2, 64, true, 4, 2, 16), false, false);
        MemoryRequest whole = MemoryRequest.write(256, bytes(16, 5), null, null).from(MemoryClient.COUNTER);
        Rig a = rig(MEMORY, sectored, Map.of(0L, List.of(whole)));
        a.engine().run(() -> false);
        assertEquals(List.of(2L), a.client().latencies());
        assertEquals(List.of(1L, 0L, 1L), List.of(a.stat("l2_1.misses"), a.stat("channel1.reads"),
                a.stat("l2_1.sector_fills_avoided")));
        MemoryRequest part = MemoryRequest.write(264, bytes(8, 5), null, null).from(MemoryClient.COUNTER);
        Rig b = rig(MEMORY, sectored, Map.of(0L, List.of(part)));
        b.engine().run(() -> false);
        assertEquals(List.of(14L), b.client().latencies());
        assertEquals(List.of(1L, 16L, 16L), List.of(b.stat("channel1.reads"), b.stat("channel1.bytes"),
                b.stat("l2_1.fill_bytes")));
        assertEquals(32, L2Params.of(gpusim.config.Config.defaults().with("l2.sector_bytes=32")).slice().sectorBytes());
        assertEquals(0, L2Params.of(gpusim.config.Config.defaults()).slice().sectorBytes());
    }

    // Byte masks (l2.byte_masks): the 8-byte COUNTER write through the slice that fetched its line
    // above (17 cycles; 14 with sectors) allocates it without a fetch and is done at the hit latency
    // (2), the channel seeing nothing; a read of it then hits. The key reaches the slices' parameters.
    @Test
    void aSliceWithByteMasksTakesAPartialCounterWriteWithoutAFetch() {
        L2Params masked = new L2Params(true, new CacheParams(1024, 2, 64, true, 4, 2, 0, true), false, false);
        MemoryRequest part = MemoryRequest.write(264, bytes(8, 5), null, null).from(MemoryClient.COUNTER);
        MemoryRequest back = MemoryRequest.read(264, 8, null, null);
        Rig a = rig(MEMORY, masked, Map.of(0L, List.of(part), 10L, List.of(back)));
        a.engine().run(() -> false);
        assertEquals(List.of(2L, 2L), a.client().latencies());
        assertEquals(List.of(1L, 1L, 1L, 0L, 0L), List.of(a.stat("l2_1.misses"), a.stat("l2_1.hits"),
                a.stat("l2_1.fetches_avoided_by_byte_masks"), a.stat("channel1.reads"), a.stat("channel1.writes")));
        assertArrayEquals(bytes(8, 5), back.data());
        assertEquals(true, L2Params.of(gpusim.config.Config.defaults().with("l2.byte_masks=on")).slice().byteMasks());
        assertEquals(false, L2Params.of(gpusim.config.Config.defaults()).slice().byteMasks());
    }

    // l2.flush_at_end: a 16-byte write leaves its line dirty in slice 0 (fetched first: write-
    // allocate), and the run ends with it there. With the flush, once the run is done the slice
    // writes it back (the whole 64-byte line, or with byte masks only its 16 dirty bytes) and the
    // engine runs on until the channel has it: the run ends later, the line written once. Without
    // the key nothing is flushed.
    @Test
    void theEndOfRunFlushWritesBackTheDirtyLinesOnly() {
        for (boolean masks : new boolean[] {false, true}) {
            CacheParams slice = new CacheParams(1024, 2, 64, true, 4, 2, 0, masks);
            L2Params flushing = new L2Params(true, slice, false, false, true);
            MemoryRequest w = MemoryRequest.write(0, bytes(16, 1), null, null).from(MemoryClient.QUERY);
            MemoryRequest clean = MemoryRequest.read(512, 8, null, null).from(MemoryClient.RESOLVE);
            Rig r = rig(MEMORY, flushing, Map.of(0L, List.of(w, clean)));
            long end = r.engine().run(() -> false);
            assertEquals(0, r.stat("channel0.writes"), "nothing written back during the run");
            long bytesBefore = r.stat("channel0.bytes");
            assertEquals(true, r.memory().flushL2AtEnd(r.engine().now()));
            long flushed = r.engine().run(() -> false);
            assertTrue(flushed > end, "the run ends when the write-back is done: " + flushed + " > " + end);
            assertEquals(1, r.stat("l2_0.flushed_lines"), "the dirty line only, not the clean one");
            assertEquals(1, r.stat("channel0.writes"));
            assertEquals(masks ? 16 : 64, r.stat("channel0.bytes") - bytesBefore,
                    "the line's dirty bytes (masks) or the whole line");
            assertEquals(false, r.memory().flushL2AtEnd(r.engine().now()), "a second flush finds nothing dirty");
            Rig off = rig(MEMORY, new L2Params(true, slice, false, false),
                    Map.of(0L, List.of(MemoryRequest.write(0, bytes(16, 1), null, null).from(MemoryClient.QUERY))));
            off.engine().run(() -> false);
            assertEquals(false, off.memory().flushL2AtEnd(off.engine().now()), "off: no flush");
        }
        assertTrue(L2Params.of(gpusim.config.Config.defaults().with("l2.flush_at_end=on")).flushAtEnd());
        assertEquals(false, L2Params.of(gpusim.config.Config.defaults()).flushAtEnd());
    }

    // Coherence whatever the path: a write through the write-back slice (dirty there, never
    // written back), then a direct COUNTER write over part of it, then a read through the slice
    // (a hit on the line the direct write went past) sees both, in issue order; device memory
    // holds both while the line is still dirty in the slice, so a dump or a query decode sees
    // them with no flush.
    @Test
    void readsSeeEveryEarlierWriteWhateverThePathAndDeviceMemoryHoldsDirtyData() {
        MemoryRequest w = MemoryRequest.write(0, bytes(16, 1), null, null).from(MemoryClient.QUERY);
        MemoryRequest counter = MemoryRequest.write(8, bytes(8, 100), null, null).from(MemoryClient.COUNTER);
        MemoryRequest read = MemoryRequest.read(0, 16, null, null).from(MemoryClient.RESOLVE);
        Rig r = rig(MEMORY, l2(true, 4, true), Map.of(0L, List.of(w), 30L, List.of(counter), 60L, List.of(read)));
        r.engine().run(() -> false);
        byte[] expect = bytes(16, 1);
        System.arraycopy(bytes(8, 100), 0, expect, 8, 8);
        assertArrayEquals(expect, read.data());
        byte[] dump = new byte[16];
        r.dm().read(0, dump, 0, 16);
        assertArrayEquals(expect, dump);
        assertEquals(0, r.stat("l2_0.write_backs"));
        assertEquals(1, r.stat("l2_0.hits"));
        assertEquals(1, r.stat("l2_0.counter_writes_direct"));
        assertEquals(List.of(17L, 12L, 2L), r.client().latencies());
    }

    // A slice's input queue of one piece (memory.queue_depth 1) and one MSHR. At 0, line 0 goes
    // into slice 0 (its fill takes the MSHR); line 64 is admitted at the front door but the slice
    // refuses it, so it waits in the input queue; line 128 finds that queue full and its client
    // is refused (memory.refusals), again at 1, then sleeps. The fill returns at 17 and frees the
    // MSHR: the slice wakes the front door, line 64 goes in at 17 (done 17 + 17 = 34), and the
    // client, woken as the queue moves, issues line 128 at 17: into the queue, then into the
    // slice when line 64's fill frees the MSHR at 34 (done 34 + 17 = 51).
    @Test
    void aFullSliceQueuesItsPiecesAndRefusesClientsWhenTheQueueIsFull() {
        MemoryRequest a = MemoryRequest.read(0, 8, null, null);
        MemoryRequest b = MemoryRequest.read(64, 8, null, null);
        MemoryRequest c = MemoryRequest.read(128, 8, null, null);
        MemorySystem.Params shallow = new MemorySystem.Params(2, 256, 64, false, 0, 1, 10, 16);
        Rig r = rig(shallow, l2(true, 1, true), Map.of(0L, List.of(a, b, c)));
        r.engine().run(() -> false);
        assertEquals(List.of(0L, 0L, 17L), r.client().issueCycles);
        assertEquals(List.of(17L, 34L, 51L), List.of(a.doneAt(), b.doneAt(), c.doneAt()));
        assertEquals(2, r.stat("refusals"));
        assertEquals(3, r.stat("l2_0.misses"));
    }

    // A request spanning both channels is cut at the interleave boundary: 192..319 puts one
    // 64-byte piece in each slice, both miss, both fills run in parallel: done 17.
    @Test
    void aRequestAcrossChannelsGoesToBothSlices() {
        MemoryRequest a = MemoryRequest.read(192, 128, null, null);
        Rig r = rig(MEMORY, l2(true, 4, true), Map.of(0L, List.of(a)));
        r.dm().write(192, bytes(128, 0), 0, 128);
        r.engine().run(() -> false);
        assertEquals(List.of(17L), r.client().latencies());
        assertEquals(1, r.stat("l2_0.misses"));
        assertEquals(1, r.stat("l2_1.misses"));
        assertArrayEquals(bytes(128, 0), a.data());
    }

    // A poll (a WAIT_REG_MEM style re-read) that hits in a slice is timed like any hit (2 cycles) but is no
    // progress and no work under way for the deadlock detector, as in a channel; a plain hit is both. The
    // slices' hit calendar completes the hits, then the slice's run in that cycle reports their progress.
    @Test
    void aPollThatHitsIsTimedButIsNoProgress() {
        MemoryRequest fill = MemoryRequest.read(0, 8, null, null);
        Rig r = rig(MEMORY, l2(true, 4, true), Map.of(0L, List.of(fill)));
        r.engine().run(() -> false);
        gpusim.memory.cache.Cache slice = r.memory().l2Slices().get(0);
        gpusim.sim.Component hits = r.engine().components().stream()
                .filter(c -> c.name().equals("memory.l2_hits")).findFirst().orElseThrow();
        long t = r.engine().now();
        MemoryRequest poll = MemoryRequest.read(0, 8, null, null).poll();
        assertEquals(true, r.memory().request(poll, r.client(), t));
        assertEquals(false, slice.working(t));
        assertEquals(false, hits.tick(t + 2));
        assertEquals(false, slice.tick(t + 2));
        assertEquals(t + 2, poll.doneAt());
        MemoryRequest plain = MemoryRequest.read(0, 8, null, null);
        assertEquals(true, r.memory().request(plain, r.client(), t + 3));
        assertEquals(true, slice.working(t + 3));
        hits.tick(t + 5);
        assertEquals(true, slice.tick(t + 5));
        assertEquals(t + 5, plain.doneAt());
    }

    // memory.hash: interleave sends granules g = 0, 4, 8, 12 (a 1 KiB stride, 256-byte granules,
    // four channels) all to channel 0; the XOR fold g ^ g>>2 ^ g>>4 spreads them over 0, 1, 2, 3.
    @Test
    void theXorHashSpreadsAPowerOfTwoStride() {
        MemorySystem.Params four = new MemorySystem.Params(4, 256, 64, false, 0, 16, 10, 16);
        MemorySystem plain = new MemorySystem(new Engine(100), new DeviceMemory(256), four);
        MemorySystem xor = new MemorySystem(new Engine(100), new DeviceMemory(256), four,
                new L2Params(false, null, true, true));
        int[] p = new int[4];
        int[] x = new int[4];
        for (int i = 0; i < 4; i++) {
            p[i] = plain.channelOf(1024L * i);
            x[i] = xor.channelOf(1024L * i);
        }
        assertArrayEquals(new int[] {0, 0, 0, 0}, p);
        assertArrayEquals(new int[] {0, 1, 2, 3}, x);
        // Within a granule and within four consecutive granules both keep one channel each.
        assertEquals(xor.channelOf(1024), xor.channelOf(1024 + 255));
        assertArrayEquals(new int[] {1, 0, 3, 2},
                new int[] {xor.channelOf(1024), xor.channelOf(1280), xor.channelOf(1536), xor.channelOf(1792)});
    }
}
