package gpusim.replay;

import static org.lwjgl.system.MemoryStack.stackPush;
import static org.lwjgl.vulkan.EXTConditionalRendering.VK_CONDITIONAL_RENDERING_INVERTED_BIT_EXT;
import static org.lwjgl.vulkan.EXTConditionalRendering.vkCmdBeginConditionalRenderingEXT;
import static org.lwjgl.vulkan.EXTConditionalRendering.vkCmdEndConditionalRenderingEXT;
import static org.lwjgl.vulkan.KHRPushDescriptor.vkCmdPushDescriptorSetKHR;
import static org.lwjgl.vulkan.VK10.*;
import static org.lwjgl.vulkan.VK13.vkCmdBeginRendering;
import static org.lwjgl.vulkan.VK13.vkCmdEndRendering;

import gpusim.trace.Resource;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.vulkan.VkBufferCopy;
import org.lwjgl.vulkan.VkClearAttachment;
import org.lwjgl.vulkan.VkClearRect;
import org.lwjgl.vulkan.VkCommandBuffer;
import org.lwjgl.vulkan.VkConditionalRenderingBeginInfoEXT;
import org.lwjgl.vulkan.VkDescriptorBufferInfo;
import org.lwjgl.vulkan.VkMemoryBarrier;
import org.lwjgl.vulkan.VkRect2D;
import org.lwjgl.vulkan.VkRenderingAttachmentInfo;
import org.lwjgl.vulkan.VkRenderingInfo;
import org.lwjgl.vulkan.VkViewport;
import org.lwjgl.vulkan.VkWriteDescriptorSet;

/**
 * What one command buffer has bound: the rendering instance (dynamic rendering with the
 * targets a draw or clear needs, begun only when they change), the pipeline and dynamic state,
 * conditional rendering. Compute work (query sums, predicate snapshots, predicated copies,
 * dispatches) runs between rendering instances.
 */
final class RenderState {
    private static final int ATTACHMENT_STAGES = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT
            | VK_PIPELINE_STAGE_EARLY_FRAGMENT_TESTS_BIT | VK_PIPELINE_STAGE_LATE_FRAGMENT_TESTS_BIT;

    private final VulkanDevice dev;
    private final Pipelines pipelines;
    private final VkCommandBuffer cmd;
    private final ClearTranslation clears;
    private boolean rendering;
    private DeviceImage renderRt;
    private DeviceImage renderDs;
    private long pipeline;
    private long vertexBuffer = -1;
    private long vertexOffset = -1;
    private long indexBuffer = -1;
    private long indexOffset = -1;
    private int indexType = -1;
    /** Dynamic state and push constants as last set in this command buffer (set again only when they change). */
    private final float[] viewport = new float[6];
    private final int[] scissor = new int[4];
    private int stencilRef = -1;
    private final float[] push = new float[20];
    private boolean stateSet;
    private boolean pushSet;
    /**
     * Buffers a transfer or dispatch has read or written since the last barrier: a later command
     * touching one of them needs a barrier first; one touching others does not (barriers are not
     * free on a real GPU, and the timestamps time what the trace asks for).
     */
    private final java.util.Set<DeviceBuffer> touched =
            java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    /** Whether a rendering instance has run since the last barrier (its attachment writes are not yet ordered). */
    private boolean attachmentsWritten;
    /**
     * Clears not yet recorded, by image, in the order made: each becomes the load operation of
     * the next instance that has the image (see {@link #clearColor}).
     */
    private final java.util.Map<DeviceImage, PendingClear> pendingClears = new java.util.LinkedHashMap<>();

    /** A whole-image clear waiting for an instance: the aspects named and their values. */
    private static final class PendingClear {
        float[] color;
        boolean depth;
        float depthValue;
        boolean stencil;
        int stencilValue;
    }

    RenderState(VulkanDevice dev, Pipelines pipelines, VkCommandBuffer cmd, ClearTranslation clears) {
        this.dev = dev;
        this.pipelines = pipelines;
        this.cmd = cmd;
        this.clears = clears;
    }

    static void memoryBarrier(VkCommandBuffer cmd, int src, int dst) {
        try (MemoryStack stack = stackPush()) {
            VkMemoryBarrier.Buffer b = VkMemoryBarrier.calloc(1, stack).sType$Default()
                    .srcAccessMask(VK_ACCESS_MEMORY_WRITE_BIT)
                    .dstAccessMask(VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT);
            vkCmdPipelineBarrier(cmd, src, dst, 0, b, null, null);
        }
    }

    /** A full memory barrier (ends the rendering instance): everything before it before everything after. */
    void barrier() {
        endRendering();
        memoryBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT);
        touched.clear();
        attachmentsWritten = false;
    }

    /** Before a transfer or dispatch that reads or writes {@code buffers}: a barrier if one of them was touched since the last. */
    void access(DeviceBuffer... buffers) {
        endRendering();
        for (DeviceBuffer b : buffers) {
            if (touched.contains(b)) {
                barrier();
                break;
            }
        }
        java.util.Collections.addAll(touched, buffers);
    }

    /** Ends the rendering instance, if one is open (transfers, barriers and dispatches need that). */
    void endRendering() {
        if (rendering) {
            vkCmdEndRendering(cmd);
            rendering = false;
            pipeline = 0;
        }
    }

    /**
     * Opens the instance a draw into {@code rt} and {@code ds} will use, if it is not open: nothing
     * without a target. A draw that then binds the same targets stays in it.
     */
    void open(DeviceImage rt, DeviceImage ds) {
        if (rt != null || ds != null) {
            beginRendering(rt, ds);
        }
    }

    private void beginRendering(DeviceImage rt, DeviceImage ds) {
        if (rendering && renderRt == rt && renderDs == ds) {
            return;
        }
        endRendering();
        int w = Math.min(rt != null ? rt.width : Integer.MAX_VALUE, ds != null ? ds.width : Integer.MAX_VALUE);
        int h = Math.min(rt != null ? rt.height : Integer.MAX_VALUE, ds != null ? ds.height : Integer.MAX_VALUE);
        // A pending clear is this instance's load operation only where the render area is the
        // whole image; the others (other images, or a larger one) are recorded first, each in an
        // instance of its own, so that they still come before this instance's work.
        PendingClear rtClear = null;
        PendingClear dsClear = null;
        if (!pendingClears.isEmpty()) {
            rtClear = rt != null && rt.width == w && rt.height == h ? pendingClears.remove(rt) : null;
            dsClear = ds != null && ds.width == w && ds.height == h ? pendingClears.remove(ds) : null;
            flushClears();
        }
        if (attachmentsWritten) {
            // Attachment writes of an earlier instance before this one's reads and writes.
            memoryBarrier(cmd, ATTACHMENT_STAGES, ATTACHMENT_STAGES);
        }
        attachmentsWritten = true;
        try (MemoryStack stack = stackPush()) {
            VkRenderingInfo info = VkRenderingInfo.calloc(stack).sType$Default().layerCount(1);
            if (rt != null) {
                VkRenderingAttachmentInfo.Buffer c = VkRenderingAttachmentInfo.calloc(1, stack);
                attachment(c.get(0), rt, rtClear != null);
                if (rtClear != null) {
                    for (int i = 0; i < 4; i++) {
                        c.get(0).clearValue().color().float32(i, rtClear.color[i]);
                    }
                }
                info.pColorAttachments(c);
            }
            if (ds != null) {
                VkRenderingAttachmentInfo d = attachment(VkRenderingAttachmentInfo.calloc(stack), ds,
                        dsClear != null && dsClear.depth);
                if (dsClear != null) {
                    d.clearValue().depthStencil().depth(dsClear.depthValue);
                }
                info.pDepthAttachment(d);
                if (ds.hasStencil) {
                    VkRenderingAttachmentInfo st = attachment(VkRenderingAttachmentInfo.calloc(stack), ds,
                            dsClear != null && dsClear.stencil);
                    if (dsClear != null) {
                        st.clearValue().depthStencil().stencil(dsClear.stencilValue);
                    }
                    info.pStencilAttachment(st);
                }
            }
            info.renderArea().offset().set(0, 0);
            info.renderArea().extent().set(w, h);
            vkCmdBeginRendering(cmd, info);
        }
        rendering = true;
        renderRt = rt;
        renderDs = ds;
        pipeline = 0;
    }

    private static VkRenderingAttachmentInfo attachment(VkRenderingAttachmentInfo a, DeviceImage img, boolean clear) {
        return a.sType$Default().imageView(img.view).imageLayout(img.attachmentLayout())
                .loadOp(clear ? VK_ATTACHMENT_LOAD_OP_CLEAR : VK_ATTACHMENT_LOAD_OP_LOAD)
                .storeOp(VK_ATTACHMENT_STORE_OP_STORE);
    }

    /**
     * Records every pending clear, each as the load operation of an instance of its image alone
     * (the end of a command list, or an instance that cannot take them).
     */
    void flushClears() {
        while (!pendingClears.isEmpty()) {
            DeviceImage img = pendingClears.keySet().iterator().next();
            if (img.depth) {
                beginRendering(null, img);
            } else {
                beginRendering(img, null);
            }
            endRendering();
        }
    }

    /**
     * Binds what a draw of {@code st} needs; false when it covers nothing: no target, or an empty
     * rectangle of viewport (its extents rounded down), scissor and target (trace-format.md,
     * "Rasterization rules").
     */
    boolean prepare(Replayer.ListState st, DeviceBuffer geometry, long vbOffset, Resource.IndexBuffer ib,
                    long ibOffset) {
        DeviceImage rt = st.rt;
        DeviceImage ds = st.ds;
        if (rt == null && ds == null) {
            return false;
        }
        int renderW = rt != null ? rt.width : Integer.MAX_VALUE;
        int renderH = rt != null ? rt.height : Integer.MAX_VALUE;
        int samples = rt != null ? rt.samples : ds.samples;
        if (ds != null) {
            renderW = Math.min(renderW, ds.width);
            renderH = Math.min(renderH, ds.height);
        }
        float vx = 0;
        float vy = 0;
        float vw = renderW;
        float vh = renderH;
        float vmin = 0;
        float vmax = 1;
        if (st.viewport != null) {
            vx = st.viewport.x();
            vy = st.viewport.y();
            vw = st.viewport.width();
            vh = st.viewport.height();
            vmin = st.viewport.minDepth();
            vmax = st.viewport.maxDepth();
        }
        gpusim.trace.ViewportRect rect = gpusim.trace.ViewportRect.of(vx, vy, vw, vh, renderW, renderH, st.scissor);
        int left = rect.left();
        int top = rect.top();
        int right = rect.right();
        int bottom = rect.bottom();
        if (rect.empty() || vw <= 0 || vh == 0) {
            return false;
        }
        beginRendering(rt, ds);
        // A rectangle edge inside the render area, at several samples, on a device whose scissor
        // is per sample: draw_rect.frag removes the pixels outside instead.
        boolean rectDiscard = dev.sampleScissor && samples > 1
                && (left > 0 || top > 0 || right < renderW || bottom < renderH);
        long p = pipelines.graphics(st.pso, rt != null, ds != null ? ds.format : VK_FORMAT_UNDEFINED, samples,
                rectDiscard);
        if (p != pipeline) {
            vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
            pipeline = p;
        }
        try (MemoryStack stack = stackPush()) {
            // The large viewport (draw.vert): a power of two a side, its origin a whole pixel,
            // centred on the Direct3D viewport's centre but for the centre's fraction.
            float cx = vx + vw / 2;
            float cy = vy + vh / 2;
            float big = dev.guardBandViewport(cx, cy);
            float ox = (float) Math.floor(cx);
            float oy = (float) Math.floor(cy);
            float[] vp = {ox - big / 2, oy - big / 2, big, big, vmin, vmax};
            if (!stateSet || !java.util.Arrays.equals(vp, viewport)) {
                vkCmdSetViewport(cmd, 0, VkViewport.calloc(1, stack).x(vp[0]).y(vp[1]).width(vp[2]).height(vp[3])
                        .minDepth(vp[4]).maxDepth(vp[5]));
                System.arraycopy(vp, 0, viewport, 0, 6);
            }
            int[] sc = {left, top, right - left, bottom - top};
            if (!stateSet || !java.util.Arrays.equals(sc, scissor)) {
                VkRect2D.Buffer r = VkRect2D.calloc(1, stack);
                r.get(0).offset().set(sc[0], sc[1]);
                r.get(0).extent().set(sc[2], sc[3]);
                vkCmdSetScissor(cmd, 0, r);
                System.arraycopy(sc, 0, scissor, 0, 4);
            }
            if (!stateSet || stencilRef != (st.stencilRef & 0xFF)) {
                stencilRef = st.stencilRef & 0xFF;
                vkCmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, stencilRef);
            }
            stateSet = true;
            float[] pc = java.util.Arrays.copyOf(st.transform, 20);
            pc[16] = vw / big;
            pc[17] = -vh / big;
            pc[18] = 2 * (cx - ox) / big;
            pc[19] = 2 * (cy - oy) / big;
            if (!pushSet || !java.util.Arrays.equals(pc, push)) {
                vkCmdPushConstants(cmd, pipelines.drawLayout, VK_SHADER_STAGE_VERTEX_BIT, 0, stack.floats(pc));
                System.arraycopy(pc, 0, push, 0, 20);
                pushSet = true;
            }
            if (rectDiscard) {
                vkCmdPushConstants(cmd, pipelines.drawLayout, VK_SHADER_STAGE_FRAGMENT_BIT, 80,
                        stack.ints(left, top, right, bottom));
            }
            if (geometry.handle != vertexBuffer || vbOffset != vertexOffset) {
                vkCmdBindVertexBuffers(cmd, 0, stack.longs(geometry.handle), stack.longs(vbOffset));
                vertexBuffer = geometry.handle;
                vertexOffset = vbOffset;
            }
            if (ib != null) {
                int type = ib.format().bytes() == 2 ? VK_INDEX_TYPE_UINT16 : VK_INDEX_TYPE_UINT32;
                if (geometry.handle != indexBuffer || ibOffset != indexOffset || type != indexType) {
                    vkCmdBindIndexBuffer(cmd, geometry.handle, ibOffset, type);
                    indexBuffer = geometry.handle;
                    indexOffset = ibOffset;
                    indexType = type;
                }
            }
        }
        return true;
    }

    /**
     * ClearRenderTargetView of the whole target. Outside predication, with no instance of the
     * target open and colour clears deferred ({@link ClearTranslation}), the clear waits to be the
     * load operation of the next instance that has the target, as vkd3d-proton's deferred clears
     * (libs/vkd3d/command.c, d3d12_command_list_clear_attachment_deferred) and ANGLE's
     * (DeferredClears.md) do. Otherwise it is vkCmdClearAttachments inside an instance, which
     * conditional rendering skips as D3D12's predication does.
     */
    void clearColor(DeviceImage rt, float r, float g, float b, float a, boolean predicated) {
        if (clears.transfer && !predicated) {
            transferClear(rt, stack -> vkCmdClearColorImage(cmd, rt.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                    org.lwjgl.vulkan.VkClearColorValue.calloc(stack).float32(0, r).float32(1, g).float32(2, b)
                            .float32(3, a), DeviceImage.range(stack, VK_IMAGE_ASPECT_COLOR_BIT)));
            return;
        }
        if (clears.deferColour && !predicated && !(rendering && renderRt == rt)) {
            PendingClear p = pendingClears.computeIfAbsent(rt, k -> new PendingClear());
            p.color = new float[] {r, g, b, a};
            return;
        }
        if (!(rendering && renderRt == rt)) {
            beginRendering(rt, null);
        }
        try (MemoryStack stack = stackPush()) {
            VkClearAttachment.Buffer att = VkClearAttachment.calloc(1, stack).aspectMask(VK_IMAGE_ASPECT_COLOR_BIT)
                    .colorAttachment(0);
            att.get(0).clearValue().color().float32(0, r).float32(1, g).float32(2, b).float32(3, a);
            vkCmdClearAttachments(cmd, att, rect(stack, rt));
        }
    }

    /** ClearDepthStencilView of the aspects named (a format without stencil has no stencil to clear), as {@link #clearColor}. */
    void clearDepthStencil(DeviceImage ds, boolean depth, float d, boolean stencil, int s, boolean predicated) {
        boolean clearStencil = stencil && ds.hasStencil;
        int aspects = (depth ? VK_IMAGE_ASPECT_DEPTH_BIT : 0) | (clearStencil ? VK_IMAGE_ASPECT_STENCIL_BIT : 0);
        if (aspects == 0) {
            return;
        }
        if (clears.transfer && !predicated) {
            transferClear(ds, stack -> vkCmdClearDepthStencilImage(cmd, ds.image,
                    VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
                    org.lwjgl.vulkan.VkClearDepthStencilValue.calloc(stack).depth(d).stencil(s & 0xFF),
                    DeviceImage.range(stack, aspects)));
            return;
        }
        if (clears.deferDepth && !predicated && !(rendering && renderDs == ds)) {
            // Aspects accumulate: a depth clear does not undo a pending stencil clear.
            PendingClear p = pendingClears.computeIfAbsent(ds, k -> new PendingClear());
            if (depth) {
                p.depth = true;
                p.depthValue = d;
            }
            if (clearStencil) {
                p.stencil = true;
                p.stencilValue = s & 0xFF;
            }
            return;
        }
        if (!(rendering && renderDs == ds)) {
            beginRendering(null, ds);
        }
        try (MemoryStack stack = stackPush()) {
            VkClearAttachment.Buffer att = VkClearAttachment.calloc(1, stack).aspectMask(aspects);
            att.get(0).clearValue().depthStencil().depth(d).stencil(s & 0xFF);
            vkCmdClearAttachments(cmd, att, rect(stack, ds));
        }
    }

    /**
     * A clear as a transfer ({@link ClearTranslation#TRANSFER}): the instance ends; the image's
     * earlier attachment work before the transfer, into TRANSFER_DST_OPTIMAL; {@code clear}; the
     * clear before later attachment work, back in the attachment layout.
     */
    private void transferClear(DeviceImage img, java.util.function.Consumer<MemoryStack> clear) {
        endRendering();
        try (MemoryStack stack = stackPush()) {
            img.barrier(cmd, stack, ATTACHMENT_STAGES, VK_PIPELINE_STAGE_TRANSFER_BIT, img.attachmentLayout(),
                    VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_ACCESS_MEMORY_WRITE_BIT, VK_ACCESS_TRANSFER_WRITE_BIT);
            clear.accept(stack);
            img.barrier(cmd, stack, VK_PIPELINE_STAGE_TRANSFER_BIT, ATTACHMENT_STAGES,
                    VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, img.attachmentLayout(), VK_ACCESS_TRANSFER_WRITE_BIT,
                    VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT);
        }
    }

    private static VkClearRect.Buffer rect(MemoryStack stack, DeviceImage img) {
        VkClearRect.Buffer r = VkClearRect.calloc(1, stack).baseArrayLayer(0).layerCount(1);
        r.get(0).rect().offset().set(0, 0);
        r.get(0).rect().extent().set(img.width, img.height);
        return r;
    }

    void dispatch(long x, long y, long z) {
        pushSet = false;
        vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipelines.dispatch.pipeline());
        vkCmdDispatch(cmd, (int) x, (int) y, (int) z);
    }

    /** (the 64-bit value at {@code offset} != 0) into {@code word}, then a barrier for the conditional rendering that reads it. */
    void snapshotPredicate(DeviceBuffer src, long offset, Arena.Slice word) {
        access(src);
        pushSet = false;
        try (MemoryStack stack = stackPush()) {
            View s = view(src, offset, 8);
            Pipelines.Compute c = pipelines.predicate;
            vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c.pipeline());
            push(stack, c, new DeviceBuffer[] {src, word.buffer()}, new long[] {s.offset, word.offset()},
                    new long[] {s.range, 4});
            vkCmdPushConstants(cmd, c.layout(), VK_SHADER_STAGE_COMPUTE_BIT, 0, stack.ints(s.firstWord, 0));
            vkCmdDispatch(cmd, 1, 1, 1);
        }
        // The snapshot before the conditional rendering that reads it.
        barrier();
    }

    void beginConditional(Arena.Slice word, boolean inverted) {
        try (MemoryStack stack = stackPush()) {
            vkCmdBeginConditionalRenderingEXT(cmd, VkConditionalRenderingBeginInfoEXT.calloc(stack).sType$Default()
                    .buffer(word.buffer().handle).offset(word.offset())
                    .flags(inverted ? VK_CONDITIONAL_RENDERING_INVERTED_BIT_EXT : 0));
        }
    }

    void endConditional() {
        endRendering();
        vkCmdEndConditionalRenderingEXT(cmd);
    }

    /** CopyBufferRegion: a transfer, or under predication the copy shader (conditional rendering skips dispatches). */
    void copy(DeviceBuffer src, long srcOffset, DeviceBuffer dst, long dstOffset, long bytes, boolean predicated) {
        if (bytes == 0) {
            return;
        }
        access(src, dst);
        try (MemoryStack stack = stackPush()) {
            if (!predicated) {
                vkCmdCopyBuffer(cmd, src.handle, dst.handle,
                        VkBufferCopy.calloc(1, stack).srcOffset(srcOffset).dstOffset(dstOffset).size(bytes));
            } else {
                long firstWord = dstOffset / 4;
                long lastWord = (dstOffset + bytes - 1) / 4;
                int words = (int) (lastWord - firstWord + 1);
                Pipelines.Compute c = pipelines.copy;
                vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c.pipeline());
                push(stack, c, new DeviceBuffer[] {src, dst}, new long[] {0, 0},
                        new long[] {VK_WHOLE_SIZE, VK_WHOLE_SIZE});
                vkCmdPushConstants(cmd, c.layout(), VK_SHADER_STAGE_COMPUTE_BIT, 0,
                        stack.ints((int) srcOffset, (int) dstOffset, (int) bytes, (int) firstWord, words));
                pushSet = false;
                vkCmdDispatch(cmd, (words + 63) / 64, 1, 1);
            }
        }
    }

    /** {@code count} query results into {@code dst} at {@code offset}, summed as {@code table} says (query_sum.comp). */
    void sumQueries(Arena.Slice gathered, Arena.Slice table, DeviceBuffer dst, long offset, int count, int counters) {
        access(dst);
        pushSet = false;
        try (MemoryStack stack = stackPush()) {
            View d = view(dst, offset, 8L * count * counters);
            Pipelines.Compute c = pipelines.querySum;
            vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c.pipeline());
            push(stack, c, new DeviceBuffer[] {gathered.buffer(), table.buffer(), dst},
                    new long[] {gathered.offset(), table.offset(), d.offset},
                    new long[] {gathered.size(), table.size(), d.range});
            vkCmdPushConstants(cmd, c.layout(), VK_SHADER_STAGE_COMPUTE_BIT, 0, stack.ints(d.firstWord, count, counters));
            vkCmdDispatch(cmd, (count + 63) / 64, 1, 1);
        }
    }

    /** A storage view of {@code bytes} at {@code offset}: its aligned start, range, and the first word inside it. */
    private record View(long offset, long range, int firstWord) {
    }

    private View view(DeviceBuffer b, long offset, long bytes) {
        long align = dev.minStorageOffsetAlignment;
        long start = offset / align * align;
        long range = Math.min(b.size - start, offset - start + bytes + 16);
        return new View(start, range, (int) ((offset - start) / 4));
    }

    private void push(MemoryStack stack, Pipelines.Compute c, DeviceBuffer[] bufs, long[] offsets, long[] ranges) {
        VkWriteDescriptorSet.Buffer writes = VkWriteDescriptorSet.calloc(bufs.length, stack);
        for (int i = 0; i < bufs.length; i++) {
            VkDescriptorBufferInfo.Buffer info = VkDescriptorBufferInfo.calloc(1, stack).buffer(bufs[i].handle)
                    .offset(offsets[i]).range(ranges[i]);
            writes.get(i).sType$Default().dstBinding(i).descriptorCount(1)
                    .descriptorType(VK_DESCRIPTOR_TYPE_STORAGE_BUFFER).pBufferInfo(info);
        }
        vkCmdPushDescriptorSetKHR(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c.layout(), 0, writes);
    }
}
