package gpusim.gpu;

import gpusim.sim.Component;
import gpusim.sim.StatGroup;

/** A component that does nothing: the far end of a queue in a unit's test rig. */
public final class IdleComponent implements Component {
    private final String name;

    public IdleComponent(String name) {
        this.name = name;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean tick(long now) {
        return false;
    }

    @Override
    public boolean hasPendingWork() {
        return false;
    }

    @Override
    public StatGroup stats() {
        return new StatGroup(name, "");
    }
}
