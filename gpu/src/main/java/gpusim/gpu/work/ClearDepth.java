package gpusim.gpu.work;

import gpusim.gpu.db.DepthSurface;

/**
 * ClearDepthStencilView: each DB clears its tiles of {@link #surface} when the marker reaches
 * it (its progress counts the samples each DB cleared, which set the DB's time).
 */
public record ClearDepth(DepthSurface surface, boolean clearDepth, float depth, boolean clearStencil, int stencil,
                         String label, MarkerProgress progress) implements Marker {
}
