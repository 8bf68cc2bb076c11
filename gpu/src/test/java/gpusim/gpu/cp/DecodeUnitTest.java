package gpusim.gpu.cp;

import static gpusim.gpu.cp.CpRig.MEMORY;
import static gpusim.gpu.cp.CpRig.memory;
import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.CommandListType;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.api.VideoDecodeStatus;
import gpusim.gpu.TraceBuilder;
import gpusim.gpu.decode.DecodeStatistics;
import gpusim.trace.Resource;
import org.junit.jupiter.api.Test;

/**
 * The video decode unit through the VIDEO_DECODE engine's ports: DecodeFrame reads its bitstream
 * through memory, then decodes at decode.cycles_per_byte; an EndQuery(VIDEO_DECODE_STATISTICS)
 * after it writes D3D12_QUERY_DATA_VIDEO_DECODE_STATISTICS for the frame, whose decode time T
 * (from the command starting to the decoder finishing) against the heap's frame rate decides the
 * status and, over budget, the bit rate the decoder sustained (bits x clock / T).
 */
class DecodeUnitTest {

    // 100 bytes at decode.cycles_per_byte 30, C = 2: the frame steps at 1, its bitstream read
    // leaves at 2 and is back at 2 + memory(100) = 2 + (1 + 2 + 20) = 25; it decodes 100 x 30 =
    // 3000 cycles to 3025, so T = 3025 - 1 = 3024. The query at 3027 writes its 32 bytes (done at
    // 3028 + MEMORY = 3050); the list ends at 3052.
    // The heap runs at 1,000,000 frames a second: a budget of 1000 cycles at 1 GHz, so the status
    // is RATE_EXCEEDED; BitRate = 800 bits x 10^9 / 3024 = 264,550,264 (rounded down); the 32 x 32
    // picture's 4 macroblocks, ceil(4 x (3024 - 1000) / 3024) = 3 late; FrameRate 10^9 / 3024 =
    // 62,500,000 / 189.
    @Test
    void aFrameReadsItsBitstreamThenDecodesAtItsRate() {
        TraceBuilder t = new TraceBuilder();
        Resource.VideoDecoderHeap heap = t.decoderHeap("dec", 32, 32, 0, 1_000_000, 1);
        Resource.Buffer bits = t.buffer("bits", 128);
        Resource.QueryHeap q = t.queryHeap("vds", QueryHeapType.VIDEO_DECODE_STATISTICS, 1);
        t.execute(CommandListType.VIDEO_DECODE, t.list("d", CommandListType.VIDEO_DECODE).decode(heap, 100, bits, 0)
                .end(q, QueryType.VIDEO_DECODE_STATISTICS, 0).close());
        CpRig r = new CpRig(t, CommandListType.VIDEO_DECODE, 1, "decode.cycles_per_byte=30");
        long read = 2 + memory(100);
        assertEquals(25, read);
        long decoded = read + 100 * 30;
        assertEquals(decoded + 2 + 1 + MEMORY + 2, r.run());
        assertEquals(1, r.stat("decoded_frames"));
        long slot = r.res.querySlot(q, 0);
        assertEquals(VideoDecodeStatus.RATE_EXCEEDED.d3dValue(), r.u.memory.readLong(slot));
        assertEquals(3, r.u.memory.readLong(slot + 8), "macroblocks affected");
        assertEquals(DecodeStatistics.rational(62_500_000, 189), r.u.memory.readLong(slot + 16));
        assertEquals(264_550_264L, r.u.memory.readLong(slot + 24) & 0xFFFF_FFFFL, "bit rate");
        boolean decoding = false;
        for (Object[] s : r.spans) {
            if (s[0].equals("decoding")) {
                assertEquals(read, s[1]);
                assertEquals(decoded, s[2]);
                decoding = true;
            }
        }
        assertEquals(true, decoding, "a decoding span");
    }

    // Without a bitstream buffer the frame decodes at once: 1000 bytes x 16 (the default
    // decode.cycles_per_byte) from 1 to 16001; the list ends at 16003.
    @Test
    void aFrameWithoutABitstreamDecodesAtOnce() {
        TraceBuilder t = new TraceBuilder();
        Resource.VideoDecoderHeap heap = t.decoderHeap("dec", 32, 32, 0, 30, 1);
        t.execute(CommandListType.VIDEO_DECODE, t.list("d", CommandListType.VIDEO_DECODE).decode(heap, 1000).close());
        CpRig r = new CpRig(t, CommandListType.VIDEO_DECODE, 1);
        assertEquals(1 + 1000 * 16 + 2, r.run());
    }
}
