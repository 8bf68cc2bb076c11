package gpusim.memory.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.memory.ScriptedClient;
import gpusim.sim.MemoryRequest;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A cache that holds no bytes ({@link CacheParams#withoutBytes}, the render back ends' depth and
 * colour caches) is the same cache in time: on the same fetches and timed writes it completes
 * every request in the same cycle and counts the same hits, misses, evictions and write-backs as
 * the cache that holds them, for every policy and line organisation, and it leaves the memory's
 * bytes as they are (a cache that holds bytes writes back what its line held where a timed write
 * allocated it without a fetch: only the L2, whose bytes shadow the front door's, takes them).
 */
class TimingOnlyCacheTest {

    static List<CacheParams> shapes() {
        return List.of(
                new CacheParams(1024, 2, 64, true, 4, 2),
                new CacheParams(1024, 2, 256, true, 3, 4, 64),
                new CacheParams(2048, 4, 128, true, 8, 3, 32, true),
                new CacheParams(1024, 2, 64, false, 4, 2));
    }

    @ParameterizedTest
    @MethodSource("shapes")
    void holdingNoBytesChangesNoCycleAndNoCount(CacheParams p) {
        for (long seed = 1; seed <= 4; seed++) {
            List<String> with = run(p, seed);
            List<String> without = run(p.withoutBytes(), seed);
            assertEquals(with, without, "seed " + seed);
            assertTrue(with.stream().anyMatch(s -> s.startsWith("cache.misses=") && !s.endsWith("=0")), "misses");
        }
    }

    @Test
    void aRequestWithBytesIsRefused() {
        CacheParams p = new CacheParams(1024, 2, 64, true, 4, 2).withoutBytes();
        CacheTest.Rig rig = CacheTest.rig(p, 0, t -> List.of());
        MemoryRequest w = MemoryRequest.write(rig.dm().allocate(64), new byte[8], null, null);
        assertThrows(IllegalArgumentException.class, () -> rig.cache().request(w, rig.client(), 0));
    }

    /** A client's random fetches and timed writes over 3 KiB for 200 cycles: completion cycles, statistics, bytes. */
    static List<String> run(CacheParams p, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<List<MemoryRequest>> script = new ArrayList<>();
        CacheTest.Rig rig = CacheTest.rig(p, 4, 200, t -> script.get((int) t));
        long base = rig.dm().allocate(3072);
        byte[] before = new byte[3072];
        for (int i = 0; i < before.length; i++) {
            before[i] = (byte) (i * 31 + 7);
        }
        rig.dm().write(base, before, 0, before.length);
        for (int t = 0; t <= 200; t++) {
            List<MemoryRequest> at = new ArrayList<>();
            if (rnd.nextInt(3) == 0) {
                int size = new int[] {8, 32, 64, 128}[rnd.nextInt(4)];
                long addr = base + (rnd.nextInt(3072 - size) & ~7L);
                at.add(rnd.nextBoolean() ? MemoryRequest.timedWrite(addr, size, rig.client(), null)
                        : MemoryRequest.fetch(addr, size, rig.client(), null));
            }
            script.add(at);
        }
        rig.run();
        rig.cache().flush(rig.engine().now());
        rig.run();
        List<String> out = new ArrayList<>();
        for (MemoryRequest r : rig.client().issued) {
            out.add(r.address() + "@" + r.doneAt());
        }
        out.addAll(rig.client().issueCycles.stream().map(String::valueOf).toList());
        flatten(rig.cache().stats(), out);
        flatten(rig.memory().stats(), out);
        byte[] after = new byte[3072];
        rig.dm().read(base, after, 0, after.length);
        if (p.timingOnly()) {
            assertArrayEquals(before, after, "timed writes leave the bytes as they are");
        }
        return out;
    }

    static void flatten(StatGroup g, List<String> out) {
        for (Stat s : g.stats()) {
            out.add(g.name() + "." + s.name() + "=" + s.value());
        }
        for (StatGroup c : g.children()) {
            flatten(c, out);
        }
    }
}
