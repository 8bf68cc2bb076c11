package gpusim.gpu.cp;

import gpusim.gpu.work.Marker;
import gpusim.gpu.work.Work;
import gpusim.sim.MemoryRequest;

/**
 * What a {@link CommandUnit} asks of its queue engine. Each request is done by the engine
 * before the unit's next step: a push waits for room in the queue to input assembly, a memory
 * request for the memory system to take it and then for its completion, a drain for the
 * pipeline to go idle, a wait until the cycle asked for. A step makes at most one push and one
 * memory request (as the command processor's single outstanding packet).
 */
interface EngineServices {
    /** Sends {@code w} down the pipeline to input assembly, in order with earlier work. */
    void push(Work w);

    /** A marker sent down the pipe whose writes the run reports (query latency, landed writes). */
    void issued(Marker m);

    /** Writes {@code words} (little endian) at {@code address}; the next step comes once it is done. */
    void write(long address, long[] words);

    /** Writes {@code data} at {@code address}; the next step comes once it is done. */
    void write(long address, byte[] data);

    /** Reads {@code bytes} at {@code address}; the next step finds the completed read in {@link #lastRead()}. */
    void read(long address, int bytes);

    /**
     * Reads again a location the unit is polling (a WAIT_REG_MEM style re-read): timed as a
     * read, but no progress of its own, so a poll that finds what the last one found is seen
     * by the deadlock detector as no change.
     */
    void reRead(long address, int bytes);

    /** The last read, completed. */
    MemoryRequest lastRead();

    /** The next step comes once the pipeline and memory behind this engine have drained. */
    void drain();

    /** The next step comes at {@code cycle} at the earliest: the command's own time (a dispatch, a decode). */
    void busyUntil(long cycle);

    /**
     * The next step comes {@code cp.poll_cycles} after {@code now}: the unit is polling.
     * {@code repeat}: this poll found what the last one did (no change of state).
     */
    void pollAgain(long now, boolean repeat);

    /** True while the unit's command is polling (since its last {@link #pollAgain}). */
    boolean polling();

    /** The unit's poll is over: what it waited for has happened. */
    void pollDone();

    /** Converts a cycle count to timestamp ticks. */
    long timestamp(long cycle);

    /**
     * Whether a trace hook is attached, so that {@link #event} and {@link #span} report anything:
     * callers build an event's name only then (without a hook nothing reads it, and a name was
     * built for every query).
     */
    boolean traced();

    /** Reports an instant event to the attached hook, if any. */
    void event(String name, long now);

    /** Reports a span to the attached hook, if any. */
    void span(String kind, long start, long end);
}
