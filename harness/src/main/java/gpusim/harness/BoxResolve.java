package gpusim.harness;

import gpusim.gpu.ps.ColorSurface;

/**
 * The model's box resolve of a render target, apart from the pictures (no AWT, so that
 * {@code check} runs on a runtime without java.desktop).
 */
public final class BoxResolve {
    private BoxResolve() {
    }

    /** A render target resolved to one sample a pixel by a box filter, as 0xRRGGBB, row by row. */
    public static int[] of(ColorSurface rt) {
        int[] out = new int[rt.width * rt.height];
        int n = rt.samples;
        for (int y = 0; y < rt.height; y++) {
            for (int x = 0; x < rt.width; x++) {
                int base = rt.layout.pixel(x, y);
                int[] sum = new int[4];
                for (int s = 0; s < n; s++) {
                    int v = rt.rgba[base + s];
                    for (int c = 0; c < 4; c++) {
                        sum[c] += (v >>> (8 * c)) & 0xFF;
                    }
                }
                int r = (sum[0] + n / 2) / n;
                int g = (sum[1] + n / 2) / n;
                int b = (sum[2] + n / 2) / n;
                out[y * rt.width + x] = (r << 16) | (g << 8) | b;
            }
        }
        return out;
    }
}
