package gpusim.memory.dram;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * A DRAM controller's refresh: before each decision the controller lets it take the refreshes due by
 * then, closing banks and delaying their next ACT. One method and its counters, as Ramulator 2 makes
 * refresh a manager of its own ({@code IRefreshManager}, {@code src/ramulator/controller/refresh/i_refresh_manager.h},
 * with all-bank, per-bank and no-refresh implementations), registered by name.
 */
interface DramRefresh {
    /** Takes every refresh due at or before decision cycle {@code decision} (memory cycles) on {@code banks}. */
    void before(long decision, DramBank[] banks);

    /** Refreshes taken. */
    long refreshes();

    /** PRE commands the refreshes issued (one per open bank a refresh closes). */
    long precharges();

    /** The registered refresh schemes by name, each made for the controller's timing. */
    Map<String, Function<DramTiming, DramRefresh>> REGISTERED = registered();

    private static Map<String, Function<DramTiming, DramRefresh>> registered() {
        Map<String, Function<DramTiming, DramRefresh>> m = new TreeMap<>();
        m.put("all_bank", AllBankRefresh::new);
        m.put("none", t -> new NoRefresh());
        return Collections.unmodifiableMap(m);
    }

    /** The refresh scheme registered as {@code name}, for {@code timing}. */
    static DramRefresh named(String name, DramTiming timing) {
        Function<DramTiming, DramRefresh> make = REGISTERED.get(name);
        if (make == null) {
            throw new IllegalArgumentException("dram: no refresh " + name + " (registered: " + REGISTERED.keySet()
                    + ")");
        }
        return make.apply(timing);
    }
}
