/**
 * The vertex stage ({@code vs}): runs the trace's vertex "shader" (a matrix transform, colour
 * passed through) on each unique vertex of a batch, booking its shading on the shader engines
 * in contention with pixel waves, and counts VSInvocations. {@link VertexStage} is the clocked
 * stage.
 *
 * <p>Source: the Direct3D "Vertex Shader Stage" documentation.
 */
package gpusim.gpu.vs;
