package gpusim.sim;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A named group of statistics with sub-groups: one group per component, reported as a tree. */
public final class StatGroup {
    private final String name;
    private final String description;
    private final List<Stat> stats = new ArrayList<>();
    private final List<StatGroup> children = new ArrayList<>();

    public StatGroup(String name, String description) {
        this.name = name;
        this.description = description;
    }

    public String name() {
        return name;
    }

    public String description() {
        return description;
    }

    public Stat.Scalar scalar(String name, String unit, String description) {
        return add(new Stat.Scalar(name, unit, description));
    }

    public Stat.Formula formula(String name, String unit, String description,
                                java.util.function.DoubleSupplier formula) {
        return add(new Stat.Formula(name, unit, description, formula));
    }

    /**
     * A histogram for the values 0..{@code maxValue} ({@link Stat.Histogram#forRange}); its
     * {@code weightUnit} is "cycles" when each sample is weighted by the time spent at it.
     */
    public Stat.Histogram histogram(String name, String unit, String weightUnit, String description, long maxValue) {
        Stat.Histogram h = Stat.Histogram.forRange(name, unit, weightUnit, description, maxValue);
        add(h);
        return h;
    }

    /** Adds a statistic made elsewhere (a queue's own occupancy histogram) to this group. */
    public <S extends Stat> S add(S s) {
        for (Stat o : stats) {
            if (o.name().equals(s.name())) {
                throw new IllegalArgumentException("statistic " + this.name + "." + s.name() + " defined twice");
            }
        }
        stats.add(s);
        return s;
    }

    public StatGroup child(StatGroup g) {
        children.add(g);
        return g;
    }

    public List<Stat> stats() {
        return Collections.unmodifiableList(stats);
    }

    public List<StatGroup> children() {
        return Collections.unmodifiableList(children);
    }

    /**
     * Marks every statistic in cycles (or, for a histogram, weighted by cycles), here and in
     * every sub-group, as untimed: it reads 0. A run that models no time (functional mode)
     * still counts steps where components wait, and those counts must not be reported as
     * cycles; counts of requests, bytes, polls and items stay as they are.
     */
    public void untimed() {
        for (Stat s : stats) {
            if (s.unit().equals("cycles")
                    || (s instanceof Stat.Histogram h && h.weightUnit().equals("cycles"))) {
                ((Stat.Described) s).untimed = true;
            }
        }
        for (StatGroup g : children) {
            g.untimed();
        }
    }

    /** The statistic named {@code path} ("a.b.stat", relative to this group), or null. */
    public Stat find(String path) {
        int dot = path.indexOf('.');
        if (dot < 0) {
            for (Stat s : stats) {
                if (s.name().equals(path)) {
                    return s;
                }
            }
            return null;
        }
        String head = path.substring(0, dot);
        for (StatGroup g : children) {
            if (g.name.equals(head)) {
                return g.find(path.substring(dot + 1));
            }
        }
        return null;
    }
}
