/**
 * Clipping ({@code clip}): the clipper cuts triangles against the planes Direct3D defines,
 * divides by w, applies the viewport, snaps to fixed point and culls; it counts CInvocations and
 * CPrimitives. {@link Clipper} is the clocked stage.
 *
 * <p>Sources: the D3D11.3 functional specification ("Rasterization Rules") and D3D12
 * {@code DepthClipEnable}, {@code D3D12_VIEWPORT_BOUNDS_MIN}/{@code MAX}; AMD's
 * {@code PA_CL_CLIP_CNTL} and guard-band registers ({@code PA_CL_GB_HORZ_CLIP_ADJ}).
 */
package gpusim.gpu.clip;
