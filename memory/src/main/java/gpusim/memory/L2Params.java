package gpusim.memory;

import gpusim.config.ChoiceKey;
import gpusim.config.Config;
import gpusim.config.ConfigKey;
import gpusim.config.KeyGroup;
import gpusim.memory.cache.CacheParams;
import java.util.List;

/**
 * The L2 and channel-selection settings of the memory, read once from the configuration
 * (beside {@link MemorySystem.Params}, so that the two records change independently).
 *
 * @param enabled        an L2 slice in front of each channel ({@code l2.enabled})
 * @param slice          each slice's shape and costs ({@code l2.size}, {@code l2.ways}, {@code l2.line},
 *                       {@code l2.policy}, {@code l2.mshrs}, {@code l2.hit_latency},
 *                       {@code l2.sector_bytes}, {@code l2.byte_masks})
 * @param countersDirect COUNTER writes go past the L2 straight to their channel ({@code query.counter_path=direct})
 * @param xorHash        channels (and slices) by an XOR fold of the granule number ({@code memory.hash=xor})
 * @param below          the cache levels between the L2 slices and the channels, nearest the L2 first: each
 *                       level one cache a channel (cache c in front of channel c), holding no bytes as the
 *                       slices hold none; none in every configuration today (a level is wiring: {@link #withLevelsBelow});
 *                       the flushes (l2.flush_at_end, memory.flush_at_host_sync) write back the L2's dirty lines
 *                       only, so a level below keeps its own (as with the flushes off)
 */
public record L2Params(boolean enabled, CacheParams slice, boolean countersDirect, boolean xorHash,
                       boolean flushAtEnd, boolean flushAtHostSync, List<CacheParams> below) {
    // ---- Configuration keys (KEYS lists them) ----
    public static final ConfigKey L2_ENABLED = ConfigKey.flag("l2.enabled", false,
            "an L2 slice (a set-associative LRU cache) in front of each memory channel; never changes results, "
                    + "only timing (off: every request goes straight to its channel, as before)");
    public static final ConfigKey L2_SIZE = ConfigKey.range("l2.size", 256 << 10, 16 << 10, 8 << 20,
            "bytes", "capacity of each L2 slice (one slice per memory channel; l2.size x memory.channels in all): "
                    + "l2.ways x l2.line x a power of two sets (an H200's 60 MiB over 32 slices: 15 x 128 x 1024)");
    public static final ConfigKey L2_WAYS = ConfigKey.range("l2.ways", 16, 1, 64,
            "ways", "lines per set of each L2 slice (LRU among them)");
    public static final ConfigKey L2_LINE = ConfigKey.oneOf("l2.line", 128, new long[] {32, 64, 128, 256}, "bytes",
            "L2 line size: the unit a slice allocates, fetches from and writes back to its channel (128 on GFX9+, "
                    + "64 on GFX6-8)");
    public static final ConfigKey L2_SECTOR_BYTES = ConfigKey.oneOf("l2.sector_bytes", 0,
            new long[] {0, 32, 64, 128, 256}, "bytes", "sectors of each L2 line: a line's bytes are valid, fetched and written back "
                    + "in sectors (a write covering whole sectors fetches nothing; only dirty sectors are written "
                    + "back), as NVIDIA's L2 keeps 32-byte sectors of 128-byte lines; 0 or l2.line: whole lines; "
                    + "at most l2.line");
    public static final ConfigKey L2_BYTE_MASKS = ConfigKey.flag("l2.byte_masks", false,
            "a valid and a dirty bit per byte of each L2 line, as GFX9+ L2s keep dirty byte masks so that a "
                    + "partial write (an 8-byte occlusion counter) fetches nothing: %s; write_back only "
                    + "(ignored by write_through, which has no dirty bytes); off: write-allocate fetches the "
                    + "line (or the sectors it writes partly) first".formatted(CacheParams.BYTE_MASKS_MEANING));
    public static final ConfigKey L2_FLUSH_AT_END = ConfigKey.flag("l2.flush_at_end", false,
            "at the end of a run the L2 slices write their dirty lines back to the channels (what a release to "
                    + "the host does before the CPU reads results: PAL's and radeonsi's end-of-submission cache "
                    + "write-back) and the run ends when the channels have taken them; the render back ends' "
                    + "own caches are flushed first with surfaces.flush_at_end; off: dirty lines are left in the slices, no cycles charged");
    public static final ConfigKey MEMORY_FLUSH_AT_HOST_SYNC = ConfigKey.flag("memory.flush_at_host_sync", false,
            "at every wait_idle and dump, once every queue is idle, the render back ends' depth and colour caches "
                    + "(surfaces.in_memory) and then the L2 slices (l2.enabled) write their dirty lines back, and "
                    + "the CPU goes on only when they have landed (a release to the host before it reads); off: "
                    + "the CPU reads as soon as the queues are idle; never changes results");
    public static final ChoiceKey<CacheParams.WritePolicy> L2_POLICY = ConfigKey.choice("l2.policy", CacheParams.WritePolicy.WRITE_BACK,
            "write_back = write-back with write-allocate (a write miss fetches the line; dirty victims are written "
                    + "back); write_through = every write goes on to the channel, a write miss allocates nothing");
    public static final ChoiceKey<CacheParams.Replacement> L2_REPLACEMENT = ConfigKey.choice("l2.replacement", CacheParams.Replacement.LRU,
            "which valid way of a full set an L2 slice's new line replaces: lru = the least recently used; fifo = "
                    + "the one installed first");
    public static final ConfigKey L2_MSHRS = ConfigKey.range("l2.mshrs", 64, 1, 4096, "entries",
            "miss status holding registers per slice: line fetches, write-throughs and write-backs a slice may "
                    + "have outstanding; a request that needs more than are free stalls its client");
    public static final ConfigKey L2_HIT_LATENCY = ConfigKey.range("l2.hit_latency", 30, 1, 100_000, "cycles",
            "cycles from a request reaching its slice to a hit's completion (also the tag lookup a miss pays "
                    + "before its fetch goes to the channel)");
    public static final ChoiceKey<ChannelHash> MEMORY_HASH = ConfigKey.choice("memory.hash", ChannelHash.INTERLEAVE,
            "which channel (and L2 slice) byte address a goes to, g = a / memory.interleave: interleave = g mod "
                    + "memory.channels; xor = (g XOR g>>k XOR g>>2k ...) mod memory.channels, k = ceil(log2 "
                    + "memory.channels) (an XOR fold of the granule number, as GPUs hash channels so that strides "
                    + "spread); never changes results");
    public static final ChoiceKey<CounterPath> COUNTER_PATH = ConfigKey.choice("query.counter_path", CounterPath.DIRECT,
            "how the depth blocks' occlusion counter writes (and WriteQuery's) reach memory when l2.enabled: "
                    + "direct = past the L2 straight to the channel (GFX6-8, Xbox One: RADV's radv_query.c, "
                    + "radv_occlusion_query_use_l2, notes that occlusion query writes do not go through L2 there), "
                    + "l2 = through the slice like any write (GFX9+); "
                    + "the same path when l2.enabled is off; never changes results");

    /** The L2 slices' keys, and the choice of channel they share with the memory. */
    public static final KeyGroup KEYS = KeyGroup.of(220, "L2 slices", L2_ENABLED, L2_SIZE, L2_WAYS, L2_LINE,
            L2_SECTOR_BYTES, L2_BYTE_MASKS, L2_FLUSH_AT_END, MEMORY_FLUSH_AT_HOST_SYNC, L2_POLICY, L2_REPLACEMENT,
            L2_MSHRS, L2_HIT_LATENCY, MEMORY_HASH, COUNTER_PATH)
            .withRules(c -> CacheParams.checkKeys(c, "l2", L2_SIZE, L2_WAYS, L2_LINE, L2_SECTOR_BYTES));
    // ---- end of the configuration keys ----

    /** Which channel (and slice) an address goes to ({@code memory.hash}). */
    public enum ChannelHash {
        /** The granule number modulo the channels. */
        INTERLEAVE,
        /** An XOR fold of the granule number, modulo the channels. */
        XOR
    }

    /** How occlusion counter writes reach memory when there is an L2 ({@code query.counter_path}). */
    public enum CounterPath {
        /** Past the L2, straight to the channel. */
        DIRECT,
        /** Through the slice, like any write. */
        L2
    }

    /** No L2, today's channel selection: the memory as it was before the L2. */
    public static final L2Params OFF = new L2Params(false, null, true, false, false, false);

    /** An L2 that is not flushed at the end of a run (l2.flush_at_end off) nor at host syncs. */
    public L2Params(boolean enabled, CacheParams slice, boolean countersDirect, boolean xorHash) {
        this(enabled, slice, countersDirect, xorHash, false, false);
    }

    /** An L2 with no level below it. */
    public L2Params(boolean enabled, CacheParams slice, boolean countersDirect, boolean xorHash, boolean flushAtEnd,
                    boolean flushAtHostSync) {
        this(enabled, slice, countersDirect, xorHash, flushAtEnd, flushAtHostSync, List.of());
    }

    /** The same L2 with {@code levels} between it and the channels, nearest the L2 first. */
    public L2Params withLevelsBelow(List<CacheParams> levels) {
        return new L2Params(enabled, slice, countersDirect, xorHash, flushAtEnd, flushAtHostSync, List.copyOf(levels));
    }

    /** An L2 not flushed at host syncs (memory.flush_at_host_sync off). */
    public L2Params(boolean enabled, CacheParams slice, boolean countersDirect, boolean xorHash, boolean flushAtEnd) {
        this(enabled, slice, countersDirect, xorHash, flushAtEnd, false);
    }

    public L2Params {
        below = List.copyOf(below);
        if (!below.isEmpty() && !enabled) {
            throw new IllegalArgumentException("l2: cache levels below the L2 need the L2");
        }
        if (enabled && slice == null) {
            throw new IllegalArgumentException("l2: an enabled L2 needs its slice parameters");
        }
    }

    public static L2Params of(Config c) {
        CacheParams slice = new CacheParams(c.get(L2_SIZE), c.getInt(L2_WAYS),
                c.getInt(L2_LINE), c.choice(L2_POLICY) == CacheParams.WritePolicy.WRITE_BACK, c.getInt(L2_MSHRS),
                c.get(L2_HIT_LATENCY), c.getInt(L2_SECTOR_BYTES),
                c.flag(L2_BYTE_MASKS)).withReplacement(ChoiceKey.nameOf(c.choice(L2_REPLACEMENT)));
        return new L2Params(c.flag(L2_ENABLED), slice, c.choice(COUNTER_PATH) == CounterPath.DIRECT,
                c.choice(MEMORY_HASH) == ChannelHash.XOR, c.flag(L2_FLUSH_AT_END),
                c.flag(MEMORY_FLUSH_AT_HOST_SYNC));
    }
}
