package gpusim.gpu.cb;

import gpusim.sim.StatGroup;

/**
 * The quads of one render back end between its depth block and its colour back end: sent
 * to the shader engine and not yet written. Kept as the number now, the peak, and its
 * integral over time (quad-cycles), for the mean; updated only when quads enter or leave.
 */
public final class QuadsInFlight {
    private long now;
    private long since;
    private long peak;
    private long integral;

    public void issue(long quads, long at) {
        advance(at);
        now += quads;
        peak = Math.max(peak, now);
    }

    public void retire(long quads, long at) {
        advance(at);
        now -= quads;
    }

    private void advance(long at) {
        if (at > since) {
            integral += now * (at - since);
            since = at;
        }
    }

    /** Adds the figures to {@code g}, the mean over {@code totalCycles}. */
    public void report(StatGroup g, java.util.function.LongSupplier totalCycles) {
        g.formula("quads_in_flight_peak", "quads", "most quads at once between the depth block and the colour "
                + "back end (in the shader engine's queues and pipe)", () -> (double) peak);
        g.formula("quads_in_flight_mean", "quads", "quads between the depth block and the colour back end, "
                + "averaged over the run", () -> (double) integral / Math.max(1, totalCycles.getAsLong()));
    }
}
