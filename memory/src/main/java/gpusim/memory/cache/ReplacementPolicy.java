package gpusim.memory.cache;

import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Which valid way of a full set a new line replaces. The {@link TagArray} asks only when every way
 * of the set is valid (an invalid way is always taken first) and tells the policy of every use of a
 * way (a hit, or a fill installing a line). A policy keeps its per-way state in the 32-bit word each
 * way holds beside its tag ({@link WayWords}), read and written in the host cache line the lookup
 * has just read.
 *
 * <p>One small interface with implementations registered by name, as Ramulator 2 makes a
 * controller's scheduler and plug-ins (its {@code src/dram_controller/scheduler.h} and
 * {@code plugin.h}: an interface, implementations registered by name and chosen by configuration);
 * Akita's write-back cache likewise keeps the victim finder apart from its directory stage
 * ({@code mem/cache/writeback/directorystage.go}). Each cache uses one implementation for a whole
 * run, so the call sites stay monomorphic and the JIT inlines them.
 */
public interface ReplacementPolicy {
    /** Way {@code way} (set * ways + way) of {@code w} was used: hit or written in place. */
    void touched(WayWords w, int way);

    /** Way {@code way} took a new line (a fill, or a write allocating it); a use of it too, unless a policy says otherwise. */
    default void installed(WayWords w, int way) {
        touched(w, way);
    }

    /** The way to replace among the valid ways {@code base} .. {@code base + ways - 1} of one set of {@code w}. */
    int victim(WayWords w, int base, int ways);

    /** The registered policies by name, each made anew for one cache. */
    Map<String, Supplier<ReplacementPolicy>> REGISTERED = registered();

    private static Map<String, Supplier<ReplacementPolicy>> registered() {
        Map<String, Supplier<ReplacementPolicy>> m = new TreeMap<>();
        m.put("lru", LruPolicy::new);
        m.put("fifo", FifoPolicy::new);
        return java.util.Collections.unmodifiableMap(m);
    }

    /** A new policy of the kind registered as {@code name}, for one cache. */
    static ReplacementPolicy named(String name) {
        Supplier<ReplacementPolicy> make = REGISTERED.get(name);
        if (make == null) {
            throw new IllegalArgumentException("cache: no replacement policy " + name + " (registered: "
                    + REGISTERED.keySet() + ")");
        }
        return make.get();
    }
}
