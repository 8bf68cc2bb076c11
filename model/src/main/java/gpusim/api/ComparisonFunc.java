package gpusim.api;

/** D3D12_COMPARISON_FUNC, with the values of d3d12.h. */
public enum ComparisonFunc implements D3DEnum {
    NEVER(1),
    LESS(2),
    EQUAL(3),
    LESS_EQUAL(4),
    GREATER(5),
    NOT_EQUAL(6),
    GREATER_EQUAL(7),
    ALWAYS(8);

    public static final String PREFIX = "D3D12_COMPARISON_FUNC_";
    private final int value;

    ComparisonFunc(int value) {
        this.value = value;
    }

    @Override
    public int d3dValue() {
        return value;
    }

    /** Whether {@code source FUNC dest} holds (D3D12: the incoming value is on the left). */
    public boolean test(long source, long dest) {
        switch (this) {
            case NEVER: return false;
            case LESS: return source < dest;
            case EQUAL: return source == dest;
            case LESS_EQUAL: return source <= dest;
            case GREATER: return source > dest;
            case NOT_EQUAL: return source != dest;
            case GREATER_EQUAL: return source >= dest;
            default: return true;
        }
    }

    public static ComparisonFunc parse(String token) {
        return D3DEnum.parse(ComparisonFunc.class, PREFIX, token);
    }
}
