package gpusim.api;

/** D3D_PRIMITIVE_TOPOLOGY (the triangle ones the model draws), with the values of d3dcommon.h. */
public enum PrimitiveTopology implements D3DEnum {
    TRIANGLE_LIST(4),
    TRIANGLE_STRIP(5);

    public static final String PREFIX = "D3D_PRIMITIVE_TOPOLOGY_";
    private final int value;

    PrimitiveTopology(int value) {
        this.value = value;
    }

    @Override
    public int d3dValue() {
        return value;
    }

    /** Primitives that {@code vertexCount} vertices make (D3D11 functional spec: IAPrimitives). */
    public long primitives(long vertexCount) {
        return this == TRIANGLE_LIST ? vertexCount / 3 : Math.max(0, vertexCount - 2);
    }

    public static PrimitiveTopology parse(String token) {
        return D3DEnum.parse(PrimitiveTopology.class, PREFIX, token);
    }
}
