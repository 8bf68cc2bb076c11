package gpusim.sim;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The simulation kernel. Time is a {@code long} cycle count. Components are registered
 * front of the pipe first and ticked back to front within a cycle, so a consumer frees
 * queue space before its producer looks for it, and same-cycle order is fixed. The
 * engine jumps straight to the next cycle at which any component is awake, so idle time
 * costs nothing, and a cycle's pass visits only the components woken for it (a timing wheel),
 * so neither does a component asleep until a later cycle. A ChampSim-style detector stops
 * the run when work is pending and no
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
    /**
     * The wake calendar (a timing wheel): bucket {@code c mod WHEEL} holds a bit for each component
     * woken for cycle c, for the cycles c in [now, now + WHEEL); {@link #far} those woken for later
     * cycles. A cycle's pass visits only its own bucket, so a component asleep until a later cycle
     * costs nothing in the cycles between (with surfaces in memory a pass over every awake component
     * visited nearly four times as many as it ticked). A bit whose component's wake has moved since
     * (a wake to an earlier cycle) is stale: it is dropped when its bucket is reached. Null until a
     * run builds it from {@link #wakeAt}.
     */
    private long[] wheel;
    /** Bit k of word k / 64: bucket k may hold a bit (set with it, cleared when found empty). */
    private long[] wheelUsed;
    private long[] far;
    /** Whether {@link #far} may hold a bit (cleared when a look finds none). */
    private boolean anyFar;
    private int words;
    private static final int WHEEL = 4096;
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
        wheel = null; // rebuilt for the new count at the next run
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
            if (wheel != null) {
                enter(index, cycle);
            }
        }
    }

    /** Puts component {@code i}'s wake for {@code cycle} (>= now) in the calendar. */
    private void enter(int i, long cycle) {
        long bit = 1L << i;
        int w = i >> 6;
        if (cycle - now < WHEEL) {
            int k = (int) (cycle & (WHEEL - 1));
            wheel[k * words + w] |= bit;
            wheelUsed[k >> 6] |= 1L << k;
        } else {
            far[w] |= bit;
            anyFar = true;
        }
    }

    /** The calendar built afresh from {@link #wakeAt} (at the start of a run: components may have been added). */
    private void buildWheel() {
        int n = components.size();
        words = Math.max(1, (n + 63) >> 6);
        wheel = new long[WHEEL * words];
        wheelUsed = new long[WHEEL >> 6];
        far = new long[words];
        anyFar = false;
        for (int i = 0; i < n; i++) {
            if (wakeAt[i] != NEVER) {
                wakeAt[i] = Math.max(wakeAt[i], now); // (a wake is never for a past cycle: wake clamps it)
                enter(i, wakeAt[i]);
            }
        }
    }

    /**
     * The first cycle from {@code from} (now or later) at which a component is woken, exactly: stale bits
     * met on the way are dropped. Far wakes that have come within the wheel's reach are not moved
     * into it here (see {@link #advanceTo}); their cycles count all the same.
     */
    private long nextWake(long from) {
        long best = NEVER;
        if (anyFar) {
            anyFar = false;
            for (int w = 0; w < words; w++) {
                for (long bits = far[w]; bits != 0; bits &= bits - 1) {
                    int i = (w << 6) + Long.numberOfTrailingZeros(bits);
                    long c = wakeAt[i];
                    if (c == NEVER || c - now < WHEEL) {
                        far[w] &= ~(1L << (i & 63)); // woken earlier since (it is in a bucket), or asleep
                    } else if (c < best) {
                        best = c;
                    }
                }
                anyFar |= far[w] != 0;
            }
        }
        for (long c = from; c - now < WHEEL && c < best; ) {
            int k = (int) (c & (WHEEL - 1));
            long used = wheelUsed[k >> 6] >>> (k & 63);
            if (used == 0) {
                c += 64 - (k & 63); // no bucket in the rest of this word
                continue;
            }
            int skip = Long.numberOfTrailingZeros(used);
            c += skip;
            k += skip;
            if (c - now >= WHEEL || c >= best) {
                break;
            }
            for (int w = 0; w < words; w++) {
                for (long bits = wheel[k * words + w]; bits != 0; bits &= bits - 1) {
                    int i = (w << 6) + Long.numberOfTrailingZeros(bits);
                    if (wakeAt[i] == c) {
                        return c; // (bits after it, stale or not, are the pass's to look at)
                    }
                    wheel[k * words + w] &= ~(1L << (i & 63)); // stale: its wake moved
                }
            }
            wheelUsed[k >> 6] &= ~(1L << k);
            c++;
        }
        return best;
    }

    /** Moves the clock to {@code cycle} and the far wakes now within the wheel's reach into it. */
    private void advanceTo(long cycle) {
        now = cycle;
        if (!anyFar) {
            return;
        }
        for (int w = 0; w < words; w++) {
            for (long bits = far[w]; bits != 0; bits &= bits - 1) {
                int i = (w << 6) + Long.numberOfTrailingZeros(bits);
                long c = wakeAt[i];
                if (c == NEVER || c - now < WHEEL) {
                    far[w] &= ~(1L << (i & 63));
                    if (c != NEVER) {
                        enter(i, c);
                    }
                }
            }
        }
    }

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
        Component[] comps = components.toArray(new Component[0]);
        lastProgress = now;
        quietSince = now;
        buildWheel();
        long next = nextWake(now);
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
                advanceTo(next);
            }
            boolean progress = false;
            // One pass: tick the components woken for now, back to front. A tick may wake one of
            // lower index for now (it is read here as the pass comes to it); one already passed
            // is woken for a later cycle (see wake), so a pass leaves this cycle's bucket empty.
            int base = (int) (now & (WHEEL - 1)) * words;
            for (int word = words - 1; word >= 0; word--) {
                long bits = wheel[base + word];
                while (bits != 0) {
                    int b = 63 - Long.numberOfLeadingZeros(bits);
                    int i = (word << 6) + b;
                    wheel[base + word] &= ~(1L << b);
                    if (wakeAt[i] == now) {
                        wakeAt[i] = NEVER;
                        ticking = i;
                        ticks++;
                        ticksOf[i]++;
                        if (comps[i].tick(now)) {
                            progress = true;
                            if (wakeAt[i] > now + 1) {
                                wakeAt[i] = now + 1;
                                enter(i, now + 1);
                            }
                        }
                    }
                    // Re-read: a tick may have woken a component of lower index in this word.
                    bits = wheel[base + word] & ((1L << b) - 1);
                }
            }
            ticking = -1;
            next = nextWake(now);
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
