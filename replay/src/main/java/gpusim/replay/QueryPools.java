package gpusim.replay;

import static org.lwjgl.system.MemoryStack.stackPush;
import static org.lwjgl.vulkan.VK10.*;
import static org.lwjgl.vulkan.VK12.vkResetQueryPool;

import java.util.ArrayList;
import java.util.List;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;
import org.lwjgl.vulkan.VkQueryPoolCreateInfo;

/**
 * Vulkan queries of one type, numbered from 0 in the order a replay records them and each used
 * once: chunked pools, reset on the host when made (Vulkan 1.2's hostQueryReset), so no reset
 * command ever lands between the commands being timed.
 */
final class QueryPools implements AutoCloseable {
    static final int CHUNK = 1 << 16;

    private final VulkanDevice dev;
    private final int type;
    private final int statistics;
    private final List<Long> pools = new ArrayList<>();
    private int next;

    QueryPools(VulkanDevice dev, int type) {
        this(dev, type, 0);
    }

    /** Pipeline statistics queries count the counters {@code statistics} names (VkQueryPipelineStatisticFlags). */
    QueryPools(VulkanDevice dev, int type, int statistics) {
        this.dev = dev;
        this.type = type;
        this.statistics = statistics;
    }

    /** A new query's number. */
    int allocate() {
        if (next == pools.size() * CHUNK) {
            try (MemoryStack stack = stackPush()) {
                VkQueryPoolCreateInfo ci = VkQueryPoolCreateInfo.calloc(stack).sType$Default().queryType(type)
                        .queryCount(CHUNK).pipelineStatistics(statistics);
                java.nio.LongBuffer lp = stack.mallocLong(1);
                Vk.check(vkCreateQueryPool(dev.device, ci, null, lp), "vkCreateQueryPool");
                vkResetQueryPool(dev.device, lp.get(0), 0, CHUNK);
                pools.add(lp.get(0));
            }
        }
        return next++;
    }

    /** Queries allocated so far (the next number). */
    int count() {
        return next;
    }

    long pool(int id) {
        return pools.get(id / CHUNK);
    }

    static int index(int id) {
        return id % CHUNK;
    }

    /** The 64-bit results of queries {@code first .. first + n - 1}, waiting until they are available. */
    long[] results(int first, int n) {
        long[] out = new long[n];
        int done = 0;
        while (done < n) {
            int id = first + done;
            int len = Math.min(n - done, CHUNK - index(id));
            java.nio.LongBuffer buf = MemoryUtil.memAllocLong(len);
            try {
                Vk.check(vkGetQueryPoolResults(dev.device, pool(id), index(id), len, buf, 8,
                        VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT), "vkGetQueryPoolResults");
                buf.get(out, done, len);
            } finally {
                MemoryUtil.memFree(buf);
            }
            done += len;
        }
        return out;
    }

    @Override
    public void close() {
        for (long p : pools) {
            vkDestroyQueryPool(dev.device, p, null);
        }
        pools.clear();
        next = 0;
    }
}
