/**
 * What travels down the pipeline's queues ({@link Work}): draws, geometry and triangle batches,
 * fragments and pixel waves, and the {@link Marker}s that follow all earlier work in order. They
 * form a package of their own because every stage passes them and none owns them.
 *
 * <ul>
 *   <li>draws: {@link DrawPacket}, {@link DrawState};
 *   <li>geometry: {@link GeomBatch} (input assembly to clipping), {@link TriBatch} (after
 *       clipping), {@link TileBatch} (one depth block's share);
 *   <li>pixels: {@link FragmentBatch} (passed depth and stencil), {@link QuadWave} (a pixel wave);
 *   <li>markers: {@link OcclusionMarker}, {@link WriteQueryMarker}, {@link StatisticsMarker},
 *       {@link SoStatisticsMarker}, {@link TimestampMarker}, {@link ClearDepth},
 *       {@link ClearColor}, {@link SoTargets}, with {@link MarkerProgress} recording each one's
 *       way down the pipe.
 * </ul>
 */
package gpusim.gpu.work;
