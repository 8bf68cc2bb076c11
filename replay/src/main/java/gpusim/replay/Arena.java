package gpusim.replay;

import java.util.ArrayList;
import java.util.List;

/**
 * Host-visible scratch memory that a replay's commands use once and keep until the run ends:
 * gathered query results and per-query tables of resolves, predicate words of
 * SetPredication. Allocated in chunks (a Vulkan device may allow as few as 4096 allocations),
 * each slice aligned for a storage-buffer view.
 */
final class Arena implements AutoCloseable {
    private static final long CHUNK = 4L << 20;

    /** A slice: its buffer, byte offset and size; {@code address} is where the host writes it. */
    record Slice(DeviceBuffer buffer, long offset, long size) {
        long address() {
            return buffer.mapped + offset;
        }
    }

    private final VulkanDevice dev;
    private final long align;
    private final List<DeviceBuffer> chunks = new ArrayList<>();
    private DeviceBuffer current;
    private long used;

    Arena(VulkanDevice dev) {
        this.dev = dev;
        this.align = Math.max(16, dev.minStorageOffsetAlignment);
    }

    Slice take(long bytes) {
        long size = Math.max(16, (bytes + 15) & ~15L);
        if (current == null || used + size > current.size) {
            current = new DeviceBuffer(dev, Math.max(CHUNK, size), true);
            chunks.add(current);
            used = 0;
        }
        Slice s = new Slice(current, used, size);
        used = (used + size + align - 1) / align * align;
        return s;
    }

    @Override
    public void close() {
        for (DeviceBuffer b : chunks) {
            b.close();
        }
        chunks.clear();
    }
}
