package gpusim.gpu.work;

import gpusim.gpu.so.SoBinding;

/**
 * SOSetTargets (or a new command list's unbinding): the vertex stage's stream-output unit binds
 * {@link #binding} from here on, behind every earlier draw, and consumes the marker.
 */
public record SoTargets(SoBinding binding, String label) implements Marker {
    /** None: the marker ends at the vertex stage and writes nothing. */
    @Override
    public MarkerProgress progress() {
        return null;
    }
}
