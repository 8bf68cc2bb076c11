package gpusim.gpu.db;

import gpusim.api.DepthFormat;

/**
 * A depth-stencil resource's storage: per sample, the depth in its format's encoding (UNORM
 * formats as integers of 16 or 24 bits, D32 formats as the float's bits, which order like
 * the values since depth is never negative) and, for formats with stencil, 8 stencil bits.
 * Stored tile by tile ({@link SurfaceLayout}). Starts zero-filled (depth 0.0, stencil 0).
 */
public final class DepthSurface {
    public final String name;
    public final int width;
    public final int height;
    public final int samples;
    public final DepthFormat format;
    public final int[] depth;
    public final byte[] stencil;
    /**
     * Hierarchical Z: per screen tile (the layout's tiles), bounds on the encoded depths the
     * tile holds (a conservative minimum and maximum), kept by the DB that owns the tile.
     * A new surface holds depth 0 everywhere, so every bound starts at 0, exactly.
     */
    public final int hizTilesX;
    /**
     * When recorded: per pixel (the layout's sample-0 index divided by the sample count), how
     * many times a triangle covered it and it was depth-tested (overdraw). Null otherwise.
     */
    public int[] overdraw;
    public final int[] hizMin;
    public final int[] hizMax;

    public final SurfaceLayout layout;
    /** Where the surface lives in device memory (surfaces.in_memory), or null: its accesses take no memory time. */
    public SurfaceMemory memory;

    public DepthSurface(String name, int width, int height, int samples, DepthFormat format, int tileSize) {
        this.name = name;
        this.width = width;
        this.height = height;
        this.samples = samples;
        this.format = format;
        this.layout = new SurfaceLayout(width, height, samples, tileSize);
        this.depth = new int[layout.size()];
        this.stencil = format.hasStencil() ? new byte[layout.size()] : null;
        this.hizTilesX = layout.tilesX;
        this.hizMin = new int[layout.tilesX * layout.tilesY];
        this.hizMax = new int[layout.tilesX * layout.tilesY];
    }

    /** The ZCULL formats of this surface's tiles (ZcullAllocation#tileFormats) under {@link #zcullFor}. */
    private byte[] zcullTiles;
    private HizParams zcullFor;

    /**
     * Per tile, the ordinal of the ZCULL format of its subregion under {@code hiz}'s storage; computed
     * at the first call (once a run: the configuration is one), shared by the DBs that test the surface.
     */
    synchronized byte[] zcullTiles(HizParams hiz) {
        if (zcullTiles == null || !hiz.equals(zcullFor)) {
            zcullTiles = ZcullAllocation.tileFormats(this, hiz.formats(this));
            zcullFor = hiz;
        }
        return zcullTiles;
    }

    /** Starts counting overdraw (before a run; costs one int a pixel). */
    public void recordOverdraw() {
        overdraw = new int[layout.size() / samples];
    }

    /** Times pixel (x, y) was covered and depth-tested, or 0 when overdraw is not recorded. */
    public int overdrawAt(int x, int y) {
        return overdraw == null ? 0 : overdraw[layout.pixel(x, y) / samples];
    }

    /** The depth in [0, 1] that an encoded value stands for. */
    public double decode(int v) {
        switch (format) {
            case D24_UNORM_S8_UINT: return (v & 0xFFFFFF) / 16777215.0;
            case D16_UNORM: return (v & 0xFFFF) / 65535.0;
            default: return Float.intBitsToFloat(v);
        }
    }

    /**
     * Encodes a depth in [0, 1] as the format stores it. UNORM: round to nearest of
     * z x (2^n - 1) (D3D11 functional spec, FLOAT -> UNORM conversion). D32: the nearest float.
     */
    public int encode(double z) {
        switch (format) {
            case D24_UNORM_S8_UINT: return (int) Math.rint(z * 16777215.0);
            case D16_UNORM: return (int) Math.rint(z * 65535.0);
            default: return Float.floatToIntBits((float) z + 0.0f);
        }
    }
}
