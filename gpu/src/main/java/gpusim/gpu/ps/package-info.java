/**
 * The pixel shader ({@code ps}): the functional shading and colour write of a pixel and the
 * render target it writes to. The timing of pixel waves lives with the shader engines
 * ({@link gpusim.gpu.se}) and the colour back end ({@link gpusim.gpu.cb}); this package is only
 * what a pixel's colour is.
 *
 * <ul>
 *   <li>{@link PixelShader}: perspective-correct interpolation, blending and the write mask;
 *   <li>{@link ColorSurface}: an RGBA8 render target's per-sample storage.
 * </ul>
 *
 * <p>Source: the Direct3D "Pixel Shader Stage" and D3D12_RENDER_TARGET_BLEND_DESC documentation.
 */
package gpusim.gpu.ps;
