package gpusim.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@link Stat.Histogram}: buckets, summary, untimed reading, and a queue's time-weighted occupancy. */
class HistogramTest {

    @Test
    void oneBucketAValueWhileTheRangeFits() {
        StatGroup g = new StatGroup("q", "a queue");
        Stat.Histogram h = g.histogram("occupancy", "items", "cycles", "cycles at each occupancy", 10);
        assertEquals(11, h.buckets());
        assertEquals(1, h.bucketSize());
        assertEquals(Double.NaN, h.mean(), "nothing sampled: no mean");
        assertEquals(0.0, h.value(), "and the statistic's one number reads 0");
        assertEquals(0, h.min());
        assertEquals(0, h.max());
        h.sample(3, 5);
        h.sample(0, 2);
        h.sample(10, 1);
        h.sample(7, 0); // no time at 7: not a sample, so neither min nor max moves
        assertEquals(5, h.weight(3));
        assertEquals(2, h.weight(0));
        assertEquals(1, h.weight(10));
        assertEquals(0, h.weight(7));
        assertEquals(8, h.samples());
        assertEquals(0, h.min());
        assertEquals(10, h.max());
        // (3 x 5 + 0 x 2 + 10 x 1) / 8
        assertEquals(3.125, h.mean());
        assertEquals(3.125, g.find("occupancy").value());
        assertEquals(0, h.overflows());
        assertThrows(IllegalArgumentException.class, () -> g.histogram("occupancy", "items", "cycles", "again", 3));
    }

    @Test
    void aLargeRangeGetsPowerOfTwoBuckets() {
        // queue.depth's largest value, 65536: widths double until 0..65536 fits in 64 buckets,
        // which 2048 does (65536 / 2048 = 32: buckets 0..32, the last holding only a full queue).
        Stat.Histogram h = Stat.Histogram.forRange("occupancy", "items", "cycles", "x", 1 << 16);
        assertEquals(2048, h.bucketSize());
        assertEquals(33, h.buckets());
        assertEquals(63_488, h.bucketLow(31));
        assertEquals(65_535, h.bucketHigh(31));
        h.sample(2047, 4);
        h.sample(2048, 1);
        h.sample(65_536, 3);
        assertEquals(4, h.weight(0));
        assertEquals(1, h.weight(1));
        assertEquals(3, h.weight(32));
        assertEquals(2047, h.min());
        assertEquals(65_536, h.max());
        // 64 values need no wider buckets; 64 and more than 64 values do.
        assertEquals(1, Stat.Histogram.forRange("a", "x", "y", "x", 63).bucketSize());
        assertEquals(64, Stat.Histogram.forRange("a", "x", "y", "x", 63).buckets());
        assertEquals(2, Stat.Histogram.forRange("a", "x", "y", "x", 64).bucketSize());
        assertEquals(33, Stat.Histogram.forRange("a", "x", "y", "x", 64).buckets());
    }

    @Test
    void valuesBeyondTheLastBucketAreOverflows() {
        Stat.Histogram h = Stat.Histogram.forRange("latency", "cycles", "queries", "x", 3);
        h.sample(4, 1);
        h.sample(-1, 2);
        h.sample(2, 1);
        assertEquals(3, h.overflows());
        assertEquals(4, h.samples(), "overflows are samples too");
        assertEquals(1, h.weight(2));
        assertEquals(-1, h.min());
        assertEquals(4, h.max());
    }

    @Test
    void untimedReadsZeroWhereTheWeightOrTheValueIsCycles() {
        StatGroup root = new StatGroup("gpu", "root");
        StatGroup q = root.child(new StatGroup("q", "a queue"));
        Stat.Histogram occupancy = q.histogram("occupancy", "items", "cycles", "time-weighted", 4);
        Stat.Histogram latency = q.histogram("latency", "cycles", "queries", "counted, of cycles", 100);
        Stat.Histogram sizes = q.histogram("sizes", "items", "requests", "counted, of items", 4);
        occupancy.sample(2, 10);
        latency.sample(50, 1);
        sizes.sample(3, 1);
        root.untimed();
        assertEquals(0, occupancy.samples());
        assertEquals(0, occupancy.weight(2));
        assertEquals(0, occupancy.max());
        assertEquals(0.0, occupancy.mean());
        assertEquals(0.0, occupancy.value());
        assertEquals(0, latency.weight(50 >>> 1));
        assertEquals(0.0, latency.value());
        assertEquals(1, sizes.weight(3), "a count of items is not a figure in cycles");
        assertEquals(3.0, sizes.value());
    }

    static BoundedQueue<Integer> queue(int capacity) {
        Engine e = new Engine(1000);
        // Two ends that only record their ticks: the test pushes and pops itself, at chosen cycles.
        EngineTest.Recorder p = new EngineTest.Recorder("p", new java.util.ArrayList<>());
        EngineTest.Recorder c = new EngineTest.Recorder("c", new java.util.ArrayList<>());
        e.add(p);
        e.add(c);
        return e.<Integer>queue("p->c", capacity, 1).connect(p, c);
    }

    @Test
    void aQueueCountsTheCyclesAtEachOccupancy() {
        BoundedQueue<Integer> q = queue(2);
        assertTrue(q.push(1, 0));
        assertTrue(q.push(2, 0));
        assertEquals(false, q.push(3, 2), "a refused push changes nothing");
        q.pop(3);
        assertTrue(q.push(4, 5));
        q.pop(6);
        q.pop(10);
        Stat.Histogram h = q.occupancy(12);
        // 0..3 at 2 items, 3..5 at 1, 5..6 at 2, 6..10 at 1, 10..12 (the run's end) at 0.
        assertEquals(2, h.weight(0));
        assertEquals(6, h.weight(1));
        assertEquals(4, h.weight(2));
        assertEquals(12, h.samples(), "every cycle of the run, once");
        assertEquals((6 * 1 + 4 * 2) / 12.0, h.mean());
        assertEquals(0, h.min());
        assertEquals(2, h.max());
        assertSame(h, q.occupancy(12));
        assertEquals(12, q.occupancy(11).samples(), "closing again, or earlier, adds nothing");
    }

    @Test
    void aDeepQueueIsBucketed() {
        // capacity 1000: 0..1000 in buckets of 16 (63 of them); 17 items sit in 16..31.
        BoundedQueue<Integer> q = queue(1000);
        for (int i = 0; i < 17; i++) {
            q.push(i, 0);
        }
        Stat.Histogram h = q.occupancy(10);
        assertEquals(16, h.bucketSize());
        assertEquals(63, h.buckets());
        assertEquals(10, h.weight(1));
        assertEquals(10, h.samples());
        assertEquals(17, h.min());
        assertEquals(17.0, h.mean());
    }
}
