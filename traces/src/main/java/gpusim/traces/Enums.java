package gpusim.traces;

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
 * The token parsers of the enumerations the format uses, as plain classes rather than
 * method references: a fresh JVM spends milliseconds bootstrapping each lambda call site,
 * and {@code gpusim run} always starts fresh. Each delegates to the enum's own parse
 * (prefix optional, case matters).
 */
final class Enums {
    private Enums() {
    }

    static final Function<String, QueryHeapType> QUERY_HEAP_TYPE = new Function<>() {
        @Override
        public QueryHeapType apply(String t) {
            return QueryHeapType.parse(t);
        }
    };
    static final Function<String, QueryType> QUERY_TYPE = new Function<>() {
        @Override
        public QueryType apply(String t) {
            return QueryType.parse(t);
        }
    };
    static final Function<String, HeapType> HEAP_TYPE = new Function<>() {
        @Override
        public HeapType apply(String t) {
            return HeapType.parse(t);
        }
    };
    static final Function<String, ResourceState> RESOURCE_STATE = new Function<>() {
        @Override
        public ResourceState apply(String t) {
            return ResourceState.parse(t);
        }
    };
    static final Function<String, DepthFormat> DEPTH_FORMAT = new Function<>() {
        @Override
        public DepthFormat apply(String t) {
            return DepthFormat.parse(t);
        }
    };
    static final Function<String, IndexFormat> INDEX_FORMAT = new Function<>() {
        @Override
        public IndexFormat apply(String t) {
            return IndexFormat.parse(t);
        }
    };
    static final Function<String, PredicationOp> PREDICATION_OP = new Function<>() {
        @Override
        public PredicationOp apply(String t) {
            return PredicationOp.parse(t);
        }
    };
    static final Function<String, D3D11Query> D3D11_QUERY = new Function<>() {
        @Override
        public D3D11Query apply(String t) {
            return D3D11Query.parse(t);
        }
    };
    static final Function<String, PrimitiveTopology> TOPOLOGY = new Function<>() {
        @Override
        public PrimitiveTopology apply(String t) {
            return PrimitiveTopology.parse(t);
        }
    };
    static final Function<String, CullMode> CULL = new Function<>() {
        @Override
        public CullMode apply(String t) {
            return CullMode.parse(t);
        }
    };
    static final Function<String, ComparisonFunc> COMPARISON = new Function<>() {
        @Override
        public ComparisonFunc apply(String t) {
            return ComparisonFunc.parse(t);
        }
    };
    static final Function<String, StencilOp> STENCIL_OP = new Function<>() {
        @Override
        public StencilOp apply(String t) {
            return StencilOp.parse(t);
        }
    };
    static final Function<String, BlendMode> BLEND = new Function<>() {
        @Override
        public BlendMode apply(String t) {
            return BlendMode.parse(t);
        }
    };
    /** The command list types the format offers: DIRECT, COMPUTE, COPY (not BUNDLE or the video types). */
    static final Function<String, CommandListType> LIST_TYPE = new Function<>() {
        @Override
        public CommandListType apply(String t) {
            CommandListType v = CommandListType.parse(t);
            return v == CommandListType.DIRECT || v == CommandListType.COMPUTE || v == CommandListType.COPY ? v : null;
        }
    };
}
