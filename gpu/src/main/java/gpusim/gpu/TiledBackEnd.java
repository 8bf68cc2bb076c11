package gpusim.gpu;

import gpusim.gpu.db.DepthBlock;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Component;
import java.util.ArrayList;
import java.util.List;

/**
 * What the back ends share at the binner's side of the seam: each tile owner (a render back
 * end, a ROP unit) starts with a depth block, which takes the owner's input queue, starts
 * its functional work as work is queued and keeps its occlusion counters. Subclasses fill
 * the lists in unit order and build the rest of their pipe.
 */
public abstract class TiledBackEnd implements BackEnd {
    /** Per tile owner: its input queue from the binner. */
    protected final List<BoundedQueue<Work>> inputs = new ArrayList<>();
    /** Per tile owner: its depth block. */
    protected final List<DepthBlock> depthBlocks = new ArrayList<>();
    /** Every clocked component, front first. */
    protected final List<Component> components = new ArrayList<>();

    @Override
    public int units() {
        return inputs.size();
    }

    @Override
    public BoundedQueue<Work> input(int u) {
        return inputs.get(u);
    }

    @Override
    public void accept(int u, Work w) {
        depthBlocks.get(u).accept(w);
    }

    @Override
    public long countedBy(int u, int counter, long now) {
        return depthBlocks.get(u).countedBy(counter, now);
    }

    @Override
    public List<Component> components() {
        return components;
    }

    /** The units' depth and colour caches (surfaces.in_memory), registered after the units. */
    protected final List<gpusim.memory.cache.Cache> caches = new ArrayList<>();
    /**
     * Per cache of {@link #caches}: dirty lines its flushes wrote back (registered with
     * surfaces.flush_at_end or memory.flush_at_host_sync only, so other reports do not change).
     */
    private final List<gpusim.sim.Stat.Scalar> flushed = new ArrayList<>();
    private boolean flushAtEnd;

    /**
     * With surfaces.in_memory (and timing), puts a depth cache in front of tile owner
     * {@code u}'s depth block and a colour cache in front of its colour unit, each a port over
     * {@code memory}: AMD GCN's render back end has its own depth and colour caches in front of
     * memory (radeonsi flushes them as DB_CACHE / CB_CACHE); a ROP unit's caches stand for the
     * ROP's tile caches in front of its partition's L2 slice.
     */
    protected void surfaceCaches(StageWiring wiring, PipelineParams.SurfaceParams sp, boolean flushAtHostSync,
                                 String dbName, String cbName,
                                 DepthBlock db, gpusim.gpu.cb.ColorBackEnd cb, gpusim.gpu.raster.TileMap tiles,
                                 gpusim.sim.MemoryPort memory, boolean hizOnChip) {
        if (!sp.inMemory() || wiring.mode().functional()) {
            return;
        }
        // Surface traffic carries no bytes (SurfaceTraffic), so the caches hold none.
        gpusim.memory.cache.Cache dc = new gpusim.memory.cache.Cache(dbName + "_cache", wiring.engine(), memory,
                sp.dbCache().withoutBytes());
        db.surfacesThrough(dc, sp.dbCache().lineBytes(), sp.tilesInFlight(), sp.fastClear(), sp.depthPlanes(), hizOnChip);
        gpusim.memory.cache.Cache cc = new gpusim.memory.cache.Cache(cbName + "_cache", wiring.engine(), memory,
                sp.cbCache().withoutBytes());
        cb.surfacesThrough(cc, sp.cbCache().lineBytes(), sp.wavesInFlight(), tiles, sp.fastClear(), sp.color());
        caches.add(dc);
        caches.add(cc);
        flushAtEnd = sp.flushAtEnd();
        if (sp.flushAtEnd() || flushAtHostSync) {
            for (gpusim.memory.cache.Cache c : List.of(dc, cc)) {
                flushed.add(c.stats().scalar("flushed_lines", "lines",
                        "dirty lines this cache wrote back in flushes (surfaces.flush_at_end, memory.flush_at_host_sync)"));
            }
        }
    }

    /** Every depth and colour cache writes its dirty lines back (see {@link BackEnd}). */
    @Override
    public int flushSurfaceCaches(long now) {
        int n = 0;
        for (int i = 0; i < caches.size(); i++) {
            int k = caches.get(i).flush(now);
            if (i < flushed.size()) {
                flushed.get(i).add(k);
            }
            n += k;
        }
        return n;
    }

    @Override
    public boolean flushesSurfaceCachesAtEnd() {
        return flushAtEnd;
    }

    @Override
    public List<? extends Component> surfaceCaches() {
        return caches;
    }

    /** Each depth block lands the functional work it kept back (deferred colour). */
    @Override
    public void finishFunctional() {
        for (DepthBlock d : depthBlocks) {
            d.finishFunctional();
        }
    }
}
