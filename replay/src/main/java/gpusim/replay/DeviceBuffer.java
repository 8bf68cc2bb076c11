package gpusim.replay;

import static org.lwjgl.system.MemoryStack.stackPush;
import static org.lwjgl.vulkan.EXTConditionalRendering.VK_BUFFER_USAGE_CONDITIONAL_RENDERING_BIT_EXT;
import static org.lwjgl.vulkan.VK10.*;

import org.lwjgl.PointerBuffer;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.vulkan.VkBufferCreateInfo;
import org.lwjgl.vulkan.VkMemoryAllocateInfo;
import org.lwjgl.vulkan.VkMemoryRequirements;

/**
 * A Vulkan buffer with memory of its own: device-local for the trace's buffers and vertex data,
 * host-visible (mapped, coherent) for staging, readback and the replay's own tables.
 */
final class DeviceBuffer implements AutoCloseable {
    static final int USAGE = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT
            | VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT
            | VK_BUFFER_USAGE_INDEX_BUFFER_BIT | VK_BUFFER_USAGE_CONDITIONAL_RENDERING_BIT_EXT;

    private final VulkanDevice dev;
    final long handle;
    final long memory;
    final long size;
    /** The mapped address of a host-visible buffer, else 0. */
    final long mapped;

    DeviceBuffer(VulkanDevice dev, long size, boolean hostVisible) {
        this.dev = dev;
        // Vulkan sizes are whole words for fills and storage views: round up, never down.
        this.size = Math.max(16, (size + 15) & ~15L);
        try (MemoryStack stack = stackPush()) {
            VkBufferCreateInfo ci = VkBufferCreateInfo.calloc(stack).sType$Default().size(this.size).usage(USAGE)
                    .sharingMode(VK_SHARING_MODE_EXCLUSIVE);
            java.nio.LongBuffer lp = stack.mallocLong(1);
            Vk.check(vkCreateBuffer(dev.device, ci, null, lp), "vkCreateBuffer");
            handle = lp.get(0);
            VkMemoryRequirements req = VkMemoryRequirements.malloc(stack);
            vkGetBufferMemoryRequirements(dev.device, handle, req);
            int want = hostVisible ? VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT
                    : VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
            int type = dev.memoryType(req.memoryTypeBits(), want);
            if (type < 0 && !hostVisible) {
                type = dev.memoryType(req.memoryTypeBits(), 0);
            }
            if (type < 0) {
                vkDestroyBuffer(dev.device, handle, null);
                throw new ReplayException(ReplayException.Kind.UNSUPPORTED, "no memory type for a buffer");
            }
            VkMemoryAllocateInfo ai = VkMemoryAllocateInfo.calloc(stack).sType$Default()
                    .allocationSize(req.size()).memoryTypeIndex(type);
            int r = vkAllocateMemory(dev.device, ai, null, lp);
            if (r != VK_SUCCESS) {
                vkDestroyBuffer(dev.device, handle, null);
                Vk.check(r, "vkAllocateMemory of " + this.size + " bytes");
            }
            memory = lp.get(0);
            Vk.check(vkBindBufferMemory(dev.device, handle, memory, 0), "vkBindBufferMemory");
            if (hostVisible) {
                PointerBuffer pp = stack.mallocPointer(1);
                Vk.check(vkMapMemory(dev.device, memory, 0, VK_WHOLE_SIZE, 0, pp), "vkMapMemory");
                mapped = pp.get(0);
            } else {
                mapped = 0;
            }
        }
    }

    @Override
    public void close() {
        vkDestroyBuffer(dev.device, handle, null);
        vkFreeMemory(dev.device, memory, null);
    }
}
