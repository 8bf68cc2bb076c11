package gpusim.gpu;

import static gpusim.gpu.TraceBuilder.dump;
import static gpusim.gpu.TraceBuilder.fullScreen;
import static gpusim.gpu.TraceBuilder.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.CullMode;
import gpusim.api.D3D11Query;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import gpusim.trace.SoTargetView;
import gpusim.trace.StreamOutput;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/**
 * Stream output end to end: SO_STATISTICS_STREAM0..3 resolved exactly (D3D12_QUERY_DATA_SO_STATISTICS:
 * NumPrimitivesWritten, PrimitivesStorageNeeded), the streamed bytes in the SO buffer, its filled
 * size in memory, overflow, RasterizedStream, WriteQuery's SO statistics, and PIPELINE_STATISTICS1.
 */
class StreamOutputTest {
    /** Two triangles, each vertex with its own colour. */
    static final float[] TRIS = {
        -0.5f, 0.5f, 0.25f, 1, 0.1f, 0.2f, 0.3f, 1,
        0.5f, 0.5f, 0.25f, 1, 0.4f, 0.5f, 0.6f, 1,
        0.5f, -0.5f, 0.25f, 1, 0.7f, 0.8f, 0.9f, 1,
        -0.5f, 0.5f, 0.75f, 1, 1, 0, 0, 0.5f,
        0.5f, -0.5f, 0.75f, 1, 0, 1, 0, 0.5f,
        -0.5f, -0.5f, 0.75f, 2, 0, 0, 1, 0.5f,
    };
    /** x' = 2x, y' = y + 0.25w (row-major, clip = M x v). */
    static final float[] M = {2, 0, 0, 0, 0, 1, 0, 0.25f, 0, 0, 1, 0, 0, 0, 0, 1};

    /** Vertex {@code v} of {@link #TRIS} as the stream-output unit writes it: M x position, then colour. */
    static byte[] streamed(int v, float[] m) {
        ByteBuffer b = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN);
        float x = TRIS[v * 8];
        float y = TRIS[v * 8 + 1];
        float z = TRIS[v * 8 + 2];
        float w = TRIS[v * 8 + 3];
        for (int r = 0; r < 4; r++) {
            b.putFloat(m[r * 4] * x + m[r * 4 + 1] * y + m[r * 4 + 2] * z + m[r * 4 + 3] * w);
        }
        for (int k = 4; k < 8; k++) {
            b.putFloat(TRIS[v * 8 + k]);
        }
        return b.array();
    }

    static byte[] bytes(long[] words) {
        ByteBuffer b = ByteBuffer.allocate(words.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        b.asLongBuffer().put(words);
        return b.array();
    }

    static void put(byte[] dst, int offset, byte[] src) {
        System.arraycopy(src, 0, dst, offset, src.length);
    }

    // Stream 0, stride 32: the first draw's two triangles fit (192 of 300 bytes); of the second
    // draw's, the first fits (288) and the second overflows: written stays, needed grows.
    @Test
    void stream0WritesVerticesUntilTheBufferIsFull() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 16, 16, 1);
        Resource.QueryHeap so = t.queryHeap("so", QueryHeapType.SO_STATISTICS, 2);
        Resource.Buffer out = t.buffer("out", 32);
        Resource.Buffer sob = t.buffer("sob", 320);
        Resource.Buffer fs = t.buffer("fs", 16);
        Resource.VertexBuffer vb = t.coloredVertices("vb", TRIS);
        Resource.Pso p = t.pso("p", new TraceBuilder.Pso().cull(CullMode.NONE).streamOutput(0, 0, 32, 0));
        CommandList l = t.list("l").targets(rt, null).vb(vb).pso(p).transform(M)
                .soTargets(new SoTargetView(sob, 0, 300, fs, 4))
                .begin(so, QueryType.SO_STATISTICS_STREAM0, 0).draw(6).end(so, QueryType.SO_STATISTICS_STREAM0, 0)
                .begin(so, QueryType.SO_STATISTICS_STREAM0, 1).draw(6).end(so, QueryType.SO_STATISTICS_STREAM0, 1)
                .resolve(so, QueryType.SO_STATISTICS_STREAM0, 0, 2, out, 0).close();
        t.execute(l).dump(out).dump(sob).dump(fs);
        RunResult r = run(t.build());
        assertArrayEquals(new long[] {2, 2, 1, 2}, dump(r, 0), "{NumPrimitivesWritten, PrimitivesStorageNeeded} x 2");
        byte[] expect = new byte[320];
        for (int v = 0; v < 6; v++) {
            put(expect, 32 * v, streamed(v, M));
        }
        for (int v = 0; v < 3; v++) {
            put(expect, 192 + 32 * v, streamed(v, M));
        }
        assertArrayEquals(expect, bytes(dump(r, 1)), "streamed vertices, bytes 288.. untouched");
        assertArrayEquals(new long[] {288L << 32, 0}, dump(r, 2), "BufferFilledSize 288 as a u32 at offset 4");
        // Spot check of the encoding: vertex 0 is (-1, 0.75, 0.25, 1) after M.
        ByteBuffer b = ByteBuffer.wrap(bytes(dump(r, 1))).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(-1f, b.getFloat(0));
        assertEquals(0.75f, b.getFloat(4));
        assertEquals(0.1f, b.getFloat(16));
    }

    // Stream 2 through slot 1 with RasterizedStream = NO_RASTERIZED_STREAM: nothing reaches the
    // clipper. Stride 48 leaves bytes 32..47 of every element untouched. A second set_so_targets
    // naming the first filled size reads it back from memory and appends there.
    @Test
    void stream2StridedAppendsAfterTheFilledSizeInMemory() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 16, 16, 1);
        Resource.QueryHeap so = t.queryHeap("so", QueryHeapType.SO_STATISTICS, 3);
        Resource.QueryHeap ps = t.queryHeap("ps", QueryHeapType.PIPELINE_STATISTICS, 1);
        Resource.Buffer out = t.buffer("out", 48);
        Resource.Buffer stats = t.buffer("stats", 88);
        Resource.Buffer sob = t.buffer("sob", 512);
        Resource.Buffer fs = t.buffer("fs", 16);
        Resource.VertexBuffer vb = t.coloredVertices("vb", TRIS);
        int none = StreamOutput.NO_RASTERIZED_STREAM;
        Resource.Pso a = t.pso("a", new TraceBuilder.Pso().cull(CullMode.NONE).streamOutput(2, 1, 32, none));
        Resource.Pso b = t.pso("b", new TraceBuilder.Pso().cull(CullMode.NONE).streamOutput(2, 1, 48, none));
        CommandList la = t.list("la").targets(rt, null).vb(vb).pso(a)
                .soTargets(null, new SoTargetView(sob, 0, 512, fs, 0))
                .begin(so, QueryType.SO_STATISTICS_STREAM2, 0).draw(3).end(so, QueryType.SO_STATISTICS_STREAM2, 0)
                .close();
        CommandList lb = t.list("lb").targets(rt, null).vb(vb).pso(b)
                .begin(so, QueryType.SO_STATISTICS_STREAM2, 1).begin(so, QueryType.SO_STATISTICS_STREAM0, 2)
                .begin(ps, QueryType.PIPELINE_STATISTICS, 0)
                .soTargets(null, new SoTargetView(sob, 0, 512, fs, 8)).draw(3)
                .soTargets(null, new SoTargetView(sob, 0, 512, fs, 0)).draw(3)
                .end(ps, QueryType.PIPELINE_STATISTICS, 0)
                .end(so, QueryType.SO_STATISTICS_STREAM0, 2).end(so, QueryType.SO_STATISTICS_STREAM2, 1)
                .resolve(so, QueryType.SO_STATISTICS_STREAM2, 0, 2, out, 0)
                .resolve(so, QueryType.SO_STATISTICS_STREAM0, 2, 1, out, 32)
                .resolve(ps, QueryType.PIPELINE_STATISTICS, 0, 1, stats, 0).close();
        t.execute(la).execute(lb).dump(out).dump(sob).dump(fs).dump(stats);
        RunResult r = run(t.build());
        assertArrayEquals(new long[] {1, 1, 2, 2, 0, 0}, dump(r, 0), "stream 2: {1, 1}, {2, 2}; stream 0: {0, 0}");
        float[] id = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        byte[] expect = new byte[512];
        for (int v = 0; v < 3; v++) {
            put(expect, 32 * v, streamed(v, id)); // list la, stride 32, from 0
        }
        for (int v = 0; v < 3; v++) {
            put(expect, 48 * v, streamed(v, id)); // lb, stride 48, filled size at fs+8: from 0
        }
        for (int v = 0; v < 3; v++) {
            put(expect, 96 + 48 * v, streamed(v, id)); // lb again, filled size at fs+0 (96, from la)
        }
        assertArrayEquals(expect, bytes(dump(r, 1)));
        assertEquals(96 + 144, dump(r, 2)[0], "fs+0: 96 + 3 x 48");
        assertEquals(144, dump(r, 2)[1], "fs+8: 3 x 48");
        long[] s = dump(r, 3);
        assertEquals(6, s[PipelineCounters.IA_VERTICES]);
        assertEquals(2, s[PipelineCounters.IA_PRIMITIVES]);
        assertEquals(6, s[PipelineCounters.VS_INVOCATIONS]);
        assertEquals(0, s[PipelineCounters.GS_INVOCATIONS], "no geometry shader runs");
        assertEquals(0, s[PipelineCounters.C_INVOCATIONS], "NO_RASTERIZED_STREAM: nothing is clipped");
        assertEquals(0, s[PipelineCounters.PS_INVOCATIONS]);
    }

    // Streams 1 and 3 (slot 2 unbound: a buffer of size 0, every primitive overflows);
    // WriteQuery SO_STATISTICS_STREAMn writes the absolute counters (D3D11X_QUERY_DATA_GPU_SO_STATISTICS).
    // A new command list starts with no targets bound.
    @Test
    void streams1And3AndWriteQuery() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 16, 16, 1);
        Resource.QueryHeap so = t.queryHeap("so", QueryHeapType.SO_STATISTICS, 2);
        Resource.Buffer out = t.buffer("out", 32);
        Resource.Buffer wq = t.buffer("wq", 64);
        Resource.Buffer sob = t.buffer("sob", 128);
        Resource.Buffer fs = t.buffer("fs", 8);
        Resource.VertexBuffer vb = t.coloredVertices("vb", TRIS);
        Resource.Pso c = t.pso("c", new TraceBuilder.Pso().cull(CullMode.NONE).streamOutput(1, 0, 32, 1));
        Resource.Pso d = t.pso("d", new TraceBuilder.Pso().cull(CullMode.NONE).streamOutput(3, 2, 32, 3));
        CommandList l1 = t.list("l1").targets(rt, null).vb(vb).pso(c)
                .soTargets(new SoTargetView(sob, 0, 200, fs, 0))
                .begin(so, QueryType.SO_STATISTICS_STREAM1, 0).draw(3).end(so, QueryType.SO_STATISTICS_STREAM1, 0)
                .pso(d).begin(so, QueryType.SO_STATISTICS_STREAM3, 1).draw(3).end(so, QueryType.SO_STATISTICS_STREAM3, 1)
                .resolve(so, QueryType.SO_STATISTICS_STREAM1, 0, 1, out, 0)
                .resolve(so, QueryType.SO_STATISTICS_STREAM3, 1, 1, out, 16)
                .writeQuery(D3D11Query.SO_STATISTICS_STREAM1, 0, wq, 0, 64)
                .writeQuery(D3D11Query.SO_STATISTICS_STREAM3, 0, wq, 16, 64).close();
        // No set_so_targets in l2: stream 1 overflows, although the targets l1 bound had room for
        // another triangle (96 + 96 <= 200).
        CommandList l2 = t.list("l2").targets(rt, null).vb(vb).pso(c).draw(3)
                .writeQuery(D3D11Query.SO_STATISTICS_STREAM1, 0, wq, 32, 64)
                .writeQuery(D3D11Query.SO_STATISTICS_STREAM0, 0, wq, 48, 64).close();
        t.execute(l1).execute(l2).dump(out).dump(wq).dump(fs);
        RunResult r = run(t.build());
        assertArrayEquals(new long[] {1, 1, 0, 1}, dump(r, 0), "stream 1 written; stream 3's slot 2 unbound");
        assertArrayEquals(new long[] {1, 1, 0, 1, 1, 2, 0, 0}, dump(r, 1), "WriteQuery: absolute counters");
        assertArrayEquals(new long[] {96}, dump(r, 2));
    }

    // A strip streams out as its triangles: odd ones with their first two vertices swapped, so the
    // winding is kept (0 1 2, 2 1 3, 2 3 4); indexed draws stream the vertices their indices name.
    @Test
    void stripsAndIndexedDrawsStreamTheirTriangles() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 16, 16, 1);
        Resource.QueryHeap so = t.queryHeap("so", QueryHeapType.SO_STATISTICS, 1);
        Resource.Buffer out = t.buffer("out", 16);
        Resource.Buffer sob = t.buffer("sob", 640);
        Resource.Buffer fs = t.buffer("fs", 8);
        Resource.VertexBuffer vb = t.coloredVertices("vb", TRIS);
        Resource.IndexBuffer ib = t.indices("ib", gpusim.api.IndexFormat.R16_UINT, 5, 3, 1);
        Resource.Pso strip = t.pso("strip", new TraceBuilder.Pso().cull(CullMode.NONE)
                .topology(gpusim.api.PrimitiveTopology.TRIANGLE_STRIP).streamOutput(0, 0, 32, 0));
        Resource.Pso list = t.pso("list", new TraceBuilder.Pso().cull(CullMode.NONE).streamOutput(0, 0, 32, 0));
        CommandList l = t.list("l").targets(rt, null).vb(vb).ib(ib).pso(strip)
                .soTargets(new SoTargetView(sob, 0, 640, fs, 0))
                .begin(so, QueryType.SO_STATISTICS_STREAM0, 0).draw(5).pso(list).drawIndexed(3, 0, 0, 1)
                .end(so, QueryType.SO_STATISTICS_STREAM0, 0)
                .resolve(so, QueryType.SO_STATISTICS_STREAM0, 0, 1, out, 0).close();
        t.execute(l).dump(out).dump(sob).dump(fs);
        RunResult r = run(t.build());
        assertArrayEquals(new long[] {4, 4}, dump(r, 0));
        float[] id = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
        int[] order = {0, 1, 2, 2, 1, 3, 2, 3, 4, 5, 3, 1};
        byte[] expect = new byte[640];
        for (int i = 0; i < order.length; i++) {
            put(expect, 32 * i, streamed(order[i], id));
        }
        assertArrayEquals(expect, bytes(dump(r, 1)));
        assertArrayEquals(new long[] {12 * 32}, dump(r, 2));
    }

    // D3D12_QUERY_DATA_PIPELINE_STATISTICS1: the eleven PIPELINE_STATISTICS fields, then
    // ASInvocations, MSInvocations, MSPrimitives (0: no amplification or mesh shading). Exact values
    // for a full-screen quad drawn twice on a 16x16 target and a 1x1x7 dispatch.
    @Test
    void pipelineStatistics1ResolvesAllFourteenFields() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 16, 16, 1);
        Resource.QueryHeap ps = t.queryHeap("ps", QueryHeapType.PIPELINE_STATISTICS1, 2);
        Resource.Buffer out = t.buffer("out", 2 * 112 + 8);
        Resource.VertexBuffer vb = t.vertices("vb", fullScreen(0.5f));
        CommandList l = t.list("l").targets(rt, null).vb(vb).pso(t.pso("p"))
                .begin(ps, QueryType.PIPELINE_STATISTICS1, 0).draw(6, 0, 2).dispatch(1, 1, 7)
                .end(ps, QueryType.PIPELINE_STATISTICS1, 0)
                .begin(ps, QueryType.PIPELINE_STATISTICS1, 1).end(ps, QueryType.PIPELINE_STATISTICS1, 1)
                .resolve(ps, QueryType.PIPELINE_STATISTICS1, 0, 2, out, 0).close();
        t.execute(l).dump(out);
        long[] v = dump(run(t.build()), 0);
        long[] expect = {
            12, 4, 12, // IAVertices, IAPrimitives, VSInvocations (6 unique vertices a batch, a batch an instance)
            0, 0,      // GSInvocations, GSPrimitives
            4, 4,      // CInvocations, CPrimitives
            512,       // PSInvocations: 256 pixels x 2 instances, no depth buffer
            0, 0,      // HSInvocations, DSInvocations
            7,         // CSInvocations
            0, 0, 0,   // ASInvocations, MSInvocations, MSPrimitives
            0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, // an empty query
            0,         // nothing written past the two results
        };
        assertArrayEquals(expect, v);
    }
}
