package gpusim.gpu.db;

import gpusim.gpu.DrawTracker;
import gpusim.sim.WorkLimitException;

/**
 * The run's bound on depth-block work ({@code sim.max_samples}): the sample positions every
 * DB scans, added up as their timed batches are processed (in engine order, so the stop is
 * deterministic). Geometry decides this, so unlike the vertex bound it cannot be checked
 * before the run: the run stops at the batch that passes it, naming its draw's line.
 */
public final class SampleWorkLimit {
    private final long max;
    private final DrawTracker draws;
    private long scanned;

    public SampleWorkLimit(long max, DrawTracker draws) {
        this.max = max;
        this.draws = draws;
    }

    /** Adds a batch's scanned samples; throws once the run's total passes the bound. */
    void scanned(long samples, int drawId) {
        scanned += samples;
        if (scanned > max) {
            int line = drawId >= 0 && drawId < draws.draws().size() ? draws.draws().get(drawId).line : 0;
            throw new WorkLimitException(line, "the depth blocks have scanned " + scanned + " sample positions by "
                    + "this draw, more than the " + max + " a run may do (sim.max_samples)");
        }
    }

    /** Sample positions scanned so far, all DBs together. */
    public long scanned() {
        return scanned;
    }
}
