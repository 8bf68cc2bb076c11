package gpusim.trace;

/**
 * The stream-output part of a pipeline state: D3D12_STREAM_OUTPUT_DESC as the trace
 * format's additions offer it (trace-format.md, "Additions: stream output"). The model's
 * pipeline state streams out what its vertex stage produces, as a pass-through geometry
 * shader would: every primitive goes to stream {@link #stream} (D3D12_SO_DECLARATION_ENTRY.Stream),
 * whose one declaration writes the vertex's clip-space position and colour (8 32-bit floats,
 * {@link #VERTEX_BYTES} bytes) at the start of each {@link #stride}-byte element
 * (D3D12_STREAM_OUTPUT_DESC.pBufferStrides) of buffer slot {@link #slot}
 * (D3D12_SO_DECLARATION_ENTRY.OutputSlot). {@link #rasterizedStream} is
 * D3D12_STREAM_OUTPUT_DESC.RasterizedStream: primitives are rasterized only when it names
 * the stream they go to; {@link #NO_RASTERIZED_STREAM} rasterizes nothing.
 */
public record StreamOutput(int stream, int slot, int stride, int rasterizedStream) {
    /** D3D12_SO_NO_RASTERIZED_STREAM (0xffffffff). */
    public static final int NO_RASTERIZED_STREAM = 0xFFFF_FFFF;
    /** D3D12_SO_STREAM_COUNT. */
    public static final int STREAM_COUNT = 4;
    /** D3D12_SO_BUFFER_SLOT_COUNT. */
    public static final int SLOT_COUNT = 4;
    /** D3D12_SO_BUFFER_MAX_STRIDE_IN_BYTES. */
    public static final int MAX_STRIDE = 2048;
    /** Bytes the model's declaration writes per vertex: x y z w r g b a as 32-bit floats. */
    public static final int VERTEX_BYTES = 32;

    /** Whether the primitives this pipeline state streams out also go on to the rasterizer. */
    public boolean rasterizes() {
        return rasterizedStream == stream;
    }
}
