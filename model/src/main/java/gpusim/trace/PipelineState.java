package gpusim.trace;

import gpusim.api.BlendMode;
import gpusim.api.ComparisonFunc;
import gpusim.api.CullMode;
import gpusim.api.PrimitiveTopology;

/**
 * A graphics pipeline state object: the fixed-function state the trace format lets a
 * pipeline_state set, with the Direct3D 12 defaults. {@code vsCycles} and
 * {@code psCycles} are the modelled shader costs; -1 means "the configuration's default".
 * {@code streamOutput} is the stream-output description (trace-format.md, "Additions: stream
 * output"), or null when the pipeline state streams nothing out (NumEntries = 0).
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
        StreamOutput streamOutput,
        int line) {

    /** A pipeline state without stream output. */
    public PipelineState(String name, PrimitiveTopology topology, CullMode cull, boolean frontCcw, boolean depthClip,
                         boolean depthEnable, boolean depthWrite, ComparisonFunc depthFunc, boolean stencilEnable,
                         int stencilReadMask, int stencilWriteMask, StencilFace front, StencilFace back,
                         int colorWriteMask, BlendMode blend, int vsCycles, int psCycles, int line) {
        this(name, topology, cull, frontCcw, depthClip, depthEnable, depthWrite, depthFunc, stencilEnable,
                stencilReadMask, stencilWriteMask, front, back, colorWriteMask, blend, vsCycles, psCycles, null, line);
    }

    /** This pipeline state with {@code so} as its stream output (null: none). */
    public PipelineState withStreamOutput(StreamOutput so) {
        return new PipelineState(name, topology, cull, frontCcw, depthClip, depthEnable, depthWrite, depthFunc,
                stencilEnable, stencilReadMask, stencilWriteMask, front, back, colorWriteMask, blend, vsCycles,
                psCycles, so, line);
    }

    public static PipelineState defaults(String name, int line) {
        return new PipelineState(name, PrimitiveTopology.TRIANGLE_LIST, CullMode.BACK, false, true, true, true,
                ComparisonFunc.LESS, false, 255, 255, StencilFace.DEFAULT, StencilFace.DEFAULT, 15, BlendMode.OFF,
                -1, -1, line);
    }
}
