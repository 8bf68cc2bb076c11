package gpusim.gpu;

import static gpusim.gpu.TraceBuilder.dump;
import static gpusim.gpu.TraceBuilder.fullScreen;
import static gpusim.gpu.TraceBuilder.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.ComparisonFunc;
import gpusim.api.DepthFormat;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.sim.Stat;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import org.junit.jupiter.api.Test;

/**
 * db.binary_early_out: once a sample has passed inside a BINARY_OCCLUSION query, the DBs skip
 * the rest of a side-effect-free draw. The results stay exactly the same; the DBs test fewer
 * samples and the run takes fewer cycles. Where the count could be observed (an OCCLUSION query
 * active at the same time), nothing is skipped.
 */
class BinaryEarlyOutTest {

    /** An occlusion-culling probe: a bounding box drawn with depth test on, no depth or colour writes. */
    private static Trace probe(boolean alsoExact) {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 128, 128, 1);
        Resource.DepthStencil ds = t.depthStencil("ds", 128, 128, 1, DepthFormat.D32_FLOAT);
        Resource.QueryHeap bin = t.queryHeap("bin", QueryHeapType.OCCLUSION, 1);
        Resource.QueryHeap occ = t.queryHeap("occ", QueryHeapType.OCCLUSION, 1);
        Resource.Buffer res = t.buffer("res", 16);
        Resource.VertexBuffer vb = t.vertices("vb", fullScreen(0.5f));
        Resource.Pso probe = t.pso("probe", new TraceBuilder.Pso().depth(true, false, ComparisonFunc.LESS)
                .colorWrite(0));
        TraceBuilder.ListBuilder l = t.list("l").targets(rt, ds).clearDs(ds, 1f, null).pso(probe).vb(vb)
                .begin(bin, QueryType.BINARY_OCCLUSION, 0);
        if (alsoExact) {
            l.begin(occ, QueryType.OCCLUSION, 0);
        }
        l.draw(6, 0, 8);
        if (alsoExact) {
            l.end(occ, QueryType.OCCLUSION, 0).resolve(occ, QueryType.OCCLUSION, 0, 1, res, 8);
        }
        CommandList list = l.end(bin, QueryType.BINARY_OCCLUSION, 0)
                .resolve(bin, QueryType.BINARY_OCCLUSION, 0, 1, res, 0).close();
        t.execute(list).dump(res);
        return t.build();
    }

    private static long sum(RunResult r, String stat) {
        long s = 0;
        for (int d = 0; d < 4; d++) {
            s += ((Stat.Scalar) r.stats().find("db" + d + "." + stat)).get();
        }
        return s;
    }

    @Test
    void skipsTheRestOfAProbeOnceASamplePassedWithTheSameResult() {
        RunResult off = run(probe(false), "db.count=4");
        RunResult on = run(probe(false), "db.count=4", "db.binary_early_out=on");
        assertArrayEquals(new long[] {1, 0}, dump(off, 0));
        assertArrayEquals(dump(off, 0), dump(on, 0), "the result does not change");
        assertEquals(0, sum(off, "binary_early_out_triangles"));
        // Eight instances of two triangles, binned to each of 4 DBs; each DB tests its part of the
        // first triangle and skips the other fifteen.
        assertEquals(4 * 15, sum(on, "binary_early_out_triangles"));
        assertEquals(8L * 128 * 128, sum(off, "samples_tested"));
        assertTrue(sum(on, "samples_tested") <= 128 * 128 / 2 + 128, "tested " + sum(on, "samples_tested"));
        assertTrue(on.cycles() < off.cycles(), on.cycles() + " cycles with, " + off.cycles() + " without");
    }

    @Test
    void anExactOcclusionQueryActiveAtTheSameTimeKeepsEveryCount() {
        RunResult on = run(probe(true), "db.count=4", "db.binary_early_out=on");
        assertArrayEquals(new long[] {1, 8L * 128 * 128}, dump(on, 0));
        assertEquals(0, sum(on, "binary_early_out_triangles"));
    }
}
