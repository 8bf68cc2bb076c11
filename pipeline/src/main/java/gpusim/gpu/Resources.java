package gpusim.gpu;

import gpusim.gpu.db.DepthSurface;
import gpusim.gpu.ps.ColorSurface;
import gpusim.gpu.query.QueryLayout;
import gpusim.gpu.query.QueryState;
import gpusim.memory.DeviceMemory;
import gpusim.trace.Resource;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Where each resource of a trace lives in the modelled GPU: buffers and query heaps at
 * addresses of device memory, render targets and depth-stencil resources as surfaces
 * owned by the back end.
 */
public final class Resources {
    private final Map<Resource, Long> addresses = new IdentityHashMap<>();
    private final Map<Resource, DepthSurface> depth = new IdentityHashMap<>();
    private final Map<Resource, ColorSurface> color = new IdentityHashMap<>();
    private final Map<Resource, QueryState> queries = new IdentityHashMap<>();
    private final int dbCount;

    public Resources(Iterable<Resource> resources, DeviceMemory memory, int dbCount, int tileSize) {
        this.dbCount = dbCount;
        for (Resource r : resources) {
            if (r instanceof Resource.Buffer b) {
                addresses.put(r, memory.allocate(b.size()));
            } else if (r instanceof Resource.QueryHeap h) {
                addresses.put(r, memory.allocate(QueryLayout.slotBytes(h.type(), dbCount) * h.count()));
                queries.put(r, new QueryState(h.count()));
            } else if (r instanceof Resource.DepthStencil d) {
                DepthSurface s = new DepthSurface(d.name(), d.width(), d.height(), d.samples(), d.format(), tileSize);
                depth.put(r, s);
            } else if (r instanceof Resource.RenderTarget t) {
                color.put(r, new ColorSurface(t.name(), t.width(), t.height(), t.samples(), tileSize));
            }
        }
    }

    public long address(Resource r) {
        return addresses.get(r);
    }

    public long querySlot(Resource.QueryHeap heap, int index) {
        return addresses.get(heap) + QueryLayout.slotBytes(heap.type(), dbCount) * index;
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
