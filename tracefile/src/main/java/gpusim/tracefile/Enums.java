package gpusim.tracefile;

import gpusim.api.BlendMode;
import gpusim.api.CommandListType;
import gpusim.api.ComparisonFunc;
import gpusim.api.CullMode;
import gpusim.api.D3D11Query;
import gpusim.api.DepthFormat;
import gpusim.api.HeapType;
import gpusim.api.IndexFormat;
import gpusim.api.PredicationOp;
import gpusim.api.PrimitiveTopology;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.api.ResourceState;
import gpusim.api.StencilOp;
import java.util.function.Function;

/**
 * The token parsers of the enumerations the format uses. One class with a switch, not
 * method references or a class per enum: a fresh JVM spends about a millisecond on each
 * lambda call site or extra class, and {@code gpusim run} always starts fresh. Each
 * delegates to the enum's own parse (prefix optional, case matters; null if unknown).
 */
final class Enums<E> implements Function<String, E> {
    static final Enums<QueryHeapType> QUERY_HEAP_TYPE = new Enums<>(0);
    static final Enums<QueryType> QUERY_TYPE = new Enums<>(1);
    static final Enums<HeapType> HEAP_TYPE = new Enums<>(2);
    static final Enums<ResourceState> RESOURCE_STATE = new Enums<>(3);
    static final Enums<DepthFormat> DEPTH_FORMAT = new Enums<>(4);
    static final Enums<IndexFormat> INDEX_FORMAT = new Enums<>(5);
    static final Enums<PredicationOp> PREDICATION_OP = new Enums<>(6);
    static final Enums<D3D11Query> D3D11_QUERY = new Enums<>(7);
    static final Enums<PrimitiveTopology> TOPOLOGY = new Enums<>(8);
    static final Enums<CullMode> CULL = new Enums<>(9);
    static final Enums<ComparisonFunc> COMPARISON = new Enums<>(10);
    static final Enums<StencilOp> STENCIL_OP = new Enums<>(11);
    static final Enums<BlendMode> BLEND = new Enums<>(12);
    /**
     * The command list types the format offers: DIRECT, COMPUTE, COPY and (an addition to format
     * version 1, "Queues, fences and video decode") VIDEO_DECODE; not BUNDLE, VIDEO_PROCESS or VIDEO_ENCODE.
     */
    static final Enums<CommandListType> LIST_TYPE = new Enums<>(13);

    private final int kind;

    private Enums(int kind) {
        this.kind = kind;
    }

    @Override
    @SuppressWarnings("unchecked")
    public E apply(String t) {
        Object v;
        switch (kind) {
            case 0: v = QueryHeapType.parse(t); break;
            case 1: v = QueryType.parse(t); break;
            case 2: v = HeapType.parse(t); break;
            case 3: v = ResourceState.parse(t); break;
            case 4: v = DepthFormat.parse(t); break;
            case 5: v = IndexFormat.parse(t); break;
            case 6: v = PredicationOp.parse(t); break;
            case 7: v = D3D11Query.parse(t); break;
            case 8: v = PrimitiveTopology.parse(t); break;
            case 9: v = CullMode.parse(t); break;
            case 10: v = ComparisonFunc.parse(t); break;
            case 11: v = StencilOp.parse(t); break;
            case 12: v = BlendMode.parse(t); break;
            default: v = listType(t); break;
        }
        return (E) v;
    }

    private static CommandListType listType(String token) {
        CommandListType v = CommandListType.parse(token);
        return v == CommandListType.DIRECT || v == CommandListType.COMPUTE || v == CommandListType.COPY
                || v == CommandListType.VIDEO_DECODE ? v : null;
    }
}
