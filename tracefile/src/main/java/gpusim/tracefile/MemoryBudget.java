package gpusim.tracefile;

/**
 * The running total of resource bytes against {@code memory.budget} (declared beside the
 * memory system, gpusim.memory.MemorySystem). Every charge is checked before the
 * resource (or the next piece of a growing vertex/index buffer) is allocated.
 */
final class MemoryBudget {
    private final long budget;
    private long used;

    MemoryBudget(long budget) {
        if (budget <= 0) {
            throw new IllegalArgumentException("memory budget must be positive, got " + budget);
        }
        this.budget = budget;
    }

    long used() {
        return used;
    }

    /** Bytes still free. */
    long free() {
        return budget - used;
    }

    /** True if {@code bytes} more would still fit. */
    boolean fits(long bytes) {
        return bytes <= budget - used;
    }

    /** Adds {@code bytes}, or throws MEMORY_BUDGET_EXCEEDED (nothing is allocated yet). */
    void charge(long bytes, String what, Args args) {
        if (!fits(bytes)) {
            throw args.error(Rule.MEMORY_BUDGET_EXCEEDED, exceeded(bytes, what));
        }
        used += bytes;
    }

    String exceeded(long bytes, String what) {
        return what + " needs " + (bytes == Long.MAX_VALUE ? "more than 2^63" : String.valueOf(bytes))
                + " bytes but only " + (budget - used) + " of the memory budget of " + budget
                + " bytes are left (memory.budget)";
    }
}
