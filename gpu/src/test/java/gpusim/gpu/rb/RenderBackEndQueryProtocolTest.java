package gpusim.gpu.rb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.gpu.query.QueryLayout;
import gpusim.gpu.raster.TileMap;
import gpusim.sim.MemoryRequest;
import org.junit.jupiter.api.Test;

/**
 * The render back ends' occlusion protocol (radeonsi si_query_hw_prepare_buffer, PAL GFX6-8):
 * one 16-byte {begin, end} pair per DB at the DB's own index, bit 63 the written mark, a
 * disabled DB's pair preset as written with a zero count, the count summed over every DB.
 */
class RenderBackEndQueryProtocolTest {
    static final long W = QueryLayout.WRITTEN;

    @Test
    void pairsAtEachDbsOwnIndex() {
        RenderBackEndQueryProtocol p = new RenderBackEndQueryProtocol(new TileMap(5, 8));
        assertEquals(5, p.units());
        assertEquals(80, p.slotBytes());
        assertEquals(48, p.beginOffset(3));
        assertEquals(56, p.endOffset(3));
        assertEquals(7 | W, p.written(7));
        assertArrayEquals(new long[10], p.resetWords(), "every DB enabled: all zeros");
    }

    @Test
    void disabledDbsPairsArePresetAsWrittenZeros() {
        // DBs 1 and 3 of 4 disabled (mask 0b0101).
        RenderBackEndQueryProtocol p = new RenderBackEndQueryProtocol(new TileMap(4, 8, TileMap.Pattern.ROWS, 0b0101));
        long[] reset = p.resetWords();
        assertArrayEquals(new long[] {0, 0, W, W, 0, 0, W, W}, reset);
        byte[] slot = MemoryRequest.writeLongs(0, reset, null, null).data();
        assertFalse(p.resolvable(slot, 0), "the enabled DBs have not written their ends");
        assertEquals(-1, p.sum(slot, 0));
        assertTrue(p.endWritten(slot, 0, 1));
        // DB0: 10 -> 25, DB2: 4 -> 6; the disabled DBs' preset pairs add nothing.
        long[] words = reset.clone();
        words[0] = p.written(10);
        words[1] = p.written(25);
        words[4] = p.written(4);
        words[5] = p.written(6);
        byte[] done = MemoryRequest.writeLongs(0, words, null, null).data();
        assertTrue(p.resolvable(done, 0));
        assertEquals(17, p.sum(done, 0));
    }
}
