package gpusim.gpu.decode;

import gpusim.api.VideoDecodeStatus;
import gpusim.trace.Resource;
import java.math.BigInteger;

/**
 * D3D12_QUERY_DATA_VIDEO_DECODE_STATISTICS for one decoded frame (d3d12video.h; Microsoft
 * Learn, "D3D12_QUERY_DATA_VIDEO_DECODE_STATISTICS structure",
 * https://learn.microsoft.com/windows/win32/api/d3d12video/ns-d3d12video-d3d12_query_data_video_decode_statistics):
 *
 * <pre>
 *   offset  0  UINT64        Status                  (D3D12_VIDEO_DECODE_STATUS)
 *   offset  8  UINT64        NumMacroblocksAffected
 *   offset 16  DXGI_RATIONAL FrameRate               (UINT Numerator, UINT Denominator at 20)
 *   offset 24  UINT          BitRate
 *   offset 28  4 bytes of padding (the structure is 8-byte aligned: 32 bytes)
 * </pre>
 *
 * The model's decoder has the heap's frame rate as its budget: a frame must decode within
 * clock / FrameRate cycles. Within it the status is OK, FrameRate is the heap's, and
 * NumMacroblocksAffected and BitRate are 0 ("for all other Status values, BitRate is set to
 * zero"). Over it the status is RATE_EXCEEDED and the structure suggests values that would
 * succeed (the D3D12_QUERY_TYPE documentation: "the query contains new BitRate and FrameRate values that would
 * succeed"): FrameRate = clock / T frames a second for a decode of T cycles, as a fraction
 * in lowest terms (halved, numerator down and denominator up, until both fit a UINT);
 * BitRate = the frame's bits x clock / T, the bit rate the decoder sustained (at most
 * 2^32 - 1); NumMacroblocksAffected = the decoder's estimate of the 16x16 macroblocks of
 * the heap's picture decoded after the deadline, ceil(MBs x (T - budget) / T).
 */
public final class DecodeStatistics {
    public static final int BYTES = 32;
    private static final long UINT_MAX = 0xFFFF_FFFFL;

    private DecodeStatistics() {
    }

    /** The four little-endian words of the structure for a frame of {@code bytes} decoded in {@code cycles}. */
    public static long[] words(Resource.VideoDecoderHeap heap, long bytes, long cycles, long clockHz) {
        BigInteger num = BigInteger.valueOf(heap.frameRateNumerator());
        BigInteger den = BigInteger.valueOf(heap.frameRateDenominator());
        BigInteger clock = BigInteger.valueOf(clockHz);
        BigInteger t = BigInteger.valueOf(Math.max(1, cycles));
        // Over budget: T > clock x Den / Num, exactly: T x Num > clock x Den.
        BigInteger spent = t.multiply(num);
        BigInteger budget = clock.multiply(den);
        if (spent.compareTo(budget) <= 0) {
            return new long[] {VideoDecodeStatus.OK.d3dValue(), 0,
                rational(heap.frameRateNumerator(), heap.frameRateDenominator()), 0};
        }
        long mbs = ((heap.width() + 15L) / 16) * ((heap.height() + 15L) / 16);
        // (T - budget) / T = (T Num - clock Den) / (T Num), rounded up.
        BigInteger late = spent.subtract(budget).multiply(BigInteger.valueOf(mbs));
        long affected = late.add(spent).subtract(BigInteger.ONE).divide(spent).longValueExact();
        BigInteger g = clock.gcd(t);
        BigInteger n = clock.divide(g);
        BigInteger d = t.divide(g);
        BigInteger max = BigInteger.valueOf(UINT_MAX);
        while (n.compareTo(max) > 0 || d.compareTo(max) > 0) {
            n = n.shiftRight(1);
            d = d.add(BigInteger.ONE).shiftRight(1);
        }
        if (n.signum() == 0) {
            n = BigInteger.ONE; // slower than 1 frame in 2^32 seconds: suggest the slowest rate a UINT holds
            d = max;
        }
        BigInteger bits = BigInteger.valueOf(bytes).multiply(BigInteger.valueOf(8)).multiply(clock).divide(t);
        long bitRate = bits.min(max).longValueExact();
        return new long[] {VideoDecodeStatus.RATE_EXCEEDED.d3dValue(), affected, rational(n.longValueExact(),
            d.longValueExact()), bitRate};
    }

    /** DXGI_RATIONAL as one little-endian word: Numerator in the low 32 bits, Denominator in the high. */
    public static long rational(long numerator, long denominator) {
        return (numerator & UINT_MAX) | (denominator << 32);
    }
}
