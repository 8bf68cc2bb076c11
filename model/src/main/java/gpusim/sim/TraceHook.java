package gpusim.sim;

/**
 * Watches a run without being part of it (Akita's hooks): components report what they do,
 * a hook records it (a timeline file, for example). With no hook attached the reports cost
 * one branch. A hook must not change the run.
 */
public interface TraceHook {
    /** Component {@code c} was {@code kind} ("busy", "stalled", ...) from cycle {@code start} to {@code end}. */
    void span(Component c, String kind, long start, long end);

    /** Something named happened at a cycle (a query begin, a resolve...). */
    void instant(Component c, String name, long cycle);

    /** A named value (a queue's occupancy) changed at a cycle. */
    void counter(String name, long cycle, long value);
}
