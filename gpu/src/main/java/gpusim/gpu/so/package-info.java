/**
 * Stream output ({@code so}): writing the vertex stage's primitives to buffers, after the vertex
 * stage and before clipping, and counting the stream-output statistics.
 *
 * <ul>
 *   <li>{@link StreamOutUnit}: the stream-output stage;
 *   <li>{@link SoBinding}: the targets one SOSetTargets binds, with their filled sizes.
 * </ul>
 *
 * <p>Sources: the D3D12 documentation of the stream-output stage (SOSetTargets,
 * D3D12_STREAM_OUTPUT_BUFFER_VIEW, D3D12_QUERY_DATA_SO_STATISTICS); radeonsi's
 * {@code si_state_streamout.c}.
 */
package gpusim.gpu.so;
