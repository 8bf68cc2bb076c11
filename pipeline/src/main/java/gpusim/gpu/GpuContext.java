package gpusim.gpu;

import gpusim.config.Config;
import gpusim.config.ConfigKeys;
import gpusim.gpu.raster.TileMap;
import gpusim.memory.MemorySystem;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import java.util.ArrayList;
import java.util.List;

/**
 * What every block of the modelled GPU shares: the engine, the configuration, the memory,
 * per-draw timing, the pipeline-statistics counters, and the idle monitor the command
 * processor waits on when it must drain the pipeline (barriers, timestamps, wait_idle).
 */
public final class GpuContext {
    private final Engine engine;
    private final Config config;
    private final MemorySystem memory;
    private final DrawTracker draws = new DrawTracker();
    private final PipelineCounters counters = new PipelineCounters();
    private final List<Component> drainable = new ArrayList<>();
    private final List<BoundedQueue<?>> queues = new ArrayList<>();
    private Component idleWaiter;
    private long totalCycles;
    public final int dbCount;
    public final int tileSize;
    /** Which DB owns which screen tile (pattern and enabled DBs from the configuration). */
    public final TileMap tiles;

    public GpuContext(Engine engine, Config config, MemorySystem memory) {
        this.engine = engine;
        this.config = config;
        this.memory = memory;
        this.dbCount = config.getInt(ConfigKeys.DB_COUNT);
        this.tileSize = config.getInt(ConfigKeys.DB_TILE);
        this.tiles = new TileMap(dbCount, tileSize, TileMap.Pattern.values()[config.getInt(ConfigKeys.DB_PATTERN)],
                config.validate().get(ConfigKeys.DB_ENABLED));
    }

    public Engine engine() {
        return engine;
    }

    public Config config() {
        return config;
    }

    public MemorySystem memory() {
        return memory;
    }

    public DrawTracker draws() {
        return draws;
    }

    public PipelineCounters counters() {
        return counters;
    }

    /** Components (other than the command processor) that must be idle for the pipeline to count as drained. */
    public void addDrainable(Component c) {
        drainable.add(c);
    }

    public void addQueue(BoundedQueue<?> q) {
        queues.add(q);
    }

    /** True when every stage, every queue and the memory are empty. */
    public boolean pipelineIdle() {
        for (BoundedQueue<?> q : queues) {
            if (!q.isEmpty()) {
                return false;
            }
        }
        for (Component c : drainable) {
            if (c.hasPendingWork()) {
                return false;
            }
        }
        return !memory.hasPendingWork();
    }

    /** The command processor waits for the pipeline to drain and is woken when it has. */
    public void waitForIdle(Component waiter) {
        idleWaiter = waiter;
    }

    /** Called by a stage that has gone idle; wakes a waiting command processor if all are idle. */
    public void maybeIdle(long now) {
        if (idleWaiter != null && pipelineIdle()) {
            engine.wakeAt(idleWaiter, now + 1);
            idleWaiter = null;
        }
    }

    public long totalCycles() {
        return totalCycles;
    }

    public void setTotalCycles(long cycles) {
        totalCycles = cycles;
    }
}
