package gpusim.gpu;

import static gpusim.gpu.TraceBuilder.dump;
import static gpusim.gpu.TraceBuilder.fullScreen;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.CommandListType;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.api.VideoDecodeStatus;
import gpusim.config.Config;
import gpusim.gpu.cp.FenceTable;
import gpusim.gpu.decode.DecodeStatistics;
import gpusim.sim.DeadlockException;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Queues running concurrently (one engine each), fences between them, and the queries only
 * some queues have: COPY_QUEUE_TIMESTAMP, compute-list timestamps, VIDEO_DECODE_STATISTICS.
 *
 * <p>Cycle arithmetic used below (docs/model.md, "Queues and fences"): an engine takes one step
 * a cycle; a command costs {@code cp.cycles_per_command} = 2 after it completes; a timestamp is
 * written one step after its command starts (the drain check) and waits for its 8-byte memory
 * write. The memory's own timing is the memory model's business: the tests measure an 8-byte
 * write ({@link #write8()}) and a 4 KiB copy piece ({@link #piece()}) once, and assert the
 * engines' arithmetic exactly in those terms.
 */
class QueuesTest {
    /** Timestamp ticks equal to cycles (1 GHz clock, 1 GHz timestamps), so timestamps read as cycles. */
    static final String TICKS_ARE_CYCLES = "timestamp.frequency_hz=1000000000";
    static final long CP = 2;

    /**
     * Cycles of an 8-byte memory write as an engine sees it (issue to done), from two timestamps
     * in a row on the copy queue: t1 - t0 = write + CP + 1 (the next timestamp's drain step).
     */
    static long write8() {
        long[] t = copyList(0);
        return t[1] - t[0] - CP - 1;
    }

    /** From one timestamp being written to the next one's write, with nothing between. */
    static long tsToTs() {
        return write8() + CP + 1;
    }

    /** Cycles of a 4 KiB copy piece (a read and a write), from a copy of one piece between two timestamps. */
    static long piece() {
        long[] t = copyList(4096);
        return t[1] - t[0] - tsToTs() - CP;
    }

    /** Two copy-queue timestamps around a copy of {@code bytes} (none for 0). */
    static long[] copyList(long bytes) {
        TraceBuilder t = new TraceBuilder();
        Resource.QueryHeap cq = t.queryHeap("cq", QueryHeapType.COPY_QUEUE_TIMESTAMP, 2);
        Resource.Buffer src = t.buffer("src", 1 << 16);
        Resource.Buffer dst = t.buffer("dst", 1 << 16);
        Resource.Buffer out = t.buffer("out", 16);
        TraceBuilder.ListBuilder l = t.list("c", CommandListType.COPY).end(cq, QueryType.TIMESTAMP, 0);
        if (bytes > 0) {
            l.copy(dst, 0, src, 0, bytes);
        }
        l.end(cq, QueryType.TIMESTAMP, 1).resolve(cq, QueryType.TIMESTAMP, 0, 2, out, 0);
        t.execute(CommandListType.COPY, l.close()).dump(out);
        return dump(gpu(t.build(), TICKS_ARE_CYCLES).run(), 0);
    }

    static Gpu gpu(Trace t, String... cfg) {
        Config c = TraceBuilder.unitDefaults();
        for (String kv : cfg) {
            c = c.with(kv);
        }
        return new Gpu(t, c);
    }

    // ------------------------------------------------------------------ COPY_QUEUE_TIMESTAMP

    static long[] copyTimestamps(boolean withDrawOnDirect) {
        TraceBuilder t = new TraceBuilder();
        Resource.QueryHeap cq = t.queryHeap("cq", QueryHeapType.COPY_QUEUE_TIMESTAMP, 3);
        Resource.Buffer src = t.buffer("src", 1 << 16);
        Resource.Buffer dst = t.buffer("dst", 1 << 16);
        Resource.Buffer out = t.buffer("out", 24);
        CommandList c = t.list("c", CommandListType.COPY).end(cq, QueryType.TIMESTAMP, 0)
                .copy(dst, 0, src, 0, 8192).end(cq, QueryType.TIMESTAMP, 1)
                .copy(dst, 0, src, 0, 16384).end(cq, QueryType.TIMESTAMP, 2)
                .resolve(cq, QueryType.TIMESTAMP, 0, 3, out, 0).close();
        if (withDrawOnDirect) {
            t.execute(heavyDraw(t, 40));
        }
        t.execute(CommandListType.COPY, c).dump(out);
        return dump(gpu(t.build(), TICKS_ARE_CYCLES).run(), 0);
    }

    /** A DIRECT list drawing {@code instances} full-screen quads on a 256 x 256 target: no memory traffic. */
    static CommandList heavyDraw(TraceBuilder t, int instances) {
        Resource.RenderTarget rt = t.renderTarget("rt", 256, 256, 1);
        Resource.VertexBuffer vb = t.vertices("vb", fullScreen(0.5f));
        return t.list("d").targets(rt, null).pso(t.pso("p")).vb(vb).draw(6, 0, instances).close();
    }

    // The measured primitives, for the record: with the default memory (docs/memory.md: 4 channels
    // interleaved every 256 bytes, 64-byte lines at memory.bytes_per_cycle = 64, memory.latency =
    // 100; a request reaches its channels 2 cycles after the engine issues it), an 8-byte write is
    // 2 + 1 + 100 cycles, and a 4 KiB piece is a read and a write of 64 lines each, 16 a channel:
    // 2 + 16 + 100 each. (A new memory model changes these two numbers only; the other tests are
    // written in their terms.)
    @Test
    void measuredMemoryPrimitives() {
        assertEquals(2 + 1 + 100, write8());
        assertEquals(2 * (2 + 4096 / 64 / 4 + 100), piece());
    }

    // A copy queue's timestamps are written when the copy engine reaches them, after its earlier
    // copies: the host hands the execute over at cycle 0, the engine takes it at 1, opens the list
    // and starts end_query at 2 and writes at 3; each later one follows its copy's pieces.
    @Test
    void copyQueueTimestampsAreWrittenWhenTheCopyEngineReachesThem() {
        long t0 = 3;
        long t1 = t0 + tsToTs() + CP + 2 * piece();
        long t2 = t1 + tsToTs() + CP + 4 * piece();
        assertArrayEquals(new long[] {t0, t1, t2}, copyTimestamps(false));
        // The copy engine does not wait for the graphics pipeline (a draw on DIRECT, no memory traffic).
        assertArrayEquals(new long[] {t0, t1, t2}, copyTimestamps(true));
    }

    // ------------------------------------------------------------------ compute timestamps

    static long[] computeTimestamps(boolean withDrawOnDirect) {
        TraceBuilder t = new TraceBuilder();
        Resource.QueryHeap ts = t.queryHeap("ts", QueryHeapType.TIMESTAMP, 3);
        Resource.Buffer out = t.buffer("out", 24);
        CommandList c = t.list("c", CommandListType.COMPUTE).end(ts, QueryType.TIMESTAMP, 0)
                .dispatch(160, 1, 1).end(ts, QueryType.TIMESTAMP, 1)
                .dispatch(40, 40, 1).end(ts, QueryType.TIMESTAMP, 2)
                .resolve(ts, QueryType.TIMESTAMP, 0, 3, out, 0).close();
        if (withDrawOnDirect) {
            t.execute(heavyDraw(t, 40));
        }
        t.execute(CommandListType.COMPUTE, c).dump(out);
        return dump(gpu(t.build(), TICKS_ARE_CYCLES).run(), 0);
    }

    // A compute list's timestamps come at the compute engine's own completion point: after its
    // dispatches (ceil(groups / shader.units) cycles each, 16 units), not after the graphics work.
    @Test
    void computeListTimestampsFollowTheirDispatches() {
        long t0 = 3;
        long t1 = t0 + tsToTs() + CP + 160 / 16;
        long t2 = t1 + tsToTs() + CP + 1600 / 16;
        assertArrayEquals(new long[] {t0, t1, t2}, computeTimestamps(false));
        assertArrayEquals(new long[] {t0, t1, t2}, computeTimestamps(true));
    }

    // ------------------------------------------------------------------ video decode statistics

    // D3D12_QUERY_DATA_VIDEO_DECODE_STATISTICS: Status, NumMacroblocksAffected, FrameRate
    // {Numerator, Denominator}, BitRate, 4 bytes of padding: 32 bytes, resolved as 4 words. Recorded
    // only for the last decode_frame of the list (the D3D12_QUERY_TYPE documentation).
    @Test
    void videoDecodeStatisticsOkAndRateExceeded() {
        TraceBuilder t = new TraceBuilder();
        // 29.97 frames a second: 33,366,666 cycles a frame at 1 GHz; 10000 a second: 100,000 cycles.
        Resource.VideoDecoderHeap ntsc = t.decoderHeap("ntsc", 1920, 1080, 8_000_000, 30000, 1001);
        Resource.VideoDecoderHeap fast = t.decoderHeap("fast", 1920, 1080, 8_000_000, 10000, 1);
        Resource.QueryHeap vq = t.queryHeap("vq", QueryHeapType.VIDEO_DECODE_STATISTICS, 3);
        Resource.Buffer out = t.buffer("out", 3 * 32);
        // decode.cycles_per_byte = 16: 10000 bytes take 160000 cycles, 500 bytes 8000.
        CommandList a = t.list("a", CommandListType.VIDEO_DECODE).decode(fast, 10_000).decode(ntsc, 500)
                .end(vq, QueryType.VIDEO_DECODE_STATISTICS, 0).close();
        CommandList b = t.list("b", CommandListType.VIDEO_DECODE).decode(fast, 500).decode(fast, 10_000)
                .end(vq, QueryType.VIDEO_DECODE_STATISTICS, 1)
                .resolve(vq, QueryType.VIDEO_DECODE_STATISTICS, 0, 3, out, 0).close();
        t.execute(CommandListType.VIDEO_DECODE, a, b).dump(out);
        long[] v = dump(gpu(t.build()).run(), 0);
        // List a's last decode (500 bytes in 8000 cycles) fits 29.97 fps: OK, the heap's frame rate,
        // no macroblocks affected, BitRate 0 ("for all other Status values, BitRate is set to zero");
        // the earlier, too slow decode of the list is not recorded.
        assertArrayEquals(new long[] {VideoDecodeStatus.OK.d3dValue(), 0, 30000L | 1001L << 32, 0},
                java.util.Arrays.copyOfRange(v, 0, 4));
        // List b's last decode took 160000 cycles, over the 100000 a frame at 10000 fps allows:
        // RATE_EXCEEDED; of ceil(1920/16) x ceil(1080/16) = 8160 macroblocks, 8160 x 60000 / 160000
        // = 3060 were decoded late; the frame rate that would succeed is 10^9 / 160000 = 6250/1; the
        // bit rate the decoder sustained is 80000 bits x 10^9 / 160000 = 500,000,000.
        assertArrayEquals(new long[] {VideoDecodeStatus.RATE_EXCEEDED.d3dValue(), 3060, 6250L | 1L << 32,
            500_000_000L}, java.util.Arrays.copyOfRange(v, 4, 8));
        // Query 2 was never ended: zeros.
        assertArrayEquals(new long[4], java.util.Arrays.copyOfRange(v, 8, 12));
    }

    // The structure's arithmetic at its edges: exactly on budget is OK; the suggested rational
    // is reduced, and halved (numerator down, denominator up) until both terms fit a UINT.
    @Test
    void decodeStatisticsArithmetic() {
        Resource.VideoDecoderHeap h = new Resource.VideoDecoderHeap("h", 16, 16, 1, 1000, 1, 1);
        // 10^6 cycles at 1 GHz is exactly 1/1000 s: on budget.
        assertEquals(VideoDecodeStatus.OK.d3dValue(), DecodeStatistics.words(h, 10, 1_000_000, 1_000_000_000L)[0]);
        long[] w = DecodeStatistics.words(h, 10, 1_000_001, 1_000_000_000L);
        assertEquals(VideoDecodeStatus.RATE_EXCEEDED.d3dValue(), w[0]);
        assertEquals(1, w[1], "one macroblock, late");
        assertEquals(1_000_000_000L | 1_000_001L << 32, w[2], "10^9 / 1000001 is in lowest terms");
        assertEquals(79_999, w[3], "80 bits in 1000001 cycles at 1 GHz: 79999.92 bits a second");
        // 10 GHz: 10^10 does not fit a UINT: 10^10 / 3 halves to 2500000000 / 1 (rounded: 3 -> 2 -> 1).
        long[] big = DecodeStatistics.words(new Resource.VideoDecoderHeap("g", 16, 16, 1, 0xFFFF_FFFFL, 1, 1),
                1, 3, 10_000_000_000L);
        assertEquals(2_500_000_000L | 1L << 32, big[2]);
    }

    // A decode with a bitstream buffer reads it through memory first: the same frame takes longer
    // by the read. (T, the decode time, is what the suggested frame rate 10^9 / T says.)
    @Test
    void decodeReadsItsBitstreamThroughMemory() {
        assertEquals(4000 * 16, decodeCycles(decodeWith(false)));
        // One read of 4000 bytes: 2 cycles to the memory, 63 lines of 64 bytes over 4 channels (at
        // most 16 a channel, a cycle each), 100 of latency (memory.latency and memory.bytes_per_cycle
        // as decodeWith sets them; docs/memory.md).
        assertEquals(4000 * 16 + 2 + 16 + 100, decodeCycles(decodeWith(true)));
    }

    /** T from a RATE_EXCEEDED structure's FrameRate, which is 10^9 / T in lowest terms. */
    static long decodeCycles(long[] stats) {
        assertEquals(VideoDecodeStatus.RATE_EXCEEDED.d3dValue(), stats[0]);
        long n = stats[2] & 0xFFFF_FFFFL;
        long d = stats[2] >>> 32;
        assertEquals(0, d * 1_000_000_000L % n);
        return d * 1_000_000_000L / n;
    }

    static long[] decodeWith(boolean bitstream) {
        TraceBuilder t = new TraceBuilder();
        Resource.VideoDecoderHeap h = t.decoderHeap("h", 64, 64, 1_000_000, 0xFFFF_FFFFL, 1);
        Resource.QueryHeap vq = t.queryHeap("vq", QueryHeapType.VIDEO_DECODE_STATISTICS, 1);
        Resource.Buffer bs = t.buffer("bs", 4096);
        Resource.Buffer out = t.buffer("out", 32);
        TraceBuilder.ListBuilder l = t.list("a", CommandListType.VIDEO_DECODE);
        (bitstream ? l.decode(h, 4000, bs, 0) : l.decode(h, 4000)).end(vq, QueryType.VIDEO_DECODE_STATISTICS, 0)
                .resolve(vq, QueryType.VIDEO_DECODE_STATISTICS, 0, 1, out, 0);
        t.execute(CommandListType.VIDEO_DECODE, l.close()).dump(out);
        return dump(gpu(t.build(), "memory.latency=100", "memory.bytes_per_cycle=64").run(), 0);
    }

    // ------------------------------------------------------------------ concurrency and fences

    static RunResult copyAndDraw(boolean twoQueues, boolean copy, boolean draw) {
        TraceBuilder t = new TraceBuilder();
        Resource.Buffer src = t.buffer("src", 1 << 16);
        Resource.Buffer dst = t.buffer("dst", 1 << 16);
        CommandList d = heavyDraw(t, 40);
        CommandList c = t.list("c", twoQueues ? CommandListType.COPY : CommandListType.DIRECT)
                .copy(dst, 0, src, 0, 1 << 16).close();
        if (copy) {
            t.execute(c.type(), c);
        }
        if (draw) {
            t.execute(d);
        }
        t.waitIdle();
        return gpu(t.build()).run();
    }

    // A copy on the COPY queue and a draw on the DIRECT queue overlap: fewer cycles than the same
    // work on one queue, which runs them in turn. They share the memory (the copy's pieces and the
    // input assembler's vertex fetches), so the overlap is nearly, not exactly, perfect: the run
    // takes at least as long as the longer alone, and hides nearly all of the shorter.
    @Test
    void copyAndDrawOnTwoQueuesOverlap() {
        long copyAlone = copyAndDraw(true, true, false).cycles();
        long drawAlone = copyAndDraw(true, false, true).cycles();
        long oneQueue = copyAndDraw(false, true, true).cycles();
        long twoQueues = copyAndDraw(true, true, true).cycles();
        String all = "copy alone " + copyAlone + ", draw alone " + drawAlone + ", one queue " + oneQueue
                + ", two queues " + twoQueues;
        assertTrue(twoQueues < oneQueue, all);
        assertTrue(oneQueue >= copyAlone + drawAlone - 10, all);
        assertTrue(twoQueues >= Math.max(copyAlone, drawAlone), all);
        assertTrue(twoQueues - Math.max(copyAlone, drawAlone) < Math.min(copyAlone, drawAlone) / 10, all);
    }

    /** A COMPUTE list of one dispatch and a COPY list of a copy, on their queues or not at all. */
    static RunResult dispatchAndCopy(boolean dispatch, boolean copy) {
        TraceBuilder t = new TraceBuilder();
        Resource.Buffer src = t.buffer("src", 1 << 16);
        Resource.Buffer dst = t.buffer("dst", 1 << 16);
        CommandList d = t.list("d", CommandListType.COMPUTE).dispatch(1000, 16, 1).close();
        CommandList c = t.list("c", CommandListType.COPY).copy(dst, 0, src, 0, 1 << 16).close();
        if (dispatch) {
            t.execute(CommandListType.COMPUTE, d);
        }
        if (copy) {
            t.execute(CommandListType.COPY, c);
        }
        t.waitIdle();
        return gpu(t.build()).run();
    }

    // A dispatch touches no memory: on the COMPUTE queue beside a copy on the COPY queue, the run
    // takes exactly as long as the longer of the two alone.
    @Test
    void dispatchAndCopyOverlapExactly() {
        long dispatchAlone = dispatchAndCopy(true, false).cycles();
        long copyAlone = dispatchAndCopy(false, true).cycles();
        assertTrue(dispatchAlone > 1000 && copyAlone > 1000, dispatchAlone + " " + copyAlone);
        assertEquals(Math.max(dispatchAlone, copyAlone), dispatchAndCopy(true, true).cycles());
    }

    // ID3D12CommandQueue::Wait: the COPY queue runs nothing after the wait until the DIRECT queue's
    // signal, which comes once the draw has left the pipeline. The wait is satisfied the cycle after
    // the signal; the engine takes the execute the cycle after, opens the list and starts its
    // end_query the next, and writes the timestamp the one after.
    @Test
    void waitStartsTheConsumerExactlyAfterTheSignal() {
        for (boolean fenced : new boolean[] {false, true}) {
            TraceBuilder t = new TraceBuilder();
            Resource.QueryHeap ts = t.queryHeap("ts", QueryHeapType.TIMESTAMP, 1);
            Resource.QueryHeap cq = t.queryHeap("cq", QueryHeapType.COPY_QUEUE_TIMESTAMP, 1);
            Resource.Buffer out = t.buffer("out", 16);
            Resource.Fence f = t.fence("f", 0);
            CommandList d = heavyDraw(t, 40);
            CommandList after = t.list("after").end(ts, QueryType.TIMESTAMP, 0)
                    .resolve(ts, QueryType.TIMESTAMP, 0, 1, out, 0).close();
            CommandList c = t.list("c", CommandListType.COPY).end(cq, QueryType.TIMESTAMP, 0)
                    .resolve(cq, QueryType.TIMESTAMP, 0, 1, out, 8).close();
            t.execute(d).signal(f, 1, CommandListType.DIRECT).execute(after);
            if (fenced) {
                t.await(f, 1, CommandListType.COPY);
            }
            t.execute(CommandListType.COPY, c).dump(out);
            Gpu g = gpu(t.build(), TICKS_ARE_CYCLES);
            long[] v = dump(g.run(), 0);
            List<FenceTable.Event> ev = g.fenceEvents();
            FenceTable.Event signal = ev.get(0);
            assertTrue(signal.signal());
            assertEquals("cp", signal.queue());
            // The DIRECT list after the signal starts one step later: its timestamp (drain check, write).
            long s = signal.cycle();
            if (!fenced) {
                assertEquals(1, ev.size());
                assertEquals(3, v[1], "without the wait the copy queue does not wait for the draw");
                assertTrue(v[1] < s);
                continue;
            }
            assertEquals(2, ev.size());
            FenceTable.Event wait = ev.get(1);
            assertEquals(new FenceTable.Event("copy", "f", 1, false, s + 1, wait.line()), wait);
            assertEquals(s + 1 + 3, v[1], "copy timestamp at " + v[1] + ", signal at " + s);
            assertTrue(s > 1000, "the signal waits for the draw to leave the pipeline: " + s);
        }
    }

    // A wait no signal satisfies: when nothing else can run the model stops with a deadlock report
    // that names the queue, the fence, its value and the wait's line (the validator refuses such a
    // trace first: FENCE_WAIT_DEADLOCK; this runs the model on it directly).
    @Test
    void aWaitWithNoSignalIsReportedAsADeadlock() {
        TraceBuilder t = new TraceBuilder();
        Resource.Buffer out = t.buffer("out", 8);
        Resource.Fence f = t.fence("f", 3);
        t.await(f, 4, CommandListType.COPY);
        int waitLine = 3;
        CommandList c = t.list("c", CommandListType.COPY).close();
        t.execute(CommandListType.COPY, c).dump(out);
        DeadlockException e = assertThrows(DeadlockException.class, () -> gpu(t.build()).run());
        assertTrue(e.getMessage().contains("component copy: waiting (wait at line " + waitLine
                + ") for fence f to reach 4; it is at 3"), e.getMessage());
        assertTrue(e.getMessage().contains("component host: dump at line "), e.getMessage());
    }

    // wait_idle and dump wait for every queue: a dump after a copy on the COPY queue sees the copy.
    @Test
    void dumpWaitsForEveryQueue() {
        TraceBuilder t = new TraceBuilder();
        Resource.QueryHeap cq = t.queryHeap("cq", QueryHeapType.COPY_QUEUE_TIMESTAMP, 2);
        Resource.Buffer a = t.buffer("a", 16);
        Resource.Buffer b = t.buffer("b", 16);
        CommandList c = t.list("c", CommandListType.COPY).end(cq, QueryType.TIMESTAMP, 0)
                .end(cq, QueryType.TIMESTAMP, 1).resolve(cq, QueryType.TIMESTAMP, 0, 2, a, 0)
                .copy(b, 0, a, 0, 16).close();
        t.execute(CommandListType.COPY, c).dump(b).dump(a);
        RunResult r = gpu(t.build(), TICKS_ARE_CYCLES).run();
        assertArrayEquals(new long[] {3, 3 + tsToTs()}, dump(r, 0));
        assertArrayEquals(dump(r, 1), dump(r, 0));
    }

    // With the debug layer off a COMPUTE list may hold a draw (WRONG_LIST_TYPE is a debug-layer
    // rule); the compute engine has no graphics pipeline, so it drops the draw and counts it.
    @Test
    void anEngineDropsWhatItHasNoUnitFor() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 16, 16, 1);
        Resource.VertexBuffer vb = t.vertices("vb", fullScreen(0.5f));
        CommandList c = t.list("c", CommandListType.COMPUTE).targets(rt, null).pso(t.pso("p")).vb(vb).draw(6)
                .dispatch(4, 4, 1).close();
        t.execute(CommandListType.COMPUTE, c).waitIdle();
        RunResult r = gpu(t.build()).run();
        assertEquals(1, ((gpusim.sim.Stat.Scalar) r.stats().find("compute.dropped_commands")).get());
        assertEquals(16, ((gpusim.sim.Stat.Scalar) r.stats().find("compute.cs_invocations")).get());
        assertEquals(0, r.draws().size(), "no draw reached the pipeline");
    }
}
