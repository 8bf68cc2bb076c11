package gpusim.memory.cache;

/**
 * First in, first out: the victim is the way of the set whose line was installed first; hits do not
 * change the order. Each way holds the tick of an install clock at its line's install (gem5's
 * {@code FIFORP}, {@code src/mem/cache/replacement_policies/fifo_rp.cc}, keeps the insertion tick a block
 * the same way and ignores touches).
 */
public final class FifoPolicy implements ReplacementPolicy {
    private final long[] installedAt;
    private long clock;

    public FifoPolicy(int ways) {
        this.installedAt = new long[ways];
    }

    @Override
    public void touched(int way) {
        // A hit keeps the line's place in the queue.
    }

    @Override
    public void installed(int way) {
        installedAt[way] = ++clock;
    }

    @Override
    public int victim(int base, int ways) {
        int w = base;
        for (int i = 1; i < ways; i++) {
            if (installedAt[base + i] < installedAt[w]) {
                w = base + i;
            }
        }
        return w;
    }
}
