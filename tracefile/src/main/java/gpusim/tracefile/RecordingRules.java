package gpusim.tracefile;

import gpusim.api.CommandListType;
import gpusim.api.D3D11Query;
import gpusim.api.WriteQueryFlag;
import gpusim.api.QueryType;
import gpusim.trace.Command;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import gpusim.trace.SoTargetView;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The rules a command list breaks, or not, when it is recorded: everything that depends
 * only on the list itself (its type, the state it binds, its begin/end pairs), checked
 * once per list whatever number of times it is executed. Debug-layer rules are skipped
 * when the debug layer is off.
 */
final class RecordingRules {
    /**
     * One element of one query heap. A plain class with identity-based hashing of the heap:
     * record equals/hashCode would hash every field of the heap record, and bootstrap
     * through invokedynamic in a fresh JVM.
     */
    private static final class QueryKey {
        final Resource.QueryHeap heap;
        final int index;

        QueryKey(Resource.QueryHeap heap, int index) {
            this.heap = heap;
            this.index = index;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof QueryKey k && k.heap == heap && k.index == index;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(heap) * 31 + index;
        }
    }

    private final String file;
    private final boolean debug;
    private final IndexRanges indexRanges = new IndexRanges();

    private int dbCount = 1;

    /** The number of depth blocks WriteQuery(OCCLUSION) results are written for. */
    RecordingRules dbCount(int n) {
        this.dbCount = n;
        return this;
    }

    private boolean perUnitCounters = true;

    /** Whether the back end has per-unit occlusion counters for WriteQuery(OCCLUSION) to write (not on the ROPs). */
    RecordingRules perUnitCounters(boolean yes) {
        this.perUnitCounters = yes;
        return this;
    }

    RecordingRules(String file, boolean debugLayer) {
        this.file = file;
        this.debug = debugLayer;
    }

    private TraceException error(int line, Rule rule, String explanation) {
        return new TraceException(file, line, rule, explanation);
    }

    void check(CommandList list) {
        CommandListType type = list.type();
        Resource.VertexBuffer vb = null;
        Resource.IndexBuffer ib = null;
        boolean pso = false;
        // Begun, not yet ended queries of this list, in begin order.
        Map<QueryKey, Command.BeginQuery> active = new LinkedHashMap<>();
        for (Command c : list.commands()) {
            int line = c.line();
            decodeListCommand(type, c);
            if (c instanceof Command.DecodeFrame f) {
                checkDecodeFrame(f);
            } else if (c instanceof Command.Draw d) {
                graphicsOnly(type, line, "draw");
                requirePso(pso, line, "draw");
                if (d.vertexCount() > 0 && d.instances() > 0) {
                    if (vb == null) {
                        throw error(line, Rule.NO_VERTEX_BUFFER, "draw reads vertices but this command list has set no vertex buffer");
                    }
                    if (d.startVertex() + d.vertexCount() > vb.vertexCount()) {
                        throw error(line, Rule.VERTEX_OUT_OF_RANGE, "draw reads vertices " + d.startVertex() + ".."
                                + (d.startVertex() + d.vertexCount() - 1) + " but vertex buffer " + vb.name()
                                + " has " + vb.vertexCount());
                    }
                }
            } else if (c instanceof Command.DrawIndexed d) {
                graphicsOnly(type, line, "draw_indexed");
                requirePso(pso, line, "draw_indexed");
                if (d.indexCount() > 0 && d.instances() > 0) {
                    checkIndexedDraw(d, ib, vb);
                }
            } else if (c instanceof Command.BeginQuery q) {
                checkQuery(q.heap(), q.type(), q.index(), type, line, "begin_query");
                // D3D12_QUERY_TYPE_VIDEO_DECODE_STATISTICS does not use BeginQuery, only EndQuery
                // (the D3D12_QUERY_TYPE documentation).
                if (q.type() == QueryType.VIDEO_DECODE_STATISTICS) {
                    throw error(line, Rule.BEGIN_ON_VIDEO_DECODE_STATISTICS, "VIDEO_DECODE_STATISTICS queries use "
                            + "end_query only (ID3D12VideoDecodeCommandList::EndQuery); they cannot be begun");
                }
                // D3D12 core runtime and debug layer: BeginQuery on a timestamp query is illegal
                // (the Direct3D 12 "Queries" documentation).
                if (!q.type().needsBegin()) {
                    throw error(line, Rule.BEGIN_ON_TIMESTAMP, q.type() + " queries support end_query only; they cannot be begun");
                }
                QueryKey key = new QueryKey(q.heap(), q.index());
                Command.BeginQuery open = active.get(key);
                // D3D12 debug layer: beginning a query twice without ending it is illegal (D3D12 "Queries" page).
                if (debug && open != null) {
                    throw error(line, Rule.QUERY_BEGUN_TWICE, "query " + q.heap().name() + "[" + q.index()
                            + "] was begun at line " + open.line() + " and not ended");
                }
                active.put(key, q);
            } else if (c instanceof Command.EndQuery q) {
                checkQuery(q.heap(), q.type(), q.index(), type, line, "end_query");
                if (q.type().needsBegin()) {
                    Command.BeginQuery open = active.remove(new QueryKey(q.heap(), q.index()));
                    // D3D12 debug layer: ending a begin/end query before its begin is illegal (D3D12 "Queries" page).
                    if (debug && open == null) {
                        throw error(line, Rule.QUERY_END_WITHOUT_BEGIN, "query " + q.heap().name() + "[" + q.index()
                                + "] is ended but was not begun in this command list");
                    }
                    // D3D12 debug layer: EndQuery's type must match BeginQuery's (D3D12 "Queries" page).
                    if (debug && open.type() != q.type()) {
                        throw error(line, Rule.QUERY_TYPE_BEGIN_END_MISMATCH, "end_query " + q.type() + " ends query "
                                + q.heap().name() + "[" + q.index() + "] begun as " + open.type() + " at line " + open.line());
                    }
                }
            } else if (c instanceof Command.ResolveQueryData r) {
                checkResolve(r, type, active);
            } else if (c instanceof Command.SetPipelineState) {
                graphicsOnly(type, line, "set_pipeline_state");
                pso = true;
            } else if (c instanceof Command.SetVertexBuffer s) {
                graphicsOnly(type, line, "set_vertex_buffer");
                vb = s.vb();
            } else if (c instanceof Command.SetIndexBuffer s) {
                graphicsOnly(type, line, "set_index_buffer");
                ib = s.ib();
            } else if (c instanceof Command.SetRenderTargets s) {
                graphicsOnly(type, line, "set_render_targets");
                // The model renders one sample grid per draw: colour and depth must agree (D3D12: OMSetRenderTargets
                // needs matching sample descriptions).
                if (s.rt() != null && s.ds() != null && s.rt().samples() != s.ds().samples()) {
                    throw error(line, Rule.TARGET_SAMPLE_MISMATCH, "render target " + s.rt().name() + " has "
                            + s.rt().samples() + " samples but depth-stencil " + s.ds().name() + " has " + s.ds().samples());
                }
            } else if (c instanceof Command.ClearDepthStencil s) {
                graphicsOnly(type, line, "clear_depth_stencil");
                if (s.clearStencil() && !s.ds().format().hasStencil()) {
                    throw error(line, Rule.CLEAR_STENCIL_NO_STENCIL, "depth-stencil " + s.ds().name() + " is "
                            + s.ds().format() + ", which has no stencil to clear");
                }
            } else if (c instanceof Command.ClearRenderTarget) {
                graphicsOnly(type, line, "clear_render_target");
            } else if (c instanceof Command.SetViewport) {
                graphicsOnly(type, line, "set_viewport");
            } else if (c instanceof Command.SetScissor) {
                graphicsOnly(type, line, "set_scissor");
            } else if (c instanceof Command.SetStencilRef) {
                graphicsOnly(type, line, "set_stencil_ref");
            } else if (c instanceof Command.SetTransform) {
                graphicsOnly(type, line, "set_transform");
            } else if (c instanceof Command.Dispatch) {
                notOnCopy(type, line, "dispatch");
            } else if (c instanceof Command.SetPredication p) {
                notOnCopy(type, line, "set_predication");
                if (p.buffer() != null) {
                    checkPredication(p);
                }
            } else if (c instanceof Command.CopyBufferRegion cp) {
                checkCopy(cp);
            } else if (c instanceof Command.WriteQuery w) {
                checkWriteQuery(w, type);
            } else if (c instanceof Command.SetSoTargets so) {
                graphicsOnly(type, line, "set_so_targets");
                checkSoTargets(so);
            }
            // ResourceBarrier: its rule (BEFORE == current state) needs execution order; see ExecutionRules.
        }
        // D3D12 core runtime: a begin/end query must not span command lists (the D3D12 "Queries" documentation).
        if (!active.isEmpty()) {
            Command.BeginQuery open = active.values().iterator().next();
            throw error(list.closeLine(), Rule.QUERY_SPANS_LISTS, "query " + open.heap().name() + "[" + open.index()
                    + "] begun at line " + open.line() + " is not ended before command list " + list.name() + " closes");
        }
    }

    // ------------------------------------------------------------------ video decode

    /**
     * A VIDEO_DECODE list is an ID3D12VideoDecodeCommandList: of the format's commands it has
     * DecodeFrame, BeginQuery, EndQuery, ResolveQueryData and ResourceBarrier only; and
     * DecodeFrame exists on no other list type. No such method exists to call, so this is
     * checked whatever the debug layer.
     */
    private void decodeListCommand(CommandListType type, Command c) {
        boolean decode = type == CommandListType.VIDEO_DECODE;
        if (c instanceof Command.DecodeFrame) {
            if (!decode) {
                throw error(c.line(), Rule.DECODE_LIST_COMMAND, "decode_frame is ID3D12VideoDecodeCommandList::DecodeFrame; "
                        + "a " + type + " command list does not have it (use a VIDEO_DECODE list)");
            }
        } else if (decode && !(c instanceof Command.BeginQuery || c instanceof Command.EndQuery
                || c instanceof Command.ResolveQueryData || c instanceof Command.ResourceBarrier)) {
            throw error(c.line(), Rule.DECODE_LIST_COMMAND, "a VIDEO_DECODE command list (ID3D12VideoDecodeCommandList) "
                    + "takes decode_frame, begin_query, end_query, resolve_query_data and resource_barrier only");
        }
    }

    private void checkDecodeFrame(Command.DecodeFrame f) {
        Resource.Buffer buf = f.bitstream();
        if (buf != null && (f.offset() > buf.size() || f.bytes() > buf.size() - f.offset())) {
            throw error(f.line(), Rule.DECODE_BITSTREAM_RANGE, "decode_frame reads " + f.bytes() + " bitstream bytes at offset "
                    + f.offset() + " of buffer " + buf.name() + " (" + buf.size() + " bytes)");
        }
    }

    // ------------------------------------------------------------------ draws

    private void requirePso(boolean pso, int line, String cmd) {
        if (!pso) {
            throw error(line, Rule.NO_PIPELINE_STATE, cmd + " needs a pipeline state; none is set in this command list");
        }
    }

    private void checkIndexedDraw(Command.DrawIndexed d, Resource.IndexBuffer ib, Resource.VertexBuffer vb) {
        int line = d.line();
        if (ib == null) {
            throw error(line, Rule.NO_INDEX_BUFFER, "draw_indexed needs an index buffer; none is set in this command list");
        }
        if (d.startIndex() + d.indexCount() > ib.indexCount()) {
            throw error(line, Rule.INDEX_OUT_OF_RANGE, "draw_indexed reads indices " + d.startIndex() + ".."
                    + (d.startIndex() + d.indexCount() - 1) + " but index buffer " + ib.name() + " has " + ib.indexCount());
        }
        if (vb == null) {
            throw error(line, Rule.NO_VERTEX_BUFFER, "draw_indexed reads vertices but this command list has set no vertex buffer");
        }
        int start = (int) d.startIndex();
        int count = (int) d.indexCount();
        long[] mm = indexRanges.minMax(ib, start, count);
        long base = d.baseVertex();
        if (mm[0] + base < 0 || mm[1] + base >= vb.vertexCount()) {
            // Name the first offending index (only on the error path).
            for (int i = start; i < start + count; i++) {
                long v = Integer.toUnsignedLong(ib.indices()[i]) + base;
                if (v < 0 || v >= vb.vertexCount()) {
                    throw error(line, Rule.VERTEX_OUT_OF_RANGE, "index " + Integer.toUnsignedLong(ib.indices()[i])
                            + " (position " + i + " of " + ib.name() + ") + base_vertex " + base + " = " + v
                            + " is outside vertex buffer " + vb.name() + " (" + vb.vertexCount() + " vertices)");
                }
            }
        }
    }

    // ------------------------------------------------------------------ list types

    /** D3D12 debug layer: graphics commands are for DIRECT command lists only. */
    private void graphicsOnly(CommandListType type, int line, String cmd) {
        if (debug && type != CommandListType.DIRECT) {
            throw error(line, Rule.WRONG_LIST_TYPE, cmd + " is a graphics command; a " + type
                    + " command list does not support it");
        }
    }

    /** D3D12 debug layer: Dispatch and SetPredication are not supported on COPY command lists. */
    private void notOnCopy(CommandListType type, int line, String cmd) {
        if (debug && type != CommandListType.DIRECT && type != CommandListType.COMPUTE) {
            throw error(line, Rule.WRONG_LIST_TYPE, cmd + " is not supported on a " + type + " command list");
        }
    }

    // ------------------------------------------------------------------ queries

    /** D3D12 core runtime ("Queries" documentation): heap compatibility, list-type support, element index in range. */
    private void checkQuery(Resource.QueryHeap heap, QueryType type, int index, CommandListType listType, int line,
                            String cmd) {
        checkQueryType(heap, type, listType, line, cmd);
        if (index < 0 || index >= heap.count()) {
            throw error(line, Rule.QUERY_INDEX_OUT_OF_RANGE, cmd + " index " + index + " is outside query heap "
                    + heap.name() + " (count " + heap.count() + ")");
        }
    }

    private void checkQueryType(Resource.QueryHeap heap, QueryType type, CommandListType listType, int line,
                                String cmd) {
        if (!type.compatibleWith(heap.type())) {
            throw error(line, Rule.QUERY_TYPE_HEAP_MISMATCH, cmd + " " + type + " cannot use query heap "
                    + heap.name() + " of type " + heap.type());
        }
        if (!type.supportedOn(listType, heap.type())) {
            throw error(line, Rule.QUERY_TYPE_LIST_MISMATCH, "a " + listType + " command list does not support "
                    + type + " queries" + (type == QueryType.TIMESTAMP ? " in a " + heap.type() + " heap" : ""));
        }
    }

    /**
     * ResolveQueryData (the Direct3D 12 "Queries" documentation): the core runtime's range, alignment and size
     * rules, the debug layer's active-query rule.
     */
    private void checkResolve(Command.ResolveQueryData r, CommandListType listType,
                              Map<QueryKey, Command.BeginQuery> active) {
        int line = r.line();
        Resource.QueryHeap heap = r.heap();
        checkQueryType(heap, r.type(), listType, line, "resolve_query_data");
        long start = r.start();
        long count = r.count();
        if (start < 0 || count < 0 || start + count > heap.count()) {
            throw error(line, Rule.RESOLVE_RANGE, "queries " + start + ".." + (start + count - 1)
                    + " are outside query heap " + heap.name() + " (count " + heap.count() + ")");
        }
        if (r.offset() % 8 != 0) {
            throw error(line, Rule.RESOLVE_OFFSET_ALIGNMENT, "destination offset " + r.offset() + " is not a multiple of 8");
        }
        long bytes = count * r.type().resultBytes();
        Resource.Buffer buf = r.buffer();
        if (r.offset() < 0 || r.offset() > buf.size() || bytes > buf.size() - r.offset()) {
            throw error(line, Rule.RESOLVE_BUFFER_OVERFLOW, count + " " + r.type() + " results (" + bytes
                    + " bytes) at offset " + r.offset() + " do not fit buffer " + buf.name() + " (" + buf.size() + " bytes)");
        }
        if (debug) {
            for (Command.BeginQuery open : active.values()) {
                if (open.heap() == heap && open.index() >= start && open.index() < start + count) {
                    throw error(line, Rule.RESOLVE_ACTIVE_QUERY, "query " + heap.name() + "[" + open.index()
                            + "] begun at line " + open.line() + " is still active (not ended)");
                }
            }
        }
    }

    // ------------------------------------------------------------------ predication, copies, write_query

    /** SetPredication: the 64-bit value must be 8-byte aligned and inside the buffer (D3D12 core runtime). */
    private void checkPredication(Command.SetPredication p) {
        Resource.Buffer buf = p.buffer();
        if (p.offset() % 8 != 0) {
            throw error(p.line(), Rule.PREDICATION_OFFSET_ALIGNMENT, "predication offset " + p.offset()
                    + " is not a multiple of 8");
        }
        if (p.offset() < 0 || p.offset() > buf.size() - 8) {
            throw error(p.line(), Rule.PREDICATION_OFFSET_RANGE, "predication reads bytes " + p.offset() + ".."
                    + (p.offset() + 7) + " but buffer " + buf.name() + " has " + buf.size());
        }
    }

    private void checkCopy(Command.CopyBufferRegion cp) {
        int line = cp.line();
        // D3D12 debug layer: CopyBufferRegion's source and destination must be different resources.
        if (debug && cp.src() == cp.dst()) {
            throw error(line, Rule.COPY_SAME_RESOURCE, "copy_buffer_region copies buffer " + cp.src().name() + " onto itself");
        }
        checkCopyRange(line, "writes", cp.dst(), cp.dstOffset(), cp.bytes());
        checkCopyRange(line, "reads", cp.src(), cp.srcOffset(), cp.bytes());
    }

    private void checkCopyRange(int line, String verb, Resource.Buffer buf, long offset, long bytes) {
        if (offset < 0 || bytes < 0 || offset > buf.size() || bytes > buf.size() - offset) {
            throw error(line, Rule.COPY_RANGE, "copy_buffer_region " + verb + " " + bytes + " bytes at offset " + offset
                    + " of buffer " + buf.name() + " (" + buf.size() + " bytes)");
        }
    }

    /**
     * SOSetTargets (trace-format.md, "Additions: stream output"). Range: the model writes only
     * inside the view's buffer, and the debug layer checks that the filled size lies inside its
     * resource (Microsoft, "Stream Output Counters": "BufferFilledSizeOffsetInBytes is within the
     * range of the containing resource"). Alignment, debug layer: the same page's
     * "BufferFilledSizeOffsetInBytes is a multiple of 4"; OFFSET likewise, as stream-output data
     * is written in 32-bit components.
     */
    private void checkSoTargets(Command.SetSoTargets so) {
        int line = so.line();
        SoTargetView[] views = so.views();
        for (int slot = 0; slot < views.length; slot++) {
            SoTargetView v = views[slot];
            if (v == null) {
                continue;
            }
            Resource.Buffer b = v.buffer();
            if (v.offset() > b.size() || v.size() > b.size() - v.offset()) {
                throw error(line, Rule.SO_TARGET_RANGE, "slot " + slot + ": " + v.size() + " bytes at offset "
                        + v.offset() + " lie past the end of buffer " + b.name() + " (" + b.size() + " bytes)");
            }
            Resource.Buffer f = v.filledBuffer();
            if (f.size() < SoTargetView.FILLED_SIZE_BYTES || v.filledOffset() > f.size() - SoTargetView.FILLED_SIZE_BYTES) {
                throw error(line, Rule.SO_TARGET_RANGE, "slot " + slot + ": the 4-byte filled size at offset "
                        + v.filledOffset() + " lies past the end of buffer " + f.name() + " (" + f.size() + " bytes)");
            }
            if (debug && (v.offset() % 4 != 0 || v.filledOffset() % 4 != 0)) {
                throw error(line, Rule.SO_TARGET_ALIGNMENT, "slot " + slot + ": " + (v.offset() % 4 != 0
                        ? "OFFSET " + v.offset() : "FILLED_OFFSET " + v.filledOffset()) + " is not a multiple of 4");
            }
        }
    }

    /** ID3D11DeviceContextX::WriteQuery (the Xbox One XDK documentation). */
    private void checkWriteQuery(Command.WriteQuery w, CommandListType listType) {
        int line = w.line();
        graphicsOnly(listType, line, "write_query");
        int bytes = w.type().writeBytes();
        if (bytes == 0) {
            throw error(line, Rule.WRITE_QUERY_TYPE, "WriteQuery does not support " + w.type()
                    + " (TIMESTAMP_DISJOINT and predicate types are not supported)");
        }
        if (w.type() == D3D11Query.OCCLUSION && w.index() != 0 && w.index() != 1) {
            throw error(line, Rule.WRITE_QUERY_INDEX, "OCCLUSION selects one of two counters: index 0 or 1, got " + w.index());
        }
        if (w.offset() % 8 != 0) {
            throw error(line, Rule.WRITE_QUERY_OFFSET_ALIGNMENT, "offset " + w.offset() + " is not 8-byte aligned");
        }
        if (w.stride() != 64 && w.stride() != 128 && w.stride() != 256) {
            throw error(line, Rule.WRITE_QUERY_STRIDE, "stride " + w.stride() + " is not 64, 128 or 256");
        }
        if ((w.flags() & ~WriteQueryFlag.ALL) != 0) {
            throw error(line, Rule.WRITE_QUERY_FLAGS, "FLAGS 0x" + Integer.toHexString(w.flags())
                    + " has bits the model does not define (0x" + Integer.toHexString(w.flags() & ~WriteQueryFlag.ALL)
                    + "); supported: NO_WAIT 0x1, SET_VALID 0x2");
        }
        if (WriteQueryFlag.SET_VALID.in(w.flags()) && w.type() != D3D11Query.OCCLUSION) {
            throw error(line, Rule.WRITE_QUERY_FLAGS, "SET_VALID (0x2) applies to OCCLUSION only, not " + w.type());
        }
        if (w.type() == D3D11Query.OCCLUSION && !perUnitCounters) {
            // The XDK's WriteQuery layout is one counter per DB at OFFSET + db x STRIDE; the ROP back end
            // keeps no per-unit counters in memory (nvk-style: one summed report per query).
            throw error(line, Rule.WRITE_QUERY_NO_PER_UNIT_COUNTERS, "write_query OCCLUSION writes each depth "
                    + "block's counter at OFFSET + db x STRIDE, but backend.kind=rops sums its ROPs' counts on chip "
                    + "into one report per query: that layout does not exist there (use begin_query/end_query, or "
                    + "backend.kind=render_back_ends)");
        }
        Resource.Buffer buf = w.buffer();
        if (w.type() == D3D11Query.OCCLUSION) {
            // Each enabled DB writes its counter at OFFSET + db x STRIDE (XDK WriteQuery): the last one must fit too.
            bytes = (dbCount - 1) * w.stride() + 8;
        }
        if (w.offset() < 0 || w.offset() > buf.size() - bytes) {
            throw error(line, Rule.WRITE_QUERY_RANGE, w.type() + " writes " + bytes + " bytes at offset " + w.offset()
                    + (w.type() == D3D11Query.OCCLUSION ? " (" + dbCount + " DBs at stride " + w.stride() + ")" : "")
                    + " but buffer " + buf.name() + " has " + buf.size());
        }
    }
}
