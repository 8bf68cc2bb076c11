package gpusim.memory.dram;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Which waiting access a DRAM controller places next. One method, as Ramulator 2's scheduler is one
 * ({@code IScheduler::get_best_request}, {@code src/ramulator/controller/scheduler/i_scheduler.h}), with
 * the implementations registered by name and chosen when the controller is built. A run builds one
 * kind, so the call stays monomorphic and the JIT inlines it.
 */
interface DramScheduler {
    /**
     * The position in {@code queue} (not empty) of the access to place at decision cycle {@code decision}:
     * one that has arrived by then (position 0, the oldest, always has).
     */
    int pick(DramQueue queue, DramBank[] banks, long decision);

    /** The registered schedulers by name. */
    Map<String, Supplier<DramScheduler>> REGISTERED = registered();

    private static Map<String, Supplier<DramScheduler>> registered() {
        Map<String, Supplier<DramScheduler>> m = new TreeMap<>();
        m.put("frfcfs", FrFcfsScheduler::new);
        m.put("fcfs", FcfsScheduler::new);
        return Collections.unmodifiableMap(m);
    }

    /** The scheduler registered as {@code name}. */
    static DramScheduler named(String name) {
        Supplier<DramScheduler> make = REGISTERED.get(name);
        if (make == null) {
            throw new IllegalArgumentException("dram: no scheduler " + name + " (registered: " + REGISTERED.keySet()
                    + ")");
        }
        return make.get();
    }
}
