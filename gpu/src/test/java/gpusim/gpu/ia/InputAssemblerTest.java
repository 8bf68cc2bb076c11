package gpusim.gpu.ia;

import static gpusim.gpu.UnitRig.LATENCY;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.IndexFormat;
import gpusim.api.PrimitiveTopology;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.PipelineParams;
import gpusim.gpu.Resources;
import gpusim.gpu.TraceBuilder;
import gpusim.gpu.UnitRig;
import gpusim.gpu.rb.RenderBackEndQueryProtocol;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.work.DrawPacket;
import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.GeomBatch;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import gpusim.trace.Resource;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Input assembly between an idle source and sink, over UnitRig's one-channel memory (128-byte
 * lines, 64 bytes a cycle, {@link UnitRig#LATENCY}): a draw is cut into batches of up to 32
 * primitives, each costing ceil(indices / ia.vertices_per_clock) cycles; a batch reads the lines
 * of its indices and unique vertices (32 bytes each) and leaves once both its cost has passed
 * and its data is back, in order, with up to ia.fetch_window items waiting for data at once.
 *
 * <p>A read of n whole lines issued at cycle t completes at t + 1 + 2n + LATENCY: the channel
 * serves its 128-byte parts one after another from the next cycle, two cycles each, and each
 * returns LATENCY cycles after its service.
 */
class InputAssemblerTest {
    static final int LINE = 128;

    static final class Rig {
        final UnitRig u = new UnitRig();
        final PipelineCounters counters = new PipelineCounters();
        final InputAssembler ia;
        final BoundedQueue<Work> out;
        final Resources res;
        final Resource.VertexBuffer vb;
        final Resource.IndexBuffer ib;
        final Resource.Pso list;
        final Resource.Pso strip;

        Rig(long verticesPerClock, int window) {
            TraceBuilder t = new TraceBuilder();
            vb = t.vertices("vb", new float[4 * 300]);
            ib = t.indices("ib", IndexFormat.R16_UINT, 0, 1, 2, 2, 1, 3);
            list = t.pso("list");
            strip = t.pso("strip", new TraceBuilder.Pso().topology(PrimitiveTopology.TRIANGLE_STRIP));
            TileMap tiles = new TileMap(1, 8);
            res = new Resources(t.build().resources(), u.memory, new RenderBackEndQueryProtocol(tiles), 8);
            ia = new InputAssembler(u.wiring, counters, u.memorySystem(), LINE, u.in, res,
                    new PipelineParams.InputAssemblyParams(verticesPerClock, window));
            u.wire(ia);
            out = u.out(ia);
            ia.connect(out);
        }

        DrawState state(Resource.Pso pso) {
            return new DrawState(pso.state(), null, null, 1, 0, 0, 8, 8, 0, 1, 0, 0, 8, 8,
                    new float[] {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}, 0, vb, ib);
        }

        /** Sends the draws at cycle 0 (they arrive at 1), runs, and returns what left, with the cycles it arrived. */
        List<UnitRig.Arrival<Work>> run(DrawPacket... draws) {
            for (DrawPacket d : draws) {
                assertEquals(d.drawId(), u.draws.issue(1, 0), "the draw's per-draw record");
                assertTrue(u.in.push(d, 0));
            }
            u.engine.run(() -> false);
            return UnitRig.arrivals(out, u.engine.now());
        }

        long stat(String name) {
            return ((gpusim.sim.Stat.Scalar) ia.stats().find(name)).get();
        }
    }

    /** The cycle a read of {@code lines} whole lines issued at {@code t} completes. */
    static long back(long t, int lines) {
        return t + 1 + 2L * lines + LATENCY;
    }

    // ia.vertices_per_clock 1: 96 triangles of a list, 288 vertices, are three batches of 32
    // triangles, each costing 32 x 3 / 1 = 96 cycles. The draw arrives at 1; batch k
    // steps at 1 + 96k and reads its 96 vertices, 24 lines (back 1 + 48 + LATENCY = 69 cycles
    // later, within its cost), so it leaves at 1 + 96(k + 1) and arrives the cycle after.
    @Test
    void batchesOfThirtyTwoTrianglesEachCostTheirIndicesOverTheRate() {
        Rig r = new Rig(1, 16);
        var sent = r.run(new DrawPacket(0, r.state(r.list), false, 288, 0, 0, 1));
        assertEquals(3, sent.size());
        for (int k = 0; k < 3; k++) {
            assertEquals(1 + 96L * (k + 1) + 1, sent.get(k).at(), "batch " + k);
            GeomBatch b = (GeomBatch) sent.get(k).item();
            assertEquals(32, b.primCount);
            assertEquals(96, b.vertexCount);
            assertEquals(96 * k, b.sourceVertex[0]);
        }
        assertTrue(back(1, 24) < 1 + 96, "the data is back within the batch's cost");
        assertEquals(3 * 96, r.stat("busy_cycles"));
        assertEquals(3, r.stat("fetch_requests"), "one run of consecutive lines a batch");
        assertEquals(3 * 24, r.stat("fetch_lines"));
        assertEquals(288, r.counters.value[PipelineCounters.IA_VERTICES]);
        assertEquals(96, r.counters.value[PipelineCounters.IA_PRIMITIVES]);
    }

    /** Two one-triangle draws, the second's vertices (4..6) on the next line. */
    static List<UnitRig.Arrival<Work>> twoDraws(Rig r) {
        return r.run(new DrawPacket(0, r.state(r.list), false, 3, 0, 0, 1),
                new DrawPacket(1, r.state(r.list), false, 3, 4, 0, 1));
    }

    // ia.fetch_window 16: draw A steps at 1 (cost ceil(3 / 4) = 1) and reads its line, back at
    // 1 + 1 + 2 + LATENCY = 24; draw B steps at 2 and reads the next line, served after A's (from
    // 4, two cycles) and back at 26. A arrives at 25, B at 27: the two reads overlap.
    @Test
    void aWindowLetsTheNextBatchReadWhileOneWaits() {
        Rig r = new Rig(4, 16);
        var sent = twoDraws(r);
        assertEquals(List.of(back(1, 1) + 1, back(1, 1) + 2 + 1), List.of(sent.get(0).at(), sent.get(1).at()));
        assertEquals(0, r.stat("window_full_cycles"));
    }

    // ia.fetch_window 1: B cannot start until A has left at 24; its read then comes back at
    // 24 + 23 = 47 and it arrives at 48. The window was full from 2 to 24 (A waiting) and from
    // 25, when B's cost had passed, to 47.
    @Test
    void aWindowOfOneWaitsForEachBatchsData() {
        Rig r = new Rig(4, 1);
        var sent = twoDraws(r);
        long aLeaves = back(1, 1);
        assertEquals(List.of(aLeaves + 1, back(aLeaves, 1) + 1), List.of(sent.get(0).at(), sent.get(1).at()));
        assertEquals((aLeaves - 2) + (back(aLeaves, 1) - (aLeaves + 1)), r.stat("window_full_cycles"));
    }

    // Vertex reuse within a batch: an indexed list 0 1 2, 2 1 3 shades four vertices but costs
    // its six indices, ceil(6 / 4) = 2 cycles. A strip of six vertices is four triangles; its odd
    // triangles swap their first two vertices to keep the winding (D3D11 functional spec, triangle
    // strips); it fetches 3 + 1 + 1 + 1 = 6 indices: 2 cycles. Two instances of a one-triangle
    // draw are two batches, a cycle each. Busy 2 + 2 + 2 = 6.
    @Test
    void sharedVerticesAreShadedOnceAndStripsKeepTheirWinding() {
        Rig r = new Rig(4, 16);
        var sent = r.run(new DrawPacket(0, r.state(r.list), true, 6, 0, 0, 1),
                new DrawPacket(1, r.state(r.strip), false, 6, 10, 0, 1),
                new DrawPacket(2, r.state(r.list), false, 3, 20, 0, 2));
        assertEquals(4, sent.size());
        GeomBatch indexed = (GeomBatch) sent.get(0).item();
        assertEquals(4, indexed.vertexCount);
        assertArrayEquals(new int[] {0, 1, 2, 2, 1, 3}, java.util.Arrays.copyOf(indexed.prims, 6));
        GeomBatch s = (GeomBatch) sent.get(1).item();
        assertEquals(4, s.primCount);
        assertArrayEquals(new int[] {0, 1, 2, 2, 1, 3, 2, 3, 4, 4, 3, 5}, java.util.Arrays.copyOf(s.prims, 12));
        assertEquals(10, s.sourceVertex[0]);
        assertEquals(2 + 2 + 1 + 1, r.stat("busy_cycles"));
        assertEquals(6 + 6 + 6, r.counters.value[PipelineCounters.IA_VERTICES]);
        assertEquals(2 + 4 + 2, r.counters.value[PipelineCounters.IA_PRIMITIVES]);
    }
}
