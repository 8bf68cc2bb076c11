package gpusim.memory;

import java.util.List;

import gpusim.config.Config;
import gpusim.config.ConfigKeys;
import gpusim.memory.cache.CacheParams;

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
        CacheParams slice = new CacheParams(c.get(ConfigKeys.L2_SIZE), c.getInt(ConfigKeys.L2_WAYS),
                c.getInt(ConfigKeys.L2_LINE), c.get(ConfigKeys.L2_POLICY) == 0, c.getInt(ConfigKeys.L2_MSHRS),
                c.get(ConfigKeys.L2_HIT_LATENCY), c.getInt(ConfigKeys.L2_SECTOR_BYTES),
                c.flag(ConfigKeys.L2_BYTE_MASKS)).withReplacement(
                ConfigKeys.L2_REPLACEMENT.format(c.get(ConfigKeys.L2_REPLACEMENT)));
        return new L2Params(c.flag(ConfigKeys.L2_ENABLED), slice, c.get(ConfigKeys.COUNTER_PATH) == 0,
                c.get(ConfigKeys.MEMORY_HASH) == 1, c.flag(ConfigKeys.L2_FLUSH_AT_END),
                c.flag(ConfigKeys.MEMORY_FLUSH_AT_HOST_SYNC));
    }
}
