package gpusim.gpu.work;

/**
 * An event that travels down the pipeline behind all earlier work, in order with it: query
 * begin/end snapshots, clears, WriteQuery, stream-output bindings and end-of-pipe timestamps.
 * The rasterizer broadcasts it to every depth block; the end of the pipe joins the copies
 * again. Each kind is a small record carrying what its kind needs; what the units do with a
 * marker as it passes (per-DB jobs and counters, copies joined, memory writes) is its
 * {@link MarkerProgress}. Units tell the kinds apart by their type.
 */
public sealed interface Marker extends Work
        permits OcclusionMarker, StatisticsMarker, SoStatisticsMarker, ClearDepth, ClearColor, WriteQueryMarker,
        SoTargets, TimestampMarker {
    /** A name for reports, e.g. "occ[3] OCCLUSION end". */
    String label();

    /**
     * The marker's run-time state, shared by every unit its copies pass; null for
     * {@link SoTargets}, which the vertex stage consumes before the marker is broadcast.
     */
    MarkerProgress progress();

    @Override
    default int drawId() {
        return -1;
    }
}
