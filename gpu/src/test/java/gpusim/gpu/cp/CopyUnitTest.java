package gpusim.gpu.cp;

import static gpusim.gpu.cp.CpRig.memory;
import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.CommandListType;
import gpusim.gpu.TraceBuilder;
import gpusim.trace.Resource;
import org.junit.jupiter.api.Test;

/**
 * The copy unit through the engine's ports, on a COPY queue: CopyBufferRegion moves its bytes in
 * 4 KiB pieces, each read and then written, one request outstanding at a time (as a CP DMA
 * packet); the copy is done once its last write has completed.
 */
class CopyUnitTest {

    // 5000 bytes, C = 2: piece 1 (4096 bytes) read at 1 -> leaves at 2, back at 2 + memory(4096)
    // = 2 + (1 + 32 parts x 2 cycles + 20) = 87; written from 87 -> leaves 88, lands at 173; piece
    // 2 (904 bytes: 7 parts of 2 cycles and one of 1) read from 173 -> back at 174 + 36 = 210,
    // written from 210 -> lands at 211 + 36 = 247, where the copy is done; the list ends at 249.
    @Test
    void aCopyGoesInFourKibPiecesEachReadThenWritten() {
        TraceBuilder t = new TraceBuilder();
        Resource.Buffer src = t.buffer("src", 8192);
        Resource.Buffer dst = t.buffer("dst", 8192);
        t.execute(CommandListType.COPY, t.list("c", CommandListType.COPY).copy(dst, 0, src, 0, 5000).close());
        CpRig r = new CpRig(t, CommandListType.COPY, 1);
        for (long o = 0; o < 5008; o += 8) {
            r.u.memory.writeLong(r.res.address(src) + o, 0x0101_0101_0000_0000L + o);
        }
        long firstRead = 2 + memory(4096);
        long firstWrite = firstRead + 1 + memory(4096);
        long secondRead = firstWrite + 1 + memory(904);
        long secondWrite = secondRead + 1 + memory(904);
        assertEquals(java.util.List.of(87L, 173L, 210L, 247L),
                java.util.List.of(firstRead, firstWrite, secondRead, secondWrite));
        assertEquals(secondWrite + 2, r.run());
        for (long o = 0; o < 4992; o += 8) {
            assertEquals(0x0101_0101_0000_0000L + o, r.word(dst, o), "byte " + o);
        }
        assertEquals(0x0101_0101_0000_0000L + 4992, r.word(dst, 4992), "the last whole word");
        assertEquals(0, r.word(dst, 5000), "nothing past the region");
        assertEquals(2 * memory(4096) + 2 * memory(904), r.stat("memory_wait_cycles"), "from each issue to its completion");
    }
}
