package gpusim.gpu;

import java.math.BigInteger;

/**
 * The GPU's timestamp counter: cycles of the core clock ({@code gpu.clock_mhz}) as ticks at
 * {@code timestamp.frequency_hz} (what GetTimestampFrequency reports), floor(cycle x hz /
 * clock), exactly for any cycle count. One instance is shared by everything that writes a
 * timestamp (the queue engines, the end of the pipe), so every writer agrees.
 */
public record TimestampClock(long clockHz, long timestampHz) {
    public long ticks(long cycle) {
        return BigInteger.valueOf(cycle).multiply(BigInteger.valueOf(timestampHz))
                .divide(BigInteger.valueOf(clockHz)).longValue();
    }
}
