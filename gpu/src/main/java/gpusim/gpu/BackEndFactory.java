package gpusim.gpu;

import gpusim.config.BackEndKind;
import gpusim.config.Config;
import gpusim.config.SharedKeys;
import gpusim.gpu.query.QueryProtocol;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.rb.RenderBackEnds;
import gpusim.gpu.rop.RopBackEnd;
import gpusim.gpu.rop.RopParams;
import java.util.function.Function;

/**
 * How a {@link BackEndKind} builds its back end: first its occlusion {@link QueryProtocol}
 * (the query heaps are placed by it, before any unit exists), then the back end from a
 * {@link BackEndContext}. Each back end supplies one such factory, usually a static
 * {@code plan} method beside its constructor.
 *
 * <p>{@link #of} is the registry: one case per kind. A switch expression over an enum with
 * no default is checked by the compiler to cover every constant, so a kind added to
 * {@link BackEndKind} without its case here does not compile. (Ramulator 2 registers each
 * implementation by name with a macro and creates it from the configuration,
 * {@code src/base/factory.h}; ChampSim finds each replacement policy in a folder of its own,
 * {@code replacement/lru/}. Here the kinds are few and the registry is checked at compile
 * time.)
 */
@FunctionalInterface
public interface BackEndFactory {
    /** The back end of {@code config} whose units own the screen tiles of {@code tiles}, ready to be built. */
    Plan plan(Config config, TileMap tiles);

    /**
     * A back end about to be built: its occlusion query protocol, and how to build it once the
     * rest of the GPU is made.
     */
    record Plan(QueryProtocol queryProtocol, Function<BackEndContext, BackEnd> builder) {
        public BackEnd build(BackEndContext context) {
            return builder.apply(context);
        }
    }

    /** The factory of {@code kind}: the registry of back ends. */
    static BackEndFactory of(BackEndKind kind) {
        return switch (kind) {
            case RENDER_BACK_ENDS -> RenderBackEnds::plan;
            case ROPS -> RopBackEnd::plan;
        };
    }

    /**
     * The units of {@code c}'s back end that own screen tiles (bit u of db.enabled enables unit
     * u): db.count depth blocks, or the ROP units ({@link RopParams#tileOwners}); throws
     * {@link IllegalArgumentException} when there are more than {@link BackEndKind#MAX_TILE_OWNERS}.
     */
    static int tileOwners(Config c) {
        return switch (BackEndKind.of(c)) {
            case RENDER_BACK_ENDS -> c.getInt(SharedKeys.DB_COUNT);
            case ROPS -> RopParams.tileOwners(c);
        };
    }

    /** The rule that ties db.enabled to the back end: it enables at least one of the units that own tiles. */
    static void checkTileOwners(Config c) {
        long count = tileOwners(c);
        long enabled = c.get(PipelineParams.DB_ENABLED);
        if ((enabled & ((1L << count) - 1)) == 0) {
            throw new IllegalArgumentException("db.enabled 0x" + Long.toHexString(enabled) + " enables none of the "
                    + count + switch (BackEndKind.of(c)) {
                        case RENDER_BACK_ENDS -> " DBs of db.count (bit d enables DB d)";
                        case ROPS -> " ROP units (bit u enables ROP unit u)";
                    });
        }
    }
}
