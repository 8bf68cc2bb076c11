package gpusim.replay;

import static org.lwjgl.system.MemoryStack.stackPush;
import static org.lwjgl.vulkan.VK10.*;

import gpusim.api.DepthFormat;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.vulkan.VkImageCreateInfo;
import org.lwjgl.vulkan.VkImageViewCreateInfo;
import org.lwjgl.vulkan.VkMemoryAllocateInfo;
import org.lwjgl.vulkan.VkMemoryRequirements;

/**
 * A render target (RGBA8, {@code R8G8B8A8_UNORM}) or depth-stencil surface as a Vulkan image
 * with one view. Images stay in their attachment layout for the whole replay, but for the
 * moment a clear recorded as a transfer ({@link ClearTranslation#TRANSFER}) holds them in
 * TRANSFER_DST_OPTIMAL; a predicated clear is {@code vkCmdClearAttachments} inside a rendering
 * instance, so that conditional rendering skips it as Direct3D 12's predication does.
 */
final class DeviceImage implements AutoCloseable {
    private final VulkanDevice dev;
    final long image;
    final long memory;
    final long view;
    final int format;
    final int width;
    final int height;
    final int samples;
    final boolean depth;
    final boolean hasStencil;

    DeviceImage(VulkanDevice dev, int width, int height, int samples, DepthFormat depthFormat) {
        this.dev = dev;
        this.width = width;
        this.height = height;
        this.samples = samples;
        this.depth = depthFormat != null;
        this.format = depth ? vkFormat(depthFormat) : VK_FORMAT_R8G8B8A8_UNORM;
        this.hasStencil = depth && (depthFormat == DepthFormat.D24_UNORM_S8_UINT
                || depthFormat == DepthFormat.D32_FLOAT_S8X24_UINT);
        try (MemoryStack stack = stackPush()) {
            int usage = (depth ? VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT : VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT)
                    | VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
            VkImageCreateInfo ci = VkImageCreateInfo.calloc(stack).sType$Default().imageType(VK_IMAGE_TYPE_2D)
                    .format(format).mipLevels(1).arrayLayers(1).samples(samples).tiling(VK_IMAGE_TILING_OPTIMAL)
                    .usage(usage).sharingMode(VK_SHARING_MODE_EXCLUSIVE).initialLayout(VK_IMAGE_LAYOUT_UNDEFINED);
            ci.extent().set(width, height, 1);
            java.nio.LongBuffer lp = stack.mallocLong(1);
            Vk.check(vkCreateImage(dev.device, ci, null, lp), "vkCreateImage");
            image = lp.get(0);
            VkMemoryRequirements req = VkMemoryRequirements.malloc(stack);
            vkGetImageMemoryRequirements(dev.device, image, req);
            int type = dev.memoryType(req.memoryTypeBits(), VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT);
            if (type < 0) {
                type = dev.memoryType(req.memoryTypeBits(), 0);
            }
            VkMemoryAllocateInfo ai = VkMemoryAllocateInfo.calloc(stack).sType$Default()
                    .allocationSize(req.size()).memoryTypeIndex(type);
            Vk.check(vkAllocateMemory(dev.device, ai, null, lp), "vkAllocateMemory of an image");
            memory = lp.get(0);
            Vk.check(vkBindImageMemory(dev.device, image, memory, 0), "vkBindImageMemory");
            VkImageViewCreateInfo vi = VkImageViewCreateInfo.calloc(stack).sType$Default().image(image)
                    .viewType(VK_IMAGE_VIEW_TYPE_2D).format(format);
            vi.subresourceRange(range(stack, aspects()));
            Vk.check(vkCreateImageView(dev.device, vi, null, lp), "vkCreateImageView");
            view = lp.get(0);
        }
    }

    int aspects() {
        if (!depth) {
            return VK_IMAGE_ASPECT_COLOR_BIT;
        }
        return VK_IMAGE_ASPECT_DEPTH_BIT | (hasStencil ? VK_IMAGE_ASPECT_STENCIL_BIT : 0);
    }

    /** Aspects {@code aspects} of the image's one level and layer. */
    static org.lwjgl.vulkan.VkImageSubresourceRange range(MemoryStack stack, int aspects) {
        return org.lwjgl.vulkan.VkImageSubresourceRange.calloc(stack).aspectMask(aspects).levelCount(1).layerCount(1);
    }

    /** Records a barrier on the whole image in {@code cmd}, moving it from layout {@code from} to {@code to}. */
    void barrier(org.lwjgl.vulkan.VkCommandBuffer cmd, MemoryStack stack, int srcStages, int dstStages, int from,
            int to, int srcAccess, int dstAccess) {
        org.lwjgl.vulkan.VkImageMemoryBarrier.Buffer b = org.lwjgl.vulkan.VkImageMemoryBarrier.calloc(1, stack)
                .sType$Default().srcAccessMask(srcAccess).dstAccessMask(dstAccess).oldLayout(from).newLayout(to)
                .srcQueueFamilyIndex(VK_QUEUE_FAMILY_IGNORED).dstQueueFamilyIndex(VK_QUEUE_FAMILY_IGNORED)
                .image(image).subresourceRange(range(stack, aspects()));
        vkCmdPipelineBarrier(cmd, srcStages, dstStages, 0, null, null, b);
    }

    int attachmentLayout() {
        return depth ? VK_IMAGE_LAYOUT_DEPTH_STENCIL_ATTACHMENT_OPTIMAL : VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL;
    }

    /** DXGI depth formats to Vulkan's: D32_FLOAT_S8X24_UINT's 24 unused bits have no Vulkan format of their own. */
    static int vkFormat(DepthFormat f) {
        return switch (f) {
            case D32_FLOAT -> VK_FORMAT_D32_SFLOAT;
            case D24_UNORM_S8_UINT -> VK_FORMAT_D24_UNORM_S8_UINT;
            case D32_FLOAT_S8X24_UINT -> VK_FORMAT_D32_SFLOAT_S8_UINT;
            case D16_UNORM -> VK_FORMAT_D16_UNORM;
        };
    }

    @Override
    public void close() {
        vkDestroyImageView(dev.device, view, null);
        vkDestroyImage(dev.device, image, null);
        vkFreeMemory(dev.device, memory, null);
    }
}
