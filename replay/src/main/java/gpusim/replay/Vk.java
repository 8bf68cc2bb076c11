package gpusim.replay;

import static org.lwjgl.vulkan.VK10.VK_ERROR_DEVICE_LOST;
import static org.lwjgl.vulkan.VK10.VK_ERROR_OUT_OF_DEVICE_MEMORY;
import static org.lwjgl.vulkan.VK10.VK_ERROR_OUT_OF_HOST_MEMORY;
import static org.lwjgl.vulkan.VK10.VK_SUCCESS;

/** Checking Vulkan results: a failure becomes a {@link ReplayException} naming the call. */
final class Vk {
    private Vk() {
    }

    static void check(int result, String call) {
        if (result != VK_SUCCESS) {
            throw new ReplayException(ReplayException.Kind.DEVICE_FAILED, call + " failed: " + name(result));
        }
    }

    static String name(int result) {
        return switch (result) {
            case VK_ERROR_OUT_OF_HOST_MEMORY -> "VK_ERROR_OUT_OF_HOST_MEMORY";
            case VK_ERROR_OUT_OF_DEVICE_MEMORY -> "VK_ERROR_OUT_OF_DEVICE_MEMORY (the trace's resources do not fit)";
            case VK_ERROR_DEVICE_LOST -> "VK_ERROR_DEVICE_LOST";
            default -> "VkResult " + result;
        };
    }
}
