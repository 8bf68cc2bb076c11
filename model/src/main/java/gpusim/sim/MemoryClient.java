package gpusim.sim;

/**
 * Which kind of client a memory request serves, so the memory can say whose bytes fill its
 * channels (its bytes per client). A cache's own traffic (a fill, a write-back)
 * carries the client of the line it moves. Statistics names are {@link #statName()}.
 */
public enum MemoryClient {
    /** Depth samples of a depth-stencil surface (the depth blocks, through their depth caches). */
    DEPTH,
    /** Per-tile depth metadata (HiZ bounds, HTILE-style compression state). */
    HTILE,
    /** Stencil samples. */
    STENCIL,
    /** Colour samples of a render target (the colour back ends, through their colour caches). */
    COLOR,
    /** Per-tile colour metadata (fast-clear and compression state, CMASK/DCC-style). */
    COLOR_META,
    /** Occlusion and pipeline-statistics counter writes of the back end and WriteQuery. */
    COUNTER,
    /** Query slot writes of the command processor (reset words, timestamps). */
    QUERY,
    /** Vertex buffer fetches of input assembly. */
    VERTEX,
    /** Index buffer fetches of input assembly. */
    INDEX,
    /** ResolveQueryData reads of query slots and writes of the destination buffer. */
    RESOLVE,
    /** CopyBufferRegion and other copy-engine traffic. */
    COPY,
    /** SetPredication's reads of the predicate. */
    PREDICATION,
    /** Stream-output data and filled-size writes. */
    STREAM_OUT,
    /** Video decode bitstream reads and status writes. */
    DECODE,
    /** The host's reads and writes (uploads, dumps), and anything not tagged. */
    OTHER;

    /** The name statistics use (lower case: "depth", "color_meta"). */
    public String statName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
