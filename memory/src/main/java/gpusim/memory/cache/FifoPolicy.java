package gpusim.memory.cache;

/**
 * First in, first out: the victim is the way of the set whose line was installed first; hits do not
 * change the order. Each way holds the tick of an install clock at its line's install (gem5's
 * {@code FIFORP}, {@code src/mem/cache/replacement_policies/fifo_rp.cc}, keeps the insertion tick a block
 * the same way and ignores touches), as its word beside its tag ({@link WayWords}, {@link StampClock}).
 */
public final class FifoPolicy implements ReplacementPolicy {
    private final StampClock clock;

    public FifoPolicy() {
        this(new StampClock());
    }

    FifoPolicy(StampClock clock) {
        this.clock = clock;
    }

    @Override
    public void touched(WayWords w, int way) {
        // A hit keeps the line's place in the queue.
    }

    @Override
    public void installed(WayWords w, int way) {
        clock.stamp(w, way);
    }

    @Override
    public int victim(WayWords w, int base, int ways) {
        return StampClock.oldest(w, base, ways);
    }
}
