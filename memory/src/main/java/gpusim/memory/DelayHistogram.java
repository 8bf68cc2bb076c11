package gpusim.memory;

import com.carrotsearch.hppc.LongLongHashMap;
import java.util.Arrays;

/**
 * A count of each delay (in cycles) a channel's parts waited, for exact nearest-rank
 * percentiles in memory bounded by the number of distinct delays, not by the number of
 * parts: a long run keeps a few hundred counters instead of a value a part. Delays below
 * {@link #DENSE} are counted in an array, larger ones (rare) in a map.
 */
final class DelayHistogram {
    /** Delays below this are counted densely. */
    static final int DENSE = 4096;

    private long[] dense = new long[64];
    private final LongLongHashMap sparse = new LongLongHashMap();
    private long count;

    void add(long d) {
        if (d < DENSE) {
            int i = (int) d;
            if (i >= dense.length) {
                dense = Arrays.copyOf(dense, Math.min(DENSE, Integer.highestOneBit(i) << 1));
            }
            dense[i]++;
        } else {
            sparse.addTo(d, 1);
        }
        count++;
    }

    /** One delay of {@code from} recorded before becomes {@code to} (a part served later than it was scheduled). */
    void move(long from, long to) {
        if (from < DENSE) {
            dense[(int) from]--;
        } else if (sparse.addTo(from, -1) == 0) {
            sparse.remove(from);
        }
        count--;
        add(to);
    }

    /** The longest delay recorded, 0 when none. */
    long max() {
        long m = -1;
        for (com.carrotsearch.hppc.cursors.LongLongCursor c : sparse) {
            if (c.value > 0 && c.key > m) {
                m = c.key;
            }
        }
        if (m >= 0) {
            return m;
        }
        for (int d = dense.length - 1; d >= 0; d--) {
            if (dense[d] > 0) {
                return d;
            }
        }
        return 0;
    }

    long count() {
        return count;
    }

    /**
     * The {@code p}th percentile (0 &lt; p &lt;= 100) by nearest rank, as Commons Math's
     * {@code Percentile} with estimation {@code R_1} computes it (the delay of rank
     * ceil(N p / 100), at least 1), 0 when there is none. The rank is formed in the same
     * double arithmetic, so the two agree (DelayHistogramTest compares them).
     */
    double percentile(double p) {
        if (count == 0) {
            return 0;
        }
        double pos = Math.ceil(count * (p / 100) + 0.5 - 0.5);
        long rank = pos < 1 ? 1 : pos >= count ? count : (long) pos;
        long seen = 0;
        for (int d = 0; d < dense.length; d++) {
            seen += dense[d];
            if (seen >= rank) {
                return d;
            }
        }
        long[] keys = sparse.keys().toArray();
        Arrays.sort(keys);
        for (long d : keys) {
            seen += sparse.get(d);
            if (seen >= rank) {
                return d;
            }
        }
        throw new IllegalStateException("rank " + rank + " beyond " + count + " delays");
    }
}
