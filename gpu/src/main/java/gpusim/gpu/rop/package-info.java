/**
 * The ROP back end: {@code rop} is raster operations units, NVIDIA's back end, in which ROP
 * units sit in the memory partitions beside the L2 slices and are reached from the SMs across a
 * crossbar, and occlusion counts are summed on chip into one report per query. It is the second
 * {@link gpusim.gpu.BackEnd}, behind the same binner seam as the render back ends, so the two
 * organisations can be compared on one trace.
 *
 * <ul>
 *   <li>{@link RopBackEnd}: the back end (partitions, units, each unit's depth and colour halves);
 *   <li>{@link Crossbar}: the clocked crossbar between the shader engines and the ROP units;
 *   <li>{@link ReportSemaphore}: the clocked unit writing each query's one summed report;
 *   <li>{@link RopQueryProtocol}: the report and availability layout of a query slot;
 *   <li>{@link RopParams}: the {@code rop.*} parameters.
 * </ul>
 *
 * <p>Sources: Mesa nvk's {@code src/nouveau/vulkan/nvk_query_pool.c} ({@code struct
 * nvk_query_report}); NVIDIA's Fermi and Turing architecture whitepapers for the ROP partitions.
 */
package gpusim.gpu.rop;
