/**
 * The Direct3D vocabulary of the trace format: enumerations that carry their Direct3D numeric
 * values and spellings ({@link D3DEnum}), so that a trace may name a constant with or without its
 * prefix and the model uses the values the headers define. They are shared by the parser, the
 * model and the replay, so they sit below all of them.
 *
 * <p>Sources: {@code d3d12.h} ({@link QueryType}, {@link QueryHeapType}, {@link ComparisonFunc},
 * {@link StencilOp}, {@link CullMode}, {@link ResourceState}, {@link PredicationOp},
 * {@link CommandListType}, {@link HeapType}), {@code d3d12video.h} ({@link VideoDecodeStatus}),
 * {@code d3dcommon.h} ({@link PrimitiveTopology}), {@code dxgiformat.h} ({@link DepthFormat},
 * {@link IndexFormat}) and {@code d3d11.h} ({@link D3D11Query}, for WriteQuery).
 */
package gpusim.api;
