/**
 * The modelled GPU's pipeline as a whole: {@link Gpu} (built by {@link GpuBuilder}) joins the
 * command processor, input assembly, vertex stage, clipper, setup, rasterizer and a
 * {@link BackEnd} with bounded queues and runs a trace to a {@link RunResult}. The subpackages
 * hold the units; this package holds what they share: the stage base classes, the parameters,
 * the counters and the run's bookkeeping.
 *
 * <ul>
 *   <li>{@link Stage}, {@link PipeStage}, {@link RingStage} with {@link InputRing},
 *       {@link StageWiring}: the clocked stages and their connections;
 *   <li>{@link BackEnd}, {@link TiledBackEnd}: the seam after binning (render back ends or ROPs);
 *       {@link BackEndFactory} builds the back end of a {@link gpusim.config.BackEndKind} from a
 *       {@link BackEndContext} (docs/extending.md);
 *   <li>{@link PipelineParams}: each block's timing parameters (gem5's per-object parameters);
 *       {@link CycleCarry}: a pipelined unit's rate held across the items it takes;
 *   <li>{@link PipelineCounters}: D3D12_QUERY_DATA_PIPELINE_STATISTICS1;
 *   <li>{@link PipelineDrain}, {@link DrawTracker}, {@link RunLength}, {@link RunMode},
 *       {@link TimestampClock}, {@link Resources}: draining, per-draw timing, the run's length
 *       and mode, the timestamp counter, and where a trace's resources live.
 * </ul>
 */
package gpusim.gpu;
