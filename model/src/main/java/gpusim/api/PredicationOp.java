package gpusim.api;

/**
 * D3D12_PREDICATION_OP, with the values of d3d12.h. Microsoft defines EQUAL_ZERO as
 * "predication is enabled (the commands are skipped) when the value is zero"; one seed
 * document (002) says the opposite and is wrong.
 */
public enum PredicationOp implements D3DEnum {
    EQUAL_ZERO(0),
    NOT_EQUAL_ZERO(1);

    public static final String PREFIX = "D3D12_PREDICATION_OP_";
    private final int value;

    PredicationOp(int value) {
        this.value = value;
    }

    @Override
    public int d3dValue() {
        return value;
    }

    /** Whether predicated commands are skipped for this 64-bit predicate value. */
    public boolean skips(long value) {
        return this == EQUAL_ZERO ? value == 0 : value != 0;
    }

    public static PredicationOp parse(String token) {
        return D3DEnum.parse(PredicationOp.class, PREFIX, token);
    }
}
