package gpusim.gpu.db;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The DCC block size estimate (DccBlockForm): header, per-channel delta widths, rounding to minimum blocks, limits. */
class DccBlockFormTest {
    static int stored(int ranges, int samples, int min, int max, boolean partial) {
        byte f = DccBlockForm.of(ranges, samples, 256, min, max, partial);
        return DccBlockForm.storedBytes(f, 256, min);
    }

    @Test
    void aConstantBlockIsOneMinimumBlockWhateverTheMode() {
        assertEquals(DccBlockForm.CONSTANT, DccBlockForm.of(0, 64, 256, 32, 256, false));
        assertEquals(DccBlockForm.CONSTANT, DccBlockForm.of(0, 64, 256, 32, 256, true));
        assertEquals(32, stored(0, 64, 32, 256, true));
        assertEquals(64, stored(0, 64, 64, 256, true));
    }

    @Test
    void aVaryingBlockTakesTheHeaderAndEverySamplesDeltasRoundedUpToMinimumBlocks() {
        // One channel of range 1: 48 + 64 bits = 14 bytes, one unit (but not constant).
        byte f = DccBlockForm.of(0x01, 64, 256, 32, 256, true);
        assertEquals(2, f);
        assertEquals(32, DccBlockForm.storedBytes(f, 256, 32));
        // Red range 28 (5 bits): 48 + 320 bits = 46 bytes -> 64; with 64-byte units also 64.
        assertEquals(64, stored(28, 64, 32, 256, true));
        assertEquals(64, stored(28, 64, 64, 256, true));
        // Ranges 255, 16, 1, 0: 8 + 5 + 1 bits = 14 bits a sample, 48 + 896 bits = 118 bytes -> 128.
        assertEquals(128, stored(0x0001_10FF, 64, 32, 256, true));
        // 20 bits a sample: 166 bytes -> 192; every channel at 8 bits: 262 bytes, not smaller than the block.
        assertEquals(192, stored(0x0000_FF0E | 0xFF << 16, 64, 32, 256, true));
        assertEquals(256, stored(0xFFFF_FFFF, 64, 32, 256, true));
        assertEquals(DccBlockForm.UNCOMPRESSED, DccBlockForm.of(0xFFFF_FFFF, 64, 256, 32, 256, true));
    }

    @Test
    void theLargestCompressedBlockAndTheModeDecideWhatIsStoredWhole() {
        // 96 bytes needed: within 128, not within 64.
        assertEquals(96, stored(0x1C1C, 64, 32, 128, true));
        assertEquals(256, stored(0x1C1C, 64, 32, 64, true));
        // Without partial compression only constant blocks compress.
        assertEquals(256, stored(0x01, 64, 32, 256, false));
        assertEquals(1 + 4 + 4 + 1, DccBlockForm.deltaBits(0x0108_0F01));
    }
}
