/**
 * The depth block: {@code db} is AMD's DB, the front half of a render back end, which owns an
 * interleaved set of screen tiles and runs hierarchical Z, the depth and stencil tests and the
 * occlusion (ZPASS) counters on their samples. The package holds the clocked unit, the
 * functional work it starts on host threads, the tile kernels that do that work, and the
 * per-sample surfaces the tests read and write, kept together because they share one tile
 * layout and one set of depth arithmetic.
 *
 * <ul>
 *   <li>{@link DepthBlock}: the clocked unit, which charges the cycles and writes the counter
 *       snapshots of query markers;
 *   <li>{@link DepthBlockCore}: its functional work (scan conversion of its tiles, HiZ, the
 *       depth and stencil tests, the ZPASS counter), run in order by {@link FunctionalLanes};
 *   <li>{@link TileKernel}: the choice of kernel for one triangle's region of a tile, with
 *       {@link ReferenceTileKernel} as the specification and {@link DepthOnlyTileKernel},
 *       {@link GeneralTileKernel} and {@link AllPassFillKernel} as its optimisations, reading
 *       {@link DepthTestState} and filling {@link RegionCounts};
 *   <li>{@link HizParams}: hierarchical Z (AMD's HTILE bounds, a ROP unit's ZCULL);
 *   <li>{@link DepthSurface}, {@link SurfaceLayout}, {@link SurfaceMemory}: the depth-stencil
 *       storage, its tiled order, and where a surface and its metadata live in device memory;
 *   <li>{@link DccBlockForm}: how a DCC block of a render target is stored (used by the colour
 *       back end's compression);
 *   <li>{@link SampleWorkLimit}: the run's bound on depth-block work ({@code sim.max_samples}).
 * </ul>
 *
 * <p>Sources: radeonsi and PAL program the DB through registers such as {@code DB_DEPTH_CONTROL},
 * {@code DB_COUNT_CONTROL} (the ZPASS count) and the {@code HTILE} metadata; Mesa llvmpipe's
 * {@code lp_rast.h} chooses a rasterizer op per tile as {@link TileKernel} does.
 */
package gpusim.gpu.db;
