package gpusim.memory.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import gpusim.memory.DeviceMemory;
import gpusim.memory.MemorySystem;
import gpusim.memory.ScriptedClient;
import gpusim.sim.Engine;
import gpusim.sim.MemoryRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;

/**
 * The cache's timing, replacement, traffic and data, pinned exactly. The rig: a client,
 * the cache, and behind it one in-order memory channel (MemorySystem.Params.single) with
 * latency 10 and 16 bytes a cycle, so a 64-byte line fill occupies it 64/16 = 4 cycles.
 * Hit latency 2. Hence:
 * <ul>
 * <li>a hit requested at t completes at t + 2;</li>
 * <li>a miss requested at t sends its fill at t + 2 (the lookup), the channel serves it from
 *     t + 3 (the cycle after it arrives) for 4 cycles and it completes 10 cycles later:
 *     t + 3 + 4 + 10 = t + 17;</li>
 * <li>a write-through write of B <= 16 bytes requested at t: sent at t + 2, served at t + 3
 *     for 1 cycle, done at t + 3 + 1 + 10 = t + 14.</li>
 * </ul>
 */
class CacheTest {
    static final long HIT = 2;
    static final long MISS = 17;

    record Rig(Engine engine, DeviceMemory dm, MemorySystem memory, Cache cache, ScriptedClient client) {
        void run() {
            engine.run(() -> false);
        }

        long cacheStat(String s) {
            return cache.stats().find(s).value().longValue();
        }

        long memStat(String s) {
            return memory.stats().find(s).value().longValue();
        }
    }

    static CacheParams params(long size, int ways, boolean writeBack, int mshrs) {
        return new CacheParams(size, ways, 64, writeBack, mshrs, HIT);
    }

    /** Registration order client, cache, memory, channel: the engine ticks the channel first in a cycle. */
    static Rig rig(CacheParams p, long lastScriptCycle, LongFunction<List<MemoryRequest>> script) {
        return rig(p, 16, lastScriptCycle, script);
    }

    /** The rig with a memory queue of {@code queueDepth} requests. */
    static Rig rig(CacheParams p, int queueDepth, long lastScriptCycle, LongFunction<List<MemoryRequest>> script) {
        Engine e = new Engine(10_000);
        DeviceMemory dm = new DeviceMemory(256);
        MemorySystem ms = new MemorySystem(e, dm, MemorySystem.Params.single(queueDepth, 10, 16));
        ScriptedClient c = new ScriptedClient(e, lastScriptCycle, script);
        Cache cache = new Cache("cache", e, ms, p);
        c.port = cache;
        e.add(c);
        e.add(cache);
        ms.register();
        e.wakeAt(c, 0);
        return new Rig(e, dm, ms, cache, c);
    }

    /** A rig whose client issues each map entry's requests at that cycle. */
    static Rig scripted(CacheParams p, Map<Long, List<MemoryRequest>> at) {
        long last = at.keySet().stream().mapToLong(Long::longValue).max().orElse(0);
        return rig(p, last, t -> at.getOrDefault(t, List.of()));
    }

    static MemoryRequest read(long a, int n) {
        return MemoryRequest.read(a, n, null, null);
    }

    static MemoryRequest write(long a, byte... b) {
        return MemoryRequest.write(a, b, null, null);
    }

    // Line 0 read at 0 misses: done at 0 + 17. Read again at 20: a hit, done at 22. One fetch
    // went downstream (memory reads 1, 64 bytes: the whole line).
    @Test
    void missThenHitAreCycleExact() {
        MemoryRequest a = read(0, 8);
        MemoryRequest b = read(8, 8);
        Rig r = scripted(params(4096, 4, true, 4), Map.of(0L, List.of(a), 20L, List.of(b)));
        r.run();
        assertEquals(17, a.doneAt());
        assertEquals(22, b.doneAt());
        assertEquals(1, r.cacheStat("hits"));
        assertEquals(1, r.cacheStat("misses"));
        assertEquals(1, r.memStat("reads"));
        assertEquals(64, r.memStat("bytes_read"));
    }

    // Line 0 missed at 0 (fill done 17); a second miss to it at 1 merges into the MSHR: no
    // second fetch, and it completes with the fill at 17. A miss to line 64 at 1 takes its own
    // MSHR: sent at 3, queued behind the first fill (channel busy 3..6), served 7..10, done 21.
    @Test
    void missesToALineInFlightMergeIntoItsMshr() {
        MemoryRequest a = read(0, 8);
        MemoryRequest b = read(32, 8);
        MemoryRequest c = read(64, 8);
        Rig r = scripted(params(4096, 4, true, 4), Map.of(0L, List.of(a), 1L, List.of(b, c)));
        r.run();
        assertEquals(List.of(17L, 17L, 21L), List.of(a.doneAt(), b.doneAt(), c.doneAt()));
        assertEquals(1, r.cacheStat("mshr_merges"));
        assertEquals(3, r.cacheStat("misses"));
        assertEquals(2, r.memStat("reads"));
    }

    // One MSHR. Line 0 missed at 0 takes it; line 64 at 0 is refused, and again at 1 (the
    // engine ticks a client that made progress once more the next cycle): mshr_stalls 2, then
    // the client sleeps. The fill returns at 17 and frees the MSHR, waking the client in that
    // cycle: line 64 is accepted at 17 and completes at 17 + 17 = 34.
    @Test
    void aFullMshrFileRefusesAndWakesTheRequesterWhenOneFrees() {
        MemoryRequest a = read(0, 8);
        MemoryRequest b = read(64, 8);
        Rig r = scripted(params(4096, 4, true, 1), Map.of(0L, List.of(a, b)));
        r.run();
        assertEquals(List.of(0L, 17L), r.client().issueCycles);
        assertEquals(List.of(17L, 34L), List.of(a.doneAt(), b.doneAt()));
        assertEquals(2, r.cacheStat("mshr_stalls"));
        // A hit needs no MSHR: with the one MSHR busy, a hit to line 0 is still accepted.
        MemoryRequest c = read(0, 8);
        MemoryRequest d = read(128, 8);
        MemoryRequest e = read(4, 4);
        Rig r2 = scripted(params(4096, 4, true, 1), Map.of(0L, List.of(c), 20L, List.of(d), 21L, List.of(e)));
        r2.run();
        assertEquals(List.of(17L, 37L, 23L), List.of(c.doneAt(), d.doneAt(), e.doneAt()));
        assertEquals(0, r2.cacheStat("mshr_stalls"));
    }

    // One set of two ways (128 bytes), lines A = 0, B = 64, C = 128, one request every 30 cycles:
    // A miss, B miss, A hit (B now least recently used), C miss evicts B, A hit, B miss evicts C
    // (C installed at 107, A touched at 120), C miss evicts A (A at 120, B installed at 167).
    // Latencies: 17 17 2 17 2 17 17; evictions 3; hits 2, misses 5.
    @Test
    void lruEvictsTheLeastRecentlyUsedWay() {
        long[] seq = {0, 64, 0, 128, 0, 64, 128};
        java.util.HashMap<Long, List<MemoryRequest>> at = new java.util.HashMap<>();
        for (int i = 0; i < seq.length; i++) {
            at.put(30L * i, List.of(read(seq[i], 8)));
        }
        Rig r = scripted(params(128, 2, true, 4), at);
        r.run();
        assertEquals(List.of(MISS, MISS, HIT, MISS, HIT, MISS, MISS), r.client().latencies());
        assertEquals(3, r.cacheStat("evictions"));
        assertEquals(2, r.cacheStat("hits"));
        assertEquals(5, r.cacheStat("misses"));
        assertEquals(0, r.cacheStat("write_backs"));
    }

    // Direct-mapped, one 64-byte line. Write 4 bytes at 0 at cycle 0: write-allocate fetches
    // line 0 (done 17) and dirties it. Read line 64 at 30: its fill returns at 47 and evicts the
    // dirty line 0, whose whole 64 bytes go downstream as one write (sent at 47, served 48..51).
    // Read line 0 at 80: a miss again (evicting clean line 64: no write-back) that returns the
    // bytes written. Memory: 3 reads, 1 write of 64 bytes; the write-back landed in DeviceMemory.
    @Test
    void dirtyVictimsAreWrittenBackAndCounted() {
        MemoryRequest w = write(0, (byte) 1, (byte) 2, (byte) 3, (byte) 4);
        MemoryRequest b = read(64, 8);
        MemoryRequest a = read(0, 8);
        Rig r = scripted(params(64, 1, true, 4), Map.of(0L, List.of(w), 30L, List.of(b), 80L, List.of(a)));
        r.run();
        assertEquals(List.of(17L, 47L, 97L), List.of(w.doneAt(), b.doneAt(), a.doneAt()));
        assertEquals(1, r.cacheStat("write_backs"));
        assertEquals(2, r.cacheStat("evictions"));
        assertEquals(3, r.memStat("reads"));
        assertEquals(1, r.memStat("writes"));
        assertEquals(64, r.memStat("bytes_written"));
        assertArrayEquals(new byte[] {1, 2, 3, 4, 0, 0, 0, 0}, a.data());
        byte[] landed = new byte[8];
        r.dm().read(0, landed, 0, 8);
        assertArrayEquals(new byte[] {1, 2, 3, 4, 0, 0, 0, 0}, landed);
    }

    // Write 4 bytes at 0 at cycle 0, read them at 30.
    // Write-back/allocate: the write misses and fetches (done 17), the read hits (done 32);
    // memory sees one read and no write. Write-through/no-allocate: the write goes downstream
    // (done 14) without fetching, the read misses (done 47); memory sees 4 bytes written and
    // one read. Both return the bytes written.
    @Test
    void writeAllocateFetchesOnWriteMissNoAllocateDoesNot() {
        for (boolean writeBack : new boolean[] {true, false}) {
            MemoryRequest w = write(0, (byte) 9, (byte) 8, (byte) 7, (byte) 6);
            MemoryRequest a = read(0, 4);
            Rig r = scripted(params(4096, 4, writeBack, 4), Map.of(0L, List.of(w), 30L, List.of(a)));
            r.run();
            assertArrayEquals(new byte[] {9, 8, 7, 6}, a.data());
            if (writeBack) {
                assertEquals(List.of(17L, 32L), List.of(w.doneAt(), a.doneAt()));
                assertEquals(List.of(1L, 0L, 1L, 1L), List.of(r.memStat("reads"), r.memStat("writes"),
                        r.cacheStat("hits"), r.cacheStat("misses")));
            } else {
                assertEquals(List.of(14L, 47L), List.of(w.doneAt(), a.doneAt()));
                assertEquals(List.of(1L, 1L, 4L, 0L, 2L), List.of(r.memStat("reads"), r.memStat("writes"),
                        r.memStat("bytes_written"), r.cacheStat("hits"), r.cacheStat("misses")));
            }
        }
    }

    // A request spanning lines is cut: 16 bytes at 56 touch lines 0 and 64, two fills, done
    // when the second returns (sent at 2 behind the first: served 7..10, done 21).
    @Test
    void aRequestSpanningLinesIsCut() {
        MemoryRequest a = read(56, 16);
        Rig r = scripted(params(4096, 4, true, 4), Map.of(0L, List.of(a)));
        r.run();
        assertEquals(21, a.doneAt());
        assertEquals(2, r.cacheStat("misses"));
        assertEquals(2, r.memStat("reads"));
    }

    // 300 random reads and writes (1..100 bytes, spanning lines, several issued per cycle so
    // they merge, stall and evict) over 512 bytes through a 2-set, 2-way cache with 2 MSHRs:
    // every read returns exactly what a flat byte array, written in issue order, holds.
    @Test
    void readsReturnExactlyWhatWasWritten() {
        for (boolean writeBack : new boolean[] {true, false}) {
            Rig r = mix(new CacheParams(256, 2, 64, writeBack, 2, HIT), 10);
            // The mix did exercise the paths it is meant to (merges, stalls, evictions, write-backs).
            for (String s : writeBack ? List.of("mshr_merges", "mshr_stalls", "evictions", "write_backs")
                    : List.of("mshr_merges", "mshr_stalls", "evictions")) {
                org.junit.jupiter.api.Assertions.assertTrue(r.cacheStat(s) > 0, s);
            }
        }
    }

    // ---- Sectors (CacheParams.sectorBytes): 64-byte lines of four 16-byte sectors, so a sector
    // fetch or write occupies the channel one cycle: a miss of one sector requested at t is sent
    // at t + 2, served at t + 3 and done at t + 3 + 1 + 10 = t + 14; one of a two-sector run,
    // served t + 3 and t + 4, is done at t + 15.

    static CacheParams sectoredParams(long size, int ways, boolean writeBack, int mshrs) {
        return new CacheParams(size, ways, 64, writeBack, mshrs, HIT, 16);
    }

    static byte[] bytes(int n, int first) {
        return ScriptedClient.bytes(n, first);
    }

    // Read 8 bytes of sector 0 at 0: only that sector is fetched (16 bytes, done 14). Read
    // sector 1 at 20: the tag is there, the sector not: a sector miss, fetched alone (done 34).
    // Read sector 0 at 40: a hit (42). Read the whole line at 50: sectors 2 and 3 are missing,
    // one 32-byte fetch (sent 52, served 53..54, done 65). Memory read 64 bytes in three reads,
    // the line once; nothing saved or lost against whole lines but the two sector misses' 16 + 32
    // bytes beyond the line's first fetch (64 - 16 - 16 - 32 = 0).
    @Test
    void aSectoredReadFetchesOnlyTheSectorsItNeeds() {
        MemoryRequest a = read(8, 8);
        MemoryRequest b = read(16, 16);
        MemoryRequest c = read(0, 8);
        MemoryRequest d = read(0, 64);
        Rig r = scripted(sectoredParams(4096, 4, true, 4),
                Map.of(0L, List.of(a), 20L, List.of(b), 40L, List.of(c), 50L, List.of(d)));
        r.run();
        assertEquals(List.of(14L, 34L, 42L, 65L), List.of(a.doneAt(), b.doneAt(), c.doneAt(), d.doneAt()));
        assertEquals(List.of(1L, 3L, 2L, 64L), List.of(r.cacheStat("hits"), r.cacheStat("misses"),
                r.cacheStat("sector_misses"), r.cacheStat("fill_bytes")));
        assertEquals(List.of(3L, 64L), List.of(r.memStat("reads"), r.memStat("bytes_read")));
        assertEquals(0, r.cacheStat("bytes_saved"));
    }

    // Direct-mapped, one line. At 0 a 16-byte write covering sector 1 of absent line 0: allocated
    // without a fetch, done at the hit latency (2), a miss with one sector fill avoided. At 10 it
    // reads back as a hit (12). At 20 a 4-byte write into sector 2 covers it only partly: that
    // sector is fetched (a sector miss, done 34). At 40 a read of line 64 (8 bytes) fetches its
    // sector 0 (sent 42, served 43, done 54) and its fill evicts line 0, whose dirty sectors 1 and
    // 2 go back as one 32-byte write (sent 54, served 55..56): a partial write-back. At 80 sector
    // 1 of line 0 misses again and returns the bytes written (done 94), fetching 16 bytes.
    // Memory: 3 reads of 16 bytes, one write of 32 (without sectors: 4 reads and one write of 64
    // bytes each). Saved: line 0's allocation 64, line 64's fill 64 - 16, the write-back 64 - 32,
    // line 0's re-fetch 64 - 16, less the sector miss's 16: 64 + 48 + 32 + 48 - 16 = 176.
    @Test
    void aWholeSectorWriteAllocatesWithoutAFetchAndOnlyDirtySectorsAreWrittenBack() {
        MemoryRequest w1 = write(16, bytes(16, 1));
        MemoryRequest r1 = read(16, 16);
        MemoryRequest w2 = write(36, (byte) 101, (byte) 102, (byte) 103, (byte) 104);
        MemoryRequest other = read(64, 8);
        MemoryRequest again = read(16, 16);
        Rig r = scripted(sectoredParams(64, 1, true, 4), Map.of(0L, List.of(w1), 10L, List.of(r1),
                20L, List.of(w2), 40L, List.of(other), 80L, List.of(again)));
        r.run();
        assertEquals(List.of(2L, 12L, 34L, 54L, 94L),
                List.of(w1.doneAt(), r1.doneAt(), w2.doneAt(), other.doneAt(), again.doneAt()));
        assertArrayEquals(bytes(16, 1), r1.data());
        assertArrayEquals(bytes(16, 1), again.data());
        assertEquals(List.of(1L, 4L, 1L, 1L), List.of(r.cacheStat("hits"), r.cacheStat("misses"),
                r.cacheStat("sector_misses"), r.cacheStat("sector_fills_avoided")));
        assertEquals(List.of(1L, 1L, 32L, 2L), List.of(r.cacheStat("write_backs"), r.cacheStat("partial_write_backs"),
                r.cacheStat("write_back_bytes"), r.cacheStat("evictions")));
        assertEquals(List.of(3L, 48L, 1L, 32L), List.of(r.memStat("reads"), r.memStat("bytes_read"),
                r.memStat("writes"), r.memStat("bytes_written")));
        assertEquals(176, r.cacheStat("bytes_saved"));
        byte[] landed = new byte[24];
        r.dm().read(16, landed, 0, 24);
        byte[] expect = new byte[24];
        System.arraycopy(bytes(16, 1), 0, expect, 0, 16);
        System.arraycopy(new byte[] {0, 0, 0, 0, 101, 102, 103, 104}, 0, expect, 16, 8);
        assertArrayEquals(expect, landed);
    }

    // Dirty sectors 0 and 2 of one line (two whole-sector writes, no fetch) are two runs: its
    // eviction (by a read of line 64 at 10, sent 12, served 13, done 24) writes them back as two
    // 16-byte writes. Behind a one-request memory queue the first is taken at 24 and the second
    // only once the channel has started the first (25); the write-back holds the one MSHR until
    // then, so a read of line 128 offered at 24 is refused (one stall) and taken at 25 (sent 27,
    // served 28 behind the writes at 26 and 27, done 39).
    @Test
    void aWriteBackWritesEachRunOfDirtySectorsAndHoldsItsMshrUntilTheLast() {
        MemoryRequest w1 = write(0, bytes(16, 1));
        MemoryRequest w2 = write(32, bytes(16, 33));
        MemoryRequest b = read(64, 8);
        MemoryRequest c = read(128, 8);
        Map<Long, List<MemoryRequest>> at = Map.of(0L, List.of(w1, w2), 10L, List.of(b), 24L, List.of(c));
        Rig r = rig(sectoredParams(64, 1, true, 1), 1, 24, t -> at.getOrDefault(t, List.of()));
        r.run();
        assertEquals(List.of(0L, 0L, 10L, 25L), r.client().issueCycles);
        assertEquals(List.of(2L, 2L, 24L, 39L), List.of(w1.doneAt(), w2.doneAt(), b.doneAt(), c.doneAt()));
        assertEquals(List.of(2L, 32L, 1L, 1L), List.of(r.memStat("writes"), r.memStat("bytes_written"),
                r.cacheStat("partial_write_backs"), r.cacheStat("mshr_stalls")));
        byte[] landed = new byte[48];
        r.dm().read(0, landed, 0, 48);
        assertArrayEquals(bytes(16, 1), java.util.Arrays.copyOfRange(landed, 0, 16));
        assertArrayEquals(new byte[16], java.util.Arrays.copyOfRange(landed, 16, 32));
        assertArrayEquals(bytes(16, 33), java.util.Arrays.copyOfRange(landed, 32, 48));
    }

    // Sector 0 of line 0 missed at 0 (fetch sent 2, served 3). At 1: a read of sector 3 merges
    // into the MSHR and adds a fetch of its sector (sent 3, served 4, done 15), and a whole-sector
    // write of sector 1 merges needing nothing. All three complete with the MSHR's last fetch, 15;
    // then the line holds sectors 0, 1 and 3 (a read of them at 20 hits, 22) and not 2.
    @Test
    void partsMergingIntoAnMshrFetchOnlyWhatItDoesNotBring() {
        MemoryRequest a = read(0, 4);
        MemoryRequest b = read(48, 4);
        MemoryRequest w = write(16, bytes(16, 7));
        MemoryRequest c = read(0, 32);
        MemoryRequest d = read(48, 16);
        MemoryRequest e = read(32, 4);
        Rig r = scripted(sectoredParams(4096, 4, true, 4),
                Map.of(0L, List.of(a), 1L, List.of(b, w), 20L, List.of(c, d), 40L, List.of(e)));
        r.run();
        assertEquals(List.of(15L, 15L, 15L, 22L, 22L, 54L),
                List.of(a.doneAt(), b.doneAt(), w.doneAt(), c.doneAt(), d.doneAt(), e.doneAt()));
        assertEquals(List.of(2L, 1L, 1L), List.of(r.cacheStat("mshr_merges"), r.cacheStat("sector_fills_avoided"),
                r.cacheStat("sector_misses")));
        assertArrayEquals(bytes(16, 7), java.util.Arrays.copyOfRange(c.data(), 16, 32));
        assertEquals(List.of(3L, 48L), List.of(r.memStat("reads"), r.memStat("bytes_read")));
    }

    // A sector as large as the line is no sector: the random mix of readsReturnExactlyWhatWasWritten
    // through sector_bytes = line completes every request in the same cycle as without, with the same
    // statistics (and no sector ones).
    @Test
    void aSectorTheSizeOfTheLineIsTheUnsectoredCache() {
        for (boolean writeBack : new boolean[] {true, false}) {
            Rig plain = mix(new CacheParams(256, 2, 64, writeBack, 2, HIT), 11);
            Rig whole = mix(new CacheParams(256, 2, 64, writeBack, 2, HIT, 64), 11);
            assertEquals(plain.client().latencies(), whole.client().latencies());
            assertEquals(plain.cache().stats().stats().stream().map(s -> s.name() + "=" + s.value()).toList(),
                    whole.cache().stats().stats().stream().map(s -> s.name() + "=" + s.value()).toList());
            assertEquals(null, whole.cache().stats().find("sector_misses"));
        }
    }

    /** 300 random reads and writes (1..100 bytes, three issued a cycle) over 512 bytes; checks every read's bytes. */
    static Rig mix(CacheParams p, long seed) {
        Random rnd = new Random(seed);
        byte[] truth = new byte[512];
        List<MemoryRequest> all = new ArrayList<>();
        java.util.HashMap<Long, List<MemoryRequest>> at = new java.util.HashMap<>();
        for (int i = 0; i < 300; i++) {
            int addr = rnd.nextInt(500);
            int n = 1 + rnd.nextInt(Math.min(100, 512 - addr));
            MemoryRequest q;
            if (rnd.nextBoolean()) {
                byte[] b = new byte[n];
                rnd.nextBytes(b);
                q = MemoryRequest.write(addr, b, null, null);
            } else {
                q = read(addr, n);
            }
            all.add(q);
            at.computeIfAbsent((long) i / 3, k -> new ArrayList<>()).add(q);
        }
        Rig r = scripted(p, at);
        r.run();
        assertEquals(all, r.client().issued);
        for (MemoryRequest q : all) {
            int a = (int) q.address();
            if (q.kind() == MemoryRequest.Kind.WRITE) {
                System.arraycopy(q.data(), 0, truth, a, q.size());
            } else {
                assertArrayEquals(java.util.Arrays.copyOfRange(truth, a, a + q.size()), q.data(), "read at " + a);
            }
        }
        if (!p.writeBack()) {
            byte[] mem = new byte[512];
            r.dm().read(0, mem, 0, 512);
            assertArrayEquals(truth, mem, "write-through: memory holds every write");
        }
        assertEquals(0, r.cache().pending());
        assertEquals(0, r.cache().mshrsInUse());
        return r;
    }

    // The random mix through 16-byte sectors (and 8-byte ones, eight a line), both policies: every
    // read returns exactly what was written, and the sector paths were taken.
    @Test
    void sectoredReadsReturnExactlyWhatWasWritten() {
        for (int sector : new int[] {16, 8}) {
            for (boolean writeBack : new boolean[] {true, false}) {
                Rig r = mix(new CacheParams(256, 2, 64, writeBack, 2, HIT, sector), 10);
                for (String s : writeBack ? List.of("mshr_merges", "mshr_stalls", "sector_misses",
                        "sector_fills_avoided", "partial_write_backs") : List.of("mshr_merges", "sector_misses")) {
                    org.junit.jupiter.api.Assertions.assertTrue(r.cacheStat(s) > 0, s + " at " + sector);
                }
            }
        }
    }

    // ---- Byte masks (CacheParams.byteMasks): a valid and a dirty bit a byte. Memory is preloaded with
    // 100, 101, ... so that a byte the cache did not write but wrote back, or returned without
    // fetching, would show as the cache's zeros.

    static CacheParams masked(long size, int ways, int sectorBytes) {
        return new CacheParams(size, ways, 64, true, 4, HIT, sectorBytes, true);
    }

    /** Memory holds 100 + i at byte i of [0, 128). */
    static Rig preloaded(CacheParams p, Map<Long, List<MemoryRequest>> at) {
        Rig r = scripted(p, at);
        r.dm().write(0, bytes(128, 100), 0, 128);
        return r;
    }

    /** Memory's bytes [from, to) (100 + i) with {@code written} laid over them at {@code at}. */
    static byte[] memoryWith(int from, int to, int at, byte[] written) {
        byte[] b = java.util.Arrays.copyOfRange(bytes(128, 100), from, to);
        System.arraycopy(written, 0, b, at - from, written.length);
        return b;
    }

    // An 8-byte write at 0 to an absent line: allocated at the lookup, nothing fetched, done at the
    // hit latency (2) and counted a miss whose fetch was avoided. A 2-byte write to the same line at
    // 10 hits (12). Without byte masks the first write fetches the line (done 17, one read) and the
    // second merges into that fetch (17).
    @Test
    void aPartialWriteMissCompletesAtTheHitLatencyWithoutAFetch() {
        for (boolean masks : new boolean[] {true, false}) {
            MemoryRequest w1 = write(8, bytes(8, 1));
            MemoryRequest w2 = write(40, (byte) 7, (byte) 8);
            Rig r = scripted(new CacheParams(4096, 4, 64, true, 4, HIT, 0, masks),
                    Map.of(0L, List.of(w1), 10L, List.of(w2)));
            r.run();
            if (masks) {
                assertEquals(List.of(2L, 12L), List.of(w1.doneAt(), w2.doneAt()));
                assertEquals(List.of(1L, 1L, 1L, 0L), List.of(r.cacheStat("hits"), r.cacheStat("misses"),
                        r.cacheStat("fetches_avoided_by_byte_masks"), r.memStat("reads")));
            } else {
                assertEquals(List.of(17L, 17L), List.of(w1.doneAt(), w2.doneAt()));
                assertEquals(1, r.memStat("reads"));
                assertEquals(null, r.cache().stats().find("fetches_avoided_by_byte_masks"));
            }
        }
    }

    // Direct-mapped, one line. Writes of bytes 8..15 (at 0, allocating), 16..19 (at 1) and 40..41
    // (at 2) leave two dirty runs, 8..19 and 40..41. A read of line 64 at 10 (done 27) evicts the
    // line: two writes, 12 + 2 bytes, and memory keeps its own bytes everywhere else (a whole-line
    // write-back would have written the cache's never-fetched zeros over them). Line 0 read whole at
    // 60 misses (done 77) and returns memory's bytes with the three writes in them.
    @Test
    void anEvictionWritesBackOnlyTheDirtyBytesOneWriteARun() {
        MemoryRequest w1 = write(8, bytes(8, 1));
        MemoryRequest w2 = write(16, bytes(4, 21));
        MemoryRequest w3 = write(40, (byte) 50, (byte) 51);
        MemoryRequest other = read(64, 8);
        MemoryRequest again = read(0, 64);
        Rig r = preloaded(masked(64, 1, 0), Map.of(0L, List.of(w1), 1L, List.of(w2), 2L, List.of(w3),
                10L, List.of(other), 60L, List.of(again)));
        r.run();
        assertEquals(List.of(2L, 3L, 4L, 27L, 77L),
                List.of(w1.doneAt(), w2.doneAt(), w3.doneAt(), other.doneAt(), again.doneAt()));
        assertEquals(List.of(2L, 14L, 2L, 128L), List.of(r.memStat("writes"), r.memStat("bytes_written"),
                r.memStat("reads"), r.memStat("bytes_read")));
        assertEquals(List.of(1L, 1L, 14L, 2L), List.of(r.cacheStat("write_backs"),
                r.cacheStat("partial_write_backs"), r.cacheStat("write_back_bytes"), r.cacheStat("evictions")));
        assertEquals(List.of(2L, 3L, 1L), List.of(r.cacheStat("hits"), r.cacheStat("misses"),
                r.cacheStat("fetches_avoided_by_byte_masks")));
        byte[] expect = memoryWith(0, 64, 8, bytes(8, 1));
        System.arraycopy(bytes(4, 21), 0, expect, 16, 4);
        expect[40] = 50;
        expect[41] = 51;
        byte[] landed = new byte[64];
        r.dm().read(0, landed, 0, 64);
        assertArrayEquals(expect, landed);
        assertArrayEquals(expect, again.data());
    }

    // A 4-byte write at 0 to bytes 4..7 (no fetch, done 2). At 5 a read of exactly those bytes hits
    // (7): they are valid though the line is not. At 10 a read of bytes 0..15 needs bytes the line
    // does not hold: a miss, the line moves into an MSHR and is fetched (sent 12, served 13..16,
    // done 27), and the fill is merged under the written bytes. At 40 the whole line hits (42) with
    // the same merge. One fetch of 64 bytes in all.
    @Test
    void aReadOfBytesAPartialWriteLeftInvalidFetchesAndMergesUnderTheWrittenBytes() {
        byte[] written = {1, 2, 3, 4};
        MemoryRequest w = write(4, written);
        MemoryRequest same = read(4, 4);
        MemoryRequest wider = read(0, 16);
        MemoryRequest whole = read(0, 64);
        Rig r = preloaded(masked(4096, 4, 0), Map.of(0L, List.of(w), 5L, List.of(same), 10L, List.of(wider),
                40L, List.of(whole)));
        r.run();
        assertEquals(List.of(2L, 7L, 27L, 42L), List.of(w.doneAt(), same.doneAt(), wider.doneAt(), whole.doneAt()));
        assertArrayEquals(written, same.data());
        assertArrayEquals(memoryWith(0, 16, 4, written), wider.data());
        assertArrayEquals(memoryWith(0, 64, 4, written), whole.data());
        assertEquals(List.of(2L, 2L, 1L), List.of(r.cacheStat("hits"), r.cacheStat("misses"),
                r.cacheStat("sector_misses")));
        assertEquals(List.of(1L, 64L, 64L), List.of(r.memStat("reads"), r.memStat("bytes_read"),
                r.cacheStat("fill_bytes")));
    }

    // 16-byte sectors. At 0 a 4-byte write into sector 1 of an absent line (a miss, no fetch: done 2;
    // without masks it fetches sector 1, done 14); at 1 a whole-sector write of sector 3 (a miss, as
    // its sector held nothing, and a sector fill avoided: done 3). At 5 a read of the 4 bytes written
    // hits (7). At 10 a read of the whole line lacks bytes of sectors 0, 1 and 2: one 48-byte fetch
    // of the run (sent 12, served 13..15, done 26), merged under both writes; sector 3 is not fetched.
    @Test
    void aSectoredPartialWriteThenAWholeLineReadFetchesOnlyTheSectorsLackingBytes() {
        byte[] small = {1, 2, 3, 4};
        MemoryRequest w1 = write(20, small);
        MemoryRequest w2 = write(48, bytes(16, 33));
        MemoryRequest same = read(20, 4);
        MemoryRequest whole = read(0, 64);
        Rig r = preloaded(masked(4096, 4, 16), Map.of(0L, List.of(w1), 1L, List.of(w2), 5L, List.of(same),
                10L, List.of(whole)));
        r.run();
        assertEquals(List.of(2L, 3L, 7L, 26L), List.of(w1.doneAt(), w2.doneAt(), same.doneAt(), whole.doneAt()));
        byte[] expect = memoryWith(0, 64, 20, small);
        System.arraycopy(bytes(16, 33), 0, expect, 48, 16);
        assertArrayEquals(expect, whole.data());
        assertEquals(List.of(1L, 3L, 1L, 1L, 1L), List.of(r.cacheStat("hits"), r.cacheStat("misses"),
                r.cacheStat("fetches_avoided_by_byte_masks"), r.cacheStat("sector_fills_avoided"),
                r.cacheStat("sector_misses")));
        assertEquals(List.of(1L, 48L), List.of(r.memStat("reads"), r.memStat("bytes_read")));
        MemoryRequest unmasked = write(20, small);
        Rig u = preloaded(sectoredParams(4096, 4, true, 4), Map.of(0L, List.of(unmasked)));
        u.run();
        assertEquals(14, unmasked.doneAt());
    }

    // Line 0 missed by a read at 0 (done 17). At 1 a write of bytes 2..3 merges into its MSHR and,
    // needing no old bytes, completes at the hit latency (3; without masks it waits for the fill, 17),
    // then a read of bytes 0..7 merges too (17). At the fill the parts apply in arrival order: the
    // first read sees memory's bytes, the second the write over them. One fetch.
    @Test
    void aWriteIntoALineBeingFetchedCompletesAtOnceAndAppliesInArrivalOrder() {
        for (boolean masks : new boolean[] {true, false}) {
            MemoryRequest a = read(0, 8);
            MemoryRequest w = write(2, (byte) 9, (byte) 9);
            MemoryRequest b = read(0, 8);
            Rig r = preloaded(new CacheParams(4096, 4, 64, true, 4, HIT, 0, masks),
                    Map.of(0L, List.of(a), 1L, List.of(w, b)));
            r.run();
            assertEquals(List.of(17L, masks ? 3L : 17L, 17L), List.of(a.doneAt(), w.doneAt(), b.doneAt()));
            assertArrayEquals(memoryWith(0, 8, 0, new byte[0]), a.data());
            assertArrayEquals(memoryWith(0, 8, 2, new byte[] {9, 9}), b.data());
            assertEquals(List.of(2L, 3L, 1L), List.of(r.cacheStat("mshr_merges"), r.cacheStat("misses"),
                    r.memStat("reads")));
        }
    }

    // One MSHR, four sets of one way. A write to line 64 at 0 allocates it (done 2). A read of line 0
    // at 10 takes the MSHR until its fill (27). At 11 a write to line 128 (its set empty) needs no
    // MSHR and is taken at once (done 13); a write to line 320 replaces dirty line 64, whose
    // write-back needs a buffer entry: refused until the fill frees the MSHR, then taken at 27 (done
    // 29), line 64's 8 dirty bytes written back as one write.
    @Test
    void aMaskedWriteMissNeedsAnMshrOnlyForADirtyVictim() {
        MemoryRequest w1 = write(64, bytes(8, 1));
        MemoryRequest a = read(0, 8);
        MemoryRequest clean = write(128, bytes(8, 11));
        MemoryRequest dirty = write(320, bytes(8, 21));
        Rig r = scripted(new CacheParams(256, 1, 64, true, 1, HIT, 0, true),
                Map.of(0L, List.of(w1), 10L, List.of(a), 11L, List.of(clean, dirty)));
        r.run();
        assertEquals(List.of(0L, 10L, 11L, 27L), r.client().issueCycles);
        assertEquals(List.of(2L, 27L, 13L, 29L), List.of(w1.doneAt(), a.doneAt(), clean.doneAt(), dirty.doneAt()));
        assertEquals(List.of(1L, 1L, 8L), List.of(r.memStat("reads"), r.memStat("writes"), r.memStat("bytes_written")));
        assertEquals(0, r.cache().mshrsInUse());
    }

    // The random mix through a cache with byte masks, whole lines and 16- and 8-byte sectors: every
    // read returns exactly what was written (memory's bytes merged under the dirty ones), and the
    // paths were taken: writes that avoided a fetch, lines moved into an MSHR for bytes they lacked,
    // merges, stalls, write-backs of part of a line.
    @Test
    void byteMaskedReadsReturnExactlyWhatWasWritten() {
        for (int sector : new int[] {0, 16, 8}) {
            Rig r = mix(new CacheParams(256, 2, 64, true, 2, HIT, sector, true), 10);
            for (String s : List.of("fetches_avoided_by_byte_masks", "sector_misses", "mshr_merges", "mshr_stalls",
                    "partial_write_backs")) {
                org.junit.jupiter.api.Assertions.assertTrue(r.cacheStat(s) > 0, s + " at " + sector);
            }
        }
    }

    // A write-through cache has no dirty bytes and allocates nothing on a write: the flag changes
    // nothing (every latency and statistic of the random mix is the same) and masksBytes() says so.
    @Test
    void aWriteThroughCacheIgnoresByteMasks() {
        CacheParams p = new CacheParams(256, 2, 64, false, 2, HIT, 16, true);
        assertEquals(false, p.masksBytes());
        Rig plain = mix(new CacheParams(256, 2, 64, false, 2, HIT, 16), 12);
        Rig flagged = mix(p, 12);
        assertEquals(plain.client().latencies(), flagged.client().latencies());
        assertEquals(plain.cache().stats().stats().stream().map(s -> s.name() + "=" + s.value()).toList(),
                flagged.cache().stats().stats().stream().map(s -> s.name() + "=" + s.value()).toList());
    }

    @Test
    void badShapesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new CacheParams(192, 1, 64, true, 1, 1)); // 3 sets
        assertThrows(IllegalArgumentException.class, () -> new CacheParams(4096, 4, 48, true, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new CacheParams(4096, 4, 64, true, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> new CacheParams(4096, 4, 64, true, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new CacheParams(1L << 40, 4, 64, true, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> new CacheParams(4096, 4, 64, true, 1, 1, 24));
        assertThrows(IllegalArgumentException.class, () -> new CacheParams(4096, 4, 64, true, 1, 1, 128));
        assertThrows(IllegalArgumentException.class, () -> new CacheParams(8192, 2, 4096, true, 1, 1, 32));
        assertEquals(false, new CacheParams(4096, 4, 64, true, 1, 1, 64).sectored());
    }
}
