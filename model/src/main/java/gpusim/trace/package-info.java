/**
 * A parsed trace as immutable records: resources, pipeline states, command lists and their
 * commands, and the top-level submissions, in trace order. The parser
 * ({@code gpusim.tracefile.TraceReader}) builds it and the pipeline runs it; this package is only
 * the data between them.
 *
 * <ul>
 *   <li>{@link Trace}: the whole trace; {@link Resource}: a top-level resource;
 *       {@link CommandList} and {@link Command}: recorded commands; {@link TopCommand}: a
 *       submission or output command;
 *   <li>{@link PipelineState}, {@link StencilFace}, {@link StreamOutput}: the pipeline state
 *       (D3D12_DEPTH_STENCILOP_DESC, D3D12_STREAM_OUTPUT_DESC);
 *   <li>{@link SoTargetView}: D3D12_STREAM_OUTPUT_BUFFER_VIEW; {@link ViewportRect}: the pixels a
 *       draw may cover;
 *   <li>{@link TraceWork}: the input-assembly work a trace asks for, known before it runs.
 * </ul>
 */
package gpusim.trace;
