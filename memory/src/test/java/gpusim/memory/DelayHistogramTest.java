package gpusim.memory;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.junit.jupiter.api.Test;

/**
 * {@link DelayHistogram}'s percentiles against Commons Math's {@code Percentile} (estimation
 * R_1) over every value, which the channels used before: the same figure for random sets of
 * many sizes, with delays below and above the dense range, repeated values, and the
 * percentiles the reports show (50, 95) and others.
 */
class DelayHistogramTest {
    @Test
    void percentilesEqualCommonsMathNearestRankOverEveryValue() {
        SplittableRandom rnd = new SplittableRandom(3);
        double[] ps = {50, 95, 1, 25, 33.3, 75, 99, 99.9, 100};
        for (int set = 0; set < 400; set++) {
            int n = set < 50 ? set + 1 : rnd.nextInt(1, 20_000);
            DelayHistogram h = new DelayHistogram();
            double[] v = new double[n];
            for (int i = 0; i < n; i++) {
                // Mostly short waits, a few long ones past the dense range, many repeats.
                long d = rnd.nextInt(10) == 0 ? DelayHistogram.DENSE + rnd.nextInt(100_000) : rnd.nextInt(set % 7 == 0 ? 3 : 300);
                h.add(d);
                v[i] = d;
            }
            assertEquals(n, h.count());
            for (double p : ps) {
                double expected = new Percentile().withEstimationType(Percentile.EstimationType.R_1).evaluate(v, p);
                assertEquals(expected, h.percentile(p), "set " + set + " of " + n + ", p " + p);
            }
        }
    }

    @Test
    void noDelaysGiveZero() {
        assertEquals(0, new DelayHistogram().percentile(50));
    }
}
