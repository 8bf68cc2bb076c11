package gpusim.memory.cache;

/**
 * A cache's shape and costs. {@code writeBack} true: write-back with write-allocate (a write
 * miss fetches the line and dirties it; dirty victims are written back); false:
 * write-through with no write-allocate (every write goes downstream; a write miss does not
 * fetch). Reads always allocate. Built once; the configuration keys that will fill it come
 * with the wiring into the GPU (issue 10), not in this standalone step.
 *
 * @param sizeBytes  total data capacity, bytes (sizeBytes / (ways * lineBytes) sets, a power of two)
 * @param ways       lines per set (LRU among them)
 * @param lineBytes  line size, bytes, a power of two
 * @param writeBack  write-back + write-allocate (true) or write-through + no-allocate (false)
 * @param mshrs      miss status holding registers: lines (and write-through writes, and
 *                   write-backs not yet accepted downstream) the cache can have outstanding
 * @param hitLatency cycles from a request to the completion of a hit (also the tag lookup
 *                   a miss pays before its fetch goes downstream), at least 1
 */
public record CacheParams(long sizeBytes, int ways, int lineBytes, boolean writeBack, int mshrs, long hitLatency) {
    /** The largest capacity accepted: the data array is allocated whole. */
    public static final long MAX_SIZE = 64L << 20;

    public CacheParams {
        if (lineBytes < 1 || Integer.bitCount(lineBytes) != 1 || lineBytes > 4096) {
            throw new IllegalArgumentException("cache: line must be a power of two, at most 4096 bytes");
        }
        if (ways < 1 || sizeBytes < 1 || sizeBytes > MAX_SIZE || sizeBytes % ((long) ways * lineBytes) != 0
                || Long.bitCount(sizeBytes / ((long) ways * lineBytes)) != 1) {
            throw new IllegalArgumentException("cache: size must be ways * line * (a power of two) sets, at most "
                    + MAX_SIZE + " bytes");
        }
        if (mshrs < 1 || hitLatency < 1) {
            throw new IllegalArgumentException("cache: at least one MSHR and a hit latency of at least 1 cycle");
        }
    }

    public int sets() {
        return (int) (sizeBytes / ((long) ways * lineBytes));
    }
}
