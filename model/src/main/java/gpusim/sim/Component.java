package gpusim.sim;

/**
 * A clocked hardware block. The engine calls {@link #tick(long)} at each cycle the
 * component is awake; the component reports whether it made progress. A component that
 * made no progress sleeps until a queue wakes it (a push into one of its inputs, a pop
 * from a full output) or until a cycle it asked for with {@link Engine#wakeAt}.
 * (The pattern of Akita's ticker, MGPUSim's engine.)
 */
public interface Component {
    String name();

    /**
     * Does this cycle's work; returns true if its state changed (an item taken, finished or
     * passed on, a command executed). A poll that finds what it found last time changed
     * nothing and returns false: the deadlock detector counts only changes.
     */
    boolean tick(long now);

    /** True while the component holds work it has not finished (used for completion and deadlock detection). */
    boolean hasPendingWork();

    /**
     * True while the component is part-way through timed work whose end it has already
     * scheduled (a stage busy with an item until a known cycle, an engine running a
     * dispatch): it will change state then, so it cannot be part of a deadlock however long
     * that takes. A wait for another component (a full queue, a poll of memory) is not this.
     */
    /**
     * Whether the component is sure to be ticked after {@code cycle} anyway and will look at
     * its inputs then (a stage busy with an item until a later cycle): a queue then need not
     * wake it for an item arriving at {@code cycle}, a tick that would find it busy.
     */
    default boolean busyBeyond(long cycle) {
        return false;
    }

    default boolean working(long now) {
        return false;
    }

    /** The component's statistics group. */
    StatGroup stats();

    /** One line of internal state for the deadlock dump. */
    default String describe() {
        return hasPendingWork() ? "pending work" : "idle";
    }
}
