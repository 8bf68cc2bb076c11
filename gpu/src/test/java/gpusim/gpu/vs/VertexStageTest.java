package gpusim.gpu.vs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.gpu.PipelineCounters;
import gpusim.gpu.PipelineParams;
import gpusim.gpu.TraceBuilder;
import gpusim.gpu.UnitRig;
import gpusim.gpu.query.QueryLayout;
import gpusim.gpu.se.ShaderArray;
import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.GeomBatch;
import gpusim.gpu.work.MarkerProgress;
import gpusim.gpu.work.StatisticsMarker;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import gpusim.trace.Resource;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The vertex stage between an idle source and sink: it dispatches a batch a cycle, booking its
 * shading, ceil(vertices x vs.cycles / units per engine) cycles, on the shader engine free first
 * (the lowest on a tie); the batch arrives at the next stage the cycle after its booking ends +
 * shader.latency (the queue's one cycle). It counts VSInvocations, one a unique vertex.
 */
class VertexStageTest {

    static final class Rig {
        final UnitRig u = new UnitRig();
        final PipelineCounters counters = new PipelineCounters();
        final ShaderArray shaders;
        final VertexStage vs;
        final BoundedQueue<Work> out;
        final DrawState state;

        /** {@code engines} engines of {@code units} units in all, shader.latency {@code latency}, vs.cycles 8. */
        Rig(int engines, long units, long latency) {
            shaders = new ShaderArray(new PipelineParams.ShaderArrayParams(engines, units, latency, 8), counters.value);
            vs = new VertexStage(u.wiring, counters, u.in, shaders, new PipelineParams.ShaderParams(units, 8));
            u.wire(vs);
            out = u.out(vs);
            vs.connect(out);
            TraceBuilder t = new TraceBuilder();
            Resource.VertexBuffer vb = t.vertices("vb", 1, 2, 3, 1, 4, 5, 6, 1, 7, 8, 9, 1, 0, 0, 0, 1, 0, 0, 0, 1,
                    0, 0, 0, 1);
            state = new DrawState(t.pso("p").state(), null, null, 1, 0, 0, 8, 8, 0, 1, 0, 0, 8, 8,
                    new float[] {2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1}, 0, vb, null);
            u.draws.issue(1, 0);
        }

        /** A batch of the first {@code vertices} vertices. */
        GeomBatch batch(int vertices) {
            GeomBatch b = new GeomBatch(0, state, 32);
            for (int i = 0; i < vertices; i++) {
                b.sourceVertex[i] = i;
            }
            b.vertexCount = vertices;
            return b;
        }

        List<UnitRig.Arrival<Work>> run(Work... items) {
            for (Work w : items) {
                assertTrue(u.in.push(w, 0));
            }
            u.engine.run(() -> false);
            return UnitRig.arrivals(out, u.engine.now());
        }
    }

    // Two engines of 4 units (shader.units 8), shader.latency 10, vs.cycles 8: a batch of six
    // vertices takes ceil(6 x 8 / 4) = 12 cycles of an engine. The three batches arrive at 1 and
    // are dispatched at 1, 2, 3: batch 0 on engine 0 (a tie: the lowest) until 13, batch 1 on
    // engine 1 until 14, batch 2 on engine 0, free first, from 13 to 25. They arrive at
    // 13 + 10 + 1 = 24, 25 and 36.
    @Test
    void batchesShadeOnTheEngineFreeFirstAndLeaveAfterTheLatency() {
        Rig r = new Rig(2, 8, 10);
        var sent = r.run(r.batch(6), r.batch(6), r.batch(6));
        assertEquals(List.of(24L, 25L, 36L), sent.stream().map(UnitRig.Arrival::at).toList());
        assertEquals(24, r.shaders.vertexCycles(0));
        assertEquals(12, r.shaders.vertexCycles(1));
        assertEquals(3, ((gpusim.sim.Stat.Scalar) r.vs.stats().find("busy_cycles")).get(), "a cycle a dispatch");
        assertEquals(18, r.counters.value[PipelineCounters.VS_INVOCATIONS]);
    }

    // The transform (row-major, here 2x in x, y, z) applied to each vertex in 32-bit floats; a
    // pipeline statistics marker behind a batch snapshots VSInvocations with that batch counted
    // and leaves after it, in order. One engine of 16 units: ceil(3 x 8 / 16) = 2 cycles.
    @Test
    void positionsAreTransformedAndAStatisticsMarkerFollowsInOrder() {
        Rig r = new Rig(1, 16, 0);
        GeomBatch b = r.batch(3);
        long[] snapshot = new long[PipelineCounters.NAMES.length];
        StatisticsMarker m = new StatisticsMarker(true, 0, QueryLayout.PIPELINE_STATS_FIELDS,
                snapshot, "stats", new MarkerProgress(1, 0));
        var sent = r.run(b, m);
        assertSame(b, sent.get(0).item());
        assertSame(m, sent.get(1).item());
        assertEquals(1 + 2 + 1, sent.get(0).at(), "booked 1..3, no latency, the queue's cycle");
        assertArrayEquals(new float[] {2, 4, 6, 1, 8, 10, 12, 1, 14, 16, 18, 1}, java.util.Arrays.copyOf(b.position, 12));
        assertEquals(3, snapshot[PipelineCounters.VS_INVOCATIONS]);
    }
}
