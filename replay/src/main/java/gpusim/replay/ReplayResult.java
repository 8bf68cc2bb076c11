package gpusim.replay;

import java.util.List;

/**
 * What one replay of a trace on a device gave: the dumps (the report contract's {@code dumps})
 * and every TIMESTAMP the trace wrote, in the order the device wrote them, as device ticks.
 *
 * @param device     the device
 * @param dumps      one per {@code dump} command, in order
 * @param timestamps one per executed {@code end_query HEAP TIMESTAMP I}, in execution order
 * @param hostNanos  host wall time of the replay, from the first submission to the last dump
 */
public record ReplayResult(DeviceInfo device, List<Dump> dumps, List<Timestamp> timestamps, long hostNanos) {
    /** {@code dump BUFFER offset=O count=N}: the words as the device left them. */
    public record Dump(String buffer, long offset, long[] values, int line) {
    }

    /**
     * One timestamp written: heap and index, the trace line of its {@code end_query}, and the
     * device's ticks (masked to its valid bits; {@link DeviceInfo#timestampPeriodNs()} ns each).
     */
    public record Timestamp(String heap, int index, int line, long ticks) {
    }
}
