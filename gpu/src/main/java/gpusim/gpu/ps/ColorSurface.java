package gpusim.gpu.ps;

import gpusim.gpu.db.SurfaceLayout;

/** An RGBA8 render target's storage: one packed RGBA8 word per sample, stored tile by tile ({@link SurfaceLayout}). */
public final class ColorSurface {
    public final String name;
    public final int width;
    public final int height;
    public final int samples;
    public final int[] rgba;

    public final SurfaceLayout layout;
    /** Where the surface lives in device memory (surfaces.in_memory), or null: its accesses take no memory time. */
    public gpusim.gpu.db.SurfaceMemory memory;
    /**
     * Host-side only (never visible in a result): per sample slot, 1 + the index of the
     * colour planes in the owning DB's {@link PixelShader} whose shading of this pixel is
     * deferred, 0 where {@link #rgba} holds the colour; null for a multisample target (never
     * deferred). Each slot belongs to the one DB that owns its tile, as the colour does;
     * allocated here, before any DB's worker thread can reach it.
     */
    final char[] pending;
    /** Per tile: 1 while a shader has a deferred pixel there (in its list of such tiles). */
    final byte[] tileDeferred;

    public ColorSurface(String name, int width, int height, int samples, int tileSize) {
        this.name = name;
        this.width = width;
        this.height = height;
        this.samples = samples;
        this.layout = new SurfaceLayout(width, height, samples, tileSize);
        this.rgba = new int[layout.size()];
        this.pending = samples == 1 ? new char[rgba.length] : null;
        this.tileDeferred = samples == 1 ? new byte[layout.tilesX * layout.tilesY] : null;
    }

    /** Slots [from, to) now hold their colour (written directly): nothing deferred there is left to resolve. */
    public void overwritten(int from, int to) {
        if (pending != null) {
            java.util.Arrays.fill(pending, from, to, (char) 0);
        }
    }

    /** UNORM8 encoding of a colour channel: clamp to [0, 1], round to nearest (halves up). */
    public static int unorm8(float c) {
        // Compares, not Math.max/min: those keep NaN and order -0 below +0, which C2 (JDK 17)
        // pays for with a blend sequence a call; every pixel's four channels went through it
        // (stress-2k-4x: about a sixth of a warm run; docs/performance.md). The same value for
        // every float: NaN and -0 fail c > 0 and give 0, as Math.max's NaN and +0 did via the cast.
        return (int) ((c > 0f ? (c < 1f ? c : 1f) : 0f) * 255.0f + 0.5f);
    }

    public static int pack(float r, float g, float b, float a) {
        return unorm8(r) | (unorm8(g) << 8) | (unorm8(b) << 16) | (unorm8(a) << 24);
    }
}
