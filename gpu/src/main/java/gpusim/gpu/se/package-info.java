/**
 * The shader engines ({@code se}, AMD's SE): the shader units, split evenly between
 * {@code shader.engines} engines, which vertex batches and pixel waves contend for.
 *
 * <ul>
 *   <li>{@link ShaderArray}: the units as resources booked in arrival order;
 *   <li>{@link ShaderEngine}: one engine's pixel side, the clocked unit taking its render back
 *       ends' waves in turn.
 * </ul>
 *
 * <p>Source: AMD's {@code PA_SC_RASTER_CONFIG} register (radeonsi, PAL) assigns render back ends
 * to shader engines.
 */
package gpusim.gpu.se;
