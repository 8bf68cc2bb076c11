package gpusim.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.memory.cache.Cache;
import gpusim.memory.cache.CacheParams;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.MemoryRequest;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import gpusim.sim.TraceHook;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A channel serves a part when it takes it (its scheduled mode: no DRAM, no timeline hook; a
 * part's service cycle decided on arrival, and moved by a merge that changes the service of a part
 * queued before it) or a part a tick (a timeline hook attached, which forces that mode). The two must be the same machine: the same completion cycle for every request, the
 * same issue cycles (so the same refusals and wakes), the same bytes in memory and the same
 * statistics, on random traffic that fills the queues, merges writes and splits requests over
 * channels.
 */
class ScheduledChannelTest {

    /** A hook that records nothing: attached, it only makes the channels serve a part a tick. */
    static final TraceHook SILENT = new TraceHook() {
        @Override
        public void span(Component c, String kind, long start, long end) { }

        @Override
        public void instant(Component c, String name, long cycle) { }

        @Override
        public void counter(String name, long cycle, long value) { }
    };

    record Outcome(List<List<Long>> issueCycles, List<List<Long>> doneCycles, long end, byte[] bytes,
                   List<String> stats) { }

    static List<MemorySystem.Params> shapes() {
        return List.of(
                // The default shape at 64 bytes a cycle: every part one cycle (scheduled with combining).
                MemorySystemTest.params(4, 256, 64, true, 0, 8, 100, 64),
                // Interleave below the request size: requests split over channels; latency 1.
                MemorySystemTest.params(3, 64, 64, true, 0, 4, 1, 128),
                // No combining: service times vary with the bytes and the partial-write cost.
                MemorySystemTest.params(2, 256, 64, false, 3, 6, 20, 16),
                // 32-byte lines, a queue of two, a short latency.
                MemorySystemTest.params(4, 128, 32, true, 0, 2, 5, 32),
                // 16 bytes a cycle with combining: a merge may lengthen a waiting write, putting back the
                // parts queued after it (MemoryChannel#retime); held clients are woken by their channel.
                MemorySystemTest.params(4, 256, 64, true, 0, 8, 30, 16),
                // The same with 128-byte lines at 20 bytes a cycle (7 cycles a line) and a deeper queue.
                MemorySystemTest.params(2, 256, 128, true, 0, 16, 7, 20),
                // A partial-write cost with combining: a merge may also shorten a waiting write (filling its
                // line saves the read-modify-write), bringing the parts after it forward.
                MemorySystemTest.params(4, 256, 64, true, 2, 8, 30, 16),
                // The same at 64 bytes a cycle, so that a merge only ever shortens.
                MemorySystemTest.params(4, 256, 64, true, 3, 8, 20, 64));
    }

    @ParameterizedTest
    @MethodSource("shapes")
    void servingOnArrivalIsServingAPartATick(MemorySystem.Params p) {
        long refusals = 0;
        long combined = 0;
        long[] retimed = new long[1];
        for (long seed = 1; seed <= 6; seed++) {
            Outcome ticked = run(p, seed, true, new long[1]);
            Outcome scheduled = run(p, seed, false, retimed);
            assertTrue(ticked.doneCycles().stream().mapToInt(List::size).sum() > 100, "enough traffic");
            assertSameMachine(ticked, scheduled, seed);
            refusals += stat(scheduled, "memory.refusals");
            combined += stat(scheduled, "memory.combined_writes");
        }
        // The traffic reaches the cases that matter: full queues (refusals, wakes) and merges.
        assertTrue(refusals > 0, "queues fill");
        assertTrue(!p.writeCombining() || combined > 0, "writes merge");
        // Where a merge can change a waiting part's service, some do (and move the parts after it).
        boolean retiming = p.writeCombining() && (p.bytesPerCycle() < p.line() || p.partialWriteCycles() > 0);
        assertEquals(retiming, retimed[0] > 0, "merges that change a waiting part's service: " + retimed[0]);
    }

    /** The two runs of seed {@code seed} were the same machine: cycles, bytes and every statistic. */
    static void assertSameMachine(Outcome a, Outcome b, long seed) {
        assertEquals(a.end(), b.end(), "last cycle, seed " + seed);
        assertEquals(a.issueCycles(), b.issueCycles(), "issue cycles, seed " + seed);
        assertEquals(a.doneCycles(), b.doneCycles(), "completion cycles, seed " + seed);
        assertArrayEquals(a.bytes(), b.bytes(), "memory bytes, seed " + seed);
        assertEquals(a.stats(), b.stats(), "statistics, seed " + seed);
    }

    static long stat(Outcome o, String name) {
        for (String s : o.stats()) {
            if (s.startsWith(name + "=")) {
                return Long.parseLong(s.substring(name.length() + 1));
            }
        }
        throw new AssertionError("no statistic " + name);
    }

    /**
     * One client issuing its list at cycle 0 to the default channels (4 of them, 256-byte interleave,
     * 64 bytes a cycle, latency 100, write combining), served a part a tick when {@code hook} (a
     * silent timeline hook forces it), else when taken.
     */
    static final class Rig extends Machine {
        final ScriptedClient client = new ScriptedClient(engine, 0, now -> List.of());

        Rig(boolean hook) {
            this(hook, MemorySystemTest.params(4, 256, 64, true, 0, 64, 100, 64));
        }

        Rig(boolean hook, MemorySystem.Params p) {
            super(p, hook);
        }

        /** Runs the client's list through the memory to the end. */
        void run() {
            client.port = ms;
            engine.add(client);
            ms.register();
            engine.wakeAt(client, 0);
            engine.run(() -> false);
        }
    }

    /**
     * Two 256-byte reads (an RB line each: four 64-byte parts on channel 0) at cycle 0, 64 bytes a
     * cycle, latency 100: the parts are served at 1, 2, 3, 4 and 5, 6, 7, 8 and land at 102-105 and
     * 106-109, so the reads complete at exactly 105 and 109. Served a part a tick the channel ticks
     * at every service and landing cycle, and once more after each run of them (a tick that made
     * progress asks for the next cycle): 1-9 and 102-110, 18 ticks. Served when taken, it ticks only
     * at the two cycles that complete a read.
     */
    @Test
    void anRbLineReadTakesItsChannelOneTick() {
        for (boolean hook : new boolean[] {true, false}) {
            Rig rig = new Rig(hook);
            long a = rig.base;
            ScriptedClient c = rig.client;
            MemoryRequest first = MemoryRequest.fetch(a, 256, c, null);
            MemoryRequest second = MemoryRequest.fetch(a + 1024, 256, c, null);
            c.toIssue.add(first);
            c.toIssue.add(second);
            rig.run();
            assertEquals(105, first.doneAt(), "hook " + hook);
            assertEquals(109, second.doneAt(), "hook " + hook);
            assertEquals(List.of(105L, 109L), c.doneCycles, "hook " + hook);
            assertEquals(hook ? 18 : 2, rig.engine.ticksOf(rig.ms.channels().get(0)), "channel 0 ticks, hook " + hook);
        }
    }

    /**
     * Write combining into a request taken whole (MemoryChannel#acceptWrite, #acceptRead), 64 bytes a
     * cycle, latency 100, all at cycle 0 in this order: a 224-byte depth write W at a + 32 (four
     * parts, served at 1-4, landing at 102-105); an 8-byte counter write at a, which merges into W's
     * first part and so completes with it, at 102, its bytes counting for the depth client W's slot
     * holds; a 64-byte read of a + 128, queued after W's third part, served at 5 and done at 106; and
     * an 8-byte write to a + 128, which may not merge past that read: its own slot, served at 6, done
     * at 107. W itself completes at 105. The same in both modes, and the memory holds the writes.
     */
    @Test
    void aWriteMergesIntoAPartOfAWriteTakenWhole() {
        for (boolean hook : new boolean[] {true, false}) {
            Rig rig = new Rig(hook);
            long a = rig.base;
            ScriptedClient c = rig.client;
            MemoryRequest w = MemoryRequest.write(a + 32, ScriptedClient.bytes(224, 1), c, null)
                    .from(gpusim.sim.MemoryClient.DEPTH);
            MemoryRequest counter = MemoryRequest.write(a, ScriptedClient.bytes(8, 100), c, null)
                    .from(gpusim.sim.MemoryClient.COUNTER);
            MemoryRequest read = MemoryRequest.read(a + 128, 64, c, null);
            MemoryRequest after = MemoryRequest.write(a + 128, ScriptedClient.bytes(8, 50), c, null)
                    .from(gpusim.sim.MemoryClient.COUNTER);
            c.toIssue.addAll(List.of(w, counter, read, after));
            rig.run();
            String mode = "hook " + hook;
            assertEquals(105, w.doneAt(), mode);
            assertEquals(102, counter.doneAt(), mode);
            assertEquals(106, read.doneAt(), mode);
            assertEquals(107, after.doneAt(), mode);
            // The read saw W's bytes (1..224 from a + 32: a + 128 holds W's 97th byte on).
            assertArrayEquals(ScriptedClient.bytes(64, 97), read.data(), mode);
            byte[] now = new byte[16];
            rig.dm.read(a, now, 0, 16);
            assertArrayEquals(new byte[] {100, 101, 102, 103, 104, 105, 106, 107, 0, 0, 0, 0, 0, 0, 0, 0}, now, mode);
            Outcome o = statsOf(rig);
            assertEquals(1, stat(o, "memory.combined_writes"), mode);
            // W's 224 bytes and the 8 the counter added to its first line count for depth.
            assertEquals(232, stat(o, "memory.channel0.bytes_depth"), mode);
            assertEquals(8, stat(o, "memory.channel0.bytes_counter"), mode);
            assertEquals(6, stat(o, "memory.channel0.busy_cycles"), mode);
        }
    }

    /**
     * A merge that lengthens a waiting write, 16 bytes a cycle, latency 10, write combining: served when
     * taken, the channel has scheduled every part on arrival and must put back the parts queued after the
     * write (MemoryChannel#retime). At cycle 0, in this order, all on channel 0: an 8-byte write A at a
     * (one cycle, served at 1); a 64-byte read R at a + 1024 (four cycles, queued behind A: served at 2 and
     * done at 16 as first scheduled); a 56-byte write B at a + 8, which merges into A (R reads another line),
     * so A moves 64 bytes in four cycles, 1 to 5: A and B complete at 5 + 10 = 15, and R is served from 5
     * and completes at 9 + 10 = 19. Delays 1 (A), 5 (R) and 1 (B, which waits with A); 8 busy cycles.
     */
    @Test
    void aMergeThatLengthensAWaitingWritePutsThePartsAfterItBack() {
        assertRetimed(MemorySystemTest.params(4, 256, 64, true, 0, 64, 10, 16), 8, 56, 15, 5, 19, 8, 7, 5);
    }

    /**
     * A merge that shortens a waiting write, 64 bytes a cycle, a partial-write cost of 3, latency 10, write
     * combining. At cycle 0, in this order, all on channel 0: a 32-byte write A at a (a partial line: 1 + 3
     * cycles, first scheduled 1 to 5); a 64-byte read R at a + 1024 (one cycle, first scheduled at 5); a
     * 32-byte write B at a + 32, which merges into A and fills its line, so A takes one cycle, 1 to 2: A and B
     * complete at 2 + 10 = 12, and R is served at 2 and completes at 13. Delays 1 (A), 2 (R) and 1 (B): total
     * 4, longest 2 (R's 5, counted first, is gone); 2 busy cycles.
     */
    @Test
    void aMergeThatShortensAWaitingWriteBringsThePartsAfterItForward() {
        assertRetimed(MemorySystemTest.params(4, 256, 64, true, 3, 64, 10, 64), 32, 32, 12, 2, 13, 2, 4, 2);
    }

    /**
     * Both modes, shape {@code p}, at cycle 0 on channel 0: a write A of {@code first} bytes at a, a 64-byte read
     * R at a + 1024 and a write B of {@code merged} bytes at a + {@code first}, which merges into A: A and B
     * complete at {@code done}, R is served at {@code readServed} and completes at {@code readDone}; channel 0's
     * busy cycles, total and longest queue delay; one merge, and scheduled, one that changed A's service; A's
     * line holds A's bytes and then B's (first + merged = 64).
     */
    static void assertRetimed(MemorySystem.Params p, int first, int merged, long done, long readServed, long readDone,
                              long busy, long delayTotal, long delayMax) {
        for (boolean hook : new boolean[] {true, false}) {
            Rig rig = new Rig(hook, p);
            long a = rig.base;
            ScriptedClient c = rig.client;
            MemoryRequest w = MemoryRequest.write(a, ScriptedClient.bytes(first, 1), c, null);
            MemoryRequest read = MemoryRequest.read(a + 1024, 64, c, null);
            MemoryRequest b = MemoryRequest.write(a + first, ScriptedClient.bytes(merged, first + 1), c, null);
            c.toIssue.addAll(List.of(w, read, b));
            rig.run();
            String mode = "hook " + hook;
            assertEquals(done, w.doneAt(), mode);
            assertEquals(done, b.doneAt(), mode);
            assertEquals(readServed, read.servedAt(), mode);
            assertEquals(readDone, read.doneAt(), mode);
            byte[] line = new byte[64];
            rig.dm.read(a, line, 0, 64);
            assertArrayEquals(ScriptedClient.bytes(64, 1), line, mode + ": A's line holds A's bytes, then B's");
            Outcome o = statsOf(rig);
            assertEquals(1, stat(o, "memory.combined_writes"), mode);
            assertEquals(busy, stat(o, "memory.channel0.busy_cycles"), mode);
            assertEquals(delayTotal, stat(o, "memory.channel0.queue_delay_total"), mode);
            assertEquals(delayMax, stat(o, "memory.channel0.queue_delay_max"), mode);
            assertEquals(hook ? 0 : 1, rig.ms.channels().get(0).retimed(), mode);
        }
    }

    /** The statistics of {@code rig}'s memory, as an outcome with nothing else. */
    static Outcome statsOf(Rig rig) {
        List<String> stats = new ArrayList<>();
        flatten(rig.ms.stats(), "", stats);
        return new Outcome(List.of(), List.of(), 0, new byte[0], stats);
    }

    /**
     * Caches as the channels' clients: four write-back caches (256-byte lines, as a render back
     * end's, so a fill or a write-back is four parts of one channel; 1 KiB each, so lines are
     * evicted and written back) in front of the memory, each fed random reads and writes in one
     * shared 4 KiB window (so write-backs of different caches meet on a line and merge). Served when
     * taken, a refused cache is held and woken only at the cycle its request fits
     * (MemoryChannel#hold), or fed to DRAM (the shapes of {@link #dramShapes}) at the tick its part
     * leaves; with a timeline hook, it is blocked, woken at every part served and offers again. The runs must be the same machine: issue and completion cycles, the bytes,
     * and every statistic, memory.refusals included (the held offers are counted). The held run
     * ticks its caches far less.
     */
    @ParameterizedTest
    @MethodSource({"shapes", "dramShapes"})
    void aHeldCacheIsServedAsIfWokenAtEveryPart(MemorySystem.Params p) {
        long refusals = 0;
        long combined = 0;
        long heldTicks = 0;
        long wokenTicks = 0;
        for (long seed = 1; seed <= 6; seed++) {
            CacheOutcome ticked = runCaches(p, seed, true);
            CacheOutcome scheduled = runCaches(p, seed, false);
            Outcome b = scheduled.outcome();
            assertSameMachine(ticked.outcome(), b, seed);
            refusals += stat(b, "memory.refusals");
            combined += stat(b, "memory.combined_writes");
            wokenTicks += ticked.cacheTicks();
            heldTicks += scheduled.cacheTicks();
        }
        assertTrue(refusals > 1000, "queues fill: " + refusals);
        assertTrue(!p.writeCombining() || combined > 0, "write-backs merge");
        if (p.interleave() >= 256) {
            // A line is one channel's, so a refused cache is held: most of the offers it made
            // blocked were refused ones that a hold skips.
            assertTrue(wokenTicks - heldTicks > refusals / 3,
                    "held caches tick less: " + heldTicks + " against " + wokenTicks + ", " + refusals + " refusals");
        }
    }

    /**
     * Fed to DRAM, four channels of the DRAM timing of DramChannelTest and a controller queue of 16 accesses,
     * with write combining, and without at 16 bytes a cycle: a refused cache is held and woken by its channel
     * at the tick the part it waits for is handed to the controller (MemoryChannel#wakeHeld); with a timeline
     * hook, blocked and woken at every tick at which parts leave ({@link #aHeldCacheIsServedAsIfWokenAtEveryPart}).
     */
    static List<MemorySystem.Params> dramShapes() {
        gpusim.memory.dram.DramParams dram = new gpusim.memory.dram.DramParams("test", DramChannelTest.T,
                DramChannelTest.MAP, gpusim.memory.dram.PagePolicy.OPEN, 16, 1000, 1000);
        return List.of(
                new MemorySystem.Params(4, 256, 64, true, 0, 8, 100, 64, dram),
                new MemorySystem.Params(4, 256, 64, false, 0, 8, 100, 16, dram));
    }

    record CacheOutcome(Outcome outcome, long cacheTicks) { }

    /** An engine and the memory of shape {@code p} with a 4 KiB window; served a part a tick with {@code hook}. */
    static class Machine {
        final Engine engine = new Engine(100_000);
        final DeviceMemory dm = new DeviceMemory(256);
        final long base = dm.allocate(4096);
        final MemorySystem ms;

        Machine(MemorySystem.Params p, boolean hook) {
            if (hook) {
                engine.setHook(SILENT);
            }
            ms = new MemorySystem(engine, dm, p);
        }
    }

    static CacheOutcome runCaches(MemorySystem.Params p, long seed, boolean hook) {
        Machine m = new Machine(p, hook);
        SplittableRandom rnd = new SplittableRandom(seed);
        List<ScriptedClient> clients = new ArrayList<>();
        List<Cache> caches = new ArrayList<>();
        for (int k = 0; k < 4; k++) {
            ScriptedClient c = randomClient(m.engine, rnd, m.base, 400, 2, 2);
            Cache cache = new Cache("cache" + k, m.engine, m.ms,
                    new CacheParams(512, 2, 256, true, 4, 2));
            c.port = cache;
            clients.add(c);
            caches.add(cache);
        }
        // And a client straight on the memory (as a command processor's counter writes are): its
        // writes give held write-backs waiting writes to merge into (MemoryChannel#hold: that never
        // lets one fit sooner).
        List<List<MemoryRequest>> direct = new ArrayList<>();
        ScriptedClient straight = new ScriptedClient(m.engine, 400, now -> direct.get((int) now));
        for (int t = 0; t <= 400; t++) {
            // Writes of up to a part into the caches' first 1 KiB, where their write-backs meet them.
            int size = 8 << rnd.nextInt(4);
            long addr = m.base + (rnd.nextInt(1024 - size) & ~7L);
            direct.add(rnd.nextBoolean() ? List.of(MemoryRequest.write(addr, ScriptedClient.bytes(size, t), straight, null))
                    : List.of());
        }
        straight.port = m.ms;
        m.engine.add(straight);
        for (int k = 0; k < 4; k++) {
            m.engine.add(clients.get(k));
            m.engine.add(caches.get(k));
        }
        clients.add(straight);
        m.ms.register();
        for (ScriptedClient c : clients) {
            m.engine.wakeAt(c, 0);
        }
        long end = m.engine.run(() -> false);
        List<StatGroup> groups = new ArrayList<>(List.of(m.ms.stats()));
        long ticks = 0;
        for (Cache cache : caches) {
            groups.add(cache.stats());
            ticks += m.engine.ticksOf(cache);
        }
        return new CacheOutcome(outcome(clients, m.dm, m.base, end, groups), ticks);
    }

    /**
     * Three clients issue random reads and writes in a 4 KiB window for 300 cycles; adds to {@code retimed}
     * the merges that changed a waiting part's service (MemoryChannel#retime).
     */
    static Outcome run(MemorySystem.Params p, long seed, boolean hook, long[] retimed) {
        Machine m = new Machine(p, hook);
        SplittableRandom rnd = new SplittableRandom(seed);
        List<ScriptedClient> clients = new ArrayList<>();
        for (int k = 0; k < 3; k++) {
            ScriptedClient c = randomClient(m.engine, rnd, m.base, 300, 4, 3);
            c.port = m.ms;
            clients.add(c);
        }
        for (ScriptedClient c : clients) {
            m.engine.add(c);
        }
        m.ms.register();
        for (ScriptedClient c : clients) {
            m.engine.wakeAt(c, 0);
        }
        long end = m.engine.run(() -> false);
        for (MemoryChannel ch : m.ms.channels()) {
            retimed[0] += ch.retimed();
        }
        return outcome(clients, m.dm, m.base, end, List.of(m.ms.stats()));
    }

    /**
     * What a run gave: each client's issue cycles, its requests' completion cycles in issue order
     * (each read's bytes after its cycle), the 4 KiB window's bytes and the groups' statistics.
     */
    static Outcome outcome(List<ScriptedClient> clients, DeviceMemory dm, long base, long end, List<StatGroup> groups) {
        List<List<Long>> issued = new ArrayList<>();
        List<List<Long>> done = new ArrayList<>();
        for (ScriptedClient c : clients) {
            issued.add(c.issueCycles);
            List<Long> d = new ArrayList<>();
            for (MemoryRequest r : c.issued) {
                d.add(r.doneAt());
                if (r.kind() == MemoryRequest.Kind.READ && r.data() != null) {
                    for (byte b : r.data()) {
                        d.add((long) b);
                    }
                }
            }
            done.add(d);
            assertEquals(c.issued.size(), c.done.size(), "every request completes");
        }
        byte[] bytes = new byte[4096];
        dm.read(base, bytes, 0, bytes.length);
        List<String> stats = new ArrayList<>();
        for (StatGroup g : groups) {
            flatten(g, "", stats);
        }
        return new Outcome(issued, done, end, bytes, stats);
    }

    /**
     * A client whose script is drawn up front (so both runs issue the same requests): at each cycle
     * to {@code last}, with a chance of one in {@code oneIn}, 1 to {@code most} random requests.
     */
    static ScriptedClient randomClient(Engine e, SplittableRandom rnd, long base, int last, int oneIn, int most) {
        List<List<MemoryRequest>> script = new ArrayList<>();
        ScriptedClient c = new ScriptedClient(e, last, now -> script.get((int) now));
        for (int t = 0; t <= last; t++) {
            List<MemoryRequest> at = new ArrayList<>();
            int n = rnd.nextInt(oneIn) == 0 ? rnd.nextInt(1, most + 1) : 0;
            for (int i = 0; i < n; i++) {
                at.add(randomRequest(rnd, base, t * 7 + i, c));
            }
            script.add(at);
        }
        return c;
    }

    static MemoryRequest randomRequest(SplittableRandom rnd, long base, int salt, MemoryRequest.Client client) {
        // Sizes of a counter word up to a cache line; addresses clustered so that writes merge.
        int[] sizes = {8, 16, 32, 64, 128, 256};
        int size = sizes[rnd.nextInt(sizes.length)];
        long addr = base + (rnd.nextInt(4096 - size) & ~7L);
        if (rnd.nextBoolean()) {
            return MemoryRequest.write(addr, ScriptedClient.bytes(size, salt), client, null);
        }
        return rnd.nextInt(3) == 0 ? MemoryRequest.fetch(addr, size, client, null)
                : MemoryRequest.read(addr, size, client, null);
    }

    static void flatten(StatGroup g, String prefix, List<String> out) {
        for (Stat s : g.stats()) {
            out.add(prefix + g.name() + "." + s.name() + "=" + s.value());
        }
        for (StatGroup c : g.children()) {
            flatten(c, prefix + g.name() + ".", out);
        }
    }
}
