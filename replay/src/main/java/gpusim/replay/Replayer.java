package gpusim.replay;

import static org.lwjgl.system.MemoryStack.stackPush;
import static org.lwjgl.vulkan.VK10.*;

import gpusim.api.CommandListType;
import gpusim.trace.Command;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import gpusim.trace.TopCommand;
import gpusim.trace.Trace;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.lwjgl.PointerBuffer;
import org.lwjgl.system.MemoryStack;
import org.lwjgl.system.MemoryUtil;
import org.lwjgl.vulkan.VkBufferCopy;
import org.lwjgl.vulkan.VkCommandBuffer;
import org.lwjgl.vulkan.VkCommandBufferAllocateInfo;
import org.lwjgl.vulkan.VkCommandBufferBeginInfo;
import org.lwjgl.vulkan.VkSubmitInfo;

/**
 * Runs a trace on a Vulkan device (docs/replay.md): its resources become buffers and images,
 * each {@code execute} one command buffer and one submission, the queues' fences an order of
 * submissions on the device's one queue. Nothing is read back before a {@code dump} or the
 * end, so timestamps time what the trace times.
 */
public final class Replayer implements AutoCloseable {
    /**
     * D3D12_QUERY_DATA_PIPELINE_STATISTICS's eleven counters, which Vulkan writes in the same
     * order (IAVertices .. CSInvocations: its flag bits 0..10 in bit order), 88 bytes a query.
     */
    static final int STATISTICS = VK_QUERY_PIPELINE_STATISTIC_INPUT_ASSEMBLY_VERTICES_BIT
            | VK_QUERY_PIPELINE_STATISTIC_INPUT_ASSEMBLY_PRIMITIVES_BIT
            | VK_QUERY_PIPELINE_STATISTIC_VERTEX_SHADER_INVOCATIONS_BIT
            | VK_QUERY_PIPELINE_STATISTIC_GEOMETRY_SHADER_INVOCATIONS_BIT
            | VK_QUERY_PIPELINE_STATISTIC_GEOMETRY_SHADER_PRIMITIVES_BIT
            | VK_QUERY_PIPELINE_STATISTIC_CLIPPING_INVOCATIONS_BIT
            | VK_QUERY_PIPELINE_STATISTIC_CLIPPING_PRIMITIVES_BIT
            | VK_QUERY_PIPELINE_STATISTIC_FRAGMENT_SHADER_INVOCATIONS_BIT
            | VK_QUERY_PIPELINE_STATISTIC_TESSELLATION_CONTROL_SHADER_PATCHES_BIT
            | VK_QUERY_PIPELINE_STATISTIC_TESSELLATION_EVALUATION_SHADER_INVOCATIONS_BIT
            | VK_QUERY_PIPELINE_STATISTIC_COMPUTE_SHADER_INVOCATIONS_BIT;
    static final int STATISTICS_COUNTERS = 11;

    private final VulkanDevice dev;
    private final Pipelines pipelines;

    private final ClearTranslation clears;

    /** A replayer that records clears in the default form, {@link ClearTranslation#DEFAULT}. */
    public Replayer(VulkanDevice dev) {
        this(dev, ClearTranslation.DEFAULT);
    }

    public Replayer(VulkanDevice dev, ClearTranslation clears) {
        this.dev = dev;
        this.pipelines = new Pipelines(dev);
        this.clears = clears;
    }

    public DeviceInfo device() {
        return dev.info();
    }

    /** Throws a {@link ReplayException} naming the first thing of {@code trace} this device cannot replay. */
    public void check(Trace trace) {
        Translation.check(trace, dev);
    }

    /** Replays {@code trace} once on fresh resources. */
    public ReplayResult run(Trace trace) {
        return run(trace, false);
    }

    /** Replays {@code trace} once on fresh resources; with {@code pictures}, reads every render target back at the end. */
    public ReplayResult run(Trace trace, boolean pictures) {
        check(trace);
        try (Session s = new Session(trace)) {
            ReplayResult r = s.run();
            return pictures ? new ReplayResult(r.device(), r.dumps(), r.timestamps(), r.hostNanos(), s.pictures())
                    : r;
        }
    }

    @Override
    public void close() {
        vkDeviceWaitIdle(dev.device);
        pipelines.close();
    }

    /** The state of one D3D query slot: where its Vulkan results are once it has ended. */
    private static final class Slot {
        boolean ended;
        /** Occlusion: Vulkan queries [first, end) of the draws while it was active. */
        int first;
        int end;
        /** Timestamp: the Vulkan query written, or -1. */
        int timestamp = -1;
    }

    /** One replay: the trace's resources on the device and the state of the submission order. */
    private final class Session implements AutoCloseable {
        private final Trace trace;
        private final Map<Resource.Buffer, DeviceBuffer> buffers = new IdentityHashMap<>();
        private final Map<Object, DeviceImage> images = new IdentityHashMap<>();
        private final Map<Resource.VertexBuffer, Long> vertexOffsets = new IdentityHashMap<>();
        private final Map<Resource.IndexBuffer, Long> indexOffsets = new IdentityHashMap<>();
        private final Map<Resource.QueryHeap, Slot[]> slots = new IdentityHashMap<>();
        private final Map<String, Long> fences = new HashMap<>();
        private final EnumMap<CommandListType, Deque<TopCommand>> queues = new EnumMap<>(CommandListType.class);
        private final List<VkCommandBuffer> inFlight = new ArrayList<>();
        private final List<ReplayResult.Dump> dumps = new ArrayList<>();
        private final List<PendingTimestamp> timestamps = new ArrayList<>();
        private final QueryPools occlusion;
        private final QueryPools statistics;
        private final QueryPools timestampPools;
        private final Arena arena;
        private DeviceBuffer geometry;

        private record PendingTimestamp(String heap, int index, int line, int id) {
        }

        Session(Trace trace) {
            this.trace = trace;
            occlusion = new QueryPools(dev, VK_QUERY_TYPE_OCCLUSION);
            statistics = new QueryPools(dev, VK_QUERY_TYPE_PIPELINE_STATISTICS, STATISTICS);
            timestampPools = new QueryPools(dev, VK_QUERY_TYPE_TIMESTAMP);
            arena = new Arena(dev);
        }

        ReplayResult run() {
            create();
            long t0 = System.nanoTime();
            for (TopCommand c : trace.submissions()) {
                if (c instanceof TopCommand.Execute e) {
                    queues.computeIfAbsent(e.queue(), q -> new ArrayDeque<>()).add(c);
                    pump();
                } else if (c instanceof TopCommand.Signal sg) {
                    queues.computeIfAbsent(sg.queue(), q -> new ArrayDeque<>()).add(c);
                    pump();
                } else if (c instanceof TopCommand.Wait w) {
                    queues.computeIfAbsent(w.queue(), q -> new ArrayDeque<>()).add(c);
                    pump();
                } else if (c instanceof TopCommand.WaitIdle) {
                    drain();
                } else if (c instanceof TopCommand.Dump d) {
                    drain();
                    dumps.add(dump(d));
                }
            }
            drain();
            long t1 = System.nanoTime();
            List<ReplayResult.Timestamp> ts = new ArrayList<>();
            if (!timestamps.isEmpty()) {
                long[] ticks = timestampPools.results(0, timestampPools.count());
                int bits = dev.info().timestampValidBits();
                long mask = bits >= 64 ? -1L : (1L << bits) - 1;
                for (PendingTimestamp p : timestamps) {
                    ts.add(new ReplayResult.Timestamp(p.heap, p.index, p.line, ticks[p.id] & mask));
                }
            }
            return new ReplayResult(dev.info(), List.copyOf(dumps), List.copyOf(ts), t1 - t0);
        }

        /** Every render target, resolved to one sample by the device, read back (after the run). */
        List<ReplayResult.Picture> pictures() {
            List<ReplayResult.Picture> out = new ArrayList<>();
            for (Resource r : trace.resources()) {
                if (r instanceof Resource.RenderTarget rt) {
                    out.add(picture(rt.name(), images.get(rt)));
                }
            }
            return out;
        }

        private ReplayResult.Picture picture(String name, DeviceImage img) {
            long bytes = 4L * img.width * img.height;
            DeviceImage single = img.samples > 1 ? new DeviceImage(dev, img.width, img.height, 1, null) : null;
            try (DeviceBuffer host = new DeviceBuffer(dev, bytes, true); MemoryStack stack = stackPush()) {
                VkCommandBuffer cmd = begin();
                Recorder.fullBarrier(cmd);
                transition(cmd, img, img.attachmentLayout(), VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
                DeviceImage src = img;
                if (single != null) {
                    transition(cmd, single, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
                    org.lwjgl.vulkan.VkImageResolve.Buffer rr = org.lwjgl.vulkan.VkImageResolve.calloc(1, stack);
                    rr.get(0).srcSubresource().aspectMask(VK_IMAGE_ASPECT_COLOR_BIT).layerCount(1);
                    rr.get(0).dstSubresource().aspectMask(VK_IMAGE_ASPECT_COLOR_BIT).layerCount(1);
                    rr.get(0).extent().set(img.width, img.height, 1);
                    vkCmdResolveImage(cmd, img.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, single.image,
                            VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, rr);
                    transition(cmd, single, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL);
                    src = single;
                }
                org.lwjgl.vulkan.VkBufferImageCopy.Buffer copy = org.lwjgl.vulkan.VkBufferImageCopy.calloc(1, stack);
                copy.get(0).imageSubresource().aspectMask(VK_IMAGE_ASPECT_COLOR_BIT).layerCount(1);
                copy.get(0).imageExtent().set(img.width, img.height, 1);
                vkCmdCopyImageToBuffer(cmd, src.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, host.handle, copy);
                transition(cmd, img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, img.attachmentLayout());
                submit(cmd);
                drain();
                int[] rgba = new int[img.width * img.height];
                for (int i = 0; i < rgba.length; i++) {
                    rgba[i] = MemoryUtil.memGetInt(host.mapped + 4L * i);
                }
                return new ReplayResult.Picture(name, img.width, img.height, rgba);
            } finally {
                if (single != null) {
                    single.close();
                }
            }
        }

        /** Buffers (zero-filled), images (zero: colour 0, depth 0.0, stencil 0), vertex and index data. */
        private void create() {
            for (Resource r : trace.resources()) {
                if (r instanceof Resource.Buffer b) {
                    buffers.put(b, new DeviceBuffer(dev, b.size(), false));
                } else if (r instanceof Resource.RenderTarget rt) {
                    images.put(rt, new DeviceImage(dev, rt.width(), rt.height(), rt.samples(), null));
                } else if (r instanceof Resource.DepthStencil ds) {
                    images.put(ds, new DeviceImage(dev, ds.width(), ds.height(), ds.samples(), ds.format()));
                } else if (r instanceof Resource.QueryHeap h) {
                    Slot[] s = new Slot[h.count()];
                    for (int i = 0; i < s.length; i++) {
                        s[i] = new Slot();
                    }
                    slots.put(h, s);
                } else if (r instanceof Resource.Fence f) {
                    fences.put(f.name(), f.initial());
                }
            }
            long bytes = 0;
            for (Resource r : trace.resources()) {
                if (r instanceof Resource.VertexBuffer vb) {
                    vertexOffsets.put(vb, bytes);
                    bytes += (long) vb.vertexCount() * Resource.VertexBuffer.BYTES_PER_VERTEX;
                } else if (r instanceof Resource.IndexBuffer ib) {
                    indexOffsets.put(ib, bytes);
                    bytes += (long) ib.indexCount() * ib.format().bytes();
                    bytes = (bytes + 3) & ~3L;
                }
            }
            DeviceBuffer staging = bytes > 0 ? new DeviceBuffer(dev, bytes, true) : null;
            if (staging != null) {
                geometry = new DeviceBuffer(dev, bytes, false);
                for (Map.Entry<Resource.VertexBuffer, Long> e : vertexOffsets.entrySet()) {
                    float[] data = e.getKey().data();
                    long at = staging.mapped + e.getValue();
                    for (int i = 0; i < e.getKey().vertexCount() * Resource.VertexBuffer.FLOATS_PER_VERTEX; i++) {
                        MemoryUtil.memPutFloat(at + 4L * i, data[i]);
                    }
                }
                for (Map.Entry<Resource.IndexBuffer, Long> e : indexOffsets.entrySet()) {
                    int[] idx = e.getKey().indices();
                    int size = e.getKey().format().bytes();
                    long at = staging.mapped + e.getValue();
                    for (int i = 0; i < e.getKey().indexCount(); i++) {
                        if (size == 2) {
                            MemoryUtil.memPutShort(at + 2L * i, (short) idx[i]);
                        } else {
                            MemoryUtil.memPutInt(at + 4L * i, idx[i]);
                        }
                    }
                }
            }
            VkCommandBuffer cmd = begin();
            try (MemoryStack stack = stackPush()) {
                for (DeviceBuffer b : buffers.values()) {
                    vkCmdFillBuffer(cmd, b.handle, 0, VK_WHOLE_SIZE, 0);
                }
                if (staging != null) {
                    vkCmdCopyBuffer(cmd, staging.handle, geometry.handle,
                            VkBufferCopy.calloc(1, stack).srcOffset(0).dstOffset(0).size(bytes));
                }
                for (DeviceImage img : images.values()) {
                    transition(cmd, img, VK_IMAGE_LAYOUT_UNDEFINED, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL);
                    if (img.depth) {
                        org.lwjgl.vulkan.VkClearDepthStencilValue v = org.lwjgl.vulkan.VkClearDepthStencilValue
                                .calloc(stack).depth(0f).stencil(0);
                        vkCmdClearDepthStencilImage(cmd, img.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, v,
                                DeviceImage.range(stack, img.aspects()));
                    } else {
                        org.lwjgl.vulkan.VkClearColorValue v = org.lwjgl.vulkan.VkClearColorValue.calloc(stack);
                        vkCmdClearColorImage(cmd, img.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, v,
                                DeviceImage.range(stack, img.aspects()));
                    }
                    transition(cmd, img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, img.attachmentLayout());
                }
                Recorder.fullBarrier(cmd);
            }
            submit(cmd);
            drain();
            if (staging != null) {
                staging.close();
            }
        }

        private void transition(VkCommandBuffer cmd, DeviceImage img, int from, int to) {
            try (MemoryStack stack = stackPush()) {
                img.barrier(cmd, stack, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, from,
                        to, VK_ACCESS_MEMORY_WRITE_BIT, VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT);
            }
        }

        /**
         * Submits what the queues can run now, in an order their fences allow: a queue's head
         * runs unless it waits for a fence value not yet signalled (trace-format.md, "Queues,
         * fences and video decode"); one device queue then runs them in that order.
         */
        private void pump() {
            boolean progress = true;
            while (progress) {
                progress = false;
                for (Deque<TopCommand> q : queues.values()) {
                    while (!q.isEmpty()) {
                        TopCommand head = q.peek();
                        if (head instanceof TopCommand.Wait w && fences.get(w.fence().name()) < w.value()) {
                            break;
                        }
                        q.poll();
                        progress = true;
                        if (head instanceof TopCommand.Signal sg) {
                            fences.put(sg.fence().name(), sg.value());
                        } else if (head instanceof TopCommand.Execute e) {
                            execute(e);
                        }
                    }
                }
            }
        }

        /** Everything submitted completes (the CPU's wait): the validator has refused traces that would wait forever. */
        private void drain() {
            pump();
            for (Deque<TopCommand> q : queues.values()) {
                if (!q.isEmpty()) {
                    throw new ReplayException(ReplayException.Kind.NOT_TRANSLATABLE, "line " + q.peek().line()
                            + ": a queue waits on a fence no submission signals");
                }
            }
            Vk.check(vkQueueWaitIdle(dev.queue), "vkQueueWaitIdle");
            for (VkCommandBuffer cb : inFlight) {
                vkFreeCommandBuffers(dev.device, dev.commandPool, cb);
            }
            inFlight.clear();
        }

        private void execute(TopCommand.Execute e) {
            VkCommandBuffer cmd = begin();
            // Work of earlier ExecuteCommandLists calls is ordered before this one's (D3D12 runs
            // them one after the other on a queue, with resource states decaying between them).
            Recorder.fullBarrier(cmd);
            Recorder rec = new Recorder(cmd);
            for (CommandList list : e.lists()) {
                rec.record(list);
            }
            submit(cmd);
        }

        private VkCommandBuffer begin() {
            try (MemoryStack stack = stackPush()) {
                VkCommandBufferAllocateInfo ai = VkCommandBufferAllocateInfo.calloc(stack).sType$Default()
                        .commandPool(dev.commandPool).level(VK_COMMAND_BUFFER_LEVEL_PRIMARY).commandBufferCount(1);
                PointerBuffer pp = stack.mallocPointer(1);
                Vk.check(vkAllocateCommandBuffers(dev.device, ai, pp), "vkAllocateCommandBuffers");
                VkCommandBuffer cmd = new VkCommandBuffer(pp.get(0), dev.device);
                Vk.check(vkBeginCommandBuffer(cmd, VkCommandBufferBeginInfo.calloc(stack).sType$Default()
                        .flags(VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT)), "vkBeginCommandBuffer");
                return cmd;
            }
        }

        private void submit(VkCommandBuffer cmd) {
            Vk.check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
            try (MemoryStack stack = stackPush()) {
                VkSubmitInfo si = VkSubmitInfo.calloc(stack).sType$Default().pCommandBuffers(stack.pointers(cmd));
                Vk.check(vkQueueSubmit(dev.queue, si, VK_NULL_HANDLE), "vkQueueSubmit");
            }
            inFlight.add(cmd);
        }

        private ReplayResult.Dump dump(TopCommand.Dump d) {
            long bytes = d.count() * 8;
            long[] values = new long[(int) d.count()];
            if (bytes > 0) {
                try (DeviceBuffer staging = new DeviceBuffer(dev, bytes, true); MemoryStack stack = stackPush()) {
                    VkCommandBuffer cmd = begin();
                    Recorder.fullBarrier(cmd);
                    vkCmdCopyBuffer(cmd, buffers.get(d.buffer()).handle, staging.handle,
                            VkBufferCopy.calloc(1, stack).srcOffset(d.offset()).dstOffset(0).size(bytes));
                    Recorder.fullBarrier(cmd);
                    submit(cmd);
                    drain();
                    for (int i = 0; i < values.length; i++) {
                        values[i] = MemoryUtil.memGetLong(staging.mapped + 8L * i);
                    }
                }
            }
            return new ReplayResult.Dump(d.buffer().name(), d.offset(), values, d.line());
        }

        @Override
        public void close() {
            vkDeviceWaitIdle(dev.device);
            for (VkCommandBuffer cb : inFlight) {
                vkFreeCommandBuffers(dev.device, dev.commandPool, cb);
            }
            inFlight.clear();
            buffers.values().forEach(DeviceBuffer::close);
            images.values().forEach(DeviceImage::close);
            if (geometry != null) {
                geometry.close();
            }
            occlusion.close();
            statistics.close();
            timestampPools.close();
            arena.close();
        }

        /**
         * Records one execute's command lists into a command buffer. Each list starts from
         * Direct3D 12's defaults (trace-format.md, "Defaults where Direct3D leaves a choice").
         */
        private final class Recorder {
            private final VkCommandBuffer cmd;
            private final RenderState rs;

            Recorder(VkCommandBuffer cmd) {
                this.cmd = cmd;
                this.rs = new RenderState(dev, pipelines, cmd, clears);
            }

            static void fullBarrier(VkCommandBuffer cmd) {
                RenderState.memoryBarrier(cmd, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT);
            }

            void record(CommandList list) {
                ListState st = new ListState();
                List<Command> commands = list.commands();
                for (int i = 0; i < commands.size(); i++) {
                    Command c = commands.get(i);
                    if (c instanceof Command.EndQuery e && e.type() == gpusim.api.QueryType.TIMESTAMP
                            && Replayer.drawsNext(commands, i + 1)) {
                        // The instance the next draw needs is opened before the timestamp, so that its
                        // opening (an attachment barrier after an instance that a resolve or copy ended:
                        // Vulkan's cost, not the trace's; D3D12 has no instances) lies before t0, not
                        // between the timestamps (docs/replay.md, "Timestamps and rendering instances").
                        rs.open(st.rt, st.ds);
                    }
                    command(st, c);
                }
                rs.flushClears();
                rs.endRendering();
                if (st.predicated) {
                    rs.endConditional();
                }
            }

            private void command(ListState st, Command c) {
                if (c instanceof Command.SetPipelineState p) {
                    st.pso = p.pso().state();
                } else if (c instanceof Command.SetRenderTargets t) {
                    st.rt = t.rt() == null ? null : images.get(t.rt());
                    st.ds = t.ds() == null ? null : images.get(t.ds());
                } else if (c instanceof Command.SetViewport v) {
                    st.viewport = v;
                } else if (c instanceof Command.SetScissor s) {
                    st.scissor = s;
                } else if (c instanceof Command.SetStencilRef r) {
                    st.stencilRef = r.ref();
                } else if (c instanceof Command.SetTransform t) {
                    st.transform = t.m();
                } else if (c instanceof Command.SetVertexBuffer v) {
                    st.vb = v.vb();
                } else if (c instanceof Command.SetIndexBuffer i) {
                    st.ib = i.ib();
                } else if (c instanceof Command.ClearRenderTarget cl) {
                    rs.clearColor(images.get(cl.rt()), cl.r(), cl.g(), cl.b(), cl.a(), st.predicated);
                } else if (c instanceof Command.ClearDepthStencil cl) {
                    rs.clearDepthStencil(images.get(cl.ds()), cl.clearDepth(), cl.depth(), cl.clearStencil(),
                            cl.stencil(), st.predicated);
                } else if (c instanceof Command.Draw d) {
                    draw(st, d.vertexCount(), d.startVertex(), d.instances(), d.startInstance(), false, 0);
                } else if (c instanceof Command.DrawIndexed d) {
                    draw(st, d.indexCount(), d.startIndex(), d.instances(), d.startInstance(), true, d.baseVertex());
                } else if (c instanceof Command.Dispatch d) {
                    rs.endRendering();
                    int stats = st.activeStatistics.isEmpty() ? -1 : statistics.allocate();
                    if (stats >= 0) {
                        vkCmdBeginQuery(cmd, statistics.pool(stats), QueryPools.index(stats), 0);
                    }
                    rs.dispatch(d.x(), d.y(), d.z());
                    if (stats >= 0) {
                        vkCmdEndQuery(cmd, statistics.pool(stats), QueryPools.index(stats));
                    }
                } else if (c instanceof Command.BeginQuery b) {
                    Slot s = slots.get(b.heap())[b.index()];
                    s.ended = false;
                    if (b.type() == gpusim.api.QueryType.PIPELINE_STATISTICS) {
                        s.first = statistics.count();
                        st.activeStatistics.add(key(b.heap(), b.index()));
                    } else if (b.type() != gpusim.api.QueryType.TIMESTAMP) {
                        s.first = occlusion.count();
                        st.active.put(key(b.heap(), b.index()), b.type() == gpusim.api.QueryType.OCCLUSION);
                    }
                } else if (c instanceof Command.EndQuery e) {
                    Slot s = slots.get(e.heap())[e.index()];
                    if (e.type() == gpusim.api.QueryType.TIMESTAMP) {
                        int id = timestampPools.allocate();
                        vkCmdWriteTimestamp(cmd, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT, timestampPools.pool(id),
                                QueryPools.index(id));
                        s.timestamp = id;
                        s.ended = true;
                        timestamps.add(new PendingTimestamp(e.heap().name(), e.index(), e.line(), id));
                    } else if (e.type() == gpusim.api.QueryType.PIPELINE_STATISTICS) {
                        st.activeStatistics.remove(key(e.heap(), e.index()));
                        s.end = statistics.count();
                        s.ended = true;
                    } else {
                        st.active.remove(key(e.heap(), e.index()));
                        s.end = occlusion.count();
                        s.ended = true;
                    }
                } else if (c instanceof Command.ResolveQueryData r) {
                    resolve(r);
                } else if (c instanceof Command.ResourceBarrier) {
                    // A transition barrier is a barrier on the device too (what a D3D12 driver records).
                    rs.barrier();
                } else if (c instanceof Command.SetPredication p) {
                    rs.endRendering();
                    if (st.predicated) {
                        rs.endConditional();
                        st.predicated = false;
                    }
                    if (p.buffer() != null) {
                        Arena.Slice word = arena.take(4);
                        rs.snapshotPredicate(buffers.get(p.buffer()), p.offset(), word);
                        rs.beginConditional(word, p.op() == gpusim.api.PredicationOp.NOT_EQUAL_ZERO);
                        st.predicated = true;
                    }
                } else if (c instanceof Command.CopyBufferRegion cp) {
                    rs.copy(buffers.get(cp.src()), cp.srcOffset(), buffers.get(cp.dst()), cp.dstOffset(), cp.bytes(),
                            st.predicated);
                }
            }

            private QueryKey key(Resource.QueryHeap heap, int index) {
                return new QueryKey(heap.name(), index);
            }

            private void draw(ListState st, long count, long start, long instances, long startInstance,
                              boolean indexed, long baseVertex) {
                int query = st.active.isEmpty() ? -1 : occlusion.allocate();
                int stats = st.activeStatistics.isEmpty() ? -1 : statistics.allocate();
                boolean drawn = st.pso != null && st.vb != null && (!indexed || st.ib != null)
                        && rs.prepare(st, geometry, vertexOffsets.get(st.vb), indexed ? st.ib : null,
                                indexed ? indexOffsets.get(st.ib) : 0);
                if (query >= 0) {
                    // Precise counts when an OCCLUSION query is among the active ones; BINARY_OCCLUSION
                    // alone may be non-precise (its result is only zero or not).
                    boolean precise = st.active.containsValue(Boolean.TRUE);
                    vkCmdBeginQuery(cmd, occlusion.pool(query), QueryPools.index(query),
                            precise ? VK_QUERY_CONTROL_PRECISE_BIT : 0);
                }
                if (stats >= 0) {
                    vkCmdBeginQuery(cmd, statistics.pool(stats), QueryPools.index(stats), 0);
                }
                if (drawn) {
                    if (indexed) {
                        vkCmdDrawIndexed(cmd, (int) count, (int) instances, (int) start, (int) baseVertex,
                                (int) startInstance);
                    } else {
                        vkCmdDraw(cmd, (int) count, (int) instances, (int) start, (int) startInstance);
                    }
                }
                if (stats >= 0) {
                    vkCmdEndQuery(cmd, statistics.pool(stats), QueryPools.index(stats));
                }
                if (query >= 0) {
                    vkCmdEndQuery(cmd, occlusion.pool(query), QueryPools.index(query));
                }
            }

            /**
             * ResolveQueryData. One vkCmdCopyQueryPoolResults when each query is one Vulkan query and
             * they are consecutive (the common case: one query around each draw, or timestamps written
             * in order); otherwise per query, summing through {@code query_sum.comp}.
             */
            private void resolve(Command.ResolveQueryData r) {
                Slot[] s = slots.get(r.heap());
                DeviceBuffer dst = buffers.get(r.buffer());
                rs.access(dst);
                boolean ts = r.type() == gpusim.api.QueryType.TIMESTAMP;
                boolean binary = r.type() == gpusim.api.QueryType.BINARY_OCCLUSION;
                boolean stats = r.type() == gpusim.api.QueryType.PIPELINE_STATISTICS;
                int counters = stats ? STATISTICS_COUNTERS : 1;
                int stride = 8 * counters;
                QueryPools pools = ts ? timestampPools : stats ? statistics : occlusion;
                int first = ts ? s[r.start()].timestamp : s[r.start()].first;
                boolean direct = !binary && first >= 0;
                for (int i = 0; i < r.count() && direct; i++) {
                    Slot q = s[r.start() + i];
                    direct = q.ended && (ts ? q.timestamp == first + i : q.first == first + i && q.end == first + i + 1);
                }
                if (direct) {
                    copyResults(pools, first, r.count(), dst.handle, r.offset(), stride);
                } else if (ts) {
                    for (int i = 0; i < r.count(); i++) {
                        Slot q = s[r.start() + i];
                        long at = r.offset() + 8L * i;
                        if (q.ended && q.timestamp >= 0) {
                            copyResults(pools, q.timestamp, 1, dst.handle, at, 8);
                        } else {
                            vkCmdFillBuffer(cmd, dst.handle, at, 8, 0);
                        }
                    }
                } else {
                    int total = 0;
                    for (int i = 0; i < r.count(); i++) {
                        Slot q = s[r.start() + i];
                        total += q.ended ? q.end - q.first : 0;
                    }
                    Arena.Slice gathered = arena.take((long) stride * Math.max(1, total));
                    Arena.Slice table = arena.take(16L * r.count());
                    // Each query's results gathered in order; runs of consecutive Vulkan queries copied at once.
                    int at = 0;
                    int runFirst = -1;
                    int runLength = 0;
                    int runAt = 0;
                    for (int i = 0; i < r.count(); i++) {
                        Slot q = s[r.start() + i];
                        int n = q.ended ? q.end - q.first : 0;
                        long e = table.address() + 16L * i;
                        MemoryUtil.memPutInt(e, at);
                        MemoryUtil.memPutInt(e + 4, n);
                        MemoryUtil.memPutInt(e + 8, binary ? 1 : 0);
                        MemoryUtil.memPutInt(e + 12, 0);
                        if (n == 0) {
                            continue;
                        }
                        if (runLength > 0 && q.first == runFirst + runLength) {
                            runLength += n;
                        } else {
                            if (runLength > 0) {
                                copyResults(pools, runFirst, runLength, gathered.buffer().handle,
                                        gathered.offset() + (long) stride * runAt, stride);
                            }
                            runFirst = q.first;
                            runLength = n;
                            runAt = at;
                        }
                        at += n;
                    }
                    if (runLength > 0) {
                        copyResults(pools, runFirst, runLength, gathered.buffer().handle,
                                gathered.offset() + (long) stride * runAt, stride);
                    }
                    // The gathered results before the shader that sums them.
                    rs.barrier();
                    rs.sumQueries(gathered, table, dst, r.offset(), r.count(), counters);
                }
            }

            /** vkCmdCopyQueryPoolResults of queries first .. first + n - 1, one copy a pool they span. */
            private void copyResults(QueryPools pools, int first, int n, long buffer, long offset, int stride) {
                int done = 0;
                while (done < n) {
                    int id = first + done;
                    int len = Math.min(n - done, QueryPools.CHUNK - QueryPools.index(id));
                    vkCmdCopyQueryPoolResults(cmd, pools.pool(id), QueryPools.index(id), len, buffer,
                            offset + (long) stride * done, stride, VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT);
                    done += len;
                }
            }
        }
    }

    /**
     * Whether a draw comes next from {@code from} on, with only commands between that neither
     * end a rendering instance nor change its targets (state, queries, timestamps).
     */
    static boolean drawsNext(List<Command> commands, int from) {
        for (int i = from; i < commands.size(); i++) {
            Command c = commands.get(i);
            if (c instanceof Command.Draw || c instanceof Command.DrawIndexed) {
                return true;
            }
            if (!(c instanceof Command.SetPipelineState || c instanceof Command.SetViewport
                    || c instanceof Command.SetScissor || c instanceof Command.SetStencilRef
                    || c instanceof Command.SetTransform || c instanceof Command.SetVertexBuffer
                    || c instanceof Command.SetIndexBuffer || c instanceof Command.BeginQuery
                    || c instanceof Command.EndQuery)) {
                return false;
            }
        }
        return false;
    }

    /** A D3D query: its heap's name (unique in a trace) and index. */
    record QueryKey(String heap, int index) {
    }

    /** The state a command list has set, from Direct3D 12's defaults. */
    static final class ListState {
        gpusim.trace.PipelineState pso;
        DeviceImage rt;
        DeviceImage ds;
        Command.SetViewport viewport;
        Command.SetScissor scissor;
        int stencilRef;
        float[] transform = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        Resource.VertexBuffer vb;
        Resource.IndexBuffer ib;
        boolean predicated;
        /** Active occlusion queries (by heap and index): true for OCCLUSION, false for BINARY_OCCLUSION. */
        final Map<QueryKey, Boolean> active = new HashMap<>();
        /** Active PIPELINE_STATISTICS queries. */
        final java.util.Set<QueryKey> activeStatistics = new java.util.HashSet<>();
    }
}
