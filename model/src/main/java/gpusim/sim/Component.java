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

    /** Does this cycle's work; returns true if anything moved. */
    boolean tick(long now);

    /** True while the component holds work it has not finished (used for completion and deadlock detection). */
    boolean hasPendingWork();

    /** The component's statistics group. */
    StatGroup stats();

    /** One line of internal state for the deadlock dump. */
    default String describe() {
        return hasPendingWork() ? "pending work" : "idle";
    }
}
