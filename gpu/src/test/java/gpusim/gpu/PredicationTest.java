package gpusim.gpu;

import static gpusim.gpu.TraceBuilder.dump;
import static gpusim.gpu.TraceBuilder.fullScreen;
import static gpusim.gpu.TraceBuilder.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.ComparisonFunc;
import gpusim.api.DepthFormat;
import gpusim.api.PredicationOp;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.api.ResourceState;
import gpusim.gpu.query.QueryLayout;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * SetPredication, end to end. Microsoft's definition: EQUAL_ZERO skips the predicated commands when
 * the 64-bit value is zero, NOT_EQUAL_ZERO when it is not. Draws, dispatches, clears and copies are
 * predicated; queries, resolves and barriers are not. The value is read when set_predication executes;
 * each command list starts with predication off.
 */
class PredicationTest {
    static final int N = 16 * 16; // samples of the 16x16, 1-sample target

    /**
     * Trace: exec 1 writes 256 (a resolved occlusion count) into {@code val}; {@code zero} is never
     * written. Exec 2 predicates on one of them with {@code op} and records what ran.
     */
    static RunResult scene(PredicationOp op, boolean predicateOnZero) {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 16, 16, 1);
        Resource.DepthStencil ds = t.depthStencil("ds", 16, 16, 1, DepthFormat.D32_FLOAT);
        Resource.QueryHeap qh = t.queryHeap("qh", QueryHeapType.OCCLUSION, 4);
        Resource.QueryHeap ps = t.queryHeap("ps", QueryHeapType.PIPELINE_STATISTICS, 1);
        Resource.Buffer zero = t.buffer("zero", 8);
        Resource.Buffer val = t.buffer("val", 8);
        Resource.Buffer out = t.buffer("out", 40);
        Resource.Buffer stats = t.buffer("stats", QueryType.PIPELINE_STATISTICS.resultBytes());
        Resource.VertexBuffer vb = t.vertices("vb", fullScreen(0.5f));
        Resource.Pso noDepth = t.pso("nodepth", new TraceBuilder.Pso().depth(false, false, ComparisonFunc.ALWAYS));
        Resource.Pso less = t.pso("less");
        CommandList setup = t.list("setup").targets(rt, ds).pso(noDepth).vb(vb).clearDs(ds, 1f, null)
                .begin(qh, QueryType.OCCLUSION, 0).draw(6).end(qh, QueryType.OCCLUSION, 0)
                .resolve(qh, QueryType.OCCLUSION, 0, 1, val, 0).close();
        Resource.Buffer pred = predicateOnZero ? zero : val;
        CommandList main = t.list("main").targets(rt, ds).pso(noDepth).vb(vb)
                .predication(pred, 0, op)
                .begin(qh, QueryType.OCCLUSION, 1).draw(6).end(qh, QueryType.OCCLUSION, 1)   // draw predicated
                .resolve(qh, QueryType.OCCLUSION, 1, 1, out, 0)
                .begin(qh, QueryType.OCCLUSION, 2)                                             // query not predicated
                .predicationOff().draw(6).predication(pred, 0, op)
                .end(qh, QueryType.OCCLUSION, 2)
                .resolve(qh, QueryType.OCCLUSION, 2, 1, out, 8)                                // resolve not predicated
                .copy(out, 16, val, 0, 8)                                                      // copy predicated
                .begin(ps, QueryType.PIPELINE_STATISTICS, 0).dispatch(2, 3, 4)                 // dispatch predicated
                .end(ps, QueryType.PIPELINE_STATISTICS, 0)
                .resolve(ps, QueryType.PIPELINE_STATISTICS, 0, 1, stats, 0)
                .clearDs(ds, 0f, null)                                                         // clear predicated
                .predicationOff().pso(less)
                .begin(qh, QueryType.OCCLUSION, 3).draw(6).end(qh, QueryType.OCCLUSION, 3)
                .resolve(qh, QueryType.OCCLUSION, 3, 1, out, 24)
                .copy(out, 32, val, 0, 8)
                .close();
        t.execute(setup).execute(main).dump(out).dump(stats);
        return run(t.build());
    }

    @ParameterizedTest(name = "{0} on a {1} value skips: {2}")
    @CsvSource({"EQUAL_ZERO, zero, true", "EQUAL_ZERO, non-zero, false", "NOT_EQUAL_ZERO, zero, false",
        "NOT_EQUAL_ZERO, non-zero, true"})
    void predicationSkipsExactlyDrawsDispatchesClearsAndCopies(PredicationOp op, String value, boolean skips) {
        RunResult r = scene(op, value.equals("zero"));
        long[] out = dump(r, 0);
        assertEquals(skips ? 0 : N, out[0], "predicated draw");
        assertEquals(N, out[1], "queries and resolves run under predication");
        assertEquals(skips ? 0 : N, out[2], "predicated copy");
        // the clear to 0.0 was predicated: if skipped, depth is still 1.0 and the LESS draw at 0.5 passes
        assertEquals(skips ? N : 0, out[3], "predicated clear");
        assertEquals(N, out[4], "predication off again");
        long[] stats = dump(r, 1);
        assertEquals(skips ? 0 : 24, stats[10], "CSInvocations of the predicated dispatch (2 x 3 x 4 groups)");
    }

    // D3D12: each command list starts with predication off, even in the same ExecuteCommandLists.
    @Test
    void predicationDoesNotCarryIntoTheNextCommandList() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 16, 16, 1);
        Resource.QueryHeap qh = t.queryHeap("qh", QueryHeapType.OCCLUSION, 1);
        Resource.Buffer zero = t.buffer("zero", 8);
        Resource.Buffer out = t.buffer("out", 8);
        Resource.VertexBuffer vb = t.vertices("vb", fullScreen(0.5f));
        Resource.Pso p = t.pso("p");
        CommandList a = t.list("a").predication(zero, 0, PredicationOp.EQUAL_ZERO).close();
        CommandList b = t.list("b").targets(rt, null).pso(p).vb(vb)
                .begin(qh, QueryType.OCCLUSION, 0).draw(6).end(qh, QueryType.OCCLUSION, 0)
                .resolve(qh, QueryType.OCCLUSION, 0, 1, out, 0).close();
        t.execute(a, b).dump(out);
        assertArrayEquals(new long[] {N}, dump(run(t.build()), 0));
    }

    // "The value is read when set_predication executes": a later change to the buffer does not change
    // the decision until set_predication runs again.
    @Test
    void predicateValueIsLatchedWhenSetPredicationExecutes() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 16, 16, 1);
        Resource.QueryHeap qh = t.queryHeap("qh", QueryHeapType.OCCLUSION, 3);
        Resource.Buffer flag = t.buffer("flag", 8);
        Resource.Buffer out = t.buffer("out", 16);
        Resource.VertexBuffer vb = t.vertices("vb", fullScreen(0.5f));
        Resource.Pso p = t.pso("p");
        int pred = ResourceState.PREDICATION.bits();
        int copyDest = ResourceState.COPY_DEST.bits();
        CommandList l = t.list("l").targets(rt, null).pso(p).vb(vb)
                .begin(qh, QueryType.OCCLUSION, 0).draw(6).end(qh, QueryType.OCCLUSION, 0)
                .predication(flag, 0, PredicationOp.EQUAL_ZERO)         // flag is 0: skip from here
                .barrier(flag, pred, copyDest)
                .resolve(qh, QueryType.OCCLUSION, 0, 1, flag, 0)         // flag becomes 256
                .barrier(flag, copyDest, pred)
                .begin(qh, QueryType.OCCLUSION, 1).draw(6).end(qh, QueryType.OCCLUSION, 1)   // still skipped
                .resolve(qh, QueryType.OCCLUSION, 1, 1, out, 0)
                .predication(flag, 0, PredicationOp.EQUAL_ZERO)         // re-read: 256, no skip
                .begin(qh, QueryType.OCCLUSION, 2).draw(6).end(qh, QueryType.OCCLUSION, 2)
                .resolve(qh, QueryType.OCCLUSION, 2, 1, out, 8)
                .close();
        t.execute(l).dump(out);
        assertArrayEquals(new long[] {0, N}, dump(run(t.build()), 0));
    }

    // Sanity of the result layout used above: CSInvocations is the 11th field of
    // D3D12_QUERY_DATA_PIPELINE_STATISTICS.
    @Test
    void csInvocationsIsTheEleventhStatisticsField() {
        assertEquals(10, PipelineCounters.CS_INVOCATIONS);
        assertEquals(11, QueryLayout.PIPELINE_STATS_FIELDS);
    }
}
