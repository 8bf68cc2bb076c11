package gpusim.gpu;

import gpusim.gpu.db.DepthSurface;
import gpusim.gpu.db.SurfaceMemory;
import gpusim.gpu.ps.ColorSurface;
import gpusim.gpu.query.QueryKind;
import gpusim.gpu.query.QueryKinds;
import gpusim.gpu.query.QueryProtocol;
import gpusim.gpu.query.QueryState;
import gpusim.memory.DeviceMemory;
import gpusim.trace.Resource;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Where each resource of a trace lives in the modelled GPU: buffers, vertex buffers, index
 * buffers and query heaps at addresses of the one device memory, placed in trace order by
 * {@link DeviceMemory#allocate} (each at the next multiple of {@code memory.alignment});
 * render targets and depth-stencil resources as surfaces owned by the back end.
 *
 * <p>Vertex and index buffers are written into memory when the trace is loaded (turned
 * into bytes when a page of them is first touched: {@link DeviceMemory#writeFloats}), in the
 * layout the trace format gives them: a vertex is x y z w r g b a as eight little-endian
 * 32-bit floats (32 bytes), an index 2 (R16_UINT) or 4 (R32_UINT) little-endian bytes.
 * Input assembly times its fetches against these bytes; it takes the values from the
 * trace's arrays, which hold the same numbers.
 */
public final class Resources {
    private final Map<Resource, Long> addresses = new IdentityHashMap<>();
    private final Map<Resource, DepthSurface> depth = new IdentityHashMap<>();
    private final Map<Resource, ColorSurface> color = new IdentityHashMap<>();
    private final Map<Resource, QueryState> queries = new IdentityHashMap<>();
    /** The back end's occlusion query protocol, which sizes occlusion heaps' slots. */
    private final QueryProtocol occlusion;
    /** Each query heap type's layout, the occlusion heaps' by {@link #occlusion}. */
    private final QueryKinds queryKinds;
    /**
     * Surface bytes from which the render targets' storage is allocated on a helper thread while
     * this one allocates the depth-stencil surfaces. A new array's pages are faulted in and zeroed
     * by the allocating thread, and on the 2-core machines here that cost 0.7 s on one core for
     * the 288 MiB of a 4096 x 2048 x 4 target with its depth-stencil surface (docs/performance.md,
     * "Surfaces allocated on two threads"); below this size a thread costs more than it saves.
     */
    static final long PARALLEL_ALLOCATION_BYTES = 16L << 20;

    /** @param occlusion the back end's occlusion query protocol ({@link gpusim.gpu.BackEnd#queryProtocol}) */
    public Resources(Iterable<Resource> resources, DeviceMemory memory, QueryProtocol occlusion, int tileSize) {
        this(resources, memory, occlusion, tileSize, false, null);
    }

    /**
     * @param surfacesInMemory surfaces.in_memory: the depth-stencil and render-target surfaces
     *                         also get device addresses ({@link SurfaceMemory}), placed after
     *                         every other resource (in trace order), so the buffers' addresses
     *                         are the same with the switch on or off
     * @param colorCompression compression.color (null: off): each render target's DCC key array,
     *                         placed after every surface (so every other address is the same
     *                         with it on or off)
     */
    public Resources(Iterable<Resource> resources, DeviceMemory memory, QueryProtocol occlusion, int tileSize,
                     boolean surfacesInMemory, PipelineParams.ColorCompressionParams colorCompression) {
        this.occlusion = occlusion;
        this.queryKinds = new QueryKinds(occlusion);
        boolean parallel = Runtime.getRuntime().availableProcessors() > 1
                && colorBytes(resources) >= PARALLEL_ALLOCATION_BYTES;
        Map<Resource, CompletableFuture<ColorSurface>> pending = new IdentityHashMap<>();
        for (Resource r : resources) {
            if (r instanceof Resource.Buffer b) {
                addresses.put(r, memory.allocate(b.size()));
            } else if (r instanceof Resource.VertexBuffer v) {
                long addr = memory.allocate((long) v.vertexCount() * Resource.VertexBuffer.BYTES_PER_VERTEX);
                addresses.put(r, addr);
                memory.writeFloats(addr, v.data(), v.vertexCount() * Resource.VertexBuffer.FLOATS_PER_VERTEX);
            } else if (r instanceof Resource.IndexBuffer ib) {
                long addr = memory.allocate((long) ib.indexCount() * ib.format().bytes());
                addresses.put(r, addr);
                memory.writeInts(addr, ib.indices(), ib.indexCount(), ib.format().bytes());
            } else if (r instanceof Resource.QueryHeap h) {
                addresses.put(r, memory.allocate(queryKinds.of(h.type()).slotBytes() * h.count()));
                queries.put(r, new QueryState(h.count()));
            } else if (r instanceof Resource.DepthStencil d) {
                DepthSurface s = new DepthSurface(d.name(), d.width(), d.height(), d.samples(), d.format(), tileSize);
                depth.put(r, s);
            } else if (r instanceof Resource.RenderTarget t) {
                if (parallel) {
                    pending.put(r, CompletableFuture.supplyAsync(
                            () -> new ColorSurface(t.name(), t.width(), t.height(), t.samples(), tileSize),
                            Resources::allocationThread));
                } else {
                    color.put(r, new ColorSurface(t.name(), t.width(), t.height(), t.samples(), tileSize));
                }
            }
        }
        // Published to this thread by join (the helper's writes happen-before it returns).
        pending.forEach((r, f) -> color.put(r, join(f)));
        if (surfacesInMemory) {
            for (Resource r : resources) {
                if (r instanceof Resource.DepthStencil d) {
                    DepthSurface s = depth.get(r);
                    s.memory = SurfaceMemory.depth(memory, s.layout, d.format());
                } else if (r instanceof Resource.RenderTarget) {
                    ColorSurface s = color.get(r);
                    s.memory = SurfaceMemory.color(memory, s.layout);
                }
            }
            if (colorCompression != null) {
                for (Resource r : resources) {
                    if (r instanceof Resource.RenderTarget) {
                        color.get(r).memory.placeDcc(memory, colorCompression.blockBytes(),
                                colorCompression.metaBytes(), colorCompression.constantBytes(),
                                colorCompression.maxCompressedBytes(), colorCompression.partial());
                    }
                }
            }
        }
    }

    /** The render targets' storage bytes: one RGBA8 word a sample. */
    private static long colorBytes(Iterable<Resource> resources) {
        long bytes = 0;
        for (Resource r : resources) {
            if (r instanceof Resource.RenderTarget t) {
                bytes += 4L * t.width() * t.height() * t.samples();
            }
        }
        return bytes;
    }

    /** Runs one allocation on a new daemon thread (once per run and render target: no pool to keep). */
    private static void allocationThread(Runnable task) {
        Thread t = new Thread(task, "gpusim-surface-allocation");
        t.setDaemon(true);
        t.start();
    }

    /** The surface a helper allocated; its failure (an OutOfMemoryError, say) rethrown as it was. */
    private static ColorSurface join(CompletableFuture<ColorSurface> f) {
        try {
            return f.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw e;
        }
    }

    /** The device-memory address of a buffer, vertex buffer, index buffer or query heap. */
    public long address(Resource r) {
        return addresses.get(r);
    }

    public long querySlot(Resource.QueryHeap heap, int index) {
        return addresses.get(heap) + queryKinds.of(heap.type()).slotBytes() * index;
    }

    /** How queries of {@code heap}'s type are laid out, reset and resolved. */
    public QueryKind queryKind(Resource.QueryHeap heap) {
        return queryKinds.of(heap.type());
    }

    /** Every query heap type's kind, for this back end's occlusion protocol. */
    public QueryKinds queryKinds() {
        return queryKinds;
    }

    /** The back end's occlusion query protocol the query heaps are laid out by. */
    public QueryProtocol queryProtocol() {
        return occlusion;
    }

    public QueryState queryState(Resource.QueryHeap heap) {
        return queries.get(heap);
    }

    public DepthSurface depth(Resource.DepthStencil ds) {
        return depth.get(ds);
    }

    public ColorSurface color(Resource.RenderTarget rt) {
        return color.get(rt);
    }

    public Map<Resource, ColorSurface> colorSurfaces() {
        return color;
    }

    public Map<Resource, DepthSurface> depthSurfaces() {
        return depth;
    }
}
