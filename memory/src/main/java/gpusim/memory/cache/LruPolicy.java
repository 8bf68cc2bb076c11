package gpusim.memory.cache;

/**
 * Least recently used: each way holds the tick of a use clock at its last use, and the victim is the
 * way of the set with the oldest (the first such way on a tie, which a clock that only grows never
 * makes). The textbook policy (gem5's {@code LRURP}: {@code src/mem/cache/replacement_policies/lru_rp.cc}
 * keeps a last-touch tick a block the same way). The ticks are the ways' words beside their tags
 * ({@link WayWords}, {@link StampClock}).
 */
public final class LruPolicy implements ReplacementPolicy {
    private final StampClock clock;

    public LruPolicy() {
        this(new StampClock());
    }

    LruPolicy(StampClock clock) {
        this.clock = clock;
    }

    @Override
    public void touched(WayWords w, int way) {
        clock.stamp(w, way);
    }

    @Override
    public int victim(WayWords w, int base, int ways) {
        return StampClock.oldest(w, base, ways);
    }
}
