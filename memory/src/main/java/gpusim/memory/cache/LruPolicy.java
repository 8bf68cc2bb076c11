package gpusim.memory.cache;

/**
 * Least recently used: each way holds the tick of a use clock at its last use, and the victim is the
 * way of the set with the oldest (the first such way on a tie, which a clock that only grows never
 * makes). The textbook policy (gem5's {@code LRURP}: {@code src/mem/cache/replacement_policies/lru_rp.cc}
 * keeps a last-touch tick a block the same way).
 */
public final class LruPolicy implements ReplacementPolicy {
    private final long[] lastUse;
    private long useClock;

    public LruPolicy(int ways) {
        this.lastUse = new long[ways];
    }

    @Override
    public void touched(int way) {
        lastUse[way] = ++useClock;
    }

    @Override
    public int victim(int base, int ways) {
        int w = base;
        for (int i = 1; i < ways; i++) {
            if (lastUse[base + i] < lastUse[w]) {
                w = base + i;
            }
        }
        return w;
    }
}
