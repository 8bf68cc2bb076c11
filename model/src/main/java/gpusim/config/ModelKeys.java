package gpusim.config;

import java.util.List;

/** The model module's key groups ({@link ModuleKeys}): the keys other modules share, the simulator's own. */
public final class ModelKeys implements ModuleKeys {
    @Override
    public List<KeyGroup> groups() {
        return List.of(SharedKeys.KEYS, SimKeys.KEYS);
    }
}
