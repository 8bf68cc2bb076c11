/**
 * The input assembler ({@code ia}): turns a draw into batches of triangles, fetching indices and
 * vertices through memory and finding each batch's unique vertices, and counts IAVertices and
 * IAPrimitives. {@link InputAssembler} is the clocked stage.
 *
 * <p>Source: the Direct3D "Input-Assembler Stage" documentation (IASetVertexBuffers,
 * IASetIndexBuffer, D3D_PRIMITIVE_TOPOLOGY).
 */
package gpusim.gpu.ia;
