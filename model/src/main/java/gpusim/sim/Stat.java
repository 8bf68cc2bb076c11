package gpusim.sim;

/**
 * One statistic: a name, a unit and a description (the gem5 habit), and a value. Scalars
 * are counted by their component; formulas are derived from other statistics when read;
 * histograms count how often (or how long) each value was seen, in buckets.
 */
public sealed interface Stat {
    String name();

    String unit();

    String description();

    /** The value as a number (a long for scalars, a double for formulas and histograms: their mean). */
    Number value();

    /** What every statistic has besides its value. */
    abstract class Described {
        private final String name;
        private final String unit;
        private final String description;
        /** Set for a run that models no time (functional mode): a figure in cycles then reads 0. */
        boolean untimed;

        Described(String name, String unit, String description) {
            this.name = name;
            this.unit = unit;
            this.description = description;
        }

        public String name() {
            return name;
        }

        public String unit() {
            return unit;
        }

        public String description() {
            return description;
        }
    }

    /** A counted value. */
    final class Scalar extends Described implements Stat {
        private long value;

        Scalar(String name, String unit, String description) {
            super(name, unit, description);
        }

        public void add(long delta) {
            value += delta;
        }

        public void inc() {
            value++;
        }

        public void set(long v) {
            value = v;
        }

        public void max(long v) {
            if (v > value) {
                value = v;
            }
        }

        public long get() {
            return value;
        }

        @Override
        public Number value() {
            return untimed ? 0L : value;
        }
    }

    /** A derived figure, computed from other statistics when it is read. */
    final class Formula extends Described implements Stat {
        private final java.util.function.DoubleSupplier formula;

        Formula(String name, String unit, String description, java.util.function.DoubleSupplier formula) {
            super(name, unit, description);
            this.formula = formula;
        }

        @Override
        public Number value() {
            if (untimed) {
                return 0.0;
            }
            double v = formula.getAsDouble();
            return Double.isFinite(v) ? v : 0.0;
        }
    }

    /**
     * A distribution (gem5's {@code Stats::Distribution}): how much weight each value got, in
     * buckets of equal width from 0, with the samples' total weight, smallest and largest
     * value and mean. A sample has a weight: 1 for a count (each query's latency), the cycles
     * spent at a value for a time-weighted histogram (a queue's occupancy), whose
     * {@link #weightUnit()} is then "cycles". The bucket width is a power of two, so a sample
     * is a shift, a compare and a few adds on primitive fields: no allocation, cheap enough
     * for a queue's every push and pop. Values from {@code buckets x width} up are counted
     * in {@link #overflows()}; the value's {@link #unit()} is that of the values sampled.
     */
    final class Histogram extends Described implements Stat {
        /** The most buckets {@link #forRange} makes: enough for a plot, few enough to read. */
        public static final int MAX_BUCKETS = 64;

        private final String weightUnit;
        private final int shift;
        private final long[] weights;
        private long overflows;
        private long samples;
        /** Sum of value x weight: a double, so a long run's time-weighted sum cannot overflow. */
        private double weightedSum;
        private long min = Long.MAX_VALUE;
        private long max = Long.MIN_VALUE;

        /**
         * {@code buckets} buckets of width {@code 2^shift}: bucket i holds the values
         * {@code [i << shift, (i + 1) << shift)}.
         */
        Histogram(String name, String unit, String weightUnit, String description, int buckets, int shift) {
            super(name, unit, description);
            if (buckets < 1 || shift < 0 || shift > 62) {
                throw new IllegalArgumentException("histogram " + name + ": " + buckets + " buckets of 2^" + shift);
            }
            this.weightUnit = weightUnit;
            this.shift = shift;
            this.weights = new long[buckets];
        }

        /**
         * A histogram for the values 0..{@code maxValue}: one bucket a value while they fit in
         * {@link #MAX_BUCKETS}, else the narrowest power-of-two width that fits them in as many.
         */
        static Histogram forRange(String name, String unit, String weightUnit, String description,
                                         long maxValue) {
            if (maxValue < 0) {
                throw new IllegalArgumentException("histogram " + name + ": negative range " + maxValue);
            }
            int shift = 0;
            while (((maxValue >>> shift) + 1) > MAX_BUCKETS) {
                shift++;
            }
            return new Histogram(name, unit, weightUnit, description, (int) (maxValue >>> shift) + 1, shift);
        }

        /** Adds {@code weight} at {@code value} (a weight of 0 does nothing; a negative value counts as an overflow). */
        public void sample(long value, long weight) {
            if (weight <= 0) {
                return;
            }
            long i = value >> shift;
            if (value >= 0 && i < weights.length) {
                weights[(int) i] += weight;
            } else {
                overflows += weight;
            }
            samples += weight;
            weightedSum += (double) value * weight;
            if (value < min) {
                min = value;
            }
            if (value > max) {
                max = value;
            }
        }

        /** What a sample's weight counts: "cycles" for a time-weighted histogram, else what was sampled ("queries"). */
        public String weightUnit() {
            return weightUnit;
        }

        /** Number of buckets. */
        public int buckets() {
            return weights.length;
        }

        /** Width of every bucket, in the value's unit. */
        public long bucketSize() {
            return 1L << shift;
        }

        /** Smallest value bucket {@code i} holds. */
        public long bucketLow(int i) {
            return (long) i << shift;
        }

        /** Largest value bucket {@code i} holds. */
        public long bucketHigh(int i) {
            return bucketLow(i) + bucketSize() - 1;
        }

        /** The weight in bucket {@code i} (0 when untimed). */
        public long weight(int i) {
            return untimed ? 0 : weights[i];
        }

        /** Weight of the values beyond the last bucket. */
        public long overflows() {
            return untimed ? 0 : overflows;
        }

        /** Total weight: the number of samples, or the cycles a time-weighted histogram covers. */
        public long samples() {
            return untimed ? 0 : samples;
        }

        /** Smallest value sampled, 0 if none. */
        public long min() {
            return untimed || samples == 0 ? 0 : min;
        }

        /** Largest value sampled, 0 if none. */
        public long max() {
            return untimed || samples == 0 ? 0 : max;
        }

        /** Weighted mean of the values sampled; NaN if none (written as null). */
        public double mean() {
            if (untimed) {
                return 0.0;
            }
            return samples == 0 ? Double.NaN : weightedSum / samples;
        }

        /** The mean, as a statistic's one number (0 if nothing was sampled). */
        @Override
        public Number value() {
            double m = mean();
            return Double.isFinite(m) ? m : 0.0;
        }
    }
}
