package gpusim.gpu.query;

import gpusim.gpu.work.Marker;
import gpusim.sim.StatGroup;
import java.util.List;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * How long query results take to reach memory, from the markers the command processor
 * issued: for each occlusion EndQuery and each WriteQuery(OCCLUSION), the cycles from the
 * command processor issuing it to the last of its per-DB counter writes landing in memory
 * (the counter-write latency, what the stride study measures); for every EndQuery whose
 * result the pipeline writes, the cycles until it is resolvable (all of its writes landed).
 */
public final class QueryLatency {
    private QueryLatency() {
    }

    public static StatGroup stats(List<Marker> markers) {
        StatGroup g = new StatGroup("queries", "query result latency");
        double[] counter = new double[markers.size()];
        double[] resolvable = new double[markers.size()];
        int nc = 0;
        int nr = 0;
        for (Marker m : markers) {
            if (!m.allLanded() || m.expectedWrites == 0) {
                continue;
            }
            long cycles = m.landedAt - m.issuedAt;
            boolean end = m.kind == Marker.Kind.OCCLUSION_END
                    || (m.kind == Marker.Kind.STATS_SNAPSHOT && m.label.endsWith(" end"));
            if (m.kind == Marker.Kind.OCCLUSION_END || m.kind == Marker.Kind.WRITE_QUERY_OCCLUSION) {
                counter[nc++] = cycles;
            }
            if (end) {
                resolvable[nr++] = cycles;
            }
        }
        add(g, "counter_write_latency", "occlusion EndQuery or WriteQuery to the last of its DBs' counters in memory",
                counter, nc);
        add(g, "resolvable_latency", "EndQuery to its result being resolvable (every write of it landed)",
                resolvable, nr);
        return g;
    }

    private static void add(StatGroup g, String name, String what, double[] v, int n) {
        double[] x = java.util.Arrays.copyOf(v, n);
        java.util.Arrays.sort(x);
        g.scalar(name + "_count", "queries", "queries measured: " + what).set(n);
        double mean = 0;
        for (double d : x) {
            mean += d;
        }
        double m = n == 0 ? Double.NaN : mean / n;
        g.formula(name + "_mean", "cycles", "mean, " + what, () -> m);
        // Percentiles by the nearest-rank definition, so each is a latency some query had.
        Percentile p = new Percentile().withEstimationType(Percentile.EstimationType.R_1);
        double p50 = n == 0 ? Double.NaN : p.evaluate(x, 50);
        double p95 = n == 0 ? Double.NaN : p.evaluate(x, 95);
        g.formula(name + "_p50", "cycles", "median, " + what, () -> p50);
        g.formula(name + "_p95", "cycles", "95th percentile, " + what, () -> p95);
        g.scalar(name + "_max", "cycles", "longest, " + what).set(n == 0 ? 0 : (long) x[n - 1]);
    }
}
