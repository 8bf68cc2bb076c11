/**
 * Trace generators: programs that write traces rather than read them, for the timing
 * calibration set ({@code data/calibration}) and the studies. Each microbenchmark times one
 * thing between TIMESTAMP queries 0 and 1 in a shared layout.
 *
 * <ul>
 *   <li>{@link CalibrationSetGenerator}: writes a calibration set and its manifest;
 *       {@link MechanismSweeps}: the set that sweeps one mechanism at a time;
 *   <li>{@link Microbench}: one microbenchmark, in {@link TimedTrace}'s layout, drawing
 *       {@link Quads} in a {@link LayerOrder}: {@link FillBench}, {@link OverdrawBench},
 *       {@link DepthFormatBench} (with {@link DepthFormat}), {@link DepthOnlyBench},
 *       {@link StencilBench}, {@link TriangleBench}, {@link OcclusionQueryBench};
 *   <li>{@link OcclusionStudyTrace}: the counter-stride study's frame;
 *       {@link PerDrawTimestamps}: a stress trace with a timestamp after every draw.
 * </ul>
 */
package gpusim.tracefile.gen;
