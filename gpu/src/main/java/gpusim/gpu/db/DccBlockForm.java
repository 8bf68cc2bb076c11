package gpusim.gpu.db;

/**
 * How a DCC block of a render target is stored (compression.color), as one byte: what the
 * block's key says and how many bytes the block occupies in memory.
 *
 * <ul>
 *   <li>{@link #UNCOMPRESSED}: the block's bytes as without compression;
 *   <li>{@link #CONSTANT}: every sample one colour (a clear, a flat fill): a payload of the
 *       minimum compressed block (radeonsi's MIN_COMPRESSED_BLOCK_SIZE, 32 B on discrete GPUs);
 *   <li>partially compressed (compression.color.partial), {@code 1 + k}: stored in k minimum
 *       blocks, at most the maximum compressed block (MAX_COMPRESSED_BLOCK_SIZE 64, 128 or
 *       256 B; ac_surface.c / si_state.c program it with the 256-byte uncompressed block).
 * </ul>
 *
 * <p>The size of a partially compressed block is an estimate, not AMD's encoder (which is not
 * public). The estimate follows the delta coding DCC is named for, in the manner of
 * base-delta compression (Pekhimenko et al., "Base-Delta-Immediate Compression", PACT 2012):
 * one base colour (4 bytes) and a delta width per channel (4 bits each) as a header, then every
 * sample of the block as four deltas from the channels' minima, each as wide as its channel's
 * range needs. So a block of slowly varying colour (a gradient, a lit surface) stores in 64 to
 * 192 bytes and a noisy one does not compress, as GPUOpen's "Getting the most out of Delta
 * Color Compression" describes; a block whose estimate does not fit the maximum compressed
 * block, or saves nothing, is stored uncompressed.
 */
public final class DccBlockForm {
    public static final byte UNCOMPRESSED = 0;
    public static final byte CONSTANT = 1;
    /** The header of a delta-coded block: a base colour (32 bits) and four 4-bit delta widths. */
    static final int HEADER_BITS = 32 + 4 * 4;

    private DccBlockForm() {
    }

    /** A form that stores the block in fewer bytes than its own (a negative marker, as a fast-cleared block's, is none). */
    public static boolean compressed(byte form) {
        return form > UNCOMPRESSED;
    }

    /** The bytes a block of {@code blockBytes} takes in {@code form}; {@code minBytes} the minimum compressed block. */
    public static int storedBytes(byte form, int blockBytes, int minBytes) {
        return form == UNCOMPRESSED ? blockBytes : form == CONSTANT ? minBytes : (form - 1) * minBytes;
    }

    /**
     * The form of a block of {@code samples} RGBA8 samples whose channels span {@code ranges}
     * (max - min of each channel, 8 bits each, red in the low byte): constant when every range
     * is 0; with {@code partial}, the delta estimate rounded up to whole minimum blocks when it
     * fits {@code maxCompressed} and is smaller than the block; else uncompressed.
     */
    public static byte of(int ranges, int samples, int blockBytes, int minBytes, int maxCompressed, boolean partial) {
        if (ranges == 0) {
            return CONSTANT;
        }
        if (!partial) {
            return UNCOMPRESSED;
        }
        long bits = HEADER_BITS + (long) samples * deltaBits(ranges);
        long bytes = (bits + 7) / 8;
        long stored = Math.max(1, (bytes + minBytes - 1) / minBytes) * minBytes;
        if (stored > maxCompressed || stored >= blockBytes) {
            return UNCOMPRESSED;
        }
        return (byte) (1 + stored / minBytes);
    }

    /** The bits one sample's four deltas take: each channel's range, in bits. */
    static int deltaBits(int ranges) {
        int bits = 0;
        for (int c = 0; c < 4; c++) {
            int r = ranges >>> (8 * c) & 0xFF;
            bits += 32 - Integer.numberOfLeadingZeros(r);
        }
        return bits;
    }
}
