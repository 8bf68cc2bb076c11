package gpusim.gpu;

import gpusim.config.KeyGroup;
import gpusim.config.ModuleKeys;
import gpusim.gpu.db.HizParams;
import gpusim.gpu.rop.RopParams;
import java.util.List;

/** The gpu module's key groups ({@link ModuleKeys}): the pipeline's, hierarchical Z's, the ROP back end's. */
public final class GpuKeys implements ModuleKeys {
    @Override
    public List<KeyGroup> groups() {
        return List.of(PipelineParams.KEYS, HizParams.KEYS, RopParams.KEYS);
    }
}
