package gpusim.memory;

import gpusim.sim.MemoryRequest;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.config.Config;
import gpusim.sim.Engine;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;
import org.junit.jupiter.api.Test;

/**
 * The multi-channel memory's timing and ordering, pinned exactly. Every case issues its
 * requests at cycle 0 unless it says otherwise; a channel serves a part at the earliest the
 * cycle after it arrives. A part of B bytes occupies its channel ceil(B / bytes_per_cycle)
 * cycles (plus partial_write_cycles for a partial-line write) and completes latency cycles
 * after its service ends.
 */
class MemorySystemTest {

    record Rig(Engine engine, MemorySystem memory, ScriptedClient client, List<Long> idle) {
        long run() {
            return engine.run(() -> false);
        }

        long stat(String path) {
            return memory.stats().find(path).value().longValue();
        }

        double real(String path) {
            return memory.stats().find(path).value().doubleValue();
        }
    }

    /** channels, interleave, line, combining, partial cycles, queue depth, latency, bytes per cycle. */
    static MemorySystem.Params params(int channels, int interleave, int line, boolean combining, long partial,
                                      int depth, long latency, long bpc) {
        return new MemorySystem.Params(channels, interleave, line, combining, partial, depth, latency, bpc);
    }

    /** The default shape (4 channels, 256-byte interleave, 64-byte lines) at 16 bytes a cycle, latency 100. */
    static MemorySystem.Params standard() {
        return params(4, 256, 64, true, 0, 64, 100, 16);
    }

    static Rig rig(MemorySystem.Params p, long lastScriptCycle, LongFunction<List<MemoryRequest>> script) {
        Engine e = new Engine(10_000);
        DeviceMemory dm = new DeviceMemory(256);
        MemorySystem ms = new MemorySystem(e, dm, p);
        ScriptedClient c = new ScriptedClient(e, lastScriptCycle, script);
        c.port = ms;
        e.add(c);
        ms.register();
        List<Long> idle = new ArrayList<>();
        ms.onIdle(idle::add);
        e.wakeAt(c, 0);
        return new Rig(e, ms, c, idle);
    }

    /** A rig whose client issues {@code reqs} at cycle 0 (each told to the client). */
    static Rig atZero(MemorySystem.Params p, List<MemoryRequest> reqs) {
        return rig(p, 0, now -> List.copyOf(reqs));
    }

    static final MemoryRequest.Client NONE = null;

    // Two 64-byte writes to channel 0 (0 and 1024: 1024 / 256 = 4, 4 mod 4 = 0), 16 bytes a
    // cycle: the first is served at 1 for 64/16 = 4 cycles, the second starts exactly when it
    // ends, so they complete exactly 4 cycles apart.
    @Test
    void twoWritesToOneChannelSerializeByExactlyTheServiceTime() {
        List<MemoryRequest> reqs = new ArrayList<>();
        Rig[] h = new Rig[1];
        Rig r = rig(standard(), 0, now -> {
            reqs.add(MemoryRequest.write(0, new byte[64], h[0].client, "a"));
            reqs.add(MemoryRequest.write(1024, new byte[64], h[0].client, "b"));
            return List.copyOf(reqs);
        });
        h[0] = r;
        long last = r.run();
        assertEquals(0, r.memory.channelOf(1024));
        assertEquals(1, reqs.get(0).servedAt());
        assertEquals(5, reqs.get(1).servedAt());
        assertEquals(1 + 4 + 100, reqs.get(0).doneAt());
        assertEquals(5 + 4 + 100, reqs.get(1).doneAt());
        assertEquals(List.of(105L, 109L), r.client.doneCycles);
        assertEquals(109, last);
        assertEquals(8, r.stat("channel0.busy_cycles"));
        assertEquals(0, r.stat("channel1.busy_cycles"));
        assertEquals(1, r.stat("conflicts"), "the second write arrived in the cycle the first did");
        assertEquals(List.of(109L), r.idle, "idle once, when the last request completed");
    }

    // The same two writes to channels 0 and 1 (address 256) overlap: both are served at cycle 1
    // and complete in the same cycle; no conflict, since each channel got one request.
    @Test
    void writesToDifferentChannelsOverlap() {
        List<MemoryRequest> reqs = new ArrayList<>();
        Rig[] h = new Rig[1];
        Rig r = rig(standard(), 0, now -> {
            reqs.add(MemoryRequest.write(0, new byte[64], h[0].client, "a"));
            reqs.add(MemoryRequest.write(256, new byte[64], h[0].client, "b"));
            return List.copyOf(reqs);
        });
        h[0] = r;
        assertEquals(105, r.run());
        assertEquals(1, reqs.get(0).servedAt());
        assertEquals(1, reqs.get(1).servedAt());
        assertEquals(105, reqs.get(0).doneAt());
        assertEquals(105, reqs.get(1).doneAt());
        assertEquals(List.of(105L, 105L), r.client.doneCycles);
        assertEquals(0, r.stat("conflicts"));
        assertEquals(4, r.stat("channel0.busy_cycles"));
        assertEquals(4, r.stat("channel1.busy_cycles"));
    }

    // The 16 channels x 256-byte interleave a stride study varies: four 8-byte counters at stride 256
    // land on four channels and complete together; at stride 64 they share channel 0 and serialize.
    @Test
    void counterStrideSpreadsOrSerializes() {
        for (int stride : new int[] {64, 256}) {
            List<MemoryRequest> reqs = new ArrayList<>();
            for (int d = 0; d < 4; d++) {
                reqs.add(MemoryRequest.writeLongs((long) stride * d, new long[] {d}, null, d));
            }
            Rig r = atZero(params(4, 256, 64, false, 0, 64, 100, 16), reqs);
            long last = r.run();
            if (stride == 256) {
                assertEquals(1 + 1 + 100, last, "four channels in parallel");
                assertEquals(0, r.stat("conflicts"));
            } else {
                assertEquals(4 + 1 + 100, last, "one channel, one cycle each");
                assertEquals(3, r.stat("conflicts"));
                assertEquals(3, r.stat("channel0.conflicts"));
            }
        }
    }

    // A 200-byte read at 200 splits at line and channel boundaries: [200,256) on channel 0 (56
    // bytes, 4 cycles), and [256,320), [320,384), [384,400) on channel 1 (4, 4 and 1 cycles: served
    // at 1, 5, 9, done at 10 + 100). The client is told once, when the last part is back, and the
    // parts assemble the data in order.
    @Test
    void splitRequestCompletesOnceWithItsDataAssembled() {
        MemoryRequest[] read = new MemoryRequest[1];
        Rig[] h = new Rig[1];
        Rig r = rig(standard(), 0, now -> {
            read[0] = MemoryRequest.read(200, 200, h[0].client, "split");
            return List.of(read[0]);
        });
        h[0] = r;
        byte[] pattern = new byte[1024];
        for (int i = 0; i < pattern.length; i++) {
            pattern[i] = (byte) (i * 7 + 3);
        }
        r.memory.memory().write(0, pattern, 0, pattern.length);
        long last = r.run();
        assertEquals(110, last);
        assertEquals(List.of(110L), r.client.doneCycles);
        assertEquals(110, read[0].doneAt());
        assertEquals(1, read[0].servedAt(), "service began with the first parts");
        assertArrayEquals(java.util.Arrays.copyOfRange(pattern, 200, 400), read[0].data());
        assertEquals(1, r.stat("requests"));
        assertEquals(1, r.stat("reads"));
        assertEquals(200, r.stat("bytes_read"));
        assertEquals(1, r.stat("channel0.requests"));
        assertEquals(3, r.stat("channel1.requests"));
        assertEquals(56, r.stat("channel0.bytes"));
        assertEquals(144, r.stat("channel1.bytes"));
        assertEquals(4, r.stat("channel0.busy_cycles"));
        assertEquals(9, r.stat("channel1.busy_cycles"));
        assertEquals(0, r.stat("conflicts"), "parts of one request are not a conflict");
        // Queue delays on channel 1: 1, 5, 9 (arrived at 0).
        assertEquals(9, r.stat("channel1.queue_delay_max"));
        assertEquals(5.0, r.real("channel1.queue_delay_mean"));
    }

    // When the interleave granule is smaller than a line, a part is one granule: a 64-byte write
    // at 0 with 32-byte interleave is two 32-byte parts on channels 0 and 1 (2 cycles each at 16
    // bytes a cycle), full parts (no partial-write cost).
    @Test
    void interleaveSmallerThanALineSplitsLinesAcrossChannels() {
        List<MemoryRequest> reqs = List.of(MemoryRequest.write(0, new byte[64], null, null));
        Rig r = atZero(params(4, 32, 64, true, 50, 64, 100, 16), reqs);
        assertEquals(1 + 2 + 100, r.run());
        assertEquals(1, r.stat("channel0.requests"));
        assertEquals(1, r.stat("channel1.requests"));
        assertEquals(2, r.stat("channel0.busy_cycles"), "a full 32-byte unit costs no partial-write cycles");
    }

    // Write combining: three 8-byte writes to line 0 arrive in cycle 0; the first takes a slot, the
    // other two merge into it (byte mask). One write of 24 bytes is served: ceil(24/16) = 2 cycles
    // plus 5 partial-write cycles (24 < 64 bytes); all three complete at 1 + 7 + 100.
    @Test
    void writesToAWaitingLineCombine() {
        List<MemoryRequest> reqs = List.of(
                MemoryRequest.writeLongs(0, new long[] {0x1111}, null, "a"),
                MemoryRequest.writeLongs(8, new long[] {0x2222}, null, "b"),
                MemoryRequest.writeLongs(32, new long[] {0x3333}, null, "c"));
        Rig[] h = new Rig[1];
        Rig r = rig(params(4, 256, 64, true, 5, 64, 100, 16), 0, now -> {
            List<MemoryRequest> out = new ArrayList<>();
            for (MemoryRequest q : reqs) {
                out.add(MemoryRequest.write(q.address(), q.data(), h[0].client, q.tag()));
            }
            return out;
        });
        h[0] = r;
        assertEquals(108, r.run());
        assertEquals(List.of(108L, 108L, 108L), r.client.doneCycles);
        assertEquals(2, r.stat("combined_writes"));
        assertEquals(2, r.stat("channel0.combined_writes"));
        assertEquals(3, r.stat("channel0.requests"));
        assertEquals(24, r.stat("channel0.bytes"));
        assertEquals(7, r.stat("channel0.busy_cycles"));
        assertEquals(2, r.stat("conflicts"));
        DeviceMemory m = r.memory.memory();
        assertEquals(0x1111, m.readLong(0));
        assertEquals(0x2222, m.readLong(8));
        assertEquals(0, m.readLong(16), "bytes outside the mask are untouched");
        assertEquals(0x3333, m.readLong(32));
        // Without combining: three parts, each 1 cycle + 5 partial cycles, served at 1, 7 and 13.
        Rig off = atZero(params(4, 256, 64, false, 5, 64, 100, 16), reqs);
        assertEquals(13 + 6 + 100, off.run());
        assertEquals(0, off.stat("combined_writes"));
        assertEquals(18, off.stat("channel0.busy_cycles"));
    }

    // A later write to the same bytes wins inside the merged line; a write never merges past a read
    // of its line (the read must not see it), and the read sees the write queued before it.
    @Test
    void combiningKeepsOrderAroundReads() {
        MemoryRequest w1 = MemoryRequest.writeLongs(0, new long[] {1}, null, "w1");
        MemoryRequest w2 = MemoryRequest.writeLongs(0, new long[] {2}, null, "w2");
        MemoryRequest rd = MemoryRequest.read(0, 8, null, "r");
        MemoryRequest w3 = MemoryRequest.writeLongs(0, new long[] {3}, null, "w3");
        MemoryRequest w4 = MemoryRequest.writeLongs(8, new long[] {4}, null, "w4");
        Rig r = atZero(params(1, 4096, 64, true, 0, 64, 10, 64), List.of(w1, w2, rd, w3, w4));
        r.run();
        assertEquals(2, rd.longAt(0), "the read sees the merged earlier writes, later bytes winning");
        assertEquals(3, r.memory.memory().readLong(0), "the write after the read was not merged before it");
        assertEquals(4, r.memory.memory().readLong(8));
        assertEquals(2, r.stat("combined_writes"), "w2 into w1, w4 into w3");
        assertEquals(3, r.stat("channel0.busy_cycles"), "three slots: {w1,w2}, read, {w3,w4}");
        assertEquals(rd.servedAt() + 1, w3.servedAt());
    }

    // The newest waiting part of each line is found however long the queue (MemoryChannel keeps
    // it in a map): 100 one-line writes at cycle 0 grow the queue past its first size, two more
    // writes (lines 5 and 99) merge into theirs after the growth moved the slots, and a write to
    // line 5 at cycle 300, when its part has long been served, takes a slot of its own.
    @Test
    void writesMergeIntoTheirLinesNewestPartAfterTheQueueGrowsAndNotAfterItIsServed() {
        List<MemoryRequest> first = new ArrayList<>();
        for (int l = 0; l < 100; l++) {
            first.add(MemoryRequest.writeLongs(64L * l, new long[] {l + 1}, null, "w" + l));
        }
        first.add(MemoryRequest.writeLongs(64L * 5 + 8, new long[] {0x55}, null, "m5"));
        first.add(MemoryRequest.writeLongs(64L * 99 + 8, new long[] {0x99}, null, "m99"));
        MemoryRequest late = MemoryRequest.writeLongs(64L * 5, new long[] {0x505}, null, "late");
        Rig r = rig(params(1, 1 << 20, 64, true, 0, 4096, 10, 64), 300,
                now -> now == 0 ? first : now == 300 ? List.of(late) : List.of());
        r.run();
        assertEquals(2, r.stat("combined_writes"), "m5 and m99 merged; the late write did not");
        assertEquals(103, r.stat("channel0.requests"));
        assertEquals(101, r.stat("channel0.busy_cycles"), "100 slots at cycle 0, one at 300: a cycle each");
        DeviceMemory m = r.memory.memory();
        assertEquals(0x505, m.readLong(64 * 5));
        assertEquals(0x55, m.readLong(64 * 5 + 8));
        assertEquals(100, m.readLong(64 * 99));
        assertEquals(0x99, m.readLong(64 * 99 + 8));
        assertEquals(301, late.servedAt(), "the late write is served alone, the cycle after it arrives");
    }

    // A 128-byte line's mask spans two words: writes at [56, 72) (across the boundary), [120, 128) and
    // [0, 8) merge into one 32-byte write; the bytes under the mask land, the others keep their old
    // contents (a read-modify-write keeps them).
    @Test
    void combinedWritesOnA128ByteLineLandUnderTheirMask() {
        byte[] a = new byte[16];
        java.util.Arrays.fill(a, (byte) 0xA1);
        byte[] b = new byte[8];
        java.util.Arrays.fill(b, (byte) 0xB2);
        byte[] c = new byte[8];
        java.util.Arrays.fill(c, (byte) 0xC3);
        List<MemoryRequest> reqs = List.of(MemoryRequest.write(56, a, null, "a"), MemoryRequest.write(120, b, null,
                "b"), MemoryRequest.write(0, c, null, "c"));
        Rig r = atZero(params(1, 4096, 128, true, 0, 8, 10, 16), reqs);
        byte[] old = new byte[256];
        java.util.Arrays.fill(old, (byte) 0x55);
        r.memory.memory().write(0, old, 0, old.length);
        assertEquals(1 + 2 + 10, r.run(), "32 bytes at 16 a cycle");
        assertEquals(2, r.stat("combined_writes"));
        assertEquals(32, r.stat("channel0.bytes"));
        DeviceMemory m = r.memory.memory();
        for (int i = 0; i < 256; i++) {
            byte want = i < 8 ? (byte) 0xC3 : i >= 56 && i < 72 ? (byte) 0xA1 : i >= 120 && i < 128 ? (byte) 0xB2
                    : (byte) 0x55;
            assertEquals(want, m.readByte(i), "byte " + i);
        }
    }

    // Partial-line writes pay partial_write_cycles; a full line, or halves combined into a full line,
    // do not. 64-byte lines, 16 bytes a cycle, 10 partial cycles, one channel: full write at 1 (4
    // cycles), 32-byte write at 5 (2 + 10 cycles), two combined halves at 17 (4 cycles).
    @Test
    void partialLineWritesCostTheConfiguredCycles() {
        MemoryRequest full = MemoryRequest.write(0, new byte[64], null, "full");
        MemoryRequest half = MemoryRequest.write(64, new byte[32], null, "half");
        MemoryRequest lo = MemoryRequest.write(128, new byte[32], null, "lo");
        MemoryRequest hi = MemoryRequest.write(160, new byte[32], null, "hi");
        Rig r = atZero(params(1, 4096, 64, true, 10, 64, 100, 16), List.of(full, half, lo, hi));
        long last = r.run();
        assertEquals(1, full.servedAt());
        assertEquals(5, half.servedAt());
        assertEquals(17, lo.servedAt());
        assertEquals(17, hi.servedAt());
        assertEquals(1 + 4 + 100, full.doneAt());
        assertEquals(5 + 12 + 100, half.doneAt());
        assertEquals(17 + 4 + 100, last);
        assertEquals(20, r.stat("channel0.busy_cycles"));
        // A partial read costs only its bytes.
        MemoryRequest rd = MemoryRequest.read(0, 8, null, null);
        Rig reads = atZero(params(1, 4096, 64, true, 10, 64, 100, 16), List.of(rd));
        assertEquals(1 + 1 + 100, reads.run());
    }

    // Conflicts: two requests arriving at channel 0 in cycle 0 make one conflict; one to channel 1
    // in the same cycle makes none there; another to channel 0 in cycle 3 makes none.
    @Test
    void conflictsCountSameCycleArrivalsPerChannel() {
        Rig r = rig(standard(), 3, now -> {
            if (now == 0) {
                return List.of(MemoryRequest.read(0, 8, null, null), MemoryRequest.read(64, 8, null, null),
                        MemoryRequest.read(256, 8, null, null));
            }
            if (now == 3) {
                return List.of(MemoryRequest.read(128, 8, null, null));
            }
            return List.of();
        });
        r.run();
        assertEquals(1, r.stat("conflicts"));
        assertEquals(1, r.stat("channel0.conflicts"));
        assertEquals(0, r.stat("channel1.conflicts"));
        assertEquals(3, r.stat("channel0.requests"));
    }

    // Percentiles over a known set: twenty 64-byte reads to one channel at 64 bytes a cycle are
    // served at cycles 1..20, so their queue delays are 1..20. Nearest rank: p50 = the 10th value,
    // p95 = the 19th; mean 10.5, max 20.
    @Test
    void queueDelayPercentilesOnAKnownSet() {
        List<MemoryRequest> reqs = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            reqs.add(MemoryRequest.read(1024L * i, 64, null, i));
        }
        Rig r = atZero(params(4, 256, 64, true, 0, 64, 100, 64), reqs);
        r.run();
        assertEquals(20, r.stat("channel0.requests"));
        assertEquals(10.0, r.real("channel0.queue_delay_p50"));
        assertEquals(19.0, r.real("channel0.queue_delay_p95"));
        assertEquals(10.5, r.real("channel0.queue_delay_mean"));
        assertEquals(20, r.stat("channel0.queue_delay_max"));
        assertEquals(0.0, r.real("channel1.queue_delay_p95"), "no requests: 0");
        assertEquals(19, r.stat("conflicts"));
    }

    // A resolve-like read issued after a counter write to the same address sees the counter, even
    // when the write is still waiting behind other traffic and has not completed (its latency has
    // not passed) when the read is served; a read issued before the write does not see it.
    @Test
    void readAfterWriteToTheSameAddressSeesTheWrittenData() {
        long counter = 4096 + 8;
        List<MemoryRequest> reqs = new ArrayList<>();
        Rig r = rig(standard(), 2, now -> {
            List<MemoryRequest> out = new ArrayList<>();
            if (now == 0) {
                for (int i = 0; i < 6; i++) {
                    out.add(MemoryRequest.write(1024L * (i + 8), new byte[64], null, "traffic"));
                }
                out.add(MemoryRequest.read(counter, 8, null, "before"));
                out.add(MemoryRequest.writeLongs(counter, new long[] {0x8000_0000_0000_002AL}, null, "counter"));
            } else if (now == 2) {
                out.add(MemoryRequest.read(counter - 8, 24, null, "resolve"));
            }
            reqs.addAll(out);
            return out;
        });
        r.run();
        MemoryRequest before = reqs.get(6);
        MemoryRequest write = reqs.get(7);
        MemoryRequest resolve = reqs.get(8);
        assertEquals(0, before.longAt(0));
        assertEquals(0x8000_0000_0000_002AL, resolve.longAt(8));
        assertEquals(0, resolve.longAt(0));
        assertTrue(resolve.servedAt() < write.doneAt(), "served before the write completed");
        assertTrue(resolve.servedAt() > write.servedAt());
        assertEquals(write.servedAt() + 1, resolve.servedAt(), "queued right behind it in channel 0");
    }

    @Test
    void writeLongsIsLittleEndian() {
        MemoryRequest w = MemoryRequest.writeLongs(0, new long[] {0x0102030405060708L, -2L}, null, null);
        assertEquals(16, w.size());
        assertArrayEquals(new byte[] {8, 7, 6, 5, 4, 3, 2, 1}, java.util.Arrays.copyOf(w.data(), 8));
        assertEquals(-2L, w.longAt(8));
    }

    // Back-pressure is per channel: with 2 slots a channel, the third request to channel 0 is refused
    // (counted) and its client woken when channel 0 serves a part, then it goes in; a request to
    // channel 1 behind it waits only because the client issues in order.
    @Test
    void fullChannelQueueRefusesAndWakesTheClientWhenSpaceFrees() {
        List<MemoryRequest> reqs = new ArrayList<>();
        Rig r = rig(params(4, 256, 64, true, 0, 2, 10, 64), 0, now -> {
            for (int i = 0; i < 3; i++) {
                reqs.add(MemoryRequest.read(1024L * i, 64, null, i));
            }
            reqs.add(MemoryRequest.read(256, 64, null, "ch1"));
            return List.copyOf(reqs);
        });
        r.run();
        assertEquals(1, r.stat("refusals"));
        assertEquals(List.of(0L, 0L, 1L, 1L), r.client.issueCycles, "the third goes in when the first is served");
        assertEquals(1, reqs.get(0).servedAt());
        assertEquals(2, reqs.get(1).servedAt());
        assertEquals(3, reqs.get(2).servedAt());
        assertEquals(2, reqs.get(3).servedAt());
        assertFalse(r.memory.hasPendingWork());
    }

    // A request with more parts on a channel than the channel's whole queue goes into an empty queue
    // (it could never fit otherwise): 512 bytes = 8 lines on channel 0 (4096-byte interleave), 2 slots.
    @Test
    void requestLargerThanTheQueueEntersAnEmptyQueue() {
        List<MemoryRequest> reqs = new ArrayList<>();
        Rig[] h = new Rig[1];
        Rig r = rig(params(2, 4096, 64, true, 0, 2, 10, 64), 0, now -> {
            reqs.add(MemoryRequest.read(0, 64, null, "small"));
            reqs.add(MemoryRequest.read(0, 512, h[0].client, "big"));
            return List.copyOf(reqs);
        });
        h[0] = r;
        long last = r.run();
        assertEquals(List.of(0L, 1L), r.client.issueCycles,
                "refused at 0 behind the small read; admitted at 1, when serving the small read emptied the queue");
        assertEquals(2, reqs.get(1).servedAt());
        assertEquals(2 + 8 + 10, last);
    }

    // Service time is ceil(bytes / bytes_per_cycle), at least one cycle, per part (a part is at most
    // a line): 128-byte lines, one channel.
    @Test
    void serviceTimeIsCeilingOfBytesOverBandwidth() {
        long[][] cases = {{1, 64, 1}, {64, 64, 1}, {65, 64, 2}, {128, 64, 2}, {8, 3, 3}, {7, 1, 7}, {0, 64, 1}};
        for (long[] k : cases) {
            MemoryRequest a = MemoryRequest.read(0, (int) k[0], null, null);
            MemoryRequest b = MemoryRequest.read(0, 1, null, null);
            Rig r = atZero(MemorySystem.Params.single(4, 10, k[1]), List.of(a, b));
            r.run();
            assertEquals(k[2], b.servedAt() - a.servedAt(), k[0] + " bytes at " + k[1] + "/cycle");
            assertEquals(a.servedAt() + k[2] + 10, a.doneAt());
        }
    }

    // A request issued while the channel is idle is served the next cycle; one issued later in a gap
    // does not wait for the earlier one's latency.
    @Test
    void latencyDoesNotOccupyTheChannel() {
        List<MemoryRequest> reqs = new ArrayList<>();
        Rig r = rig(params(4, 256, 64, true, 0, 4, 1000, 64), 20, now -> {
            if (now == 0 || now == 20) {
                MemoryRequest q = MemoryRequest.read(0, 64, null, now);
                reqs.add(q);
                return List.of(q);
            }
            return List.of();
        });
        long last = r.run();
        assertEquals(1, reqs.get(0).servedAt());
        assertEquals(21, reqs.get(1).servedAt());
        assertEquals(21 + 1 + 1000, reqs.get(1).doneAt());
        assertEquals(1022, last);
    }

    // A fetch is timed like a read but carries no data.
    @Test
    void fetchIsTimedWithoutData() {
        MemoryRequest f = MemoryRequest.fetch(0, 128, null, null);
        Rig r = atZero(standard(), List.of(f));
        assertEquals(1 + 4 + 100 + 4, r.run(), "two 64-byte lines on channel 0, 4 cycles each");
        assertNull(f.data());
        assertEquals(128, r.stat("bytes_read"));
    }

    // The configuration's keys build the memory: defaults are 4 channels, 256-byte interleave, 64-byte lines.
    @Test
    void paramsFromTheConfiguration() {
        MemorySystem.Params p = MemorySystem.Params.of(Config.defaults());
        assertEquals(new MemorySystem.Params(4, 256, 64, true, 0, 64, 100, 64), p);
        MemorySystem.Params q = MemorySystem.Params.of(Config.defaults().with("memory.channels=8")
                .with("memory.interleave=1024").with("memory.line=128").with("memory.write_combining=off")
                .with("memory.partial_write_cycles=3").with("memory.queue_depth=5"));
        assertEquals(new MemorySystem.Params(8, 1024, 128, false, 3, 5, 100, 64), q);
    }

    // Same script, same cycles: every completion cycle and statistic repeats exactly.
    @Test
    void deterministic() {
        List<List<Long>> runs = new ArrayList<>();
        for (int k = 0; k < 2; k++) {
            Rig r = rig(params(4, 64, 64, true, 3, 4, 37, 16), 10, now -> {
                List<MemoryRequest> out = new ArrayList<>();
                for (int i = 0; i < 5; i++) {
                    long a = (now * 977 + i * 131) % 4096;
                    out.add(i % 2 == 0 ? MemoryRequest.writeLongs(a, new long[] {now + i}, null, null)
                            : MemoryRequest.read(a, 40, null, null));
                }
                return out;
            });
            List<Long> cycles = new ArrayList<>();
            cycles.add(r.run());
            for (String s : new String[] {"conflicts", "combined_writes", "refusals", "channel_busy_cycles"}) {
                cycles.add(r.stat(s));
            }
            runs.add(cycles);
        }
        assertEquals(runs.get(0), runs.get(1));
    }

    // Every statistic has a unit and a description; one child group per channel.
    @Test
    void statisticsAreDescribed() {
        Rig r = atZero(standard(), List.of());
        StatGroup g = r.memory.stats();
        assertEquals("memory", g.name());
        assertEquals(List.of("channel0", "channel1", "channel2", "channel3"),
                g.children().stream().map(StatGroup::name).toList());
        for (String s : new String[] {"requests", "reads", "writes", "bytes_read", "bytes_written", "conflicts",
            "combined_writes", "refusals"}) {
            assertTrue(g.find(s) != null, s);
        }
        for (String s : new String[] {"requests", "reads", "writes", "bytes", "busy_cycles", "conflicts",
            "combined_writes", "queue_delay_mean", "queue_delay_p50", "queue_delay_p95", "queue_delay_max"}) {
            assertTrue(g.find("channel2." + s) != null, s);
        }
        List<StatGroup> all = new ArrayList<>(g.children());
        all.add(g);
        for (StatGroup sg : all) {
            for (Stat s : sg.stats()) {
                assertFalse(s.unit().isBlank(), s.name());
                assertFalse(s.description().isBlank(), s.name());
            }
        }
    }
}
