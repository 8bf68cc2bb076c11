package gpusim.gpu.query;

import gpusim.gpu.DrawTracker;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.MarkerProgress;
import gpusim.gpu.work.OcclusionMarker;
import gpusim.gpu.work.SoStatisticsMarker;
import gpusim.gpu.work.StatisticsMarker;
import gpusim.gpu.work.WriteQueryMarker;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;

/**
 * How long query results take to reach memory, from the markers the command processor
 * issued: for each occlusion EndQuery and each WriteQuery(OCCLUSION), the cycles from the
 * command processor issuing it to the last of its per-DB counter writes landing in memory
 * (the counter-write latency, what the stride study measures); for every EndQuery whose
 * result the pipeline writes, the cycles until it is resolvable (all of its writes landed).
 *
 * <p>The EndQuery latencies are also split by what the pipeline held when the end was
 * issued: <em>loaded</em> when an earlier draw was still in a stage after that
 * cycle (its last item left a stage later: {@link DrawTracker.DrawRecord#finished}), so the
 * end marker queued behind it; <em>idle</em> when every earlier draw had left the pipeline,
 * so the latency is the marker's own trip down the pipe and its writes (markers, clears
 * and copies ahead of it do not count as load). Every set gets a histogram, its count, mean,
 * p50, p90, p95 and max. A run that models no time (functional mode) splits nothing: the
 * draws' finishing cycles are not recorded there.
 */
public final class QueryLatency {
    private QueryLatency() {
    }

    /**
     * @param markers every marker the command processor issued, in issue order
     * @param draws   every draw, in issue order, with the cycle its last item left a stage
     * @param timed   false in functional mode (no loaded/idle split)
     */
    public static StatGroup stats(List<Marker> markers, List<DrawTracker.DrawRecord> draws, boolean timed) {
        StatGroup g = new StatGroup("queries", "query result latency");
        double[] counter = new double[markers.size()];
        double[] resolvable = new double[markers.size()];
        double[] loaded = new double[markers.size()];
        double[] idle = new double[markers.size()];
        int nc = 0;
        int nr = 0;
        int nl = 0;
        int ni = 0;
        // The latest finishing cycle of the draws issued before the marker at hand: markers and
        // draws are both in issue order, so one pass over each.
        int nextDraw = 0;
        long lastFinished = Long.MIN_VALUE;
        for (Marker m : markers) {
            MarkerProgress p = m.progress();
            while (nextDraw < draws.size() && draws.get(nextDraw).issued < p.issuedAt()) {
                lastFinished = Math.max(lastFinished, draws.get(nextDraw).finished);
                nextDraw++;
            }
            if (!p.allLanded() || p.expectedWrites() == 0) {
                continue;
            }
            long cycles = p.landedAt() - p.issuedAt();
            boolean occlusionEnd = m instanceof OcclusionMarker o && o.end();
            // The EndQuery markers of counter queries (a timestamp's end-of-pipe write is not counted here).
            boolean end = occlusionEnd || (m instanceof StatisticsMarker s && s.end())
                    || (m instanceof SoStatisticsMarker so && so.end());
            if (occlusionEnd || m instanceof WriteQueryMarker) {
                counter[nc++] = cycles;
            }
            if (end) {
                resolvable[nr++] = cycles;
                if (timed && lastFinished > p.issuedAt()) {
                    loaded[nl++] = cycles;
                } else if (timed) {
                    idle[ni++] = cycles;
                }
            }
        }
        add(g, "counter_write_latency", "occlusion EndQuery or WriteQuery to the last of its DBs' counters in memory",
                counter, nc);
        add(g, "resolvable_latency", "EndQuery to its result being resolvable (every write of it landed)",
                resolvable, nr);
        add(g, "loaded_latency", "EndQuery issued while an earlier draw was still in the pipeline, to its result "
                + "being resolvable", loaded, nl);
        add(g, "idle_latency", "EndQuery issued with every earlier draw out of the pipeline, to its result "
                + "being resolvable", idle, ni);
        return g;
    }

    private static void add(StatGroup g, String name, String what, double[] v, int n) {
        double[] x = Arrays.copyOf(v, n);
        Arrays.sort(x);
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
        double p90 = n == 0 ? Double.NaN : p.evaluate(x, 90);
        double p95 = n == 0 ? Double.NaN : p.evaluate(x, 95);
        g.formula(name + "_p50", "cycles", "median, " + what, () -> p50);
        g.formula(name + "_p90", "cycles", "90th percentile, " + what, () -> p90);
        g.formula(name + "_p95", "cycles", "95th percentile, " + what, () -> p95);
        long max = n == 0 ? 0 : (long) x[n - 1];
        g.scalar(name + "_max", "cycles", "longest, " + what).set(max);
        // Buckets from 0 to the longest: one a cycle up to 63 cycles, else power-of-two widths.
        Stat.Histogram h = g.histogram(name + "_histogram", "cycles", "queries", "queries by latency, " + what, max);
        for (int i = 0; i < n; i++) {
            h.sample((long) x[i], 1);
        }
    }
}
