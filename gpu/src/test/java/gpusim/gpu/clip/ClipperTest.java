package gpusim.gpu.clip;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.CullMode;
import gpusim.config.Config;
import gpusim.gpu.DrawTracker;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.PipelineDrain;
import gpusim.gpu.RunLength;
import gpusim.gpu.RunMode;
import gpusim.gpu.StageWiring;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.GeomBatch;
import gpusim.gpu.work.TriBatch;
import gpusim.gpu.work.Work;
import gpusim.memory.DeviceMemory;
import gpusim.memory.MemorySystem;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.StatGroup;
import gpusim.trace.PipelineState;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The clipper on its own: snapping to 1/256 pixel with round-half-even, clipping to 0 <= z <= w and to the guard band. */
class ClipperTest {
    static final float[] IDENTITY = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};

    static final class Sink implements Component {
        BoundedQueue<Work> in;
        final List<TriBatch> got = new ArrayList<>();

        @Override
        public String name() {
            return "sink";
        }

        @Override
        public boolean tick(long now) {
            Work w = in.peek(now);
            if (w == null) {
                return false;
            }
            in.pop(now);
            got.add((TriBatch) w);
            return true;
        }

        @Override
        public boolean hasPendingWork() {
            return !in.isEmpty();
        }

        @Override
        public StatGroup stats() {
            return new StatGroup("sink", "");
        }
    }

    record Out(List<TriBatch> batches, long[] counters) {
        int triangles() {
            return batches.stream().mapToInt(b -> b.count).sum();
        }
    }

    /** Clips one batch of triangles (clip-space x y z w per vertex, three vertices a triangle). */
    static Out clip(boolean depthClip, float vpW, float vpH, float vpMin, float vpMax, float... xyzw) {
        Engine e = new Engine(1000);
        DeviceMemory dm = new DeviceMemory(256);
        MemorySystem ms = new MemorySystem(e, dm, MemorySystem.Params.single(4, 10, 64));
        DrawTracker draws = new DrawTracker();
        PipelineCounters counters = new PipelineCounters();
        StageWiring wiring = new StageWiring(e, new PipelineDrain(e, ms), draws, RunMode.TIMED, new RunLength());
        gpusim.gpu.IdleComponent src = new gpusim.gpu.IdleComponent("source");
        Sink sink = new Sink();
        BoundedQueue<Work> in = e.queue("in", 4, 1);
        Clipper clipper = new Clipper(wiring, counters, in, gpusim.gpu.PipelineParams.of(Config.defaults()).setup());
        BoundedQueue<Work> out = e.queue("out", 16, 1);
        e.add(src);
        e.add(clipper);
        e.add(sink);
        ms.register();
        in.connect(src, clipper);
        clipper.connect(out.connect(clipper, sink));
        sink.in = out;
        PipelineState pso = PipelineState.defaults("p", 1);
        pso = new PipelineState("p", pso.topology(), CullMode.NONE, false, depthClip, true, true, pso.depthFunc(),
                false, 255, 255, pso.front(), pso.back(), 15, pso.blend(), -1, -1, 1);
        DrawState st = new DrawState(pso, null, null, 1, 0, 0, vpW, vpH, vpMin, vpMax, 0, 0, (int) vpW, (int) vpH,
                IDENTITY, 0, null, null);
        int n = xyzw.length / 4;
        int id = draws.issue(1, 0);
        GeomBatch g = new GeomBatch(id, st, n / 3);
        g.vertexCount = n;
        g.primCount = n / 3;
        for (int i = 0; i < n; i++) {
            System.arraycopy(xyzw, i * 4, g.position, i * 4, 4);
            g.prims[i] = i;
            g.sourceVertex[i] = i;
        }
        assertTrue(in.push(g, 0));
        e.run(() -> false);
        return new Out(sink.got, counters.value.clone());
    }

    /** NDC x of a pixel position px in a viewport of width 512 at X = 0: (px - 256) / 256, exact in float. */
    static float ndcX(double px) {
        return (float) ((px - 256) / 256);
    }

    static float ndcY(double py) {
        return (float) ((256 - py) / 256);
    }

    // Vertices snap to 1/256 pixel rounding to nearest, ties to even (not half up): 10 + 1/512 pixel is
    // 2560.5 units -> 2560; 10 + 3/512 -> 2562; -3 - 3/512 -> -770; -3 - 1/512 -> -768.
    @Test
    void snappingRoundsHalfToEven() {
        double[][] cases = {{10 + 1 / 512.0, 2560}, {10 + 3 / 512.0, 2562}, {-3 - 3 / 512.0, -770},
            {-3 - 1 / 512.0, -768}, {7 + 1 / 1024.0, 1792}, {7 + 3 / 1024.0, 1793}};
        for (double[] k : cases) {
            double px = k[0];
            Out o = clip(true, 512, 512, 0, 1,
                    ndcX(px), ndcY(20.25), 0.5f, 1, ndcX(300), ndcY(20.25), 0.5f, 1, ndcX(100), ndcY(200), 0.5f, 1);
            assertEquals(1, o.triangles());
            TriBatch b = o.batches.get(0);
            boolean found = false;
            for (int v = 0; v < 3; v++) {
                if (b.fx[v] != 300 * 256 && b.fx[v] != 100 * 256) {
                    assertEquals((int) k[1], b.fx[v], "x = " + px);
                    assertEquals(20 * 256 + 64, b.fy[v]);
                    found = true;
                }
            }
            assertTrue(found);
        }
        // y too: 30 + 1/512 -> 7680, 30 + 3/512 -> 7682
        Out o = clip(true, 512, 512, 0, 1, ndcX(5), ndcY(30 + 1 / 512.0), 0.5f, 1, ndcX(50), ndcY(30 + 3 / 512.0),
                0.5f, 1, ndcX(20), ndcY(90), 0.5f, 1);
        TriBatch b = o.batches.get(0);
        for (int v = 0; v < 3; v++) {
            if (b.fx[v] == 5 * 256) {
                assertEquals(7680, b.fy[v]);
            } else if (b.fx[v] == 50 * 256) {
                assertEquals(7682, b.fy[v]);
            }
        }
    }

    // Clip to 0 <= z: a triangle with one vertex in front of the near plane becomes a quad (two
    // triangles) whose window depths are all >= the viewport minimum; CInvocations counts 1 triangle
    // in, CPrimitives 2 out. With depth_clip off it passes unclipped, negative depth and all.
    @Test
    void nearPlaneClippingSplitsAndDepthClipOffKeeps() {
        float[] tri = {-0.5f, -0.5f, -1f, 1, 0.5f, -0.5f, 0.5f, 1, 0f, 0.5f, 0.5f, 1};
        Out on = clip(true, 64, 64, 0, 1, tri);
        assertEquals(2, on.triangles());
        assertEquals(1, on.counters[PipelineCounters.C_INVOCATIONS]);
        assertEquals(2, on.counters[PipelineCounters.C_PRIMITIVES]);
        for (TriBatch b : on.batches) {
            for (int i = 0; i < b.count * 3; i++) {
                assertTrue(b.z[i] >= 0f && b.z[i] <= 1f, "clipped depth " + b.z[i]);
            }
        }
        Out off = clip(false, 64, 64, 0, 1, tri);
        assertEquals(1, off.triangles());
        float min = Float.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            min = Math.min(min, off.batches.get(0).z[i]);
        }
        assertEquals(-1f, min, "unclipped vertex keeps z = -1 (clamped later, in the depth test)");
    }

    // Clip to z <= w, and a triangle wholly beyond a plane disappears.
    @Test
    void farPlaneClippingAndTrivialReject() {
        Out far = clip(true, 64, 64, 0, 1, -0.5f, -0.5f, 2f, 1, 0.5f, -0.5f, 0.5f, 1, 0f, 0.5f, 0.5f, 1);
        assertEquals(2, far.triangles());
        for (TriBatch b : far.batches) {
            for (int i = 0; i < b.count * 3; i++) {
                assertTrue(b.z[i] <= 1f, "clipped depth " + b.z[i]);
            }
        }
        Out gone = clip(true, 64, 64, 0, 1, -0.5f, -0.5f, -2f, 1, 0.5f, -0.5f, -0.5f, 1, 0f, 0.5f, -0.1f, 1);
        assertEquals(0, gone.triangles());
        assertEquals(1, gone.counters[PipelineCounters.C_INVOCATIONS]);
        assertEquals(0, gone.counters[PipelineCounters.C_PRIMITIVES]);
    }

    // Viewport transform of depth: MinDepth + z (MaxDepth - MinDepth).
    @Test
    void depthIsMappedToTheViewportRange() {
        Out o = clip(true, 64, 64, 0.25f, 0.75f, -0.5f, -0.5f, 0f, 1, 0.5f, -0.5f, 0.5f, 1, 0f, 0.5f, 1f, 1);
        TriBatch b = o.batches.get(0);
        float[] z = {b.z[0], b.z[1], b.z[2]};
        java.util.Arrays.sort(z);
        assertEquals(0.25f, z[0]);
        assertEquals(0.5f, z[1]);
        assertEquals(0.75f, z[2]);
    }

    // The guard band is the viewport bounds, -32768..32767 px, whatever the viewport: on a 16-px
    // viewport a vertex at x = 32767 px (NDC 4094.875) passes unclipped and snaps to 32767 x 256; one
    // at 40000 px (NDC 4999) is clipped, and the new vertices lie on the bound exactly, on the
    // original edges: the edge from (8, 8) to (40000, 8) px meets x = 32767 at y = 8, the edge from
    // (8, 12) px to it at y = 8 + 4 x 7233 / 39992 px (snapped to the nearest 1/256).
    @Test
    void guardBandIsTheViewportBounds() {
        Out in = clip(true, 16, 16, 0, 1, -1, 0, 0.5f, 1, 4094.875f, 0, 0.5f, 1, -1, -0.5f, 0.5f, 1);
        assertEquals(1, in.triangles());
        TriBatch b = in.batches.get(0);
        assertEquals(32767 * 256, Math.max(b.fx[0], Math.max(b.fx[1], b.fx[2])));
        Out out = clip(true, 16, 16, 0, 1, -1, 0, 0.5f, 1, 4999f, 0, 0.5f, 1, -1, -0.5f, 0.5f, 1);
        assertEquals(2, out.triangles(), "the triangle becomes a quad");
        java.util.Set<Long> onBound = new java.util.TreeSet<>();
        for (TriBatch t : out.batches) {
            for (int i = 0; i < t.count * 3; i++) {
                assertTrue(t.fx[i] <= 32767 * 256);
                if (t.fx[i] == 32767 * 256) {
                    onBound.add((long) t.fy[i]);
                }
            }
        }
        long y = Math.round((8 + 4.0 * (40000 - 32767) / (40000 - 0)) * 256); // edge (0, 12) -> (40000, 8)
        assertEquals(java.util.Set.of(8L * 256, y), onBound);
    }

    // No epsilon on w: w = 2^-40 inside the volume projects exactly where w = 1 does; w <= 0 is
    // clipped away by the guard band's planes (a vertex behind the eye never reaches the divide).
    @Test
    void tinyWIsExactAndNegativeWIsClipped() {
        float w = (float) Math.scalb(1.0, -40);
        Out tiny = clip(true, 64, 64, 0, 1, -0.5f * w, -0.5f * w, 0.5f * w, w, 0.5f * w, -0.5f * w, 0.5f * w, w,
                0, 0.5f * w, 0.5f * w, w);
        Out one = clip(true, 64, 64, 0, 1, -0.5f, -0.5f, 0.5f, 1, 0.5f, -0.5f, 0.5f, 1, 0, 0.5f, 0.5f, 1);
        assertEquals(1, tiny.triangles());
        for (int i = 0; i < 3; i++) {
            assertEquals(one.batches.get(0).fx[i], tiny.batches.get(0).fx[i]);
            assertEquals(one.batches.get(0).fy[i], tiny.batches.get(0).fy[i]);
        }
        Out behind = clip(false, 64, 64, 0, 1, -0.5f, -0.5f, 0.5f, 1, 0.5f, -0.5f, 0.5f, 1, 0.1f, 0.7f, 0.5f, -1);
        assertTrue(behind.triangles() >= 1);
        for (TriBatch t : behind.batches) {
            for (int i = 0; i < t.count * 3; i++) {
                assertTrue(t.invW[i] > 0, "every vertex that reaches the divide has w > 0");
                assertTrue(Math.abs(t.fx[i]) <= 32768 * 256 && Math.abs(t.fy[i]) <= 32768 * 256);
            }
        }
        Out allBehind = clip(false, 64, 64, 0, 1, -0.5f, -0.5f, 0.5f, -1, 0.5f, -0.5f, 0.5f, -1, 0, 0.5f, 0.5f, -1);
        assertEquals(0, allBehind.triangles());
    }
}
