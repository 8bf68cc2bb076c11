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
 * @param channels the channels (slices) the addresses are spread over, at least 1
 * @param granule  the interleave granule, bytes, a power of two
 */
public record Interleave(int channels, int granule) {
    public Interleave {
        if (channels < 1 || granule < 1 || Integer.bitCount(granule) != 1) {
            throw new IllegalArgumentException("interleave: at least one channel and a power-of-two granule");
        }
    }

    /** The address of byte {@code a} within its channel's own address space. */
    public long local(long a) {
        if ((channels & (channels - 1)) == 0) {
            // A power-of-two count (the usual): the same by shifts, without a 64-bit division (addresses are >= 0).
            int strideShift = Integer.numberOfTrailingZeros(channels) + Integer.numberOfTrailingZeros(granule);
            return (a >>> strideShift) * granule + (a & (granule - 1));
        }
        long stride = (long) granule * channels;
        return a / stride * granule + a % granule;
    }
}
