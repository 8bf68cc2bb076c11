package gpusim.api;

/** D3D12_STENCIL_OP, with the values of d3d12.h. */
public enum StencilOp implements D3DEnum {
    KEEP(1),
    ZERO(2),
    REPLACE(3),
    INCR_SAT(4),
    DECR_SAT(5),
    INVERT(6),
    INCR(7),
    DECR(8);

    public static final String PREFIX = "D3D12_STENCIL_OP_";
    private final int value;

    StencilOp(int value) {
        this.value = value;
    }

    @Override
    public int d3dValue() {
        return value;
    }

    /** The new 8-bit stencil value before the write mask is applied. */
    public int apply(int current, int ref) {
        switch (this) {
            case KEEP: return current;
            case ZERO: return 0;
            case REPLACE: return ref & 0xFF;
            case INCR_SAT: return Math.min(current + 1, 255);
            case DECR_SAT: return Math.max(current - 1, 0);
            case INVERT: return ~current & 0xFF;
            case INCR: return (current + 1) & 0xFF;
            default: return (current - 1) & 0xFF;
        }
    }

    public static StencilOp parse(String token) {
        return D3DEnum.parse(StencilOp.class, PREFIX, token);
    }
}
