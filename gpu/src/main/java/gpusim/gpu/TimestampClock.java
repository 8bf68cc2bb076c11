package gpusim.gpu;

import java.math.BigInteger;

/**
 * The GPU's timestamp counter: cycles of the core clock ({@code gpu.clock_mhz}) as ticks at
 * {@code timestamp.frequency_hz} (what GetTimestampFrequency reports), floor(cycle x hz /
 * clock), exactly for any cycle count. A value: the queue engines and the end of the pipe
 * each hold one made from the same two parameters, so every writer agrees.
 */
public record TimestampClock(long clockHz, long timestampHz) {
    public long ticks(long cycle) {
        return BigInteger.valueOf(cycle).multiply(BigInteger.valueOf(timestampHz))
                .divide(BigInteger.valueOf(clockHz)).longValue();
    }
}
