package gpusim.gpu.db;

import gpusim.config.Config;
import gpusim.config.ConfigKeys;

/**
 * Hierarchical Z as the depth blocks (or a ROP unit's ZCULL) have it, read once from the
 * {@code hiz.*} keys: whether it is there, whether it accepts tiles whole as well as rejecting
 * them, and the largest depth surface its storage covers. None of it changes a result: HiZ
 * only decides which work the timing model charges (and which the host may skip).
 *
 * @param enabled            hiz.enabled: per-tile depth bounds are kept and tiles rejected by them
 * @param acceptTiles        hiz.accept_tiles: a draw that writes nothing pays only the HiZ test of
 *                           a tile wholly inside the triangle that its bounds prove passes
 * @param maxSurfaceSamples  hiz.max_surface_samples: a larger depth surface gets no rejection or
 *                           acceptance (0: no limit)
 */
public record HizParams(boolean enabled, boolean acceptTiles, long maxSurfaceSamples) {
    /** HiZ on or off, rejection only, over surfaces of any size (the render back ends' HTILE). */
    public static HizParams of(boolean enabled) {
        return new HizParams(enabled, false, 0);
    }

    public static HizParams of(Config c) {
        return new HizParams(c.flag(ConfigKeys.HIZ_ENABLED), c.flag(ConfigKeys.HIZ_ACCEPT),
                c.get(ConfigKeys.HIZ_MAX_SAMPLES));
    }

    /** Whether HiZ covers depth surface {@code ds} (its storage holds the surface's tiles). */
    boolean covers(DepthSurface ds) {
        return enabled && (maxSurfaceSamples == 0 || (long) ds.width * ds.height * ds.samples <= maxSurfaceSamples);
    }
}
