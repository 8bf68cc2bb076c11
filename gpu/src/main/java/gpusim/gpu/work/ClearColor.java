package gpusim.gpu.work;

import gpusim.gpu.ps.ColorSurface;

/**
 * ClearRenderTargetView: each DB's core clears its tiles of {@link #surface} (functionally) as
 * the marker is broadcast; each RB's colour back end is charged for its pixels when the marker
 * reaches it.
 *
 * @param rgba the clear colour, red, green, blue, alpha
 */
public record ClearColor(ColorSurface surface, float[] rgba, String label, MarkerProgress progress)
        implements Marker {
}
