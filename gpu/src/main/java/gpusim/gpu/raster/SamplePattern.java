package gpusim.gpu.raster;

/**
 * The Direct3D standard sample patterns (D3D11_STANDARD_MULTISAMPLE_PATTERN), which
 * Vulkan's standard sample locations equal: positions in pixels from the pixel's upper-left
 * corner. All are multiples of 1/16 pixel, so they are exact in the rasterizer's 1/256
 * fixed point.
 */
public final class SamplePattern {
    private static final double[][] POSITIONS = {
        {0.5, 0.5},
        {0.75, 0.75, 0.25, 0.25},
        {0.375, 0.125, 0.875, 0.375, 0.125, 0.625, 0.625, 0.875},
        {0.5625, 0.3125, 0.4375, 0.6875, 0.8125, 0.5625, 0.3125, 0.1875, 0.1875, 0.8125, 0.0625, 0.4375,
            0.6875, 0.9375, 0.9375, 0.0625},
        {0.5625, 0.5625, 0.4375, 0.3125, 0.3125, 0.625, 0.75, 0.4375, 0.1875, 0.375, 0.625, 0.8125,
            0.8125, 0.6875, 0.6875, 0.1875, 0.375, 0.875, 0.5, 0.0625, 0.25, 0.125, 0.125, 0.75,
            0.0, 0.5, 0.9375, 0.25, 0.875, 0.9375, 0.0625, 0.0},
    };

    public final int samples;
    /** Sample offsets from the pixel corner in 1/256 pixel. */
    public final int[] fx;
    public final int[] fy;
    /** Sample offsets from the pixel corner in pixels. */
    public final double[] x;
    public final double[] y;
    /** Extents of the sample offsets in 1/256 pixel (for whole-tile edge tests). */
    public final int minFx;
    public final int maxFx;
    public final int minFy;
    public final int maxFy;

    private SamplePattern(int samples) {
        this.samples = samples;
        double[] p = POSITIONS[Integer.numberOfTrailingZeros(samples)];
        fx = new int[samples];
        fy = new int[samples];
        x = new double[samples];
        y = new double[samples];
        for (int s = 0; s < samples; s++) {
            x[s] = p[2 * s];
            y[s] = p[2 * s + 1];
            fx[s] = (int) Math.round(p[2 * s] * 256);
            fy[s] = (int) Math.round(p[2 * s + 1] * 256);
        }
        minFx = java.util.Arrays.stream(fx).min().getAsInt();
        maxFx = java.util.Arrays.stream(fx).max().getAsInt();
        minFy = java.util.Arrays.stream(fy).min().getAsInt();
        maxFy = java.util.Arrays.stream(fy).max().getAsInt();
    }

    private static final SamplePattern[] PATTERNS = {
        new SamplePattern(1), new SamplePattern(2), new SamplePattern(4), new SamplePattern(8), new SamplePattern(16)
    };

    /** The standard pattern for 1, 2, 4, 8 or 16 samples. */
    public static SamplePattern of(int samples) {
        if (samples <= 0 || samples > 16 || Integer.bitCount(samples) != 1) {
            throw new IllegalArgumentException("no standard pattern for " + samples + " samples");
        }
        return PATTERNS[Integer.numberOfTrailingZeros(samples)];
    }
}
