package gpusim.memory.cache;

/**
 * The MSHRs open, by line number: an open-addressing table of primitive keys (linear probing, deletion
 * by shifting the entries after it back, so no tombstones build up), sized at least four times the
 * entries it holds so that a probe is short. Every part of a request that misses its cache's tags asks it,
 * and an MSHR is put in and taken out once a fill, so each of those must cost a probe or two: a general
 * map's open and remove were a large part of a slice's work (a hashed table of a few kilobytes a cache,
 * read once a lookup). The hash is Fibonacci hashing (Knuth, TAOCP vol. 3, 6.4: the key times
 * 2^64 / phi, its top bits the slot), which spreads the strided line numbers an interleaved slice sees.
 */
final class LineMap<V> {
    private static final long EMPTY = -1;
    private static final long PHI = 0x9E3779B97F4A7C15L;
    private long[] keys;
    private Object[] values;
    private int shift;
    private int size;

    /** A map for about {@code expected} entries (it grows past them). */
    LineMap(int expected) {
        int cap = Integer.highestOneBit(Math.max(16, expected * 4 - 1)) << 1;
        allocate(cap);
    }

    private void allocate(int cap) {
        keys = new long[cap];
        java.util.Arrays.fill(keys, EMPTY);
        values = new Object[cap];
        shift = 64 - Integer.numberOfTrailingZeros(cap);
    }

    private int slot(long key) {
        return (int) ((key * PHI) >>> shift);
    }

    /** Entries held. */
    int size() {
        return size;
    }

    /** The value of line number {@code key} (>= 0), or null. */
    @SuppressWarnings("unchecked")
    V get(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key); ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == key) {
                return (V) values[i];
            }
            if (k == EMPTY) {
                return null;
            }
        }
    }

    /** Whether line number {@code key} has a value. */
    boolean containsKey(long key) {
        return get(key) != null;
    }

    /** Maps line number {@code key} (>= 0) to {@code value} (not null), replacing any value it had. */
    void put(long key, V value) {
        if (key < 0 || value == null) {
            throw new IllegalArgumentException("line map: negative key or null value");
        }
        if ((size + 1) * 4 > keys.length * 2) {
            long[] k = keys;
            Object[] v = values;
            allocate(keys.length * 2);
            size = 0;
            for (int i = 0; i < k.length; i++) {
                if (k[i] != EMPTY) {
                    insert(k[i], v[i]);
                }
            }
        }
        insert(key, value);
    }

    private void insert(long key, Object value) {
        int mask = keys.length - 1;
        int i = slot(key);
        while (keys[i] != EMPTY && keys[i] != key) {
            i = (i + 1) & mask;
        }
        if (keys[i] == EMPTY) {
            size++;
        }
        keys[i] = key;
        values[i] = value;
    }

    /** Removes line number {@code key}'s value, if any. */
    void remove(long key) {
        int mask = keys.length - 1;
        int i = slot(key);
        while (keys[i] != key) {
            if (keys[i] == EMPTY) {
                return;
            }
            i = (i + 1) & mask;
        }
        size--;
        // Shift back every entry after the hole whose home slot does not lie between the hole and it
        // (cyclically), so that each stays reachable from its home by a run without an empty slot.
        int hole = i;
        for (int j = (i + 1) & mask; keys[j] != EMPTY; j = (j + 1) & mask) {
            int home = slot(keys[j]);
            if (((j - home) & mask) >= ((j - hole) & mask)) {
                keys[hole] = keys[j];
                values[hole] = values[j];
                hole = j;
            }
        }
        keys[hole] = EMPTY;
        values[hole] = null;
    }
}
