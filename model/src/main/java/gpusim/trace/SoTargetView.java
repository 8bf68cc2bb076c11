package gpusim.trace;

/**
 * One slot of {@code set_so_targets}: D3D12_STREAM_OUTPUT_BUFFER_VIEW with its GPU virtual
 * addresses given as buffer + offset. BufferLocation is {@code buffer} at {@code offset};
 * SizeInBytes is {@code size}; BufferFilledSizeLocation is {@code filledBuffer} at
 * {@code filledOffset}, where a 32-bit BufferFilledSize (bytes of data in the buffer) is kept
 * (Microsoft, "Stream Output Counters": "a 32-bit quantity called the BufferFilledSize").
 */
public record SoTargetView(Resource.Buffer buffer, long offset, long size, Resource.Buffer filledBuffer,
                           long filledOffset) {
    /** Bytes of the BufferFilledSize value. */
    public static final int FILLED_SIZE_BYTES = 4;
}
