package gpusim.memory.cache;

/**
 * The clock of a policy that stamps ways and replaces the oldest stamp of a set (LRU stamps at every use,
 * FIFO at every install): stamps are 32-bit words ({@link WayWords}) read as unsigned, so a cache can
 * stamp 2^32 - 1 times before its clock would wrap. At that point every set's stamps are renumbered by
 * rank (1 .. ways, oldest first) and the clock goes on from the set size: the order within every set,
 * which is all a victim choice reads, is unchanged, so the choices are those of an unbounded clock
 * (gem5's {@code LRURP} and {@code FIFORP} keep a 64-bit tick a block instead).
 */
final class StampClock {
    /** The last stamp given, unsigned (0: none yet). */
    private int last;

    StampClock() {
        this(0);
    }

    /** A clock whose last stamp was {@code last} (unsigned): for a test of the renumbering. */
    StampClock(int last) {
        this.last = last;
    }

    /** Stamps way {@code way} with the next tick. */
    void stamp(WayWords w, int way) {
        if (last == -1) {
            renumber(w);
        }
        w.word(way, ++last);
    }

    /** The way of {@code base .. base + ways - 1} with the oldest stamp (the first such way on a tie). */
    static int oldest(WayWords w, int base, int ways) {
        int best = base;
        int bestStamp = w.word(base);
        for (int i = 1; i < ways; i++) {
            int s = w.word(base + i);
            if (Integer.compareUnsigned(s, bestStamp) < 0) {
                best = base + i;
                bestStamp = s;
            }
        }
        return best;
    }

    /** Every set's stamps replaced by their ranks in the set (1 = oldest; ties keep way order); the clock at the set size. */
    private void renumber(WayWords w) {
        int ways = w.setWays();
        long[] keyed = new long[ways];
        for (int base = 0; base < w.size(); base += ways) {
            for (int i = 0; i < ways; i++) {
                keyed[i] = (Integer.toUnsignedLong(w.word(base + i)) << 8) | i; // ways <= 64: 8 bits hold i
            }
            java.util.Arrays.sort(keyed);
            for (int r = 0; r < ways; r++) {
                w.word(base + (int) (keyed[r] & 0xFF), r + 1);
            }
        }
        last = ways;
    }
}
