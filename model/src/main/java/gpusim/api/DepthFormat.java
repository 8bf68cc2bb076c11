package gpusim.api;

/** The depth-stencil DXGI_FORMATs the model supports, with the values of dxgiformat.h. */
public enum DepthFormat implements D3DEnum {
    D32_FLOAT(40, false, 4),
    D24_UNORM_S8_UINT(45, true, 4),
    D32_FLOAT_S8X24_UINT(20, true, 8),
    D16_UNORM(55, false, 2);

    public static final String PREFIX = "DXGI_FORMAT_";
    private final int value;
    private final boolean hasStencil;
    private final int bytesPerSample;

    DepthFormat(int value, boolean hasStencil, int bytesPerSample) {
        this.value = value;
        this.hasStencil = hasStencil;
        this.bytesPerSample = bytesPerSample;
    }

    @Override
    public int d3dValue() {
        return value;
    }

    public boolean hasStencil() {
        return hasStencil;
    }

    public int bytesPerSample() {
        return bytesPerSample;
    }

    /** True for the UNORM formats, whose depth is stored as an integer of {@link #unormBits()} bits. */
    public boolean isUnorm() {
        return this == D24_UNORM_S8_UINT || this == D16_UNORM;
    }

    public int unormBits() {
        return this == D16_UNORM ? 16 : this == D24_UNORM_S8_UINT ? 24 : 0;
    }

    public static DepthFormat parse(String token) {
        return D3DEnum.parse(DepthFormat.class, PREFIX, token);
    }
}
