package gpusim.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The numeric values of every enumeration are those of d3d12.h / d3d11.h / dxgiformat.h / d3dcommon.h. */
class D3DValuesTest {

    private static <E extends Enum<E> & D3DEnum> void assertValues(Class<E> type, Map<String, Integer> expected) {
        assertEquals(expected.size(), type.getEnumConstants().length, type.getSimpleName() + " constants");
        for (Map.Entry<String, Integer> e : expected.entrySet()) {
            E c = Enum.valueOf(type, e.getKey());
            assertEquals((int) e.getValue(), c.d3dValue(), type.getSimpleName() + "." + e.getKey());
        }
    }

    private static Map<String, Integer> m(Object... kv) {
        Map<String, Integer> map = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            map.put((String) kv[i], (Integer) kv[i + 1]);
        }
        return map;
    }

    // d3d12.h D3D12_QUERY_TYPE: 9 is unused, PIPELINE_STATISTICS1 is 10.
    @Test
    void queryTypeValues() {
        assertValues(QueryType.class, m("OCCLUSION", 0, "BINARY_OCCLUSION", 1, "TIMESTAMP", 2,
                "PIPELINE_STATISTICS", 3, "SO_STATISTICS_STREAM0", 4, "SO_STATISTICS_STREAM1", 5,
                "SO_STATISTICS_STREAM2", 6, "SO_STATISTICS_STREAM3", 7, "VIDEO_DECODE_STATISTICS", 8,
                "PIPELINE_STATISTICS1", 10));
    }

    // d3d12video.h D3D12_VIDEO_DECODE_STATUS (the Status of D3D12_QUERY_DATA_VIDEO_DECODE_STATISTICS).
    @Test
    void videoDecodeStatusValues() {
        assertValues(VideoDecodeStatus.class, m("OK", 0, "CONTINUE", 1, "CONTINUE_SKIP_DISPLAY", 2, "RESTART", 3,
                "RATE_EXCEEDED", 4));
        assertSame(VideoDecodeStatus.RATE_EXCEEDED, VideoDecodeStatus.parse("D3D12_VIDEO_DECODE_STATUS_RATE_EXCEEDED"));
    }

    // d3d12.h D3D12_QUERY_HEAP_TYPE: COPY_QUEUE_TIMESTAMP = 5, PIPELINE_STATISTICS1 = 7 (6 is unused).
    @Test
    void queryHeapTypeValues() {
        assertValues(QueryHeapType.class, m("OCCLUSION", 0, "TIMESTAMP", 1, "PIPELINE_STATISTICS", 2,
                "SO_STATISTICS", 3, "VIDEO_DECODE_STATISTICS", 4, "COPY_QUEUE_TIMESTAMP", 5,
                "PIPELINE_STATISTICS1", 7));
    }

    @Test
    void comparisonFuncValues() {
        assertValues(ComparisonFunc.class, m("NEVER", 1, "LESS", 2, "EQUAL", 3, "LESS_EQUAL", 4, "GREATER", 5,
                "NOT_EQUAL", 6, "GREATER_EQUAL", 7, "ALWAYS", 8));
    }

    @Test
    void stencilOpValues() {
        assertValues(StencilOp.class, m("KEEP", 1, "ZERO", 2, "REPLACE", 3, "INCR_SAT", 4, "DECR_SAT", 5,
                "INVERT", 6, "INCR", 7, "DECR", 8));
    }

    @Test
    void predicationCullListAndHeapValues() {
        assertValues(PredicationOp.class, m("EQUAL_ZERO", 0, "NOT_EQUAL_ZERO", 1));
        assertValues(CullMode.class, m("NONE", 1, "FRONT", 2, "BACK", 3));
        assertValues(CommandListType.class, m("DIRECT", 0, "BUNDLE", 1, "COMPUTE", 2, "COPY", 3,
                "VIDEO_DECODE", 4, "VIDEO_PROCESS", 5, "VIDEO_ENCODE", 6));
        assertValues(HeapType.class, m("DEFAULT", 1, "UPLOAD", 2, "READBACK", 3));
        assertValues(PrimitiveTopology.class, m("TRIANGLE_LIST", 4, "TRIANGLE_STRIP", 5));
    }

    // dxgiformat.h
    @Test
    void dxgiFormatValues() {
        assertValues(DepthFormat.class, m("D32_FLOAT", 40, "D24_UNORM_S8_UINT", 45, "D32_FLOAT_S8X24_UINT", 20,
                "D16_UNORM", 55));
        assertValues(IndexFormat.class, m("R16_UINT", 57, "R32_UINT", 42));
        assertEquals(2, IndexFormat.R16_UINT.bytes());
        assertEquals(0xFFFFL, IndexFormat.R16_UINT.maxIndex());
        assertEquals(0xFFFFFFFFL, IndexFormat.R32_UINT.maxIndex());
        assertEquals(16, DepthFormat.D16_UNORM.unormBits());
        assertEquals(24, DepthFormat.D24_UNORM_S8_UINT.unormBits());
        assertEquals(true, DepthFormat.D32_FLOAT_S8X24_UINT.hasStencil());
        assertEquals(false, DepthFormat.D32_FLOAT.hasStencil());
    }

    // d3d11.h D3D11_QUERY, as WriteQuery takes it.
    @Test
    void d3d11QueryValues() {
        assertValues(D3D11Query.class, m("EVENT", 0, "OCCLUSION", 1, "TIMESTAMP", 2, "TIMESTAMP_DISJOINT", 3,
                "PIPELINE_STATISTICS", 4, "OCCLUSION_PREDICATE", 5, "SO_STATISTICS", 6, "SO_OVERFLOW_PREDICATE", 7,
                "SO_STATISTICS_STREAM0", 8, "SO_OVERFLOW_PREDICATE_STREAM0", 9, "SO_STATISTICS_STREAM1", 10,
                "SO_OVERFLOW_PREDICATE_STREAM1", 11, "SO_STATISTICS_STREAM2", 12, "SO_OVERFLOW_PREDICATE_STREAM2", 13,
                "SO_STATISTICS_STREAM3", 14, "SO_OVERFLOW_PREDICATE_STREAM3", 15));
    }

    // d3d12.h D3D12_RESOURCE_STATES bit values, with GENERIC_READ = 0xAC3 and the PREDICATION alias.
    @Test
    void resourceStateBits() {
        assertValues(ResourceState.class, m("COMMON", 0, "VERTEX_AND_CONSTANT_BUFFER", 0x1, "INDEX_BUFFER", 0x2,
                "RENDER_TARGET", 0x4, "UNORDERED_ACCESS", 0x8, "DEPTH_WRITE", 0x10, "DEPTH_READ", 0x20,
                "NON_PIXEL_SHADER_RESOURCE", 0x40, "PIXEL_SHADER_RESOURCE", 0x80, "STREAM_OUT", 0x100,
                "INDIRECT_ARGUMENT", 0x200, "COPY_DEST", 0x400, "COPY_SOURCE", 0x800, "RESOLVE_DEST", 0x1000,
                "RESOLVE_SOURCE", 0x2000, "GENERIC_READ", 0xAC3, "PRESENT", 0, "PREDICATION", 0x200));
        assertEquals("COMMON", ResourceState.describe(0));
        assertEquals("COPY_DEST", ResourceState.describe(0x400));
        assertEquals("GENERIC_READ", ResourceState.describe(0xAC3));
    }

    // Trace format: "Enumerations use the Direct3D 12 spelling with or without its prefix ... Case matters."
    @Test
    void parseAcceptsBothSpellingsAndIsCaseSensitive() {
        assertSame(QueryType.BINARY_OCCLUSION, QueryType.parse("BINARY_OCCLUSION"));
        assertSame(QueryType.BINARY_OCCLUSION, QueryType.parse("D3D12_QUERY_TYPE_BINARY_OCCLUSION"));
        assertSame(QueryHeapType.COPY_QUEUE_TIMESTAMP, QueryHeapType.parse("D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP"));
        assertSame(ComparisonFunc.LESS_EQUAL, ComparisonFunc.parse("D3D12_COMPARISON_FUNC_LESS_EQUAL"));
        assertSame(StencilOp.INCR_SAT, StencilOp.parse("D3D12_STENCIL_OP_INCR_SAT"));
        assertSame(PredicationOp.NOT_EQUAL_ZERO, PredicationOp.parse("D3D12_PREDICATION_OP_NOT_EQUAL_ZERO"));
        assertSame(DepthFormat.D16_UNORM, DepthFormat.parse("DXGI_FORMAT_D16_UNORM"));
        assertSame(D3D11Query.OCCLUSION, D3D11Query.parse("D3D11_QUERY_OCCLUSION"));
        assertNull(QueryType.parse("binary_occlusion"));
        assertNull(QueryType.parse("D3D12_QUERY_HEAP_TYPE_OCCLUSION"), "another enumeration's prefix");
        assertNull(ComparisonFunc.parse("LESSEQUAL"));
    }

    // D3D12_QUERY_DATA_* sizes: one u64 for occlusion and timestamps, 11 / 14 u64 for the statistics,
    // two u64 for SO statistics, 32 bytes for D3D12_QUERY_DATA_VIDEO_DECODE_STATISTICS.
    @Test
    void resolvedResultSizes() {
        assertEquals(8, QueryType.OCCLUSION.resultBytes());
        assertEquals(8, QueryType.BINARY_OCCLUSION.resultBytes());
        assertEquals(8, QueryType.TIMESTAMP.resultBytes());
        assertEquals(88, QueryType.PIPELINE_STATISTICS.resultBytes());
        assertEquals(112, QueryType.PIPELINE_STATISTICS1.resultBytes());
        assertEquals(16, QueryType.SO_STATISTICS_STREAM2.resultBytes());
        assertEquals(32, QueryType.VIDEO_DECODE_STATISTICS.resultBytes());
    }

    // D3D11 functional spec IAPrimitives: a list makes floor(n / 3) triangles, a strip max(0, n - 2).
    @Test
    void topologyPrimitiveCounts() {
        assertEquals(0, PrimitiveTopology.TRIANGLE_LIST.primitives(2));
        assertEquals(2, PrimitiveTopology.TRIANGLE_LIST.primitives(7));
        assertEquals(0, PrimitiveTopology.TRIANGLE_STRIP.primitives(0));
        assertEquals(0, PrimitiveTopology.TRIANGLE_STRIP.primitives(2));
        assertEquals(1, PrimitiveTopology.TRIANGLE_STRIP.primitives(3));
        assertEquals(3, PrimitiveTopology.TRIANGLE_STRIP.primitives(5));
    }
}
