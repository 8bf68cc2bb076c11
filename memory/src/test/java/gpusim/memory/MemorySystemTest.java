package gpusim.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.StatGroup;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;

/**
 * MemorySystem timing and ordering: an in-order request queue; a request of B bytes occupies the
 * memory for ceil(B / bytes_per_cycle) cycles from the cycle it is served, and completes a fixed
 * latency after its service ends; a write's data lands when it is served.
 */
class MemorySystemTest {

    /** Issues the requests a script gives for each cycle; retries refused ones when woken. */
    static final class Client implements Component, MemoryRequest.Client {
        final Engine engine;
        MemorySystem memory;
        final LongFunction<List<MemoryRequest>> script;
        final java.util.ArrayDeque<MemoryRequest> toIssue = new java.util.ArrayDeque<>();
        final List<MemoryRequest> done = new ArrayList<>();
        final List<Long> doneCycles = new ArrayList<>();
        final List<Long> issueCycles = new ArrayList<>();
        final long lastScriptCycle;

        Client(Engine engine, long lastScriptCycle, LongFunction<List<MemoryRequest>> script) {
            this.engine = engine;
            this.script = script;
            this.lastScriptCycle = lastScriptCycle;
        }

        @Override
        public String name() {
            return "client";
        }

        @Override
        public boolean tick(long now) {
            if (now <= lastScriptCycle) {
                toIssue.addAll(script.apply(now));
                if (now < lastScriptCycle) {
                    engine.wakeAt(this, now + 1);
                }
            }
            boolean progress = false;
            while (!toIssue.isEmpty()) {
                if (!memory.request(toIssue.peek(), this, now)) {
                    break;
                }
                toIssue.poll();
                issueCycles.add(now);
                progress = true;
            }
            return progress;
        }

        @Override
        public boolean hasPendingWork() {
            return !toIssue.isEmpty();
        }

        @Override
        public StatGroup stats() {
            return new StatGroup("client", "");
        }

        @Override
        public void memoryDone(MemoryRequest request, long now) {
            done.add(request);
            doneCycles.add(now);
        }
    }

    record Rig(Engine engine, MemorySystem memory, Client client) {
        long run() {
            return engine.run(() -> false);
        }
    }

    static Rig rig(int capacity, long latency, long bytesPerCycle, long lastScriptCycle,
                   LongFunction<List<MemoryRequest>> script) {
        Engine e = new Engine(10_000);
        DeviceMemory dm = new DeviceMemory(256);
        MemorySystem ms = new MemorySystem(e, dm, capacity, latency, bytesPerCycle);
        Client c = new Client(e, lastScriptCycle, script);
        c.memory = ms;
        e.add(c);
        e.add(ms);
        e.wakeAt(c, 0);
        return new Rig(e, ms, c);
    }

    // Two 256-byte writes at 64 bytes/cycle: each is served for ceil(256/64) = 4 cycles, the second
    // starts exactly when the first ends, so they complete exactly 4 cycles apart.
    @Test
    void twoWritesSerializeByExactlyTheServiceTime() {
        List<MemoryRequest> reqs = new ArrayList<>();
        Rig r = rig(8, 100, 64, 0, now -> {
            reqs.add(MemoryRequest.write(0, new byte[256], null, "a"));
            reqs.add(MemoryRequest.write(4096, new byte[256], null, "b"));
            return List.copyOf(reqs);
        });
        r.run();
        assertEquals(4, reqs.get(1).servedAt - reqs.get(0).servedAt);
        assertEquals(4, reqs.get(1).doneAt() - reqs.get(0).doneAt());
    }

    @Test
    void completionIsServiceEndPlusLatency() {
        List<MemoryRequest> reqs = new ArrayList<>();
        Rig[] holder = new Rig[1];
        Rig r = rig(8, 100, 64, 0, now -> {
            Client c = holder[0].client;
            MemoryRequest a = MemoryRequest.write(0, new byte[256], c, "a");
            MemoryRequest b = MemoryRequest.write(4096, new byte[256], c, "b");
            MemoryRequest d = MemoryRequest.read(8192, 65, c, "c"); // ceil(65/64) = 2 cycles
            reqs.add(a);
            reqs.add(b);
            reqs.add(d);
            return List.of(a, b, d);
        });
        holder[0] = r;
        long last = r.run();
        MemoryRequest a = reqs.get(0);
        MemoryRequest b = reqs.get(1);
        MemoryRequest c = reqs.get(2);
        assertEquals(1, a.servedAt);
        assertEquals(5, b.servedAt, "the second write starts when the first one's 4 service cycles end");
        assertEquals(9, c.servedAt);
        assertEquals(1 + 4 + 100, a.doneAt());
        assertEquals(5 + 4 + 100, b.doneAt());
        assertEquals(9 + 2 + 100, c.doneAt());
        assertEquals(4, b.doneAt() - a.doneAt(), "serialized by exactly the service time");
        assertEquals(List.of(105L, 109L, 111L), r.client.doneCycles, "clients are told at the completion cycle");
        assertEquals(List.of("a", "b", "c"), r.client.done.stream().map(MemoryRequest::tag).toList());
        assertEquals(111, last);
        assertEquals(10L, r.memory.stats().find("busy_cycles").value());
        assertEquals(512L, r.memory.stats().find("bytes_written").value());
        assertEquals(65L, r.memory.stats().find("bytes_read").value());
        // queue delay: 1 - 0, 5 - 0, 9 - 0
        assertEquals(15L, r.memory.stats().find("queue_delay_total").value());
        assertEquals(9L, r.memory.stats().find("queue_delay_max").value());
    }

    // Service time is ceil(bytes / bytes_per_cycle), at least one cycle.
    @Test
    void serviceTimeIsCeilingOfBytesOverBandwidth() {
        long[][] cases = {{1, 64, 1}, {64, 64, 1}, {65, 64, 2}, {4096, 64, 64}, {8, 3, 3}, {7, 1, 7}};
        for (long[] k : cases) {
            List<MemoryRequest> reqs = new ArrayList<>();
            Rig r = rig(4, 10, k[1], 0, now -> {
                MemoryRequest a = MemoryRequest.read(0, (int) k[0], null, null);
                MemoryRequest b = MemoryRequest.read(0, 1, null, null);
                reqs.add(a);
                reqs.add(b);
                return List.of(a, b);
            });
            r.run();
            assertEquals(k[2], reqs.get(1).servedAt - reqs.get(0).servedAt, k[0] + " bytes at " + k[1] + "/cycle");
            assertEquals(reqs.get(0).servedAt + k[2] + 10, reqs.get(0).doneAt());
        }
    }

    // Requests to memory are ordered: a read queued after a write to the same address sees the
    // written data, even though the write has not completed (its latency has not passed) when the
    // read is served; a read queued before the write does not.
    @Test
    void readAfterWriteSeesTheWrittenDataAndReadBeforeDoesNot() {
        List<MemoryRequest> reqs = new ArrayList<>();
        Rig r = rig(8, 50, 64, 0, now -> {
            MemoryRequest before = MemoryRequest.read(1000, 8, null, "before");
            MemoryRequest w = MemoryRequest.writeLongs(1000, new long[] {0xDEADBEEFCAFEF00DL}, null, "w");
            MemoryRequest after = MemoryRequest.read(1000, 8, null, "after");
            MemoryRequest wide = MemoryRequest.read(996, 16, null, "wide");
            reqs.addAll(List.of(before, w, after, wide));
            return List.copyOf(reqs);
        });
        r.run();
        assertEquals(0L, reqs.get(0).longAt(0));
        assertEquals(0xDEADBEEFCAFEF00DL, reqs.get(2).longAt(0));
        assertEquals(0xDEADBEEFCAFEF00DL, reqs.get(3).longAt(4));
        assertEquals(0, reqs.get(3).data()[0]);
        assertTrue(reqs.get(2).servedAt < reqs.get(1).doneAt(), "the read was served before the write completed");
        assertEquals(0xDEADBEEFCAFEF00DL, r.memory.memory().readLong(1000));
    }

    @Test
    void writeLongsIsLittleEndian() {
        MemoryRequest w = MemoryRequest.writeLongs(0, new long[] {0x0102030405060708L, -2L}, null, null);
        assertEquals(16, w.size());
        assertArrayEquals(new byte[] {8, 7, 6, 5, 4, 3, 2, 1}, java.util.Arrays.copyOf(w.data(), 8));
        assertEquals(-2L, w.longAt(8));
    }

    // Back-pressure: a request that finds the queue full is refused (counted) and its client is woken
    // when the memory takes a request off the queue, then retries.
    @Test
    void fullQueueRefusesAndWakesTheClientWhenSpaceFrees() {
        List<MemoryRequest> reqs = new ArrayList<>();
        Rig r = rig(2, 10, 64, 0, now -> {
            for (int i = 0; i < 3; i++) {
                reqs.add(MemoryRequest.read(64L * i, 64, null, i));
            }
            return List.copyOf(reqs);
        });
        r.run();
        assertEquals(1L, r.memory.stats().find("refusals").value());
        assertEquals(List.of(0L, 0L, 1L), r.client.issueCycles, "the third request goes in when the first is served");
        assertEquals(1, reqs.get(0).servedAt);
        assertEquals(2, reqs.get(1).servedAt);
        assertEquals(3, reqs.get(2).servedAt);
        assertEquals(1, reqs.get(2).issuedAt());
        assertFalse(r.memory.hasPendingWork());
    }

    // A request issued while the memory is idle is served the next cycle; one issued later in a gap
    // does not wait for the earlier one's latency.
    @Test
    void latencyDoesNotOccupyTheMemory() {
        List<MemoryRequest> reqs = new ArrayList<>();
        Rig r = rig(4, 1000, 64, 20, now -> {
            if (now == 0 || now == 20) {
                MemoryRequest q = MemoryRequest.read(0, 64, null, now);
                reqs.add(q);
                return List.of(q);
            }
            return List.of();
        });
        long last = r.run();
        assertEquals(1, reqs.get(0).servedAt);
        assertEquals(21, reqs.get(1).servedAt);
        assertEquals(21 + 1 + 1000, reqs.get(1).doneAt());
        assertEquals(1022, last);
    }
}
