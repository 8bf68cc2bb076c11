package gpusim.memory;

import gpusim.config.KeyGroup;
import gpusim.config.ModuleKeys;
import gpusim.memory.dram.DramParams;
import java.util.List;

/** The memory module's key groups ({@link ModuleKeys}): the channels, the DRAM behind them, the L2 slices. */
public final class MemoryKeys implements ModuleKeys {
    @Override
    public List<KeyGroup> groups() {
        return List.of(MemorySystem.KEYS, DramParams.KEYS, L2Params.KEYS);
    }
}
