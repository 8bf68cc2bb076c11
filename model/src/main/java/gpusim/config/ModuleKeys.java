package gpusim.config;

import java.util.List;

/**
 * A module's key groups, found with {@link java.util.ServiceLoader}: each module that declares
 * keys names its implementation in {@code META-INF/services/gpusim.config.ModuleKeys}, so the
 * catalogue ({@link ConfigKeys}) sees exactly the keys of the modules on the class path (a test
 * of the memory module sees the model's and the memory's keys, not the pipeline's), and the
 * model module needs to know none of the modules above it.
 */
public interface ModuleKeys {
    /** The module's key groups. */
    List<KeyGroup> groups();
}
