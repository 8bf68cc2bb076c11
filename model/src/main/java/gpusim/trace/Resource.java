package gpusim.trace;

import gpusim.api.DepthFormat;
import gpusim.api.HeapType;
import gpusim.api.IndexFormat;
import gpusim.api.QueryHeapType;

/** A top-level resource declaration of a trace. Every resource has a unique name and the line that made it. */
public sealed interface Resource {
    String name();

    int line();

    /** {@code query_heap NAME type=T count=N}: CreateQueryHeap. */
    record QueryHeap(String name, QueryHeapType type, int count, int line) implements Resource {
    }

    /** {@code buffer NAME size=BYTES [heap=H] [state=S]}: a committed, zero-filled buffer. */
    record Buffer(String name, long size, HeapType heap, int initialState, int line) implements Resource {
    }

    /** {@code render_target NAME width=W height=H [samples=S]}: an RGBA8 colour target. */
    record RenderTarget(String name, int width, int height, int samples, int line) implements Resource {
    }

    /** {@code depth_stencil NAME width=W height=H [samples=S] [format=F]}. */
    record DepthStencil(String name, int width, int height, int samples, DepthFormat format, int line)
            implements Resource {
    }

    /**
     * {@code vertex_buffer NAME ... end}: {@code data} holds {@link #FLOATS_PER_VERTEX} floats a
     * vertex (x y z w r g b a).
     */
    record VertexBuffer(String name, float[] data, int vertexCount, int line) implements Resource {
        public static final int FLOATS_PER_VERTEX = 8;
        public static final int BYTES_PER_VERTEX = FLOATS_PER_VERTEX * 4;
    }

    /** {@code index_buffer NAME format=F ... end}: indices as unsigned values held in an int array. */
    record IndexBuffer(String name, IndexFormat format, int[] indices, int indexCount, int line)
            implements Resource {
    }

    /**
     * {@code fence NAME [initial=V]}: ID3D12Device::CreateFence(InitialValue). Queues signal it
     * and wait on it (ID3D12CommandQueue::Signal / Wait); its value is a UINT64, held here
     * in 0..2^63-1.
     */
    record Fence(String name, long initial, int line) implements Resource {
    }

    /**
     * {@code video_decoder_heap NAME width=W height=H bitrate=BPS framerate=N[/D]}:
     * ID3D12VideoDevice::CreateVideoDecoderHeap with D3D12_VIDEO_DECODER_HEAP_DESC's
     * DecodeWidth, DecodeHeight, BitRate (bits per second, UINT) and FrameRate
     * (DXGI_RATIONAL {Numerator, Denominator}, each a UINT).
     */
    record VideoDecoderHeap(String name, int width, int height, long bitRate, long frameRateNumerator,
                            long frameRateDenominator, int line) implements Resource {
    }

    /** {@code pipeline_state NAME [options]}. */
    record Pso(String name, PipelineState state, int line) implements Resource {
    }
}
