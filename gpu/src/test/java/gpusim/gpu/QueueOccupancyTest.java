package gpusim.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.config.Config;
import gpusim.sim.Component;
import gpusim.sim.Stat;
import gpusim.sim.TraceHook;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every queue's occupancy histogram in the run's statistics, against the occupancy the
 * timeline hook sees change at every push and pop: the same cycles at each occupancy.
 */
class QueueOccupancyTest {
    /** Replays the hook's queue counters: cycles at each occupancy, per queue. */
    static final class Replay implements TraceHook {
        final Map<String, long[]> cycles = new HashMap<>();
        final Map<String, long[]> last = new HashMap<>(); // {cycle, occupancy}
        final int capacity;

        Replay(int capacity) {
            this.capacity = capacity;
        }

        @Override
        public void span(Component c, String kind, long start, long end) {
        }

        @Override
        public void instant(Component c, String name, long cycle) {
        }

        @Override
        public void counter(String name, long cycle, long value) {
            long[] at = cycles.computeIfAbsent(name, n -> new long[capacity + 1]);
            long[] l = last.computeIfAbsent(name, n -> new long[2]);
            at[(int) l[1]] += cycle - l[0];
            l[0] = cycle;
            l[1] = value;
        }

        long[] until(String name, long end) {
            long[] at = cycles.getOrDefault(name, new long[capacity + 1]).clone();
            long[] l = last.getOrDefault(name, new long[2]);
            at[(int) l[1]] += end - l[0];
            return at;
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {2, 16, 100})
    void everyQueueReportsTheCyclesAtEachOccupancy(int depth) {
        Config c = TraceBuilder.unitDefaults().with("queue.depth=" + depth).with("queue.waves=" + depth);
        Gpu gpu = new Gpu(OcclusionQueryTest.basicScene(4), c);
        Replay replay = new Replay(depth);
        gpu.setHook(replay);
        RunResult r = gpu.run();
        int queues = 0;
        boolean someFull = false;
        for (String q : replay.cycles.keySet()) {
            Stat.Histogram h = (Stat.Histogram) r.stats().find("queues." + q + ".occupancy");
            long[] expected = replay.until(q, r.cycles());
            assertEquals(r.cycles(), h.samples(), q + ": every cycle of the run counted once");
            // Occupancy 0..depth in buckets: one an occupancy up to 64 entries, 2 for depth 100.
            int width = depth < 64 ? 1 : 2;
            assertEquals(width, h.bucketSize(), q);
            assertEquals(depth / width + 1, h.buckets(), q);
            long[] bucketed = new long[h.buckets()];
            for (int n = 0; n <= depth; n++) {
                bucketed[n / width] += expected[n];
            }
            for (int b = 0; b < h.buckets(); b++) {
                assertEquals(bucketed[b], h.weight(b), q + " bucket " + b);
            }
            long peak = r.stats().find("queues." + q + ".peak").value().longValue();
            // A push and a pop in one cycle reach the peak for no time: the histogram's max is at most it.
            assertTrue(h.max() <= peak, q + ": " + h.max() + " > peak " + peak);
            someFull |= peak == depth;
            queues++;
        }
        // Every queue that carried an item: cp->ia, ia->vs, vs->clip, clip->setup, setup->raster,
        // and for each of 4 render back ends raster->dbN, dbN->seK, seK->cbN (cbN->eop carries
        // only the markers that reach the end of the pipe, statistics and colour clears: none here).
        assertEquals(17, queues);
        assertTrue(depth > 2 || someFull, "a 2-deep pipe fills up somewhere");
    }

    @Test
    void functionalModeCountsNoCycles() {
        RunResult r = TraceBuilder.run(OcclusionQueryTest.basicScene(1), "sim.mode=functional");
        Stat.Histogram h = (Stat.Histogram) r.stats().find("queues.cp->ia.occupancy");
        assertEquals(0, h.samples());
        assertEquals(0.0, h.value());
        assertTrue(r.stats().find("queues.cp->ia.pushes").value().longValue() > 0, "items still count");
    }
}
