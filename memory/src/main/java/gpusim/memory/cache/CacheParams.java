package gpusim.memory.cache;

/**
 * A cache's shape and costs. {@code writeBack} true: write-back with write-allocate (a write
 * miss fetches the line and dirties it; dirty victims are written back); false:
 * write-through with no write-allocate (every write goes downstream; a write miss does not
 * fetch). Reads always allocate. Built once; the configuration keys that will fill it come
 * with the wiring into the GPU (surfaces in memory), not in this standalone step.
 *
 * @param sizeBytes  total data capacity, bytes (sizeBytes / (ways * lineBytes) sets, a power of two)
 * @param ways       lines per set (LRU among them)
 * @param lineBytes  line size, bytes, a power of two
 * @param writeBack  write-back + write-allocate (true) or write-through + no-allocate (false)
 * @param mshrs      miss status holding registers: lines (and write-through writes, and
 *                   write-backs not yet accepted downstream) the cache can have outstanding
 * @param hitLatency cycles from a request to the completion of a hit (also the tag lookup
 *                   a miss pays before its fetch goes downstream), at least 1
 * @param sectorBytes the unit a line's bytes are valid, fetched and written back in (a
 *                   sectored cache: see {@link Cache}); 0 or {@code lineBytes}: no sectors,
 *                   whole lines as before; otherwise a power of two below the line, with at
 *                   most 64 sectors a line
 * @param byteMasks  a valid and a dirty bit a byte (see {@link Cache}): a write never fetches,
 *                   a read fetches the sectors holding bytes it needs that are not valid and
 *                   merges them under the bytes already there, and a write-back writes only the
 *                   dirty bytes, one write a run (GFX9+ L2s keep dirty byte masks); false: the
 *                   cache as before. Only a write-back cache uses it: a write-through one allocates
 *                   nothing on a write and holds no dirty bytes, so it has nothing to mask and
 *                   ignores it ({@link #masksBytes})
 * @param timingOnly the cache holds no bytes ({@link #withoutBytes}): every request it takes must
 *                   carry none (a fetch or a timed write), and its own traffic carries none
 * @param replacement the {@link ReplacementPolicy} registered under this name ({@code lru}, {@code fifo})
 */
public record CacheParams(long sizeBytes, int ways, int lineBytes, boolean writeBack, int mshrs, long hitLatency,
                          int sectorBytes, boolean byteMasks, boolean timingOnly, String replacement) {
    /** The largest capacity accepted: the data array is allocated whole. */
    public static final long MAX_SIZE = 64L << 20;

    /** An unsectored cache: whole lines are valid, fetched and written back. */
    public CacheParams(long sizeBytes, int ways, int lineBytes, boolean writeBack, int mshrs, long hitLatency) {
        this(sizeBytes, ways, lineBytes, writeBack, mshrs, hitLatency, 0);
    }

    /** An LRU cache. */
    public CacheParams(long sizeBytes, int ways, int lineBytes, boolean writeBack, int mshrs, long hitLatency,
                       int sectorBytes, boolean byteMasks, boolean timingOnly) {
        this(sizeBytes, ways, lineBytes, writeBack, mshrs, hitLatency, sectorBytes, byteMasks, timingOnly, "lru");
    }

    /** A cache that holds its lines' bytes. */
    public CacheParams(long sizeBytes, int ways, int lineBytes, boolean writeBack, int mshrs, long hitLatency,
                       int sectorBytes, boolean byteMasks) {
        this(sizeBytes, ways, lineBytes, writeBack, mshrs, hitLatency, sectorBytes, byteMasks, false);
    }

    /**
     * The same cache holding no bytes (tags, validity, dirtiness and timing only): for a cache whose
     * every request is a fetch or a {@link gpusim.sim.MemoryRequest#timedWrite} (a render back end's
     * depth and colour caches: the surfaces' values are Java arrays, nothing reads their device
     * bytes). Its fetches and write-backs carry no bytes either, so nothing below copies any.
     */
    public CacheParams withoutBytes() {
        return new CacheParams(sizeBytes, ways, lineBytes, writeBack, mshrs, hitLatency, sectorBytes, byteMasks, true,
                replacement);
    }

    /** The same cache with the replacement policy registered as {@code name} ({@link ReplacementPolicy#REGISTERED}). */
    public CacheParams withReplacement(String name) {
        return new CacheParams(sizeBytes, ways, lineBytes, writeBack, mshrs, hitLatency, sectorBytes, byteMasks,
                timingOnly, name);
    }

    /** A cache without byte masks: validity and dirtiness per sector (or line), as before byte masks existed. */
    public CacheParams(long sizeBytes, int ways, int lineBytes, boolean writeBack, int mshrs, long hitLatency,
                       int sectorBytes) {
        this(sizeBytes, ways, lineBytes, writeBack, mshrs, hitLatency, sectorBytes, false);
    }

    public CacheParams {
        if (lineBytes < 1 || Integer.bitCount(lineBytes) != 1 || lineBytes > 4096) {
            throw new IllegalArgumentException("cache: line must be a power of two, at most 4096 bytes");
        }
        if (ways < 1 || sizeBytes < 1 || sizeBytes > MAX_SIZE || sizeBytes % ((long) ways * lineBytes) != 0
                || Long.bitCount(sizeBytes / ((long) ways * lineBytes)) != 1) {
            throw new IllegalArgumentException("cache: size must be ways * line * (a power of two) sets, at most "
                    + MAX_SIZE + " bytes");
        }
        if (!ReplacementPolicy.REGISTERED.containsKey(replacement)) {
            throw new IllegalArgumentException("cache: no replacement policy " + replacement + " (registered: "
                    + ReplacementPolicy.REGISTERED.keySet() + ")");
        }
        if (mshrs < 1 || hitLatency < 1) {
            throw new IllegalArgumentException("cache: at least one MSHR and a hit latency of at least 1 cycle");
        }
        if (sectorBytes != 0 && (sectorBytes < 1 || Integer.bitCount(sectorBytes) != 1 || sectorBytes > lineBytes
                || lineBytes / sectorBytes > 64)) {
            throw new IllegalArgumentException("cache: sector_bytes " + sectorBytes + " must be 0 (no sectors) or a "
                    + "power of two at most the line (" + lineBytes + " bytes), with at most 64 sectors a line");
        }
    }

    /** Whether lines are cut into sectors (sector_bytes neither 0 nor the line). */
    public boolean sectored() {
        return sectorBytes != 0 && sectorBytes < lineBytes;
    }

    /** The bytes a line's validity and traffic are kept in: the sector, or the whole line when unsectored. */
    public int sectorOrLine() {
        return sectored() ? sectorBytes : lineBytes;
    }

    /** Whether the cache keeps byte masks: asked for, and a write-back cache (a write-through one has no dirty bytes). */
    public boolean masksBytes() {
        return byteMasks && writeBack;
    }

    public int sets() {
        return (int) (sizeBytes / ((long) ways * lineBytes));
    }
}
