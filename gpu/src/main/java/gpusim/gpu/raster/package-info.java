/**
 * The rasterizer ({@code raster}): bins set-up triangles to the depth blocks whose screen tiles
 * they cover, and the exact scan conversion each depth block then does of its own tiles.
 *
 * <ul>
 *   <li>{@link Rasterizer}: the clocked binner, which also broadcasts markers to every DB;
 *   <li>{@link TileMap}: which depth block owns which screen tile;
 *   <li>{@link ScanConverter}: whole-tile classification and exact per-sample masks;
 *   <li>{@link SamplePattern}: the standard sample positions.
 * </ul>
 *
 * <p>Sources: D3D11_STANDARD_MULTISAMPLE_PATTERN and the D3D11.3 functional specification's
 * rasterization rules; AMD's PA_SC (scan converter) and {@code PA_SC_RASTER_CONFIG}, which maps
 * screen tiles to render back ends.
 */
package gpusim.gpu.raster;
