package gpusim.tracefile;

import gpusim.api.DepthFormat;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.trace.Resource;

/**
 * How many bytes of the memory budget ({@code memory.budget}) each resource costs. The
 * reader charges these before it allocates anything, so a trace cannot make the model
 * allocate more than the budget. All products saturate at Long.MAX_VALUE instead of
 * overflowing, so absurd sizes are simply "over budget".
 */
public final class ResourceSizes {
    private ResourceSizes() {
    }

    /**
     * Bytes an occlusion query slot costs: 16 bytes (begin and end counters) for each of
     * up to 32 depth blocks, whatever {@code db.count} is.
     */
    public static final long OCCLUSION_SLOT_BYTES = 16L * 32;
    /** A vertex: x y z w r g b a as 32-bit floats. */
    public static final long VERTEX_BYTES = Resource.VertexBuffer.BYTES_PER_VERTEX;
    /** An index, held as a 32-bit int whatever its format. */
    public static final long INDEX_BYTES = 4;

    public static long bytes(Resource r) {
        if (r instanceof Resource.QueryHeap q) {
            return queryHeap(q.type(), q.count());
        } else if (r instanceof Resource.Buffer b) {
            return b.size();
        } else if (r instanceof Resource.RenderTarget t) {
            return renderTarget(t.width(), t.height(), t.samples());
        } else if (r instanceof Resource.DepthStencil d) {
            return depthStencil(d.width(), d.height(), d.samples(), d.format());
        } else if (r instanceof Resource.VertexBuffer v) {
            return mul(v.vertexCount(), VERTEX_BYTES);
        } else if (r instanceof Resource.IndexBuffer i) {
            return mul(i.indexCount(), INDEX_BYTES);
        }
        return 0; // pipeline states hold no sized data
    }

    /**
     * A query heap: 512 bytes an occlusion slot, 16 a TIMESTAMP one (its value and its
     * end-of-query fence word), otherwise the result size of the heap's query type.
     */
    public static long queryHeap(QueryHeapType type, long count) {
        return mul(count, type == QueryHeapType.OCCLUSION ? OCCLUSION_SLOT_BYTES
                : type == QueryHeapType.TIMESTAMP ? 2L * QueryType.TIMESTAMP.resultBytes() : resultBytes(type));
    }

    /** The resolved result size of the query types a heap of this type holds (the largest, should they differ). */
    public static int resultBytes(QueryHeapType type) {
        int bytes = 0;
        for (QueryType t : QueryType.values()) {
            if (t.compatibleWith(type)) {
                bytes = Math.max(bytes, t.resultBytes());
            }
        }
        return bytes;
    }

    /**
     * RGBA8: 4 bytes a sample; a single-sample target 2 more a pixel, the host model's plane
     * of deferred colours (which triangle's colour a pixel takes, resolved when read:
     * gpusim.gpu.ps.PixelShader).
     */
    public static long renderTarget(long width, long height, long samples) {
        return mul(mul(mul(width, height), samples), samples == 1 ? 6 : 4);
    }

    public static long depthStencil(long width, long height, long samples, DepthFormat format) {
        return mul(mul(mul(width, height), samples), format.bytesPerSample());
    }

    /** a x b for non-negative a and b, saturating at Long.MAX_VALUE. */
    static long mul(long a, long b) {
        return gpusim.trace.TraceWork.mul(a, b);
    }
}
