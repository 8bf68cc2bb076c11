package gpusim.gpu.cp;

import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.trace.Resource;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The fences of a run (ID3D12Fence): each holds its completed value, set by the queues'
 * signals (ID3D12CommandQueue::Signal sets the value, as ID3D12Fence::Signal does) and
 * waited on by their waits (ID3D12CommandQueue::Wait: until the value is at least the one
 * asked for). A signal at cycle S wakes the queues waiting on that fence at S + 1, whatever
 * order the engine ticks them in, so same-cycle behaviour is fixed.
 */
public final class FenceTable {
    /** One signal or satisfied wait, for tests and reports. */
    public record Event(String queue, String fence, long value, boolean signal, long cycle, int line) {
    }

    private static final class State {
        long value;
        final List<Component> waiters = new ArrayList<>(2);

        State(long value) {
            this.value = value;
        }
    }

    private final Engine engine;
    private final Map<Resource.Fence, State> states = new IdentityHashMap<>();
    private final List<Event> events = new ArrayList<>();

    public FenceTable(Engine engine) {
        this.engine = engine;
    }

    private State state(Resource.Fence f) {
        return states.computeIfAbsent(f, k -> new State(k.initial()));
    }

    /** The fence's completed value now. */
    public long value(Resource.Fence f) {
        return state(f).value;
    }

    /** The fence takes {@code value} at cycle {@code now}; every queue waiting on it looks again at now + 1. */
    public void signal(String queue, Resource.Fence f, long value, long now, int line) {
        State s = state(f);
        s.value = value;
        events.add(new Event(queue, f.name(), value, true, now, line));
        for (Component w : s.waiters) {
            engine.wakeAt(w, now + 1);
        }
        s.waiters.clear();
    }

    /** True when the fence has reached {@code value}; otherwise {@code waiter} is woken at the next signal. */
    public boolean reached(Resource.Fence f, long value, Component waiter) {
        State s = state(f);
        if (s.value >= value) {
            return true;
        }
        if (!s.waiters.contains(waiter)) {
            s.waiters.add(waiter);
        }
        return false;
    }

    /** Records a wait that has been satisfied at {@code now}. */
    public void waited(String queue, Resource.Fence f, long value, long now, int line) {
        events.add(new Event(queue, f.name(), value, false, now, line));
    }

    /** Every signal and satisfied wait, in the order they happened. */
    public List<Event> events() {
        return events;
    }
}
