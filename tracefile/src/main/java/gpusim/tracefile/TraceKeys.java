package gpusim.tracefile;

import gpusim.config.KeyGroup;
import gpusim.config.ModuleKeys;
import java.util.List;

/** The tracefile module's key groups ({@link ModuleKeys}): the trace reader's and the validator's. */
public final class TraceKeys implements ModuleKeys {
    @Override
    public List<KeyGroup> groups() {
        return List.of(TraceReader.KEYS, TraceValidator.KEYS);
    }
}
