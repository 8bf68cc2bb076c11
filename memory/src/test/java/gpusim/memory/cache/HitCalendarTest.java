package gpusim.memory.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.memory.DeviceMemory;
import gpusim.memory.MemorySystem;
import gpusim.memory.ScriptedClient;
import gpusim.sim.Engine;
import gpusim.sim.MemoryRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;

/**
 * The hit calendar of two slices: hits complete at their lookup plus the hit latency, the slices'
 * hits of one cycle in slice order, and every cycle, count and refusal is the one the slices give
 * completing their own hits.
 */
class HitCalendarTest {
    /** Two clients, each with its slice (2-cycle hits, 64-byte lines) in front of one memory. */
    record Rig(Engine engine, MemorySystem memory, Cache[] slices, ScriptedClient[] clients, HitCalendar calendar) {
        long run() {
            return engine.run(() -> false);
        }
    }

    /**
     * Registered as the L2 is: the clients, the slices highest first, the calendar (when {@code calendar}),
     * then the memory and its channel, which the engine therefore runs first in a cycle.
     */
    static Rig rig(boolean calendar, CacheParams p, int queueDepth, long last, List<LongFunction<List<MemoryRequest>>> s) {
        Engine e = new Engine(10_000);
        MemorySystem ms = new MemorySystem(e, new DeviceMemory(256), MemorySystem.Params.single(queueDepth, 10, 16));
        Cache[] slices = new Cache[2];
        ScriptedClient[] clients = new ScriptedClient[2];
        for (int c = 0; c < 2; c++) {
            slices[c] = new Cache("l2_" + c, e, ms, p);
            clients[c] = new ScriptedClient(e, last, s.get(c));
            clients[c].port = slices[c];
            e.add(clients[c]);
        }
        e.add(slices[1]);
        e.add(slices[0]);
        HitCalendar h = calendar ? new HitCalendar("hits", e, slices) : null;
        if (h != null) {
            e.add(h);
        }
        ms.register();
        e.wakeAt(clients[0], 0);
        e.wakeAt(clients[1], 0);
        return new Rig(e, ms, slices, clients, h);
    }

    static final CacheParams TIMED = new CacheParams(1024, 2, 64, true, 4, 2).withoutBytes();

    // Each slice fetches its line at cycle 0 (a miss: looked up by 2, served by the channel from 3 for 4
    // cycles, then 10 of latency: filled at 17, slice 0's first as the channel serves it first; slice 1's
    // at 21), then both read their lines again at 30: hits, done at 32, slice 0's told first. Then slice 1
    // writes at 40 (a hit into its line, done 42). The calendar runs at 32 and 42 only.
    @Test
    void hitsCompleteAtTheHitLatencyInSliceOrder() {
        List<String> told = new ArrayList<>();
        MemoryRequest.Client record = (r, now) -> told.add(r.address() + "@" + now);
        Map<Long, List<MemoryRequest>> s0 = Map.of(0L, List.of(MemoryRequest.fetch(0, 64, record, null)),
                30L, List.of(MemoryRequest.fetch(0, 8, record, null)));
        Map<Long, List<MemoryRequest>> s1 = Map.of(0L, List.of(MemoryRequest.fetch(64, 64, record, null)),
                30L, List.of(MemoryRequest.fetch(64, 8, record, null)),
                40L, List.of(MemoryRequest.timedWrite(72, 8, record, null)));
        Rig r = rig(true, TIMED, 16, 40, List.of(t -> s0.getOrDefault(t, List.of()), t -> s1.getOrDefault(t, List.of())));
        r.run();
        assertEquals(List.of("0@17", "64@21", "0@32", "64@32", "72@42"), told);
        assertEquals(2, r.engine().ticksOf(r.calendar()));
        assertEquals(2L, r.slices()[1].stats().find("hits").value().longValue());
    }

    // Random fetches and timed writes into both slices, over a memory queue of two requests so that the
    // slices' fills and write-backs are refused and held: with the calendar, every completion cycle, issue
    // cycle and statistic (refusals included) is what the slices give completing their own hits.
    @Test
    void theCalendarChangesNoCycleAndNoCount() {
        for (long seed = 1; seed <= 6; seed++) {
            List<String> with = run(true, seed);
            List<String> without = run(false, seed);
            assertEquals(without, with, "seed " + seed);
            assertTrue(with.stream().anyMatch(x -> x.startsWith("memory.refusals=") && !x.endsWith("=0")), "refusals");
        }
    }

    static List<String> run(boolean calendar, long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<List<List<MemoryRequest>>> script = List.of(new ArrayList<>(), new ArrayList<>());
        for (int t = 0; t <= 300; t++) {
            for (int c = 0; c < 2; c++) {
                List<MemoryRequest> at = new ArrayList<>();
                if (rnd.nextInt(2) == 0) {
                    int size = new int[] {8, 32, 64, 128}[rnd.nextInt(4)];
                    long addr = rnd.nextInt(4096 - size) & ~7L;
                    if (rnd.nextBoolean()) {
                        at.add(MemoryRequest.timedWrite(addr, size, null, null));
                    } else {
                        MemoryRequest f = MemoryRequest.fetch(addr, size, null, null);
                        at.add(rnd.nextInt(8) == 0 ? f.poll() : f); // a poll: timed, but no progress
                    }
                }
                script.get(c).add(at);
            }
        }
        Rig r = rig(calendar, TIMED, 2, 300, List.of(t -> script.get(0).get((int) t), t -> script.get(1).get((int) t)));
        long lastProgress = r.run();
        List<String> out = new ArrayList<>();
        out.add("progress@" + lastProgress);
        for (ScriptedClient c : r.clients()) {
            for (int i = 0; i < c.issued.size(); i++) {
                out.add(c.issued.get(i).address() + "@" + c.issueCycles.get(i) + "-" + c.issued.get(i).doneAt());
            }
        }
        out.add("end@" + r.engine().now());
        for (Cache s : r.slices()) {
            TimingOnlyCacheTest.flatten(s.stats(), out);
        }
        TimingOnlyCacheTest.flatten(r.memory().stats(), out);
        return out;
    }
}
