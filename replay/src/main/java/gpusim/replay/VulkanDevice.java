package gpusim.replay;

import static org.lwjgl.system.MemoryStack.stackPush;
import static org.lwjgl.vulkan.EXTConditionalRendering.VK_EXT_CONDITIONAL_RENDERING_EXTENSION_NAME;
import static org.lwjgl.vulkan.EXTDepthClipEnable.VK_EXT_DEPTH_CLIP_ENABLE_EXTENSION_NAME;
import static org.lwjgl.vulkan.KHRPushDescriptor.VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME;
import static org.lwjgl.vulkan.VK10.*;
import static org.lwjgl.vulkan.VK11.vkGetPhysicalDeviceFeatures2;
import static org.lwjgl.vulkan.VK11.vkGetPhysicalDeviceProperties2;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.lwjgl.PointerBuffer;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.vulkan.VK;
import org.lwjgl.vulkan.VkApplicationInfo;
import org.lwjgl.vulkan.VkCommandPoolCreateInfo;
import org.lwjgl.vulkan.VkDevice;
import org.lwjgl.vulkan.VkDeviceCreateInfo;
import org.lwjgl.vulkan.VkDeviceQueueCreateInfo;
import org.lwjgl.vulkan.VkExtensionProperties;
import org.lwjgl.vulkan.VkFormatProperties;
import org.lwjgl.vulkan.VkImageFormatProperties;
import org.lwjgl.vulkan.VkInstance;
import org.lwjgl.vulkan.VkInstanceCreateInfo;
import org.lwjgl.vulkan.VkPhysicalDevice;
import org.lwjgl.vulkan.VkPhysicalDeviceConditionalRenderingFeaturesEXT;
import org.lwjgl.vulkan.VkPhysicalDeviceDepthClipEnableFeaturesEXT;
import org.lwjgl.vulkan.VkPhysicalDeviceDriverProperties;
import org.lwjgl.vulkan.VkPhysicalDeviceFeatures;
import org.lwjgl.vulkan.VkPhysicalDeviceFeatures2;
import org.lwjgl.vulkan.VkPhysicalDeviceMemoryProperties;
import org.lwjgl.vulkan.VkPhysicalDeviceProperties;
import org.lwjgl.vulkan.VkPhysicalDeviceProperties2;
import org.lwjgl.vulkan.VkPhysicalDeviceVulkan12Features;
import org.lwjgl.vulkan.VkPhysicalDeviceVulkan13Features;
import org.lwjgl.vulkan.VkQueue;
import org.lwjgl.vulkan.VkQueueFamilyProperties;

/**
 * A Vulkan instance and the one logical device a replay draws on: a queue that can draw,
 * compute and time, and the features the translation needs (docs/replay.md, "What the device
 * needs"): Vulkan 1.3's dynamic rendering, 1.2's host query reset, depth clamp with
 * VK_EXT_depth_clip_enable (Direct3D clamps depth always and clips it per pipeline state),
 * VK_EXT_conditional_rendering (predication) and VK_KHR_push_descriptor.
 */
public final class VulkanDevice implements AutoCloseable {
    static final String[] DEVICE_EXTENSIONS = {VK_EXT_DEPTH_CLIP_ENABLE_EXTENSION_NAME,
        VK_EXT_CONDITIONAL_RENDERING_EXTENSION_NAME, VK_KHR_PUSH_DESCRIPTOR_EXTENSION_NAME};

    private final VkInstance instance;
    final VkPhysicalDevice physical;
    final VkDevice device;
    final VkQueue queue;
    final int queueFamily;
    final long commandPool;
    final DeviceInfo info;
    final boolean preciseOcclusion;
    final boolean pipelineStatistics;
    /**
     * Whether the scissor test is not pixel-granular at more than one sample: Mesa's lavapipe
     * (llvmpipe) tests it per sample against the pixel centre (docs/replay.md, "Device quirks").
     */
    final boolean sampleScissor;
    final long minStorageOffsetAlignment;
    final int maxComputeGroups;
    final int maxImageDimension;
    final int colorSampleCounts;
    private final float maxViewport;
    private final float boundsLo;
    private final float boundsHi;
    final int depthSampleCounts;
    final int stencilSampleCounts;
    private final VkPhysicalDeviceMemoryProperties memory;

    private VulkanDevice(VkInstance instance, VkPhysicalDevice physical, int queueFamily, int timestampBits) {
        this.instance = instance;
        this.physical = physical;
        this.queueFamily = queueFamily;
        try (MemoryStack stack = stackPush()) {
            VkPhysicalDeviceProperties props = VkPhysicalDeviceProperties.malloc(stack);
            vkGetPhysicalDeviceProperties(physical, props);
            VkPhysicalDeviceFeatures have = VkPhysicalDeviceFeatures.malloc(stack);
            vkGetPhysicalDeviceFeatures(physical, have);
            preciseOcclusion = have.occlusionQueryPrecise();
            pipelineStatistics = have.pipelineStatisticsQuery();
            info = describe(physical, timestampBits);
            sampleScissor = info.driverName().toLowerCase(Locale.ROOT).contains("llvmpipe");
            minStorageOffsetAlignment = Math.max(4, props.limits().minStorageBufferOffsetAlignment());
            maxComputeGroups = props.limits().maxComputeWorkGroupCount(0);
            maxImageDimension = props.limits().maxImageDimension2D();
            colorSampleCounts = props.limits().framebufferColorSampleCounts();
            maxViewport = Math.min(props.limits().maxViewportDimensions(0), props.limits().maxViewportDimensions(1));
            boundsLo = props.limits().viewportBoundsRange(0);
            boundsHi = props.limits().viewportBoundsRange(1);
            depthSampleCounts = props.limits().framebufferDepthSampleCounts();
            stencilSampleCounts = props.limits().framebufferStencilSampleCounts();

            VkPhysicalDeviceFeatures2 features = VkPhysicalDeviceFeatures2.calloc(stack).sType$Default();
            features.features().depthClamp(true).occlusionQueryPrecise(preciseOcclusion)
                    .pipelineStatisticsQuery(pipelineStatistics)
                    // Pipeline statistics pools count geometry and tessellation work too (zero here).
                    .geometryShader(have.geometryShader()).tessellationShader(have.tessellationShader());
            VkPhysicalDeviceVulkan12Features f12 = VkPhysicalDeviceVulkan12Features.calloc(stack).sType$Default()
                    .hostQueryReset(true);
            VkPhysicalDeviceVulkan13Features f13 = VkPhysicalDeviceVulkan13Features.calloc(stack).sType$Default()
                    .dynamicRendering(true);
            VkPhysicalDeviceDepthClipEnableFeaturesEXT clip = VkPhysicalDeviceDepthClipEnableFeaturesEXT
                    .calloc(stack).sType$Default().depthClipEnable(true);
            VkPhysicalDeviceConditionalRenderingFeaturesEXT cond = VkPhysicalDeviceConditionalRenderingFeaturesEXT
                    .calloc(stack).sType$Default().conditionalRendering(true);
            features.pNext(f12).pNext(f13).pNext(clip).pNext(cond);
            PointerBuffer exts = stack.mallocPointer(DEVICE_EXTENSIONS.length);
            for (String e : DEVICE_EXTENSIONS) {
                exts.put(stack.UTF8(e));
            }
            exts.flip();
            VkDeviceQueueCreateInfo.Buffer q = VkDeviceQueueCreateInfo.calloc(1, stack).sType$Default()
                    .queueFamilyIndex(queueFamily).pQueuePriorities(stack.floats(1f));
            VkDeviceCreateInfo ci = VkDeviceCreateInfo.calloc(stack).sType$Default().pNext(features)
                    .pQueueCreateInfos(q).ppEnabledExtensionNames(exts);
            PointerBuffer pp = stack.mallocPointer(1);
            Vk.check(vkCreateDevice(physical, ci, null, pp), "vkCreateDevice");
            device = new VkDevice(pp.get(0), physical, ci, VK13_API);
            vkGetDeviceQueue(device, queueFamily, 0, pp);
            queue = new VkQueue(pp.get(0), device);
            VkCommandPoolCreateInfo pool = VkCommandPoolCreateInfo.calloc(stack).sType$Default()
                    .flags(VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT).queueFamilyIndex(queueFamily);
            java.nio.LongBuffer lp = stack.mallocLong(1);
            Vk.check(vkCreateCommandPool(device, pool, null, lp), "vkCreateCommandPool");
            commandPool = lp.get(0);
        }
        memory = VkPhysicalDeviceMemoryProperties.malloc();
        vkGetPhysicalDeviceMemoryProperties(physical, memory);
    }

    private static final int VK13_API = VK_MAKE_API_VERSION(0, 1, 3, 0);

    /** The devices this machine's Vulkan loader offers, in its order (what {@code --device N} counts). */
    public static List<DeviceInfo> list() {
        VkInstance instance = createInstance();
        try {
            List<DeviceInfo> out = new ArrayList<>();
            for (VkPhysicalDevice pd : physicalDevices(instance)) {
                out.add(describe(pd, timestampQueue(pd)[1]));
            }
            return out;
        } finally {
            vkDestroyInstance(instance, null);
        }
    }

    /**
     * Opens the device {@code selector} names: null for the first discrete GPU (else the first
     * device), a number for that index of {@link #list()}, or text that a device name contains
     * (case-insensitive).
     */
    public static VulkanDevice open(String selector) {
        VkInstance instance = createInstance();
        try {
            List<VkPhysicalDevice> devices = physicalDevices(instance);
            if (devices.isEmpty()) {
                throw new ReplayException(ReplayException.Kind.NO_DEVICE,
                        "the Vulkan loader found no device (is a Vulkan driver installed? Debian: mesa-vulkan-drivers "
                                + "for lavapipe, or the GPU vendor's driver)");
            }
            VkPhysicalDevice chosen = choose(devices, selector);
            int[] q = timestampQueue(chosen);
            DeviceInfo d = describe(chosen, q[1]);
            if (q[0] < 0) {
                throw new ReplayException(ReplayException.Kind.UNSUPPORTED, d.name()
                        + " has no queue that draws, computes and writes timestamps");
            }
            String missing = missingSupport(chosen);
            if (missing != null) {
                throw new ReplayException(ReplayException.Kind.UNSUPPORTED, d.name() + " lacks " + missing
                        + ", which gpusim replay needs (docs/replay.md, \"What the device needs\")");
            }
            return new VulkanDevice(instance, chosen, q[0], q[1]);
        } catch (RuntimeException e) {
            vkDestroyInstance(instance, null);
            throw e;
        }
    }

    private static VkPhysicalDevice choose(List<VkPhysicalDevice> devices, String selector) {
        if (selector == null || selector.isBlank()) {
            for (VkPhysicalDevice pd : devices) {
                if (type(pd) == VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU) {
                    return pd;
                }
            }
            return devices.get(0);
        }
        if (selector.matches("\\d{1,4}")) {
            int i = Integer.parseInt(selector);
            if (i >= devices.size()) {
                throw new ReplayException(ReplayException.Kind.NO_DEVICE, "--device " + selector + ": there are "
                        + devices.size() + " Vulkan devices (0.." + (devices.size() - 1) + "; gpusim replay "
                        + "--list-devices lists them)");
            }
            return devices.get(i);
        }
        String want = selector.toLowerCase(Locale.ROOT);
        for (VkPhysicalDevice pd : devices) {
            if (name(pd).toLowerCase(Locale.ROOT).contains(want)) {
                return pd;
            }
        }
        throw new ReplayException(ReplayException.Kind.NO_DEVICE, "--device " + selector
                + ": no Vulkan device's name contains it (gpusim replay --list-devices lists them)");
    }

    private static VkInstance createInstance() {
        try {
            VK.getFunctionProvider();
        } catch (Throwable e) {
            throw new ReplayException(ReplayException.Kind.NO_VULKAN, "no Vulkan loader: " + e.getMessage()
                    + " (Debian: apt-get install libvulkan1 mesa-vulkan-drivers)");
        }
        try (MemoryStack stack = stackPush()) {
            VkApplicationInfo app = VkApplicationInfo.calloc(stack).sType$Default()
                    .pApplicationName(stack.UTF8("gpusim replay")).pEngineName(stack.UTF8("gpusim"))
                    .apiVersion(VK13_API);
            VkInstanceCreateInfo ci = VkInstanceCreateInfo.calloc(stack).sType$Default().pApplicationInfo(app);
            PointerBuffer pp = stack.mallocPointer(1);
            int r = vkCreateInstance(ci, null, pp);
            if (r != VK_SUCCESS) {
                throw new ReplayException(ReplayException.Kind.NO_VULKAN, "vkCreateInstance failed ("
                        + Vk.name(r) + "): the Vulkan loader has no usable driver");
            }
            return new VkInstance(pp.get(0), ci);
        }
    }

    private static List<VkPhysicalDevice> physicalDevices(VkInstance instance) {
        try (MemoryStack stack = stackPush()) {
            java.nio.IntBuffer n = stack.mallocInt(1);
            Vk.check(vkEnumeratePhysicalDevices(instance, n, null), "vkEnumeratePhysicalDevices");
            PointerBuffer pp = stack.mallocPointer(n.get(0));
            Vk.check(vkEnumeratePhysicalDevices(instance, n, pp), "vkEnumeratePhysicalDevices");
            List<VkPhysicalDevice> out = new ArrayList<>();
            for (int i = 0; i < n.get(0); i++) {
                out.add(new VkPhysicalDevice(pp.get(i), instance));
            }
            return out;
        }
    }

    /** {queue family that draws, computes and times (or -1), its timestamp valid bits}. */
    private static int[] timestampQueue(VkPhysicalDevice pd) {
        try (MemoryStack stack = stackPush()) {
            java.nio.IntBuffer n = stack.mallocInt(1);
            vkGetPhysicalDeviceQueueFamilyProperties(pd, n, null);
            VkQueueFamilyProperties.Buffer fams = VkQueueFamilyProperties.malloc(n.get(0), stack);
            vkGetPhysicalDeviceQueueFamilyProperties(pd, n, fams);
            int need = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT;
            for (int i = 0; i < fams.capacity(); i++) {
                if ((fams.get(i).queueFlags() & need) == need && fams.get(i).timestampValidBits() > 0) {
                    return new int[] {i, fams.get(i).timestampValidBits()};
                }
            }
            return new int[] {-1, 0};
        }
    }

    private static String missingSupport(VkPhysicalDevice pd) {
        try (MemoryStack stack = stackPush()) {
            VkPhysicalDeviceProperties props = VkPhysicalDeviceProperties.malloc(stack);
            vkGetPhysicalDeviceProperties(pd, props);
            if (VK_API_VERSION_MINOR(props.apiVersion()) < 3 && VK_API_VERSION_MAJOR(props.apiVersion()) == 1) {
                return "Vulkan 1.3 (it has " + version(props.apiVersion()) + ")";
            }
            java.nio.IntBuffer n = stack.mallocInt(1);
            vkEnumerateDeviceExtensionProperties(pd, (String) null, n, null);
            VkExtensionProperties.Buffer exts = VkExtensionProperties.malloc(n.get(0), stack);
            vkEnumerateDeviceExtensionProperties(pd, (String) null, n, exts);
            for (String want : DEVICE_EXTENSIONS) {
                boolean found = false;
                for (int i = 0; i < exts.capacity(); i++) {
                    found |= exts.get(i).extensionNameString().equals(want);
                }
                if (!found) {
                    return want;
                }
            }
            VkPhysicalDeviceFeatures2 f = VkPhysicalDeviceFeatures2.calloc(stack).sType$Default();
            VkPhysicalDeviceVulkan12Features f12 = VkPhysicalDeviceVulkan12Features.calloc(stack).sType$Default();
            VkPhysicalDeviceVulkan13Features f13 = VkPhysicalDeviceVulkan13Features.calloc(stack).sType$Default();
            VkPhysicalDeviceDepthClipEnableFeaturesEXT clip = VkPhysicalDeviceDepthClipEnableFeaturesEXT
                    .calloc(stack).sType$Default();
            VkPhysicalDeviceConditionalRenderingFeaturesEXT cond = VkPhysicalDeviceConditionalRenderingFeaturesEXT
                    .calloc(stack).sType$Default();
            f.pNext(f12).pNext(f13).pNext(clip).pNext(cond);
            vkGetPhysicalDeviceFeatures2(pd, f);
            if (!f.features().depthClamp()) {
                return "the depthClamp feature";
            }
            if (!f12.hostQueryReset()) {
                return "the hostQueryReset feature";
            }
            if (!f13.dynamicRendering()) {
                return "the dynamicRendering feature";
            }
            if (!clip.depthClipEnable()) {
                return "the depthClipEnable feature";
            }
            if (!cond.conditionalRendering()) {
                return "the conditionalRendering feature";
            }
            return null;
        }
    }

    private static int type(VkPhysicalDevice pd) {
        try (MemoryStack stack = stackPush()) {
            VkPhysicalDeviceProperties props = VkPhysicalDeviceProperties.malloc(stack);
            vkGetPhysicalDeviceProperties(pd, props);
            return props.deviceType();
        }
    }

    private static String name(VkPhysicalDevice pd) {
        try (MemoryStack stack = stackPush()) {
            VkPhysicalDeviceProperties props = VkPhysicalDeviceProperties.malloc(stack);
            vkGetPhysicalDeviceProperties(pd, props);
            return props.deviceNameString();
        }
    }

    private static DeviceInfo describe(VkPhysicalDevice pd, int timestampBits) {
        try (MemoryStack stack = stackPush()) {
            VkPhysicalDeviceDriverProperties driver = VkPhysicalDeviceDriverProperties.calloc(stack).sType$Default();
            VkPhysicalDeviceProperties2 p2 = VkPhysicalDeviceProperties2.calloc(stack).sType$Default().pNext(driver);
            vkGetPhysicalDeviceProperties2(pd, p2);
            VkPhysicalDeviceProperties props = p2.properties();
            String type = switch (props.deviceType()) {
                case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU -> "discrete";
                case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU -> "integrated";
                case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU -> "virtual";
                case VK_PHYSICAL_DEVICE_TYPE_CPU -> "cpu";
                default -> "other";
            };
            return new DeviceInfo(props.deviceNameString(), type, props.vendorID(), driver.driverNameString(),
                    driver.driverInfoString(), Integer.toUnsignedLong(props.driverVersion()),
                    version(props.apiVersion()), props.limits().timestampPeriod(), timestampBits);
        }
    }

    private static String version(int v) {
        return VK_API_VERSION_MAJOR(v) + "." + VK_API_VERSION_MINOR(v) + "." + VK_API_VERSION_PATCH(v);
    }

    /** A memory type index with {@code want} properties among {@code allowed}, or -1. */
    int memoryType(int allowed, int want) {
        for (int i = 0; i < memory.memoryTypeCount(); i++) {
            if ((allowed & (1 << i)) != 0 && (memory.memoryTypes(i).propertyFlags() & want) == want) {
                return i;
            }
        }
        return -1;
    }

    /** Whether the device can use {@code format} as a depth-stencil attachment at {@code samples}. */
    boolean depthFormatSupported(int format, int samples) {
        try (MemoryStack stack = stackPush()) {
            VkFormatProperties fp = VkFormatProperties.malloc(stack);
            vkGetPhysicalDeviceFormatProperties(physical, format, fp);
            if ((fp.optimalTilingFeatures() & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT) == 0) {
                return false;
            }
            VkImageFormatProperties ip = VkImageFormatProperties.malloc(stack);
            int r = vkGetPhysicalDeviceImageFormatProperties(physical, format, VK_IMAGE_TYPE_2D,
                    VK_IMAGE_TILING_OPTIMAL, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT
                            | VK_IMAGE_USAGE_TRANSFER_DST_BIT, 0, ip);
            return r == VK_SUCCESS && (ip.sampleCounts() & samples) != 0;
        }
    }

    /** Whether the device can render RGBA8 colour at {@code samples}. */
    boolean colorSamplesSupported(int samples) {
        try (MemoryStack stack = stackPush()) {
            VkImageFormatProperties ip = VkImageFormatProperties.malloc(stack);
            int r = vkGetPhysicalDeviceImageFormatProperties(physical, VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D,
                    VK_IMAGE_TILING_OPTIMAL, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT
                            | VK_IMAGE_USAGE_TRANSFER_SRC_BIT, 0, ip);
            return r == VK_SUCCESS && (ip.sampleCounts() & samples) != 0 && (colorSampleCounts & samples) != 0;
        }
    }

    /**
     * The side of the large viewport a draw uses (draw.vert): the largest power of two the
     * device allows that, centred on (cx, cy), stays inside its viewport bounds.
     */
    float guardBandViewport(float cx, float cy) {
        float side = Integer.highestOneBit((int) Math.max(1, maxViewport));
        while (side > 1 && (Math.min(cx, cy) - side / 2 < boundsLo || Math.max(cx, cy) + side / 2 > boundsHi)) {
            side /= 2;
        }
        return side;
    }

    public DeviceInfo info() {
        return info;
    }

    @Override
    public void close() {
        vkDeviceWaitIdle(device);
        vkDestroyCommandPool(device, commandPool, null);
        vkDestroyDevice(device, null);
        vkDestroyInstance(instance, null);
        memory.free();
    }
}
