package gpusim.api;

/** D3D12_CULL_MODE, with the values of d3d12.h. */
public enum CullMode implements D3DEnum {
    NONE(1),
    FRONT(2),
    BACK(3);

    public static final String PREFIX = "D3D12_CULL_MODE_";
    private final int value;

    CullMode(int value) {
        this.value = value;
    }

    @Override
    public int d3dValue() {
        return value;
    }

    public static CullMode parse(String token) {
        return D3DEnum.parse(CullMode.class, PREFIX, token);
    }
}
