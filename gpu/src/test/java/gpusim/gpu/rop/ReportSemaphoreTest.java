package gpusim.gpu.rop;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;


import gpusim.gpu.DrawTracker;
import gpusim.gpu.PipelineDrain;
import gpusim.gpu.RunLength;
import gpusim.gpu.RunMode;
import gpusim.gpu.StageWiring;
import gpusim.gpu.TimestampClock;
import gpusim.gpu.work.MarkerProgress;
import gpusim.gpu.work.OcclusionMarker;
import gpusim.gpu.work.Work;
import gpusim.memory.DeviceMemory;
import gpusim.memory.MemorySystem;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.MemoryPort;
import gpusim.sim.MemoryRequest;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The ROP back end's one report per marker, exactly: the units' counts summed, written as one
 * 16-byte {count, timestamp} at the begin or end report of the slot rop.report_latency cycles
 * after the marker leaves the end of the pipe, and at EndQuery the availability word written
 * once the report has landed (nvk_query_pool.c's layout, {@link RopQueryProtocol}).
 */
class ReportSemaphoreTest {
    static final int UNITS = 4;
    static final long SLOT = 0x1000;
    static final int REPORT_LATENCY = 32;
    static final long MEMORY_LATENCY = 20;
    /**
     * Cycles from a write's acceptance to its landing on the rig's memory: served the next
     * cycle (the channel ticks before the stage in a cycle), one cycle for 16 bytes at 64
     * bytes a cycle, then the latency.
     */
    static final long LANDS_AFTER = 1 + 1 + MEMORY_LATENCY;

    /** The memory port, recording every write offered to it with the cycle it was accepted. */
    static final class Recorder implements MemoryPort {
        final MemoryPort port;
        final List<long[]> writes = new ArrayList<>();
        Recorder(MemoryPort port) {
            this.port = port;
        }

        @Override
        public boolean request(MemoryRequest r, Component requester, long now) {
            boolean ok = port.request(r, requester, now);
            if (ok && r.kind() == MemoryRequest.Kind.WRITE) {
                writes.add(new long[] {now, r.address(), r.size()});
            }
            return ok;
        }

        @Override
        public int pending() {
            return port.pending();
        }
    }

    /** The report semaphore behind a rop.report_latency queue, on a single 20-cycle memory, timestamps = cycles. */
    static final class Rig {
        final Engine engine = new Engine(10_000);
        final DeviceMemory memory = new DeviceMemory(256);
        final BoundedQueue<Work> in = engine.queue("eop->report", 16, REPORT_LATENCY);
        final Recorder port;
        final ReportSemaphore report;
        final RopQueryProtocol protocol = new RopQueryProtocol();

        Rig() {
            MemorySystem ms = new MemorySystem(engine, memory, MemorySystem.Params.single(64, MEMORY_LATENCY, 64));
            port = new Recorder(ms);
            StageWiring wiring = new StageWiring(engine, new PipelineDrain(engine, port), new DrawTracker(),
                    RunMode.TIMED, new RunLength());
            report = new ReportSemaphore(wiring, in, UNITS, protocol, new TimestampClock(1, 1));
            engine.add(report);
            ms.register();
            in.connect(report, report); // the test pushes: there is no producer to wake
        }

        /** Sends the marker with each unit's counter at it, as the end of the pipe does, and runs until idle. */
        OcclusionMarker send(boolean end, long... counts) {
            OcclusionMarker m = new OcclusionMarker(end, SLOT, false, end ? "end" : "begin",
                    new MarkerProgress(protocol.markerWrites(end), engine.now()));
            m.progress().broadcast(UNITS);
            for (int u = 0; u < UNITS; u++) {
                m.progress().count(u, counts[u]);
            }
            assertTrue(in.push(m, engine.now()));
            engine.run(() -> false);
            assertTrue(m.progress().allLanded(), "every write of the marker landed");
            return m;
        }

        byte[] slot() {
            byte[] b = new byte[RopQueryProtocol.SLOT_BYTES];
            memory.read(SLOT, b, 0, b.length);
            return b;
        }
    }

    @Test
    void oneReportOfTheSummedCountsPerMarkerThenAvailability() {
        Rig r = new Rig();
        long t0 = r.engine.now();
        OcclusionMarker begin = r.send(false, 100, 7, 0, 1L << 40);
        // One 16-byte write at the begin report, issued as the item's cycle ends: the marker
        // arrives REPORT_LATENCY cycles after it was queued and takes one cycle.
        assertEquals(1, r.port.writes.size());
        long beginAt = t0 + REPORT_LATENCY + 1;
        assertArrayEquals(new long[] {beginAt, SLOT, 16}, r.port.writes.get(0));
        assertEquals(100 + 7 + (1L << 40), r.memory.readLong(SLOT), "the units' counts summed on chip");
        assertEquals(t0 + REPORT_LATENCY, r.memory.readLong(SLOT + 8), "the timestamp of the cycle it was summed");
        assertEquals(0, r.memory.readLong(SLOT + RopQueryProtocol.END_REPORT));
        assertEquals(0, r.memory.readLong(SLOT + RopQueryProtocol.AVAILABLE), "a begin makes nothing available");
        assertFalse(r.protocol.resolvable(r.slot(), 0));
        assertEquals(-1, r.protocol.sum(r.slot(), 0));
        assertEquals(beginAt + LANDS_AFTER, begin.progress().landedAt());

        long t1 = r.engine.now();
        OcclusionMarker end = r.send(true, 150, 9, 3, (1L << 40) + 5);
        assertEquals(3, r.port.writes.size(), "the end report, then the availability word");
        long endAt = t1 + REPORT_LATENCY + 1;
        assertArrayEquals(new long[] {endAt, SLOT + 16, 16}, r.port.writes.get(1));
        long[] avail = r.port.writes.get(2);
        assertEquals(SLOT + 32, avail[1]);
        assertEquals(8, avail[2]);
        // Taken the cycle the report lands, written one cycle later.
        assertEquals(endAt + LANDS_AFTER + 1, avail[0], "the availability word goes only after the report landed");
        assertEquals(150 + 9 + 3 + (1L << 40) + 5, r.memory.readLong(SLOT + 16));
        assertEquals(t1 + REPORT_LATENCY, r.memory.readLong(SLOT + 24));
        assertEquals(1, r.memory.readLong(SLOT + 32));
        assertTrue(r.protocol.resolvable(r.slot(), 0));
        assertEquals((150 + 9 + 3 + 5) - (100 + 7), r.protocol.sum(r.slot(), 0), "end count - begin count");
        assertEquals(2, end.progress().expectedWrites());
        assertEquals(avail[0] + LANDS_AFTER, end.progress().landedAt());
        assertEquals(2, r.report.stats().find("reports").value().longValue());
        assertEquals(1, r.report.stats().find("availability_writes").value().longValue());
    }

    /** The protocol's slot: two reports and the availability word, reset to zeros, nothing per unit. */
    @Test
    void theSlotIsTwoReportsAndAnAvailabilityWord() {
        RopQueryProtocol p = new RopQueryProtocol();
        assertEquals(40, p.slotBytes());
        assertArrayEquals(new long[5], p.resetWords());
        assertEquals(1, p.units());
        assertFalse(p.perUnitWords());
        assertEquals(1, p.markerWrites(false));
        assertEquals(2, p.markerWrites(true));
        assertEquals(0, p.beginOffset(0));
        assertEquals(16, p.endOffset(0));
        assertEquals(1L << 63 | 5, p.written(1L << 63 | 5), "no mark bit: the count is the whole word");
    }
}
