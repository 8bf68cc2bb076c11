package gpusim.api;

/** Index buffer DXGI_FORMATs, with the values of dxgiformat.h. */
public enum IndexFormat implements D3DEnum {
    R16_UINT(57, 2),
    R32_UINT(42, 4);

    public static final String PREFIX = "DXGI_FORMAT_";
    private final int value;
    private final int bytes;

    IndexFormat(int value, int bytes) {
        this.value = value;
        this.bytes = bytes;
    }

    @Override
    public int d3dValue() {
        return value;
    }

    public int bytes() {
        return bytes;
    }

    public long maxIndex() {
        return this == R16_UINT ? 0xFFFFL : 0xFFFFFFFFL;
    }

    public static IndexFormat parse(String token) {
        return D3DEnum.parse(IndexFormat.class, PREFIX, token);
    }
}
