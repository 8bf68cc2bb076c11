package gpusim.gpu;

import gpusim.sim.Engine;

/**
 * What the clocked machinery of every {@link Stage} is connected to, made once by
 * {@link GpuBuilder}: the engine that clocks it, the drain monitor it reports idleness and its
 * memory requests to, the per-draw timing it touches, how the run counts time, and the run's
 * length its utilisation divides by. A stage's own needs (counters, memory port, tile map,
 * parameters) come through its constructor, not through this.
 */
public record StageWiring(Engine engine, PipelineDrain drain, DrawTracker draws, RunMode mode, RunLength runLength) {
}
