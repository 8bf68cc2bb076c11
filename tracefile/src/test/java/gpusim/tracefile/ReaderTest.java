package gpusim.tracefile;

import gpusim.config.Config;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.CommandListType;
import gpusim.api.DepthFormat;
import gpusim.api.HeapType;
import gpusim.api.IndexFormat;
import gpusim.api.PredicationOp;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.api.ResourceState;
import gpusim.trace.Command;
import gpusim.trace.CommandList;
import gpusim.trace.PipelineState;
import gpusim.trace.Resource;
import gpusim.trace.SoTargetView;
import gpusim.trace.StreamOutput;
import gpusim.trace.TopCommand;
import gpusim.trace.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the reader builds: the defaults and spellings of trace-format.md. */
class ReaderTest {
    private static Resource byName(Trace t, String name) {
        return t.resources().stream().filter(r -> r.name().equals(name)).findFirst().orElseThrow();
    }

    private static List<Command> commands(Trace t, String list) {
        return t.commandLists().stream().filter(l -> l.name().equals(list)).findFirst().orElseThrow().commands();
    }

    @Test
    void resourceDefaults() {
        Trace t = TestTraces.parse(TestTraces.PRELUDE + "buffer b size=0x40\n");
        Resource.Buffer b = (Resource.Buffer) byName(t, "b");
        assertEquals(64, b.size());
        assertEquals(HeapType.DEFAULT, b.heap());
        assertEquals(ResourceState.COMMON.bits(), b.initialState());
        Resource.RenderTarget rt = (Resource.RenderTarget) byName(t, "rt");
        assertEquals(1, rt.samples());
        Resource.DepthStencil ds = (Resource.DepthStencil) byName(t, "ds");
        assertEquals(DepthFormat.D32_FLOAT, ds.format());
        assertEquals("t.trace", t.file());
        assertEquals(2, rt.line());
    }

    @Test
    void pipelineDefaultsAreD3d12Defaults() {
        Trace t = TestTraces.parse(TestTraces.PRELUDE);
        PipelineState s = ((Resource.Pso) byName(t, "pso")).state();
        assertEquals(PipelineState.defaults("pso", 16), s);
    }

    @Test
    void pipelineOptionsInAnyOrderWithPrefixes() {
        Trace t = TestTraces.parse(TestTraces.PRELUDE + "pipeline_state p2 stencil=on back_stencil_pass=INCR_SAT "
                + "cull=D3D12_CULL_MODE_NONE depth_func=D3D12_COMPARISON_FUNC_GREATER_EQUAL color_write=5 "
                + "topology=D3D_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP blend=alpha front_ccw=on depth_write=off "
                + "stencil_read_mask=0x0f vs_cycles=12 ps_cycles=0\n");
        PipelineState s = ((Resource.Pso) byName(t, "p2")).state();
        assertTrue(s.stencilEnable());
        assertEquals("INCR_SAT", s.back().passOp().name());
        assertEquals("KEEP", s.front().passOp().name());
        assertEquals("NONE", s.cull().name());
        assertEquals("GREATER_EQUAL", s.depthFunc().name());
        assertEquals(5, s.colorWriteMask());
        assertEquals("TRIANGLE_STRIP", s.topology().name());
        assertEquals("ALPHA", s.blend().name());
        assertTrue(s.frontCcw());
        assertFalse(s.depthWrite());
        assertEquals(15, s.stencilReadMask());
        assertEquals(12, s.vsCycles());
        assertEquals(0, s.psCycles());
    }

    // trace-format.md: late_z, the model's addition (the shader writes depth or discards).
    @Test
    void lateZIsAnOnOffOptionOffByDefault() {
        Trace t = TestTraces.parse(TestTraces.PRELUDE + "pipeline_state late late_z=on\n"
                + "pipeline_state early late_z=off depth_func=GREATER\n");
        assertTrue(((Resource.Pso) byName(t, "late")).state().lateZ());
        assertFalse(((Resource.Pso) byName(t, "early")).state().lateZ());
        assertFalse(((Resource.Pso) byName(t, "pso")).state().lateZ());
        TraceException e = org.junit.jupiter.api.Assertions.assertThrows(TraceException.class,
                () -> TestTraces.parse(TestTraces.PRELUDE + "pipeline_state bad late_z=maybe\n"));
        assertTrue(e.getMessage().contains("late_z"), e.getMessage());
    }

    // trace-format.md, "Additions: stream output": D3D12_STREAM_OUTPUT_DESC options and SOSetTargets.
    @Test
    void streamOutputAdditions() {
        Trace t = TestTraces.parse(TestTraces.PRELUDE + "pipeline_state so1 so_stream=2\n"
                + "pipeline_state so2 so_stream=1 so_slot=3 so_stride=0x40 so_rasterized_stream=D3D12_SO_NO_RASTERIZED_STREAM\n"
                + "buffer sob size=256\n"
                + "command_list c2 type=DIRECT\n"
                + "set_so_targets null sob 16 128 sob 252\n"
                + "set_so_targets sob 0 0 res 0 sob 0 256 res 8 null\n"
                + "set_so_targets null\n"
                + "close\n");
        assertNull(((Resource.Pso) byName(t, "pso")).state().streamOutput(), "no stream output by default");
        assertEquals(new StreamOutput(2, 0, 32, 0), ((Resource.Pso) byName(t, "so1")).state().streamOutput());
        assertEquals(new StreamOutput(1, 3, 64, StreamOutput.NO_RASTERIZED_STREAM),
                ((Resource.Pso) byName(t, "so2")).state().streamOutput());
        assertFalse(((Resource.Pso) byName(t, "so2")).state().streamOutput().rasterizes());
        Resource.Buffer sob = (Resource.Buffer) byName(t, "sob");
        Resource.Buffer res = (Resource.Buffer) byName(t, "res");
        List<Command> c = commands(t, "c2");
        SoTargetView[] a = ((Command.SetSoTargets) c.get(0)).views();
        assertArrayEquals(new SoTargetView[] {null, new SoTargetView(sob, 16, 128, sob, 252), null, null}, a);
        SoTargetView[] b = ((Command.SetSoTargets) c.get(1)).views();
        assertArrayEquals(new SoTargetView[] {null, new SoTargetView(sob, 0, 256, res, 8), null, null}, b,
                "SIZE 0 binds nothing");
        assertArrayEquals(new SoTargetView[4], ((Command.SetSoTargets) c.get(2)).views());
        assertEquals(List.of(), TraceValidator.validate(t, true, TraceValidator.Machine.of(Config.defaults())));
    }

    // A buffer in COMMON is promoted to STREAM_OUT by a streaming draw; afterwards a barrier moves it on.
    @Test
    void streamOutputBufferStates() {
        String ok = TestTraces.direct("buffer sob size=64\npipeline_state sop so_stream=0",
                "set_pipeline_state sop", "set_so_targets sob 0 48 sob 48", "draw 3", "draw 3",
                "resource_barrier sob STREAM_OUT COPY_SOURCE", "copy_buffer_region res 0 sob 0 48");
        assertEquals(List.of(), TestTraces.check(ok, true));
        String unbound = TestTraces.direct("buffer sob size=64 state=COPY_DEST\npipeline_state sop so_stream=0",
                "set_pipeline_state sop", "set_so_targets null sob 0 64 res 0", "draw 3");
        assertEquals(List.of(), TestTraces.check(unbound, true), "slot 0 is unbound: nothing is written");
    }

    @Test
    void verticesAndIndices() {
        Trace t = TestTraces.parse("gpusim-trace 1\nvertex_buffer v\nv 1 2 3 4\nv -1.5e1 .5 5. 1 0 0.25 1 0.5\nend\n"
                + "index_buffer i format=DXGI_FORMAT_R32_UINT\ni 0 1\ni 0xFFFFFFFF 2 3\nend\n");
        Resource.VertexBuffer v = (Resource.VertexBuffer) byName(t, "v");
        assertEquals(2, v.vertexCount());
        assertArrayEquals(new float[] {1, 2, 3, 4, 1, 1, 1, 1, -15, 0.5f, 5, 1, 0, 0.25f, 1, 0.5f}, v.data());
        Resource.IndexBuffer i = (Resource.IndexBuffer) byName(t, "i");
        assertEquals(IndexFormat.R32_UINT, i.format());
        assertEquals(5, i.indexCount());
        assertEquals(0xFFFFFFFFL, Integer.toUnsignedLong(i.indices()[2]));
    }

    @Test
    void listCommandDefaultsAndResolvedReferences() {
        Trace t = TestTraces.parse(TestTraces.direct("query_heap q2 type=D3D12_QUERY_HEAP_TYPE_PIPELINE_STATISTICS count=1\n"
                + "depth_stencil d8 width=64 height=32 format=D24_UNORM_S8_UINT",
                "set_viewport 1 2 30 20",
                "clear_depth_stencil ds",
                "clear_depth_stencil ds depth=0.5",
                "clear_depth_stencil d8 stencil=7",
                "draw 3",
                "draw_indexed 3 start=0 base_vertex=0",
                "set_predication res 8 D3D12_PREDICATION_OP_NOT_EQUAL_ZERO",
                "set_predication null",
                "begin_query q2 D3D12_QUERY_TYPE_PIPELINE_STATISTICS 0",
                "end_query q2 PIPELINE_STATISTICS 0",
                "resource_barrier res D3D12_RESOURCE_STATE_PREDICATION COPY_DEST"));
        List<Command> c = commands(t, "cl");
        Command.SetRenderTargets srt = (Command.SetRenderTargets) c.get(0);
        assertSame(byName(t, "rt"), srt.rt());
        assertSame(byName(t, "ds"), srt.ds());
        Command.SetViewport vp = (Command.SetViewport) c.get(4);
        assertEquals(0f, vp.minDepth());
        assertEquals(1f, vp.maxDepth());
        // D32_FLOAT has no stencil: the default clear is depth 1.0 only.
        Command.ClearDepthStencil both = (Command.ClearDepthStencil) c.get(5);
        assertTrue(both.clearDepth());
        assertEquals(1f, both.depth());
        assertFalse(both.clearStencil());
        Command.ClearDepthStencil depthOnly = (Command.ClearDepthStencil) c.get(6);
        assertTrue(depthOnly.clearDepth());
        assertEquals(0.5f, depthOnly.depth());
        assertFalse(depthOnly.clearStencil());
        Command.ClearDepthStencil stencilOnly = (Command.ClearDepthStencil) c.get(7);
        assertFalse(stencilOnly.clearDepth());
        assertTrue(stencilOnly.clearStencil());
        assertEquals(7, stencilOnly.stencil());
        assertEquals(new Command.Draw(3, 0, 1, 0, c.get(8).line()), c.get(8));
        Command.DrawIndexed di = (Command.DrawIndexed) c.get(9);
        assertEquals(1, di.instances());
        Command.SetPredication on = (Command.SetPredication) c.get(10);
        assertSame(byName(t, "res"), on.buffer());
        assertEquals(PredicationOp.NOT_EQUAL_ZERO, on.op());
        assertNull(((Command.SetPredication) c.get(11)).buffer());
        assertEquals(QueryType.PIPELINE_STATISTICS, ((Command.BeginQuery) c.get(12)).type());
        assertEquals(QueryHeapType.PIPELINE_STATISTICS, ((Command.BeginQuery) c.get(12)).heap().type());
        Command.ResourceBarrier rb = (Command.ResourceBarrier) c.get(14);
        assertEquals(ResourceState.PREDICATION.bits(), rb.before());
        assertEquals(ResourceState.COPY_DEST.bits(), rb.after());
        assertEquals(List.of(), TraceValidator.validate(t, true, TraceValidator.Machine.of(Config.defaults())));
    }

    @Test
    void stencilFormatDefaultClearsBothAspects() {
        Trace t = TestTraces.parse(TestTraces.direct("depth_stencil d8 width=64 height=32 format=D24_UNORM_S8_UINT",
                "clear_depth_stencil d8"));
        Command.ClearDepthStencil c = (Command.ClearDepthStencil) commands(t, "cl").get(4);
        assertTrue(c.clearDepth());
        assertTrue(c.clearStencil());
        assertEquals(0, c.stencil());
        assertEquals(1f, c.depth());
    }

    @Test
    void submissions() {
        Trace t = TestTraces.parse(TestTraces.PRELUDE + "command_list a type=COMPUTE\ndispatch 1 2 3\nclose\n"
                + "command_list b type=COMPUTE\nclose\nexecute a b\nwait_idle\ndump res\ndump res offset=16\n"
                + "dump res offset=8 count=2\n");
        TopCommand.Execute e = (TopCommand.Execute) t.submissions().get(0);
        assertEquals(CommandListType.COMPUTE, e.queue());
        assertEquals(List.of("a", "b"), e.lists().stream().map(CommandList::name).toList());
        assertTrue(t.submissions().get(1) instanceof TopCommand.WaitIdle);
        assertEquals(8, ((TopCommand.Dump) t.submissions().get(2)).count());
        assertEquals(6, ((TopCommand.Dump) t.submissions().get(3)).count());
        TopCommand.Dump d = (TopCommand.Dump) t.submissions().get(4);
        assertEquals(8, d.offset());
        assertEquals(2, d.count());
        CommandList a = t.commandLists().get(0);
        assertEquals(17, a.line());
        assertEquals(19, a.closeLine());
        assertEquals(List.of(), TraceValidator.validate(t, true, TraceValidator.Machine.of(Config.defaults())));
    }

    @Test
    void lexicalRules() {
        String text = "\uFEFF# header comment\r\n  gpusim-trace\t1   # trailing\r\n\r\n"
                + "\tbuffer  my.buf-1\tsize=8 state=COPY_DEST#no space before the comment\r\n"
                + "buffer _b2 state=D3D12_RESOURCE_STATE_PREDICATION size=16 heap=READBACK\n"
                + "dump my.buf-1";
        Trace t = TestTraces.parse(text);
        Resource.Buffer b = (Resource.Buffer) byName(t, "my.buf-1");
        assertEquals(4, b.line());
        assertEquals(ResourceState.COPY_DEST.bits(), b.initialState());
        Resource.Buffer b2 = (Resource.Buffer) byName(t, "_b2");
        assertEquals(ResourceState.PREDICATION.bits(), b2.initialState());
        assertEquals(HeapType.READBACK, b2.heap());
        assertEquals(6, t.submissions().get(0).line());
    }

    @Test
    void errorsAfterCrLfLinesCountLinesRight() {
        TraceException e = org.junit.jupiter.api.Assertions.assertThrows(TraceException.class,
                () -> TestTraces.parse("gpusim-trace 1\r\n\r\nbuffer b size=8\r\nbogus\r\n"));
        assertEquals(4, e.line());
        assertEquals(Rule.UNKNOWN_COMMAND, e.rule());
    }
}
