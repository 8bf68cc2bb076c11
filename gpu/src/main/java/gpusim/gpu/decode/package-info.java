/**
 * Video decode results: {@link DecodeStatistics} is the D3D12_QUERY_DATA_VIDEO_DECODE_STATISTICS
 * structure a VIDEO_DECODE_STATISTICS query writes for one decoded frame, with its byte layout.
 * The decode engine's unit itself is in {@link gpusim.gpu.cp}.
 *
 * <p>Source: {@code d3d12video.h} and Microsoft Learn's "D3D12_QUERY_DATA_VIDEO_DECODE_STATISTICS
 * structure".
 */
package gpusim.gpu.decode;
