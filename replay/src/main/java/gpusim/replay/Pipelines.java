package gpusim.replay;

import static org.lwjgl.system.MemoryStack.stackPush;
import static org.lwjgl.vulkan.EXTDepthClipEnable.VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_DEPTH_CLIP_STATE_CREATE_INFO_EXT;
import static org.lwjgl.vulkan.KHRPushDescriptor.VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR;
import static org.lwjgl.vulkan.VK10.*;

import gpusim.api.BlendMode;
import gpusim.api.PrimitiveTopology;
import gpusim.trace.PipelineState;
import gpusim.trace.StencilFace;
import java.util.HashMap;
import java.util.Map;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.vulkan.VkComputePipelineCreateInfo;
import org.lwjgl.vulkan.VkDescriptorSetLayoutBinding;
import org.lwjgl.vulkan.VkDescriptorSetLayoutCreateInfo;
import org.lwjgl.vulkan.VkGraphicsPipelineCreateInfo;
import org.lwjgl.vulkan.VkPipelineColorBlendAttachmentState;
import org.lwjgl.vulkan.VkPipelineColorBlendStateCreateInfo;
import org.lwjgl.vulkan.VkPipelineDepthStencilStateCreateInfo;
import org.lwjgl.vulkan.VkPipelineDynamicStateCreateInfo;
import org.lwjgl.vulkan.VkPipelineInputAssemblyStateCreateInfo;
import org.lwjgl.vulkan.VkPipelineLayoutCreateInfo;
import org.lwjgl.vulkan.VkPipelineMultisampleStateCreateInfo;
import org.lwjgl.vulkan.VkPipelineRasterizationDepthClipStateCreateInfoEXT;
import org.lwjgl.vulkan.VkPipelineRasterizationStateCreateInfo;
import org.lwjgl.vulkan.VkPipelineRenderingCreateInfo;
import org.lwjgl.vulkan.VkPipelineShaderStageCreateInfo;
import org.lwjgl.vulkan.VkPipelineVertexInputStateCreateInfo;
import org.lwjgl.vulkan.VkPipelineViewportStateCreateInfo;
import org.lwjgl.vulkan.VkPushConstantRange;
import org.lwjgl.vulkan.VkStencilOpState;
import org.lwjgl.vulkan.VkVertexInputAttributeDescription;
import org.lwjgl.vulkan.VkVertexInputBindingDescription;

/**
 * Vulkan pipelines for the trace's pipeline states (made when a draw first needs one, for the
 * targets it draws to) and the replay's compute work (resolve sums, predicate snapshots,
 * predicated copies, dispatches), each compute pipeline with push descriptors.
 */
final class Pipelines implements AutoCloseable {
    /** A compute pipeline and the layouts its commands bind with. */
    record Compute(long pipeline, long layout, long setLayout) {
    }

    private record Key(PipelineState pso, boolean color, int depthFormat, int samples, boolean rectDiscard) {
    }

    private final VulkanDevice dev;
    private final long vert;
    private final long frag;
    private final long fragRect;
    final long drawLayout;
    private final Map<Key, Long> graphics = new HashMap<>();
    final Compute querySum;
    final Compute predicate;
    final Compute copy;
    final Compute dispatch;

    Pipelines(VulkanDevice dev) {
        this.dev = dev;
        vert = Shaders.module(dev, "draw.vert");
        frag = Shaders.module(dev, "draw.frag");
        fragRect = Shaders.module(dev, "draw_rect.frag");
        drawLayout = drawLayout();
        querySum = compute("query_sum.comp", 3, 12);
        predicate = compute("predicate.comp", 2, 8);
        copy = compute("copy.comp", 2, 20);
        dispatch = compute("dispatch.comp", 0, 0);
    }

    private long layout(long setLayout, int stage, int pushBytes) {
        try (MemoryStack stack = stackPush()) {
            VkPipelineLayoutCreateInfo ci = VkPipelineLayoutCreateInfo.calloc(stack).sType$Default();
            if (setLayout != 0) {
                ci.pSetLayouts(stack.longs(setLayout));
            }
            if (pushBytes > 0) {
                ci.pPushConstantRanges(VkPushConstantRange.calloc(1, stack).stageFlags(stage).offset(0).size(pushBytes));
            }
            java.nio.LongBuffer lp = stack.mallocLong(1);
            Vk.check(vkCreatePipelineLayout(dev.device, ci, null, lp), "vkCreatePipelineLayout");
            return lp.get(0);
        }
    }

    /** Vertex stage: the transform and the viewport mapping (80 bytes); fragment stage: draw_rect.frag's rectangle. */
    private long drawLayout() {
        try (MemoryStack stack = stackPush()) {
            VkPushConstantRange.Buffer ranges = VkPushConstantRange.calloc(2, stack);
            ranges.get(0).stageFlags(VK_SHADER_STAGE_VERTEX_BIT).offset(0).size(80);
            ranges.get(1).stageFlags(VK_SHADER_STAGE_FRAGMENT_BIT).offset(80).size(16);
            VkPipelineLayoutCreateInfo ci = VkPipelineLayoutCreateInfo.calloc(stack).sType$Default()
                    .pPushConstantRanges(ranges);
            java.nio.LongBuffer lp = stack.mallocLong(1);
            Vk.check(vkCreatePipelineLayout(dev.device, ci, null, lp), "vkCreatePipelineLayout");
            return lp.get(0);
        }
    }

    private Compute compute(String file, int buffers, int pushBytes) {
        try (MemoryStack stack = stackPush()) {
            long setLayout = 0;
            java.nio.LongBuffer lp = stack.mallocLong(1);
            if (buffers > 0) {
                VkDescriptorSetLayoutBinding.Buffer b = VkDescriptorSetLayoutBinding.calloc(buffers, stack);
                for (int i = 0; i < buffers; i++) {
                    b.get(i).binding(i).descriptorType(VK_DESCRIPTOR_TYPE_STORAGE_BUFFER).descriptorCount(1)
                            .stageFlags(VK_SHADER_STAGE_COMPUTE_BIT);
                }
                VkDescriptorSetLayoutCreateInfo ci = VkDescriptorSetLayoutCreateInfo.calloc(stack).sType$Default()
                        .flags(VK_DESCRIPTOR_SET_LAYOUT_CREATE_PUSH_DESCRIPTOR_BIT_KHR).pBindings(b);
                Vk.check(vkCreateDescriptorSetLayout(dev.device, ci, null, lp), "vkCreateDescriptorSetLayout");
                setLayout = lp.get(0);
            }
            long layout = layout(setLayout, VK_SHADER_STAGE_COMPUTE_BIT, pushBytes);
            long module = Shaders.module(dev, file);
            VkComputePipelineCreateInfo.Buffer ci = VkComputePipelineCreateInfo.calloc(1, stack);
            ci.get(0).sType$Default().layout(layout).stage()
                    .sType$Default().stage(VK_SHADER_STAGE_COMPUTE_BIT).module(module).pName(stack.UTF8("main"));
            Vk.check(vkCreateComputePipelines(dev.device, VK_NULL_HANDLE, ci, null, lp), "vkCreateComputePipelines");
            vkDestroyShaderModule(dev.device, module, null);
            return new Compute(lp.get(0), layout, setLayout);
        }
    }

    /** The pipeline for {@code pso} drawing to a colour target or not, a depth format (0: none) and samples. */
    long graphics(PipelineState pso, boolean color, int depthFormat, int samples, boolean rectDiscard) {
        Key key = new Key(pso, color, depthFormat, samples, rectDiscard);
        Long p = graphics.get(key);
        if (p == null) {
            p = create(pso, color, depthFormat, samples, rectDiscard);
            graphics.put(key, p);
        }
        return p;
    }

    private long create(PipelineState pso, boolean color, int depthFormat, int samples, boolean rectDiscard) {
        try (MemoryStack stack = stackPush()) {
            VkPipelineShaderStageCreateInfo.Buffer stages = VkPipelineShaderStageCreateInfo.calloc(2, stack);
            stages.get(0).sType$Default().stage(VK_SHADER_STAGE_VERTEX_BIT).module(vert).pName(stack.UTF8("main"));
            stages.get(1).sType$Default().stage(VK_SHADER_STAGE_FRAGMENT_BIT).module(rectDiscard ? fragRect : frag)
                    .pName(stack.UTF8("main"));
            // x y z w r g b a, 32-bit floats (Resource.VertexBuffer).
            VkVertexInputBindingDescription.Buffer binding = VkVertexInputBindingDescription.calloc(1, stack)
                    .binding(0).stride(32).inputRate(VK_VERTEX_INPUT_RATE_VERTEX);
            VkVertexInputAttributeDescription.Buffer attrs = VkVertexInputAttributeDescription.calloc(2, stack);
            attrs.get(0).location(0).binding(0).format(VK_FORMAT_R32G32B32A32_SFLOAT).offset(0);
            attrs.get(1).location(1).binding(0).format(VK_FORMAT_R32G32B32A32_SFLOAT).offset(16);
            VkPipelineVertexInputStateCreateInfo vi = VkPipelineVertexInputStateCreateInfo.calloc(stack)
                    .sType$Default().pVertexBindingDescriptions(binding).pVertexAttributeDescriptions(attrs);
            VkPipelineInputAssemblyStateCreateInfo ia = VkPipelineInputAssemblyStateCreateInfo.calloc(stack)
                    .sType$Default().topology(pso.topology() == PrimitiveTopology.TRIANGLE_STRIP
                            ? VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP : VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST);
            VkPipelineViewportStateCreateInfo vp = VkPipelineViewportStateCreateInfo.calloc(stack).sType$Default()
                    .viewportCount(1).scissorCount(1);
            // Direct3D clamps the interpolated depth to the viewport's range always and clips at
            // 0 <= z <= w only when DepthClipEnable: depth clamp on, clipping per pipeline state.
            VkPipelineRasterizationDepthClipStateCreateInfoEXT clip = VkPipelineRasterizationDepthClipStateCreateInfoEXT
                    .calloc(stack).sType(VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_DEPTH_CLIP_STATE_CREATE_INFO_EXT)
                    .depthClipEnable(pso.depthClip());
            // Winding in render-target space (y down) in both APIs once y is negated in the
            // vertex shader: D3D's clockwise front is Vulkan's negative-area front (CLOCKWISE).
            VkPipelineRasterizationStateCreateInfo rs = VkPipelineRasterizationStateCreateInfo.calloc(stack)
                    .sType$Default().pNext(clip.address()).depthClampEnable(true).polygonMode(VK_POLYGON_MODE_FILL)
                    .cullMode(pso.cull().d3dValue() - 1)
                    .frontFace(pso.frontCcw() ? VK_FRONT_FACE_COUNTER_CLOCKWISE : VK_FRONT_FACE_CLOCKWISE)
                    .lineWidth(1f);
            VkPipelineMultisampleStateCreateInfo ms = VkPipelineMultisampleStateCreateInfo.calloc(stack)
                    .sType$Default().rasterizationSamples(samples);
            boolean depthOn = depthFormat != 0 && pso.depthEnable();
            boolean stencilOn = depthFormat != 0 && pso.stencilEnable() && hasStencil(depthFormat);
            VkPipelineDepthStencilStateCreateInfo ds = VkPipelineDepthStencilStateCreateInfo.calloc(stack)
                    .sType$Default().depthTestEnable(depthOn).depthWriteEnable(depthOn && pso.depthWrite())
                    .depthCompareOp(pso.depthFunc().d3dValue() - 1).stencilTestEnable(stencilOn);
            stencil(ds.front(), pso.front(), pso);
            stencil(ds.back(), pso.back(), pso);
            VkPipelineColorBlendAttachmentState.Buffer att = VkPipelineColorBlendAttachmentState.calloc(1, stack)
                    .colorWriteMask(pso.colorWriteMask());
            if (pso.blend() == BlendMode.ALPHA) {
                // SRC_ALPHA, INV_SRC_ALPHA, ADD on every channel (the model's blend).
                att.blendEnable(true).srcColorBlendFactor(VK_BLEND_FACTOR_SRC_ALPHA)
                        .dstColorBlendFactor(VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA).colorBlendOp(VK_BLEND_OP_ADD)
                        .srcAlphaBlendFactor(VK_BLEND_FACTOR_SRC_ALPHA)
                        .dstAlphaBlendFactor(VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA).alphaBlendOp(VK_BLEND_OP_ADD);
            }
            VkPipelineColorBlendStateCreateInfo cb = VkPipelineColorBlendStateCreateInfo.calloc(stack)
                    .sType$Default();
            if (color) {
                cb.pAttachments(att);
            }
            VkPipelineDynamicStateCreateInfo dyn = VkPipelineDynamicStateCreateInfo.calloc(stack).sType$Default()
                    .pDynamicStates(stack.ints(VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR,
                            VK_DYNAMIC_STATE_STENCIL_REFERENCE));
            VkPipelineRenderingCreateInfo rendering = VkPipelineRenderingCreateInfo.calloc(stack).sType$Default()
                    .depthAttachmentFormat(depthFormat)
                    .stencilAttachmentFormat(hasStencil(depthFormat) ? depthFormat : VK_FORMAT_UNDEFINED);
            if (color) {
                rendering.colorAttachmentCount(1).pColorAttachmentFormats(stack.ints(VK_FORMAT_R8G8B8A8_UNORM));
            }
            VkGraphicsPipelineCreateInfo.Buffer ci = VkGraphicsPipelineCreateInfo.calloc(1, stack);
            ci.get(0).sType$Default().pNext(rendering.address()).pStages(stages).pVertexInputState(vi)
                    .pInputAssemblyState(ia).pViewportState(vp).pRasterizationState(rs).pMultisampleState(ms)
                    .pDepthStencilState(ds).pColorBlendState(cb).pDynamicState(dyn).layout(drawLayout);
            java.nio.LongBuffer lp = stack.mallocLong(1);
            Vk.check(vkCreateGraphicsPipelines(dev.device, VK_NULL_HANDLE, ci, null, lp),
                    "vkCreateGraphicsPipelines for pipeline_state " + pso.name());
            return lp.get(0);
        }
    }

    private static void stencil(VkStencilOpState s, StencilFace f, PipelineState pso) {
        s.compareOp(f.func().d3dValue() - 1).passOp(f.passOp().d3dValue() - 1).failOp(f.failOp().d3dValue() - 1)
                .depthFailOp(f.depthFailOp().d3dValue() - 1).compareMask(pso.stencilReadMask())
                .writeMask(pso.stencilWriteMask());
    }

    static boolean hasStencil(int format) {
        return format == VK_FORMAT_D24_UNORM_S8_UINT || format == VK_FORMAT_D32_SFLOAT_S8_UINT;
    }

    @Override
    public void close() {
        for (long p : graphics.values()) {
            vkDestroyPipeline(dev.device, p, null);
        }
        for (Compute c : new Compute[] {querySum, predicate, copy, dispatch}) {
            vkDestroyPipeline(dev.device, c.pipeline, null);
            vkDestroyPipelineLayout(dev.device, c.layout, null);
            if (c.setLayout != 0) {
                vkDestroyDescriptorSetLayout(dev.device, c.setLayout, null);
            }
        }
        vkDestroyPipelineLayout(dev.device, drawLayout, null);
        vkDestroyShaderModule(dev.device, vert, null);
        vkDestroyShaderModule(dev.device, frag, null);
        vkDestroyShaderModule(dev.device, fragRect, null);
    }
}
