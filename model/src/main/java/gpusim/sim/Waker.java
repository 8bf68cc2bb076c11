package gpusim.sim;

/**
 * Wakes one component through the engine by its index, looked up at the first wake (the
 * component is registered by then, though not yet when it builds its waker): a component that
 * wakes itself many times a run (a memory channel, a cache, a pipeline stage) pays no
 * identity-map lookup each time, as {@link Engine#wakeAt} would outside its own tick.
 */
public final class Waker {
    private final Engine engine;
    private final Component component;
    private int index = -1;

    public Waker(Engine engine, Component component) {
        this.engine = engine;
        this.component = component;
    }

    /** {@link Engine#wakeAt} of the component at {@code cycle}. */
    public void wakeAt(long cycle) {
        if (index < 0) {
            index = engine.index(component);
        }
        engine.wake(index, cycle);
    }
}
