package gpusim.tracefile.gen;

/** The depth-stencil formats of the depthfmt and stencil microbenchmarks (DXGI names, as traces write them). */
public enum DepthFormat {
    D16("d16", "D16_UNORM"),
    D24S8("d24s8", "D24_UNORM_S8_UINT"),
    D32("d32", "D32_FLOAT"),
    D32S8("d32s8", "D32_FLOAT_S8X24_UINT");

    private final String label;
    private final String dxgi;

    DepthFormat(String label, String dxgi) {
        this.label = label;
        this.dxgi = dxgi;
    }

    /** As names write it: d16, d24s8, d32, d32s8. */
    public String label() {
        return label;
    }

    /** As traces and parameters write it: D24_UNORM_S8_UINT. */
    public String dxgi() {
        return dxgi;
    }

    public boolean hasStencil() {
        return TimedTrace.hasStencil(dxgi);
    }
}
