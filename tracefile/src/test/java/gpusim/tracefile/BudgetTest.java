package gpusim.tracefile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.trace.Resource;
import gpusim.trace.Trace;
import org.junit.jupiter.api.Test;

/** The memory budget is charged before anything is allocated. */
class BudgetTest {
    private static final long MIB = 1 << 20;

    private static TraceException refused(String text, long budget) {
        return assertThrows(TraceException.class, () -> TraceReader.parse("t.trace", text, budget));
    }

    @Test
    void hugeSizesAreRefusedAtOnce() {
        long budget = TraceReader.MEMORY_BUDGET.defaultValue();
        String[] lines = {
            "buffer b size=99999999999999",
            "buffer b size=9223372036854775807",
            "render_target rt width=16384 height=16384 samples=4",
            "depth_stencil ds width=16384 height=16384 samples=4 format=D32_FLOAT_S8X24_UINT",
            "query_heap q type=OCCLUSION count=2147483647",
            "query_heap q type=PIPELINE_STATISTICS1 count=2000000000",
        };
        for (String l : lines) {
            TraceException e = refused("gpusim-trace 1\n" + l + "\n", budget);
            assertEquals(Rule.MEMORY_BUDGET_EXCEEDED, e.rule(), l);
            assertEquals(2, e.line());
        }
    }

    @Test
    void runningTotalOverAllResources() {
        String text = "gpusim-trace 1\nbuffer a size=600000\nrender_target rt width=256 height=256\n"
                + "buffer b size=300000\n";
        // 600000 + 262144 fits in 1 MiB, + 300000 does not.
        TraceException e = refused(text, MIB);
        assertEquals(Rule.MEMORY_BUDGET_EXCEEDED, e.rule());
        assertEquals(4, e.line());
        TraceReader.parse("t.trace", text, 2 * MIB);
    }

    @Test
    void exactFit() {
        TraceReader.parse("t.trace", "gpusim-trace 1\nbuffer a size=1048576\n", MIB);
        // Occlusion slots cost 16 bytes x 32 DBs each.
        TraceReader.parse("t.trace", "gpusim-trace 1\nquery_heap q type=OCCLUSION count=2048\n", MIB);
        TraceException e = refused("gpusim-trace 1\nquery_heap q type=OCCLUSION count=2049\n", MIB);
        assertEquals(Rule.MEMORY_BUDGET_EXCEEDED, e.rule());
    }

    /** A vertex buffer is refused at its first vertex over budget: the file is never held whole. */
    @Test
    void vertexLinesAreBounded() {
        StringBuilder sb = new StringBuilder("gpusim-trace 1\nvertex_buffer vb\n");
        for (int i = 0; i < 40000; i++) {
            sb.append("v 0.5 0.25 ").append(i).append(" 1\n");
        }
        sb.append("end\n");
        TraceException e = refused(sb.toString(), MIB);
        assertEquals(Rule.MEMORY_BUDGET_EXCEEDED, e.rule());
        // 1 MiB holds 32768 vertices of 32 bytes; vertex 32769 is on line 2 + 32769.
        assertEquals(2 + 32769, e.line());
        Trace t = TraceReader.parse("t.trace", sb.toString(), 2 * MIB);
        Resource.VertexBuffer vb = t.resources(Resource.VertexBuffer.class).get(0);
        assertEquals(40000, vb.vertexCount());
        assertEquals(40000 * 8, vb.data().length);
        assertEquals(39999f, vb.data()[39999 * 8 + 2]);
    }

    @Test
    void indexLinesAreBounded() {
        StringBuilder sb = new StringBuilder("gpusim-trace 1\nindex_buffer ib format=R32_UINT\n");
        for (int i = 0; i < 1000; i++) {
            sb.append("i");
            for (int k = 0; k < 300; k++) {
                sb.append(' ').append(k);
            }
            sb.append('\n');
        }
        sb.append("end\n");
        // 1 MiB holds 262144 indices: the 874th line (index 261900 ends line 873) goes over.
        TraceException e = refused(sb.toString(), MIB);
        assertEquals(Rule.MEMORY_BUDGET_EXCEEDED, e.rule());
        assertEquals(2 + 874, e.line());
    }

    @Test
    void sizesOfResources() {
        assertEquals(16L * 32 * 3, ResourceSizes.queryHeap(gpusim.api.QueryHeapType.OCCLUSION, 3));
        // A timestamp and its end-of-query fence word.
        assertEquals(16L * 5, ResourceSizes.queryHeap(gpusim.api.QueryHeapType.TIMESTAMP, 5));
        assertEquals(8L * 5, ResourceSizes.queryHeap(gpusim.api.QueryHeapType.COPY_QUEUE_TIMESTAMP, 5));
        assertEquals(88L * 2, ResourceSizes.queryHeap(gpusim.api.QueryHeapType.PIPELINE_STATISTICS, 2));
        assertEquals(112L * 2, ResourceSizes.queryHeap(gpusim.api.QueryHeapType.PIPELINE_STATISTICS1, 2));
        assertEquals(16L * 2, ResourceSizes.queryHeap(gpusim.api.QueryHeapType.SO_STATISTICS, 2));
        assertEquals(32L * 2, ResourceSizes.queryHeap(gpusim.api.QueryHeapType.VIDEO_DECODE_STATISTICS, 2));
        assertEquals(Long.MAX_VALUE, ResourceSizes.renderTarget(Long.MAX_VALUE / 2, 3, 1));
        assertEquals(64L * 32 * 4 * 8, ResourceSizes.depthStencil(64, 32, 4, gpusim.api.DepthFormat.D32_FLOAT_S8X24_UINT));
    }
}
