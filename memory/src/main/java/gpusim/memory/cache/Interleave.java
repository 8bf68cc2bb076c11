package gpusim.memory.cache;

/**
 * How addresses are spread over {@code channels} memory channels (and the L2 slices in front of
 * them) in granules of {@code granule} bytes, seen from one channel: {@link #local} maps an address
 * the channel (or its slice) receives to the channel's own, dense address space by dropping the
 * channel-select digit. A DRAM controller takes its bank, row and column from that local address,
 * and an L2 slice its set index: the set bits sit above the slice-select bits, so every set of a
 * slice is used. Taking the set from the raw address instead would fix the bits that chose the
 * slice and leave all but 1 / channels of its sets empty. GPGPU-Sim's L2 does the same
 * ({@code l2_cache_config::set_index} in gpu-cache.cc: "calculate set index without memory
 * partition bits to reduce set camping", through {@code partition_address} of addrdec.cc).
 *
 * <p>The local address is unique within a channel for the simple modulo and for an XOR-folded
 * channel choice alike: either way, of every {@code channels} consecutive granules exactly one
 * maps to a given channel.
 *
 * <p>Built once per channel system; the shift that replaces the division for a power-of-two
 * channel count is taken then, not at each lookup.
 */
public final class Interleave {
    private final int channels;
    private final int granule;
    /** log2(channels x granule) for a power-of-two channel count, else -1 (a division). */
    private final int strideShift;
    private final long stride;

    /**
     * @param channels the channels (slices) the addresses are spread over, at least 1
     * @param granule  the interleave granule, bytes, a power of two
     */
    public Interleave(int channels, int granule) {
        if (channels < 1 || granule < 1 || Integer.bitCount(granule) != 1) {
            throw new IllegalArgumentException("interleave: at least one channel and a power-of-two granule");
        }
        this.channels = channels;
        this.granule = granule;
        this.stride = (long) granule * channels;
        this.strideShift = Integer.bitCount(channels) == 1
                ? Integer.numberOfTrailingZeros(channels) + Integer.numberOfTrailingZeros(granule) : -1;
    }

    public int channels() {
        return channels;
    }

    public int granule() {
        return granule;
    }

    /** The address of byte {@code a} (not negative) within its channel's own address space. */
    public long local(long a) {
        if (strideShift >= 0) {
            return (a >>> strideShift) * granule + (a & (granule - 1));
        }
        return a / stride * granule + a % granule;
    }
}
