/**
 * Triangle setup ({@code setup}): edge equations with the top-left rule, bounding boxes and
 * depth planes, and the small-primitive cull.
 *
 * <ul>
 *   <li>{@link SetupStage}: the clocked stage and its rate;
 *   <li>{@link TriangleSetup}: the setup arithmetic, shared with the benchmarks.
 * </ul>
 *
 * <p>Source: the D3D11.3 functional specification's top-left rule; AMD's PA_SU (setup unit)
 * registers such as {@code PA_SU_SC_MODE_CNTL}.
 */
package gpusim.gpu.setup;
