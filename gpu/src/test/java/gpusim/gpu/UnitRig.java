package gpusim.gpu;

import gpusim.gpu.work.Work;
import gpusim.memory.DeviceMemory;
import gpusim.memory.MemorySystem;
import gpusim.memory.cache.Cache;
import gpusim.memory.cache.CacheParams;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Component;
import gpusim.sim.Engine;

/**
 * One back-end unit driven through its ports: an idle source feeding its input queue, an idle
 * sink behind its output, and its own cache (16 KB, 4 ways, 64-byte lines, 16 MSHRs, {@link #HIT}
 * cycles a lookup) over a one-channel memory that serves a 64-byte line a cycle and returns it
 * {@link #LATENCY} cycles later. The surface tests derive their exact cycles from these.
 */
public final class UnitRig {
    public static final long HIT = 4;
    public static final long LATENCY = 20;

    public final Engine engine = new Engine(10_000);
    public final DeviceMemory memory = new DeviceMemory(256);
    public final DrawTracker draws = new DrawTracker();
    private final MemorySystem ms = new MemorySystem(engine, memory, MemorySystem.Params.single(64, LATENCY, 64));
    public final StageWiring wiring = new StageWiring(engine, new PipelineDrain(engine, ms), draws, RunMode.TIMED,
            new RunLength());
    private final IdleComponent src = new IdleComponent("src");
    private final IdleComponent sink = new IdleComponent("sink");
    public final BoundedQueue<Work> in;

    public UnitRig() {
        engine.add(src);
        in = engine.queue("in", 16, 1);
    }

    /**
     * Registers {@code unit} (built on {@link #wiring} and {@link #in}) and its cache, named
     * {@code cacheName} (holding no bytes when {@code timingOnly}); returns the cache.
     */
    public Cache wire(Component unit, String cacheName, boolean timingOnly) {
        engine.add(unit);
        engine.add(sink);
        CacheParams p = new CacheParams(16384, 4, 64, true, 16, HIT);
        Cache cache = new Cache(cacheName, engine, ms, timingOnly ? p.withoutBytes() : p);
        engine.add(cache);
        ms.register();
        in.connect(src, unit);
        return cache;
    }

    /**
     * Registers {@code unit} (built on {@link #wiring}, reading {@link #in} if it has an input)
     * with no cache of its own: what it reads or writes goes to {@link #memorySystem()} directly.
     */
    public void wire(Component unit) {
        engine.add(unit);
        engine.add(sink);
        ms.register();
        in.connect(src, unit);
    }

    /** The one-channel memory behind the rig, for a unit that reads and writes it directly. */
    public MemorySystem memorySystem() {
        return ms;
    }

    /** The unit's output queue, into the sink. */
    public BoundedQueue<Work> out(Component unit) {
        return engine.<Work>queue("out", 16, 1).connect(unit, sink);
    }

    /** An item the unit put in its output queue and the cycle it arrived at the sink. */
    public record Arrival<T>(T item, long at) {
    }

    /**
     * Empties {@code q} after a run (the sink never takes anything): each item with the cycle it
     * arrived, in order, taken at that cycle or at {@code now} if later (a sink woken for an
     * earlier arrival is not woken again for the later ones, so the run may end before them).
     */
    public static <T> java.util.List<Arrival<T>> arrivals(BoundedQueue<T> q, long now) {
        java.util.List<Arrival<T>> a = new java.util.ArrayList<>();
        while (!q.isEmpty()) {
            long at = q.headReadyAt();
            a.add(new Arrival<>(q.pop(Math.max(now, at)), at));
        }
        return a;
    }
}
