package gpusim.replay;

import gpusim.trace.Trace;
import java.util.List;

/**
 * What one replay of a trace on a device gave: the dumps (the report contract's {@code dumps})
 * and every TIMESTAMP the trace wrote, in the order the device wrote them, as device ticks.
 *
 * @param device     the device
 * @param dumps      one per {@code dump} command, in order
 * @param timestamps one per executed {@code end_query HEAP TIMESTAMP I}, in execution order
 * @param hostNanos  host wall time of the replay, from the first submission to the last dump
 * @param pictures   every render target at the end, when asked for ({@link Replayer#run(Trace, boolean)})
 */
public record ReplayResult(DeviceInfo device, List<Dump> dumps, List<Timestamp> timestamps, long hostNanos,
                           List<Picture> pictures) {
    public ReplayResult(DeviceInfo device, List<Dump> dumps, List<Timestamp> timestamps, long hostNanos) {
        this(device, dumps, timestamps, hostNanos, List.of());
    }

    /**
     * A render target as the device left it at the end of the run, resolved to one sample a pixel
     * by the device ({@code vkCmdResolveImage}): {@code rgba[y * width + x]}, R in the low byte.
     */
    public record Picture(String name, int width, int height, int[] rgba) {
    }

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
