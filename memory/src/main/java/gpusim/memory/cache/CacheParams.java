package gpusim.memory.cache;

import gpusim.config.Config;
import gpusim.config.ConfigKey;

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
    /** What a cache's byte_masks key does, in the meanings of l2.byte_masks, db.cache.byte_masks, cb.cache.byte_masks. */
    public static final String BYTE_MASKS_MEANING = "a write never fetches (a write miss allocates the line and "
            + "completes as a hit), a read fetches the sectors holding bytes it needs that are not valid and merges "
            + "them under those the cache holds, and a dirty line is written back as its dirty bytes only, one "
            + "write a contiguous run";

    /** A cache's write policy (the {@code policy} key of each cache: l2, db.cache, cb.cache). */
    public enum WritePolicy {
        /** Write-allocate; dirty lines are written back when evicted. */
        WRITE_BACK,
        /** Every write goes on to memory; a write miss allocates nothing. */
        WRITE_THROUGH
    }

    /**
     * The replacement policies a key may name ({@code l2.replacement}): each constant names one of
     * {@link ReplacementPolicy#REGISTERED} (a test checks every constant is registered).
     */
    public enum Replacement {
        LRU,
        FIFO
    }

    /**
     * The rules that tie a cache's keys together, for the key group that declares them:
     * {@code PREFIX.size} must be {@code PREFIX.ways} x {@code PREFIX.line} x a power of two sets
     * (the cache indexes its sets by address bits), and a sector is part of a line, at most the
     * line (both are powers of two, so it divides it).
     */
    public static void checkKeys(Config c, String prefix, ConfigKey size, ConfigKey ways, ConfigKey line,
                                 ConfigKey sector) {
        long bytes = c.get(size);
        long perSet = c.get(ways) * c.get(line);
        if (bytes % perSet != 0 || Long.bitCount(bytes / perSet) != 1) {
            throw new IllegalArgumentException(prefix + ".size " + bytes + " is not " + prefix + ".ways x " + prefix
                    + ".line (" + c.get(ways) + " x " + c.get(line) + ") x a power of two sets");
        }
        if (c.get(sector) > c.get(line)) {
            throw new IllegalArgumentException(prefix + ".sector_bytes " + c.get(sector) + " is larger than " + prefix
                    + ".line " + c.get(line) + " (a sector is part of a line; 0: no sectors)");
        }
    }

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
