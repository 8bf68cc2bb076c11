package gpusim.gpu;

import gpusim.gpu.work.Work;
import gpusim.sim.MemoryPort;
import gpusim.sim.MemoryRequest;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import java.util.ArrayList;
import java.util.List;

/**
 * A pipeline stage with the common clocked behaviour: it takes one work item from its
 * input, does the item's functional work at once, stays busy for the item's modelled cost
 * in cycles, then emits its outputs (queue pushes and memory requests). An output that is
 * refused (full queue) stalls the stage until it goes through; stalled cycles are counted
 * apart from busy ones.
 */
public abstract class Stage implements Component {
    protected final Engine engine;
    private final PipelineDrain drain;
    private final DrawTracker draws;
    /** sim.mode=functional: one step an item, no cycles counted. */
    protected final boolean functional;
    /** The run's length (for utilisation formulas, read after the run). */
    protected final RunLength runLength;
    private final String name;
    protected final StatGroup stats;
    protected final Stat.Scalar busyCycles;
    protected final Stat.Scalar stallCycles;
    protected final Stat.Scalar items;
    private final List<Object> outputs = new ArrayList<>();
    private final List<BoundedQueue<Work>> outputQueues = new ArrayList<>();
    /** Per memory output: the port it goes to (null: the memory system, through the drain monitor). */
    private final List<MemoryPort> outputPorts = new ArrayList<>();
    /** Per output: the cycles it arrives after the queue's own latency (the stage's pipeline latency). */
    private long[] outputDelays = new long[8];
    protected final Stat.Scalar starvedCycles;
    /** The cycle the last item left, or -1 before the first (starvation counts between items). */
    private long lastDone = -1;
    private int nextOutput;
    private Work current;
    private long busyUntil;
    private boolean holding;
    /** {@link #current} could not start ({@link #WAIT}): it is retried when the stage is woken. */
    private boolean waiting;

    /**
     * What {@link #process} returns for an item (or a step of one) that cannot start yet
     * because data it needs is still coming from memory: nothing is charged or emitted, and
     * the stage retries the item when it is next ticked (the stage wakes itself, e.g. when
     * its reads complete; {@link #retryAt}).
     */
    protected static final long WAIT = -1;

    protected Stage(StageWiring wiring, String name, String description) {
        this.engine = wiring.engine();
        this.self = new gpusim.sim.Waker(engine, this);
        this.drain = wiring.drain();
        this.draws = wiring.draws();
        this.functional = wiring.mode().functional();
        this.runLength = wiring.runLength();
        this.name = name;
        this.stats = new StatGroup(name, description);
        this.busyCycles = stats.scalar("busy_cycles", "cycles", "cycles spent working on items");
        this.stallCycles = stats.scalar("stall_cycles", "cycles",
                "cycles an item was finished but could not leave (downstream full or memory busy)");
        this.items = stats.scalar("items", "items", "work items processed");
        this.starvedCycles = stats.scalar("starved_cycles", "cycles",
                "cycles between its first and its last item with nothing to work on (waiting for input)");
        stats.formula("utilization", "ratio", "busy_cycles / total cycles of the run",
                () -> (double) busyCycles.get() / Math.max(1, runLength.cycles()));
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final StatGroup stats() {
        return stats;
    }

    /** The next item to take at {@code now}, or null; removes it from its queue. */
    protected abstract Work take(long now);

    /** Whether an input item is waiting (arrived or in flight). */
    protected abstract boolean inputPending();

    /**
     * Does the functional work of {@code w}, queues its outputs with {@link #emit} and
     * {@link #emitMemory}, and returns its cost in cycles (at least 1).
     */
    protected abstract long process(Work w, long now);

    /** Called when an item has left with all its outputs. */
    protected void finished(Work w, long now) {
    }

    /**
     * Whether {@code w} has more steps after the one just emitted: a stage that cuts one
     * input into several outputs over time (input assembly) returns true until done, and
     * {@link #process} is called again for the next step.
     */
    protected boolean continues(Work w) {
        return false;
    }

    protected final void emit(BoundedQueue<Work> q, Work w) {
        emit(q, w, 0);
    }

    /**
     * Queues {@code w} for {@code q}, to arrive {@code latency} cycles after the item's
     * occupancy of this stage ends (plus the queue's own latency): a pipelined unit is free
     * for its next item after its initiation interval (the cost {@link #process} returns)
     * while this one is still in its pipe (Akita's pipelining; none in functional mode).
     */
    protected final void emit(BoundedQueue<Work> q, Work w, long latency) {
        output(w, q, functional ? 0 : latency);
    }

    protected final void emitMemory(MemoryRequest r) {
        output(r, null, 0);
    }

    /**
     * Queues a memory request for {@code port} (a cache of this unit's own) instead of the
     * memory system: like any output it must be accepted before the stage takes its next
     * item. The port, a drainable component, keeps the drain waiting until it is done.
     */
    protected final void emitMemory(MemoryRequest r, MemoryPort port) {
        output(r, null, 0);
        outputPorts.set(outputPorts.size() - 1, port);
    }

    /** Queues an output: a work item for {@code q}, or a memory request when {@code q} is null. */
    private void output(Object o, BoundedQueue<Work> q, long delay) {
        int i = outputs.size();
        if (i == outputDelays.length) {
            outputDelays = java.util.Arrays.copyOf(outputDelays, i * 2);
        }
        outputDelays[i] = delay;
        outputs.add(o);
        outputQueues.add(q);
        outputPorts.add(null);
    }

    /**
     * Tells the drain monitor the pipeline may have gone idle at {@code now}: for a unit whose
     * own cache has just completed its last request (the cache is drainable, and nothing else
     * would look again once it is done).
     */
    protected final void mayBeIdle(long now) {
        drain.maybeIdle(now);
    }

    /** The run's per-draw records (a stage counting its own work per draw adds to them). */
    protected final DrawTracker drawTracker() {
        return draws;
    }

    /** Asks for the waiting item to be retried at {@code cycle} (a read it waits for has completed). */
    protected final void retryAt(long cycle) {
        if (waiting) {
            self.wakeAt(cycle);
        }
    }

    /** Wakes this component by its engine index (no lookup a wake). */
    private final gpusim.sim.Waker self;

    /** Whether an item is waiting to start ({@link #WAIT}). */
    protected final boolean waiting() {
        return waiting;
    }

    @Override
    public boolean tick(long now) {
        if (waiting) {
            start(current, now);
            if (!waiting) {
                engine.noteProgress();
            }
            return false;
        }
        boolean progress = false;
        if (holding) {
            if (now < busyUntil) {
                self.wakeAt(busyUntil);
                return false;
            }
            while (nextOutput < outputs.size()) {
                Object o = outputs.get(nextOutput);
                BoundedQueue<Work> q = outputQueues.get(nextOutput);
                MemoryPort port = outputPorts.get(nextOutput);
                boolean ok = q != null ? q.push((Work) o, now, outputDelays[nextOutput])
                        : port != null ? port.request((MemoryRequest) o, this, now)
                        : drain.pipelineRequest((MemoryRequest) o, this, now);
                if (!ok) {
                    return progress;
                }
                nextOutput++;
                progress = true;
            }
            if (!functional) {
                stallCycles.add(now - busyUntil);
                if (now > busyUntil && engine.hook() != null) {
                    engine.hook().span(this, "stalled", busyUntil, now);
                }
            }
            outputs.clear();
            outputQueues.clear();
            outputPorts.clear();
            nextOutput = 0;
            holding = false;
            Work w = current;
            current = null;
            if (w.drawId() >= 0 && !functional) {
                draws.touch(w.drawId(), now);
            }
            progress = true;
            if (continues(w)) {
                start(w, now);
                engine.noteProgress();
                return false;
            }
            finished(w, now);
            lastDone = now;
        }
        Work w = take(now);
        if (w == null) {
            if (!inputPending()) {
                drain.maybeIdle(now);
            }
            // Nothing to take: an arriving item wakes the stage (the queue's push, or the wake
            // take() left for a head still crossing), so no re-tick next cycle.
            if (progress) {
                engine.noteProgress();
            }
            return false;
        }
        items.inc();
        if (lastDone >= 0 && !functional) {
            starvedCycles.add(now - lastDone);
        }
        start(w, now);
        // Progress, but no re-tick next cycle: start() asked for a tick when the item's cost has passed.
        engine.noteProgress();
        return false;
    }

    private void start(Work w, long now) {
        long c = process(w, now);
        if (c == WAIT && !functional) {
            current = w;
            waiting = true;
            return;
        }
        waiting = false;
        long cost = Math.max(1, c);
        if (functional) {
            // Results only: the item's work is done; it leaves at the next step.
            cost = 1;
        } else {
            busyCycles.add(cost);
            if (engine.hook() != null) {
                engine.hook().span(this, "busy", now, now + cost);
            }
        }
        current = w;
        busyUntil = now + cost;
        holding = true;
        self.wakeAt(busyUntil);
    }

    @Override
    public boolean hasPendingWork() {
        return holding || waiting || inputPending();
    }

    /**
     * Holding an item whose cost runs past {@code cycle}: its tick at the end of the cost
     * (asked for when the item started) takes the next input.
     */
    @Override
    public boolean busyBeyond(long cycle) {
        return holding && busyUntil > cycle;
    }

    /** Busy with an item until a known cycle (stalling on a full output is not working). */
    @Override
    public boolean working(long now) {
        return holding && now < busyUntil;
    }

    @Override
    public String describe() {
        if (waiting) {
            return "waiting for memory to start " + current.getClass().getSimpleName();
        }
        if (holding) {
            return "holding " + current.getClass().getSimpleName() + (nextOutput < outputs.size()
                    ? ", " + (outputs.size() - nextOutput) + " outputs not accepted" : "") + ", busy until " + busyUntil;
        }
        return inputPending() ? "input waiting" : "idle";
    }

    /** ceil(a / b) for positive b. */
    protected static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }
}
