package gpusim.trace;

import gpusim.api.BlendMode;
import gpusim.api.ComparisonFunc;
import gpusim.api.CullMode;
import gpusim.api.PrimitiveTopology;

/**
 * A graphics pipeline state object: the fixed-function state the trace format lets a
 * pipeline_state set, with the Direct3D 12 defaults. {@code vsCycles} and
 * {@code psCycles} are the modelled shader costs; -1 means "the configuration's default".
 * {@code lateZ} models a pixel shader that writes depth or discards: depth and stencil are
 * tested after shading (a trace-format addition; it changes cycles, never results).
 */
public record PipelineState(
        String name,
        PrimitiveTopology topology,
        CullMode cull,
        boolean frontCcw,
        boolean depthClip,
        boolean depthEnable,
        boolean depthWrite,
        ComparisonFunc depthFunc,
        boolean stencilEnable,
        int stencilReadMask,
        int stencilWriteMask,
        StencilFace front,
        StencilFace back,
        int colorWriteMask,
        BlendMode blend,
        int vsCycles,
        int psCycles,
        boolean lateZ,
        int line) {

    public static PipelineState defaults(String name, int line) {
        return new PipelineState(name, PrimitiveTopology.TRIANGLE_LIST, CullMode.BACK, false, true, true, true,
                ComparisonFunc.LESS, false, 255, 255, StencilFace.DEFAULT, StencilFace.DEFAULT, 15, BlendMode.OFF,
                -1, -1, false, line);
    }
}
