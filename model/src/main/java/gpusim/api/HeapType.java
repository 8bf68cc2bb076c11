package gpusim.api;

/** D3D12_HEAP_TYPE of a committed buffer, with the values of d3d12.h. */
public enum HeapType implements D3DEnum {
    DEFAULT(1),
    UPLOAD(2),
    READBACK(3);

    public static final String PREFIX = "D3D12_HEAP_TYPE_";
    private final int value;

    HeapType(int value) {
        this.value = value;
    }

    @Override
    public int d3dValue() {
        return value;
    }

    public static HeapType parse(String token) {
        return D3DEnum.parse(HeapType.class, PREFIX, token);
    }
}
