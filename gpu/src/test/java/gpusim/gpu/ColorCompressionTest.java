package gpusim.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.BlendMode;
import gpusim.api.CullMode;
import gpusim.sim.Stat;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import org.junit.jupiter.api.Test;

/**
 * DCC-style colour compression (compression.color): exact colour and key bytes of
 * a clear and flat fills (every block constant: key and a 32-byte payload), of gradient fills
 * (partially compressed to the 32-byte units their delta code needs, or, with
 * compression.color.partial off, not at all: the clear's constant blocks are expanded once),
 * at 1x and 4x MSAA, against the same runs without compression; the pictures never change.
 */
class ColorCompressionTest {
    static final int SIZE = 64;
    static final int DRAWS = 2;
    static final int CBS = 4;
    /** SIZE / 8 squared: 8 x 8 tiles. */
    static final long TILES = (SIZE / 8) * (SIZE / 8);
    static final String[] ON = {"surfaces.in_memory=on", "compression.color=on"};
    static final String[] OFF = {"surfaces.in_memory=on"};
    /** Only constant blocks compress. */
    static final String[] CONSTANT_ONLY = {"surfaces.in_memory=on", "compression.color=on", "compression.color.partial=off"};

    /**
     * A SIZE x SIZE RGBA8 target, no depth: a clear, then DRAWS triangles covering the screen
     * (clipped to it: each tile is one record, every sample written); {@code gradient}: red
     * runs from 0 to 1 across the screen (no two neighbouring pixels alike: about 4 a pixel,
     * 27 or 28 across a tile, green and blue 255), else flat white.
     */
    static Trace fill(int samples, boolean gradient, boolean blend) {
        return fill(samples, gradient, blend, SIZE, false);
    }

    /** {@link #fill(int, boolean, boolean)} with the draws scissored to pixel columns [0, columns). */
    static Trace fill(int samples, boolean gradient, boolean blend, int columns) {
        return fill(samples, gradient, blend, columns, false);
    }

    /** ... and with {@code green}, green runs from 0 to 1 down the screen as red does across it. */
    static Trace fill(int samples, boolean gradient, boolean blend, int columns, boolean green) {
        TraceBuilder b = new TraceBuilder();
        Resource.RenderTarget rt = b.renderTarget("rt", SIZE, SIZE, samples);
        float[] v = new float[DRAWS * 3 * 8];
        for (int d = 0; d < DRAWS; d++) {
            float[] tri = {-1, -1, 0.5f, 1, 0, 1, 1, 1, 3, -1, 0.5f, 1, 2, 1, 1, 1, -1, 3, 0.5f, 1, 0, 1, 1, 1};
            if (!gradient) {
                tri[4] = tri[12] = tri[20] = 1;
            }
            if (green) {
                tri[5] = tri[13] = 0;
                tri[21] = 2;
            }
            System.arraycopy(tri, 0, v, d * 24, 24);
        }
        Resource.VertexBuffer vb = b.coloredVertices("vb", v);
        TraceBuilder.Pso spec = new TraceBuilder.Pso().cull(CullMode.NONE).psCycles(1);
        if (blend) {
            spec.blend = BlendMode.ALPHA;
        }
        Resource.Pso pso = b.pso("p", spec);
        var l = b.list("l").targets(rt, null).clearRt(rt, 0, 0, 0, 1).pso(pso).vb(vb).scissor(0, 0, columns, SIZE);
        for (int d = 0; d < DRAWS; d++) {
            l.draw(3, d * 3, 1);
        }
        return b.execute(l.close()).build();
    }

    static long sum(RunResult r, String stat) {
        long n = 0;
        for (int c = 0; c < CBS; c++) {
            n += ((Stat.Scalar) r.stats().find("cb" + c + "." + stat)).get();
        }
        return n;
    }

    static void samePicture(RunResult a, RunResult b) {
        assertArrayEquals(a.colorTargets().get(0).rgba, b.colorTargets().get(0).rgba);
    }

    @Test
    void aFlatFillStoresEveryBlockAsItsKeyAndA32BytePayload() {
        for (int samples : new int[] {1, 4}) {
            Trace t = fill(samples, false, false);
            RunResult off = TraceBuilder.run(t, OFF);
            RunResult on = TraceBuilder.run(t, ON);
            samePicture(off, on);
            long tileBytes = 8 * 8 * samples * 4;
            long blocks = TILES * tileBytes / 256;
            // Without compression the clear and each draw write every byte of every tile.
            assertEquals((1 + DRAWS) * TILES * tileBytes, sum(off, "color_bytes_written"), samples + "x");
            // With it every block is constant: the clear and each draw write 32 bytes a block ...
            assertEquals((1 + DRAWS) * blocks * 32, sum(on, "color_bytes_written"), samples + "x");
            assertEquals((1 + DRAWS) * blocks, sum(on, "dcc_blocks_compressed"));
            assertEquals(0, sum(on, "dcc_blocks_uncompressed"));
            assertEquals((1 + DRAWS) * blocks * (256 - 32), sum(on, "dcc_bytes_avoided"));
            assertEquals(sum(off, "color_bytes_written") - sum(on, "color_bytes_written"), sum(on, "dcc_bytes_avoided"));
            assertEquals(0, sum(on, "dcc_bytes_added"));
            // ... and the keys are written once, by the clear (the draws leave each block constant).
            assertEquals(blocks, sum(on, "dcc_meta_bytes_written"));
            // Each CB reads the one 256-byte line of keys once (64 tiles of 1 or 4 key bytes), one tile's keys.
            assertEquals(CBS * blocks / TILES, sum(on, "dcc_meta_bytes_read"));
            assertEquals(0, sum(on, "color_bytes_read"));
        }
        // Bound by the channels (4 bytes a cycle), the 4x fill is faster compressed. With 32-byte
        // colour lines: the caches write-allocate (a write miss fetches its line), so with 256-byte
        // lines a 32-byte payload would fetch as many bytes as the block it stands for.
        Trace t = fill(4, false, false);
        RunResult off = TraceBuilder.run(t, OFF[0], "memory.bytes_per_cycle=4", "cb.cache.line=32");
        RunResult on = TraceBuilder.run(t, ON[0], ON[1], "memory.bytes_per_cycle=4", "cb.cache.line=32");
        assertTrue(2 * on.cycles() < off.cycles(), on.cycles() + " vs " + off.cycles());
    }

    @Test
    void aPartialWriteThatBreaksAConstantBlockReadsItsPayloadAndWritesItWhole() {
        // A gradient in the first 4 pixel columns: each of the 8 tiles of column 0 gets 32 of
        // its 64 pixels, 128 bytes: with 32-byte colour lines, half of its one block.
        Trace t = fill(1, true, false, 4);
        RunResult off = TraceBuilder.run(t, OFF[0], "cb.cache.line=32");
        RunResult on = TraceBuilder.run(t, CONSTANT_ONLY[0], CONSTANT_ONLY[1], CONSTANT_ONLY[2], "cb.cache.line=32");
        samePicture(off, on);
        long column = SIZE / 8;
        assertEquals(TILES * 256 + DRAWS * column * 128, sum(off, "color_bytes_written"));
        assertEquals(column, sum(on, "dcc_blocks_expanded"));
        // The first draw reads the constant it breaks (32 bytes a block) and writes the block whole; the second 128 bytes.
        assertEquals(column * 32, sum(on, "color_bytes_read"));
        assertEquals(TILES * 32 + column * 256 + column * 128, sum(on, "color_bytes_written"));
        assertEquals(column * 32 + column * (256 - 128), sum(on, "dcc_bytes_added"));
        assertEquals(TILES * (256 - 32), sum(on, "dcc_bytes_avoided"));
    }

    @Test
    void aGradientIsStoredInTheBytesItsDeltaCodeNeedsOrWithOnlyConstantBlocksWhole() {
        // Red spans 27 or 28 across every 8-pixel row of a block (5 bits a sample), green, blue
        // and alpha nothing: a 48-bit header and 64 x 5 bits is 46 bytes, two 32-byte units.
        // At 4x a block is two pixel rows of four samples each: the same 64 x 5 bits. With only
        // constant blocks compressed, every draw writes every block whole, and the first draw
        // expands the clear's constant blocks (it writes them whole: nothing read).
        for (boolean partial : new boolean[] {true, false}) {
            for (int samples : new int[] {1, 4}) {
                Trace t = fill(samples, true, false);
                RunResult off = TraceBuilder.run(t, OFF);
                RunResult on = TraceBuilder.run(t, partial ? ON : CONSTANT_ONLY);
                samePicture(off, on);
                long tileBytes = 8 * 8 * samples * 4;
                long blocks = TILES * tileBytes / 256;
                long stored = partial ? 64 : 256;
                String what = samples + "x, partial " + partial;
                assertEquals((1 + DRAWS) * TILES * tileBytes, sum(off, "color_bytes_written"));
                assertEquals(blocks * 32 + DRAWS * blocks * stored, sum(on, "color_bytes_written"), what);
                assertEquals(blocks + (partial ? DRAWS * blocks : 0), sum(on, "dcc_blocks_compressed"), what);
                assertEquals(partial ? DRAWS * blocks : 0, sum(on, "dcc_blocks_partial"), what);
                assertEquals(partial ? 0 : DRAWS * blocks, sum(on, "dcc_blocks_uncompressed"), what);
                assertEquals(partial ? 0 : blocks, sum(on, "dcc_blocks_expanded"), what);
                assertEquals(0, sum(on, "color_bytes_read"));
                assertEquals(0, sum(on, "dcc_bytes_added"));
                assertEquals(blocks * (256 - 32) + DRAWS * blocks * (256 - stored), sum(on, "dcc_bytes_avoided"), what);
                // Keys: the clear's, then the first draw's (its blocks change form); the second changes none.
                assertEquals(2 * blocks, sum(on, "dcc_meta_bytes_written"), what);
            }
        }
    }

    @Test
    void aBlockWhoseDeltaCodeExceedsTheLargestCompressedBlockIsStoredWhole() {
        // Red across and green down: 5 + 5 bits a sample, 48 + 640 bits = 86 bytes, three units
        // (96 bytes): within a 128- or 256-byte largest compressed block, not within 64.
        Trace t = fill(1, true, false, SIZE, true);
        RunResult off = TraceBuilder.run(t, OFF);
        for (int max : new int[] {256, 128}) {
            RunResult on = TraceBuilder.run(t, ON[0], ON[1], "compression.color.max_compressed_bytes=" + max);
            samePicture(off, on);
            assertEquals(TILES * 32 + DRAWS * TILES * 96, sum(on, "color_bytes_written"), max + "-byte blocks");
            assertEquals(DRAWS * TILES, sum(on, "dcc_blocks_partial"));
        }
        RunResult small = TraceBuilder.run(t, ON[0], ON[1], "compression.color.max_compressed_bytes=64");
        samePicture(off, small);
        assertEquals(TILES * 32 + DRAWS * TILES * 256, sum(small, "color_bytes_written"));
        assertEquals(0, sum(small, "dcc_blocks_partial"));
        assertEquals(DRAWS * TILES, sum(small, "dcc_blocks_uncompressed"));
        assertEquals(TILES, sum(small, "dcc_blocks_expanded"));
    }

    @Test
    void aPartialWriteDecodesThePartiallyCompressedBlockItLandsIn() {
        // The gradient in the first 4 columns over the black clear: red 2-14 (4 bits), green and
        // blue 255 against 0 (8 bits each): 48 + 64 x 20 bits = 166 bytes, six units (192).
        // The first draw decodes the clear's constant (32 bytes) and stores 192; the second
        // decodes those 192 bytes and stores 192 again; each writes 128 bytes of its block.
        Trace t = fill(1, true, false, 4);
        RunResult off = TraceBuilder.run(t, OFF[0], "cb.cache.line=32");
        RunResult on = TraceBuilder.run(t, ON[0], ON[1], "cb.cache.line=32");
        samePicture(off, on);
        long column = SIZE / 8;
        assertEquals(column * 32 + column * 192, sum(on, "color_bytes_read"));
        assertEquals(TILES * 32 + DRAWS * column * 192, sum(on, "color_bytes_written"));
        assertEquals(DRAWS * column, sum(on, "dcc_blocks_partial"));
        assertEquals(0, sum(on, "dcc_blocks_expanded"));
        // Decoded bytes and payloads larger than the 128 bytes written count as added.
        assertEquals(column * 32 + column * 192 + DRAWS * column * (192 - 128), sum(on, "dcc_bytes_added"));
        // Keys: the clear's, and the first draw's for the column it turned partial.
        assertEquals(TILES + column, sum(on, "dcc_meta_bytes_written"));
    }

    @Test
    void blendingReadsAConstantBlocksPayloadInsteadOfItsBytes() {
        Trace t = fill(1, false, true);
        RunResult off = TraceBuilder.run(t, OFF);
        RunResult on = TraceBuilder.run(t, ON);
        samePicture(off, on);
        long tileBytes = 8 * 8 * 4;
        assertEquals(DRAWS * TILES * tileBytes, sum(off, "color_bytes_read"));
        // The blend of white at alpha 1 over any colour is white: every block stays constant.
        assertEquals(DRAWS * TILES * 32, sum(on, "color_bytes_read"));
        assertEquals((1 + 2 * DRAWS) * TILES * (tileBytes - 32), sum(on, "dcc_bytes_avoided"));
    }

    @Test
    void aFastClearedBlockMovesNothingUntilItsFirstWriteStoresItConstant() {
        Trace t = fill(4, false, false);
        RunResult fast = TraceBuilder.run(t, "surfaces.in_memory=on", "compression.fast_clear=on");
        RunResult both = TraceBuilder.run(t, "surfaces.in_memory=on", "compression.fast_clear=on", "compression.color=on");
        samePicture(fast, both);
        long tileBytes = 8 * 8 * 4 * 4;
        long blocks = TILES * 4;
        assertEquals(DRAWS * TILES * tileBytes, sum(fast, "color_bytes_written"));
        assertEquals(DRAWS * blocks * 32, sum(both, "color_bytes_written"));
        // The clear is metadata only either way; the first draw writes the keys of the blocks it leaves constant.
        assertEquals(TILES, sum(both, "fast_cleared_tiles"));
        assertEquals(blocks, sum(both, "dcc_meta_bytes_written"));
        assertEquals(DRAWS * blocks, sum(both, "dcc_blocks_compressed"));
    }
}
