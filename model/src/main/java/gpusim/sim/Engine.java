package gpusim.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The simulation kernel. Time is a {@code long} cycle count. Components are registered
 * front of the pipe first and ticked back to front within a cycle, so a consumer frees
 * queue space before its producer looks for it, and same-cycle order is fixed. The
 * engine jumps straight to the next cycle at which any component is awake, so idle time
 * costs nothing. A ChampSim-style detector stops the run when work is pending and no
 * component has changed state for {@code deadlockCycles} cycles while none is part-way
 * through timed work ({@link Component#working}), dumping every component and queue; a run
 * in which nothing at all is awake while work is pending stops at once. Progress is what
 * components report: a poll that reads the same value is not progress, and a stage busy
 * with a million-cycle item is working, so neither a spinning wait nor a long item can hide
 * or fake a deadlock.
 */
public final class Engine {
    public static final long NEVER = Long.MAX_VALUE;

    private final List<Component> components = new ArrayList<>();
    private final List<BoundedQueue<?>> queues = new ArrayList<>();
    private long[] wakeAt = new long[0];
    /** Bit i set: component i has a wake cycle (wakeAt[i] != NEVER), so the tick loop visits only those. */
    private long[] awake = new long[0];
    private final long deadlockCycles;
    private long now;
    private int ticking = -1;
    private long lastProgress;
    /** The cycle from which the deadlock detector counts: the last change, or the last cycle timed work was under way. */
    private long quietSince;
    private long ticks;
    /** Ticks run per component, by index: where the simulator's work goes. */
    private long[] ticksOf = new long[0];
    private TraceHook hook;

    public Engine(long deadlockCycles) {
        if (deadlockCycles < 1) {
            throw new IllegalArgumentException("deadlockCycles must be positive");
        }
        this.deadlockCycles = deadlockCycles;
    }

    /** Registers a component; components registered earlier are nearer the front of the pipe. */
    public int add(Component c) {
        components.add(c);
        indexes.putIfAbsent(c, components.size() - 1);
        wakeAt = Arrays.copyOf(wakeAt, components.size());
        wakeAt[components.size() - 1] = NEVER;
        ticksOf = Arrays.copyOf(ticksOf, components.size());
        awake = Arrays.copyOf(awake, (components.size() + 63) >> 6);
        return components.size() - 1;
    }

    /** A new queue; its ends are named with {@link BoundedQueue#connect} once both components are registered. */
    public <T> BoundedQueue<T> queue(String name, int capacity, int latency) {
        BoundedQueue<T> q = new BoundedQueue<>(this, name, capacity, latency);
        queues.add(q);
        return q;
    }

    private int indexOf(Component c) {
        // Most wake requests come from the component being ticked, about itself.
        if (ticking >= 0 && components.get(ticking) == c) {
            return ticking;
        }
        Integer i = indexes.get(c);
        if (i == null) {
            throw new IllegalArgumentException("component not registered: " + c.name());
        }
        return i;
    }

    /** Each registered component's index (identity: components need not define equals). */
    private final java.util.IdentityHashMap<Component, Integer> indexes = new java.util.IdentityHashMap<>();

    public long now() {
        return now;
    }

    /** Attaches the hook every component reports to (null: none). */
    public void setHook(TraceHook hook) {
        this.hook = hook;
    }

    /** The attached hook, or null; components test for null before building a report. */
    public TraceHook hook() {
        return hook;
    }

    public List<Component> components() {
        return components;
    }

    public List<BoundedQueue<?>> queues() {
        return queues;
    }

    /** Number of component ticks run so far (a measure of simulator work, not of simulated time). */
    public long ticks() {
        return ticks;
    }

    /** The ticks component {@code c} has run so far (0 for one not registered). */
    public long ticksOf(Component c) {
        Integer i = indexes.get(c);
        return i == null ? 0 : ticksOf[i];
    }

    /** Asks that component {@code c} be ticked at cycle {@code cycle} (or earlier, if it already is). */
    public void wakeAt(Component c, long cycle) {
        wake(indexOf(c), cycle);
    }

    /**
     * {@link #wakeAt} for the component registered at {@code index} ({@link #add}'s answer, or
     * {@link #index}): the same wake, without looking the component up. A component that wakes
     * itself or others many times a run keeps the index instead of paying an identity-map
     * lookup each time.
     */
    public void wake(int index, long cycle) {
        // A component already ticked this cycle (back-to-front order: higher index first)
        // cannot be ticked again in the same cycle.
        if (cycle <= now && ticking >= 0 && index >= ticking) {
            cycle = now + 1;
        }
        if (cycle < now) {
            cycle = now;
        }
        if (cycle < wakeAt[index]) {
            wakeAt[index] = cycle;
            awake[index >> 6] |= 1L << index;
            // The tick loop has passed a component of higher index (or is not running): note the
            // cycle. One of lower index it will pass and read itself.
            if ((ticking < 0 || index > ticking) && cycle < earliest) {
                earliest = cycle;
            }
        }
    }

    /**
     * A lower bound of every wake cycle set since the tick loop last looked: the loop takes
     * the earliest cycle of the ones it visits as it visits them, and this catches the wakes
     * made meanwhile, so finding the next cycle needs no second pass over the components.
     */
    private long earliest = NEVER;

    /**
     * The component being ticked made progress but has asked for its own next tick (a stage
     * that took an item and sleeps until its cost has passed): the cycle counts as progress
     * without the re-tick on the next cycle that a {@code true} from {@link Component#tick}
     * brings, which would find it still busy.
     */
    public void noteProgress() {
        noted = true;
    }

    private boolean noted;

    public int index(Component c) {
        return indexOf(c);
    }

    /**
     * Runs until no component has pending work and none is awake, or until {@code stop}
     * reports true. Returns the cycle at which the last progress was made.
     */
    public long run(java.util.function.BooleanSupplier stop) {
        int n = components.size();
        Component[] comps = components.toArray(new Component[0]);
        lastProgress = now;
        quietSince = now;
        long next = NEVER;
        for (int i = 0; i < n; i++) {
            next = Math.min(next, wakeAt[i]);
            if (wakeAt[i] != NEVER) {
                awake[i >> 6] |= 1L << i;
            }
        }
        while (!stop.getAsBoolean()) {
            if (next == NEVER) {
                for (Component c : comps) {
                    if (c.hasPendingWork()) {
                        throw new DeadlockException(now, dump());
                    }
                }
                return lastProgress;
            }
            if (next > now) {
                now = next;
            }
            boolean progress = false;
            // One pass: tick the components awake now, back to front, and take the earliest
            // wake cycle of each as it is passed; wakes made meanwhile (of a component already
            // passed) lower `earliest`.
            earliest = NEVER;
            long soonest = NEVER;
            for (int word = awake.length - 1; word >= 0; word--) {
                long bits = awake[word];
                while (bits != 0) {
                    int b = 63 - Long.numberOfLeadingZeros(bits);
                    int i = (word << 6) + b;
                    if (wakeAt[i] <= now) {
                        wakeAt[i] = NEVER;
                        ticking = i;
                        ticks++;
                        ticksOf[i]++;
                        if (comps[i].tick(now)) {
                            progress = true;
                            if (wakeAt[i] > now + 1) {
                                wakeAt[i] = now + 1;
                            }
                        }
                    }
                    long w = wakeAt[i];
                    if (w == NEVER) {
                        awake[word] &= ~(1L << b);
                    } else if (w < soonest) {
                        soonest = w;
                    }
                    // Re-read: a tick may have woken a component of lower index in this word.
                    bits = awake[word] & ((1L << b) - 1);
                }
            }
            next = Math.min(soonest, earliest);
            ticking = -1;
            if (noted) {
                progress = true;
                noted = false;
            }
            if (progress) {
                lastProgress = now;
                quietSince = now;
            } else if (now - quietSince > deadlockCycles && anyPending(comps)) {
                if (anyWorking(comps, now)) {
                    // Timed work is under way: its end is a change, so the count restarts from here.
                    quietSince = now;
                } else {
                    throw new DeadlockException(now, dump());
                }
            }
        }
        return lastProgress;
    }

    private static boolean anyPending(Component[] comps) {
        for (Component c : comps) {
            if (c.hasPendingWork()) {
                return true;
            }
        }
        return false;
    }

    private static boolean anyWorking(Component[] comps, long now) {
        for (Component c : comps) {
            if (c.working(now)) {
                return true;
            }
        }
        return false;
    }

    /** Every component's state and every queue's occupancy, for a deadlock report. */
    public String dump() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < components.size(); i++) {
            Component c = components.get(i);
            sb.append("  component ").append(c.name()).append(": ").append(c.describe());
            sb.append(wakeAt[i] == NEVER ? " (asleep)" : " (wakes at " + wakeAt[i] + ")").append('\n');
        }
        for (BoundedQueue<?> q : queues) {
            sb.append("  queue ").append(q.name()).append(": ").append(q.size()).append('/')
                    .append(q.capacity()).append('\n');
        }
        return sb.toString();
    }
}
