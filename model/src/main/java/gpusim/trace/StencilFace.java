package gpusim.trace;

import gpusim.api.ComparisonFunc;
import gpusim.api.StencilOp;

/** D3D12_DEPTH_STENCILOP_DESC: the stencil function and the three ops of one face. */
public record StencilFace(ComparisonFunc func, StencilOp passOp, StencilOp failOp, StencilOp depthFailOp) {
    public static final StencilFace DEFAULT =
            new StencilFace(ComparisonFunc.ALWAYS, StencilOp.KEEP, StencilOp.KEEP, StencilOp.KEEP);
}
