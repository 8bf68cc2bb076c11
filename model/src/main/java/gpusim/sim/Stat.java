package gpusim.sim;

/**
 * One statistic: a name, a unit and a description (the gem5 habit), and a value. Scalars
 * are counted by their component; formulas are derived from other statistics when read.
 */
public sealed interface Stat {
    String name();

    String unit();

    String description();

    /** The value as a number (a long for scalars, a double for formulas). */
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
}
