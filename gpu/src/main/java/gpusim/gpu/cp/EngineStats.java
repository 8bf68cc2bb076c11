package gpusim.gpu.cp;

import gpusim.sim.StatGroup;

/**
 * The statistics group of a queue engine, named after its queue ("cp" for DIRECT, "compute",
 * "copy", "decode"). A base class so that it exists before the engine's field initializers
 * add their statistics to it.
 */
abstract class EngineStats {
    protected final StatGroup stats;

    EngineStats(String name, String description) {
        this.stats = new StatGroup(name, description);
    }
}
