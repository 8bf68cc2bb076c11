package gpusim.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.CullMode;
import gpusim.api.D3D11Query;
import gpusim.api.IndexFormat;
import gpusim.api.QueryHeapType;
import gpusim.gpu.rb.RenderBackEndQueryProtocol;
import gpusim.memory.DeviceMemory;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import org.junit.jupiter.api.Test;

/**
 * The GPU's traffic through the multi-channel memory: where the allocator places each
 * resource, the vertex and index fetches of input assembly, and the depth blocks' counter
 * writes spreading over the channels by stride.
 */
class MemoryTrafficTest {

    static long stat(RunResult r, String path) {
        return r.stats().find(path).value().longValue();
    }

    // Every buffer, vertex buffer, index buffer and query heap starts at the next multiple of
    // memory.alignment after the previous one, in trace order; render targets and depth buffers
    // take no device memory. Sizes: a 10 bytes, vb 3 x 32, ib 3 x 2, q 2 occlusion slots of
    // 4 DBs x 16 bytes, b 8.
    @Test
    void allocatorPlacesEveryResourceAtTheAlignment() {
        TraceBuilder tb = new TraceBuilder();
        Resource.Buffer a = tb.buffer("a", 10);
        tb.renderTarget("rt", 8, 8, 1);
        Resource.VertexBuffer vb = tb.vertices("vb", 1, 2, 3, 4, 5, 6, 7, 8, -1.5f, 0, 0, 1);
        Resource.IndexBuffer ib = tb.indices("ib", IndexFormat.R16_UINT, 0, 1, 2);
        Resource.QueryHeap q = tb.queryHeap("q", QueryHeapType.OCCLUSION, 2);
        Resource.Buffer b = tb.buffer("b", 8);
        Trace t = tb.build();
        long[][] expected = {
            {8, 0, 16, 112, 120, 248},
            {256, 0, 256, 512, 768, 1024},
            {4096, 0, 4096, 8192, 12288, 16384}};
        for (long[] e : expected) {
            DeviceMemory dm = new DeviceMemory(e[0]);
            Resources res = new Resources(t.resources(), dm, new RenderBackEndQueryProtocol(new gpusim.gpu.raster.TileMap(4, 8)), 8);
            assertEquals(e[1], res.address(a), "alignment " + e[0]);
            assertEquals(e[2], res.address(vb), "alignment " + e[0]);
            assertEquals(e[3], res.address(ib), "alignment " + e[0]);
            assertEquals(e[4], res.address(q), "alignment " + e[0]);
            assertEquals(e[5], res.address(b), "alignment " + e[0]);
        }
    }

    // Vertex and index buffers are in memory as the trace gives them: x y z w r g b a as
    // little-endian 32-bit floats; R16 indices as 2 little-endian bytes, R32 as 4.
    @Test
    void vertexAndIndexBytesAreInMemory() {
        TraceBuilder tb = new TraceBuilder();
        Resource.VertexBuffer vb = tb.vertices("vb", 1, 2, 3, 4, 5, 6, 7, 8, -1.5f, 0, 0, 1);
        Resource.IndexBuffer i16 = tb.indices("i16", IndexFormat.R16_UINT, 0xBEEF, 1, 2);
        Resource.IndexBuffer i32 = tb.indices("i32", IndexFormat.R32_UINT, 0x01020304, 0xFFFFFFFF);
        DeviceMemory dm = new DeviceMemory(256);
        Resources res = new Resources(tb.build().resources(), dm, new RenderBackEndQueryProtocol(new gpusim.gpu.raster.TileMap(4, 8)), 8);
        long v = res.address(vb);
        float[] expect = {1, 2, 3, 4, 1, 1, 1, 1, 5, 6, 7, 8, 1, 1, 1, 1, -1.5f, 0, 0, 1, 1, 1, 1, 1};
        for (int k = 0; k < expect.length; k++) {
            int bits = (int) (dm.readLong(v + 4L * k) & 0xFFFFFFFFL);
            assertEquals(expect[k], Float.intBitsToFloat(bits), "float " + k);
        }
        long a16 = res.address(i16);
        assertEquals((byte) 0xEF, dm.readByte(a16));
        assertEquals((byte) 0xBE, dm.readByte(a16 + 1));
        assertEquals(0x0002_0001L, dm.readLong(a16 + 2) & 0xFFFFFFFFL);
        long a32 = res.address(i32);
        assertEquals(0xFFFFFFFF_01020304L, dm.readLong(a32));
    }

    /** One indexed quad: vb (4 vertices, 128 bytes) at 0, ib (6 R16 indices, 12 bytes) at 256. */
    static Trace quad() {
        TraceBuilder tb = new TraceBuilder();
        Resource.VertexBuffer vb = tb.vertices("vb",
                -1, -1, 0.5f, 1, -1, 1, 0.5f, 1, 1, 1, 0.5f, 1, 1, -1, 0.5f, 1);
        Resource.IndexBuffer ib = tb.indices("ib", IndexFormat.R16_UINT, 0, 1, 2, 0, 2, 3);
        Resource.RenderTarget rt = tb.renderTarget("rt", 64, 64, 1);
        Resource.Pso pso = tb.pso("p", new TraceBuilder.Pso().cull(CullMode.NONE));
        var l = tb.list("l").targets(rt, null).pso(pso).vb(vb).ib(ib).drawIndexed(6, 0, 0, 1);
        return tb.execute(l.close()).build();
    }

    // The one batch reads the lines of its 4 vertices (0..127: lines 0 and 1 of 64 bytes) and of
    // its 6 indices (256..267: line 4), one request per run of consecutive lines: [0, 1] and [4].
    // With 128-byte lines: line 0 and line 2, two requests of one line each.
    @Test
    void inputAssemblyFetchesTheLinesOfItsIndicesAndVertices() {
        RunResult r = TraceBuilder.run(quad());
        assertEquals(2, stat(r, "ia.fetch_requests"));
        assertEquals(3, stat(r, "ia.fetch_lines"));
        assertEquals(2, stat(r, "memory.reads"));
        assertEquals(192, stat(r, "memory.bytes_read"));
        assertEquals(2, stat(r, "memory.channel0.requests"), "vertex lines 0 and 1: channel 0");
        assertEquals(1, stat(r, "memory.channel1.requests"), "index line 4 (address 256): channel 1");
        RunResult wide = TraceBuilder.run(quad(), "memory.line=128");
        assertEquals(2, stat(wide, "ia.fetch_requests"));
        assertEquals(2, stat(wide, "ia.fetch_lines"));
        assertEquals(256, stat(wide, "memory.bytes_read"));
    }

    // The batch leaves input assembly only when its data is back: with no other memory traffic,
    // 1000 more cycles of memory latency make the run exactly 1000 cycles longer.
    @Test
    void theBatchWaitsForItsData() {
        RunResult fast = TraceBuilder.run(quad(), "memory.latency=100");
        RunResult slow = TraceBuilder.run(quad(), "memory.latency=1100");
        assertEquals(1000, slow.cycles() - fast.cycles());
        assertEquals(1000, stat(slow, "ia.fetch_wait_cycles") - stat(fast, "ia.fetch_wait_cycles"));
    }

    /** One non-indexed draw of {@code batches} x 32 small back-facing triangles (culled: vertex work only). */
    static Trace batches(int batches) {
        TraceBuilder tb = new TraceBuilder();
        Resource.RenderTarget rt = tb.renderTarget("rt", 64, 64, 1);
        int tris = batches * gpusim.gpu.ia.InputAssembler.BATCH_PRIMS;
        float[] v = new float[tris * 12];
        for (int t = 0; t < tris; t++) {
            float x = (t % 50) / 25f - 1;
            float y = (t / 50 % 50) / 25f - 1;
            float[] tri = {x, y, 0.5f, 1, x + 0.01f, y, 0.5f, 1, x, y + 0.01f, 0.5f, 1};
            System.arraycopy(tri, 0, v, t * 12, 12);
        }
        Resource.VertexBuffer vb = tb.vertices("vb", v);
        var l = tb.list("l").targets(rt, null).pso(tb.pso("p")).vb(vb).draw(tris * 3L);
        return tb.execute(l.close()).build();
    }

    // Input assembly keeps assembling while fetches are in flight: the fetches of 16 batches (the
    // window) overlap, so 1000 more cycles of latency still make the run exactly 1000 cycles longer,
    // not 16 x 1000.
    @Test
    void theWindowOverlapsTheFetchesOfSuccessiveBatches() {
        for (int n : new int[] {2, (int) PipelineParams.IA_FETCH_WINDOW.defaultValue()}) {
            RunResult fast = TraceBuilder.run(batches(n), "memory.latency=100");
            RunResult slow = TraceBuilder.run(batches(n), "memory.latency=1100");
            assertEquals(n, stat(fast, "ia.fetch_requests"), "one run of lines a batch");
            assertEquals(1000, slow.cycles() - fast.cycles(), n + " batches");
        }
    }

    // With a window of one item, each batch waits for its own data before the next is assembled:
    // 1000 more cycles of latency cost every batch 1000 cycles.
    @Test
    void aWindowOfOneSerializesTheFetches() {
        int n = 4;
        RunResult fast = TraceBuilder.run(batches(n), "memory.latency=100", "ia.fetch_window=1");
        RunResult slow = TraceBuilder.run(batches(n), "memory.latency=1100", "ia.fetch_window=1");
        assertEquals(n * 1000L, slow.cycles() - fast.cycles());
    }

    // A memory with one-slot channel queues refuses fetches; input assembly retries them and the
    // run gives the same results with exactly the same fetches.
    @Test
    void refusedFetchesAreRetried() {
        Trace t = TimingSensitivityTest.fillBound();
        RunResult normal = TraceBuilder.run(t);
        RunResult tiny = TraceBuilder.run(t, "memory.queue_depth=1");
        assertArrayEquals(normal.dumps().get(0).values(), tiny.dumps().get(0).values());
        assertEquals(stat(normal, "ia.fetch_requests"), stat(tiny, "ia.fetch_requests"));
        assertEquals(stat(normal, "memory.requests"), stat(tiny, "memory.requests"));
        assertTrue(stat(tiny, "memory.refusals") > 0, "one-slot queues do refuse");
    }

    /** WriteQuery OCCLUSION with the given stride, the buffer at address 0, nothing else touching memory. */
    static Trace writeQuery(int stride) {
        TraceBuilder tb = new TraceBuilder();
        Resource.Buffer out = tb.buffer("out", 1024);
        var l = tb.list("l").writeQuery(D3D11Query.OCCLUSION, 0, out, 0, stride);
        return tb.execute(l.close()).build();
    }

    // With 256-byte interleave and 4 channels, the 4 DBs' counters at stride 256 land on 4 channels
    // in parallel; at stride 128 two share each of channels 0 and 1; at stride 64 all four queue on
    // channel 0, arriving in the same cycle (3 conflicts) and served one cycle each (8 bytes at 64
    // bytes a cycle, different lines so nothing combines), so the run ends 3 cycles later.
    @Test
    void counterStrideSpreadsTheDepthBlocksOverTheChannels() {
        RunResult s256 = TraceBuilder.run(writeQuery(256));
        RunResult s128 = TraceBuilder.run(writeQuery(128));
        RunResult s64 = TraceBuilder.run(writeQuery(64));
        long[][] perChannel = {{1, 1, 1, 1}, {2, 2, 0, 0}, {4, 0, 0, 0}};
        RunResult[] runs = {s256, s128, s64};
        for (int k = 0; k < 3; k++) {
            for (int c = 0; c < 4; c++) {
                assertEquals(perChannel[k][c], stat(runs[k], "memory.channel" + c + ".writes"), "case " + k + " ch" + c);
            }
        }
        assertEquals(0, stat(s256, "memory.conflicts"));
        assertEquals(2, stat(s128, "memory.conflicts"));
        assertEquals(3, stat(s64, "memory.conflicts"));
        assertEquals(0, stat(s64, "memory.combined_writes"));
        assertEquals(1, s128.cycles() - s256.cycles());
        assertEquals(3, s64.cycles() - s256.cycles());
    }
}
