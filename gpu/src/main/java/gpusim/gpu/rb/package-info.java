/**
 * The render back ends: {@code rb} is AMD's RB, one depth block ({@link gpusim.gpu.db}) plus one
 * colour back end ({@link gpusim.gpu.cb}) per screen-tile owner, grouped into shader engines and
 * joined at the end of the pipe. This package wires them into the default {@link gpusim.gpu.BackEnd}
 * and holds what the RB as a whole owns: its occlusion query protocol and its surface traffic.
 *
 * <ul>
 *   <li>{@link RenderBackEnds}: the AMD-style back end (DBs, CBs, shader engines, end of pipe);
 *   <li>{@link RenderBackEndQueryProtocol}: one 16-byte begin/end pair per DB, bit 63 as the
 *       written mark;
 *   <li>{@link SurfaceTraffic}: one unit's surface reads and writes through its cache.
 * </ul>
 *
 * <p>Sources: Mesa radeonsi's {@code si_query.c} ({@code si_query_hw_prepare_buffer}) and RADV's
 * {@code radv_query.c} lay out occlusion results per RB as {@link RenderBackEndQueryProtocol} does;
 * the {@code PA_SC_RASTER_CONFIG} register maps RBs to shader engines.
 */
package gpusim.gpu.rb;
