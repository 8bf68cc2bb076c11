package gpusim.gpu.cp;

import gpusim.api.CommandListType;
import gpusim.config.Config;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.PipelineParams;
import gpusim.gpu.Resources;
import gpusim.gpu.TraceBuilder;
import gpusim.gpu.UnitRig;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.rb.RenderBackEndQueryProtocol;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Component;
import gpusim.sim.TraceHook;
import gpusim.trace.Trace;
import java.util.ArrayList;
import java.util.List;

/**
 * One queue engine of the command processor driven through its ports: its submissions in, its
 * queue to input assembly into an idle sink (which never takes anything, so nothing behind the
 * engine runs and a drain finds the pipe empty at once), and its reads and writes to
 * {@link UnitRig}'s one-channel memory. The command units' tests derive their exact cycles from:
 *
 * <ul>
 *   <li>the execute of a command list takes one engine step (cycle 0: the engine is woken at 0),
 *       so the list's first command steps at cycle 1;
 *   <li>a command's last step at cycle s puts the next command's first step at
 *       s + cp.cycles_per_command (+ the unit's own cycles: cp.query_cycles ...); after the last
 *       command one more step ends the list, so a run of n one-step commands ends at
 *       1 + n x cp.cycles_per_command;
 *   <li>what a step at cycle s asks for is done the next cycle (the engine ticks a component that
 *       made progress again the next cycle): a push to input assembly leaves at s + 1 and arrives
 *       at s + 2 (the queue's latency is 1); a memory request leaves at s + 1 and completes at
 *       s + 1 + {@link #MEMORY}, and the unit's next step comes that cycle.
 * </ul>
 */
final class CpRig {
    /**
     * Cycles from a memory request of at most 64 bytes leaving the engine to its completion: the
     * channel serves it the next cycle (64 bytes a cycle), and it completes
     * {@link UnitRig#LATENCY} cycles after its service ends (as DepthBlockSurfaceTest derives).
     */
    static final long MEMORY = 2 + UnitRig.LATENCY;

    /**
     * Cycles from a request of {@code bytes} (starting on a 128-byte line) leaving the engine to its
     * completion: the memory (MemorySystem.Params.single) cuts it into 128-byte line parts, serves
     * them one after another from the next cycle, each max(1, ceil(bytes / 64)) cycles, and the
     * request completes {@link UnitRig#LATENCY} cycles after its last part's service ends.
     */
    static long memory(long bytes) {
        long service = 0;
        for (long left = bytes; left > 0; left -= 128) {
            service += Math.max(1, (Math.min(left, 128) + 63) / 64);
        }
        return 1 + service + UnitRig.LATENCY;
    }

    final UnitRig u = new UnitRig();
    final Config config;
    final TileMap tiles;
    final Resources res;
    final CommandProcessor cp;
    final BoundedQueue<Work> out;
    /** Woken at the cycle a test wants the engine to stop at ({@link #pipeEmptiesAt}). */
    private final gpusim.gpu.IdleComponent clock = new gpusim.gpu.IdleComponent("clock");
    /** Instant events the engine reported (begin_query, end_query, resolve, ...), with their cycles. */
    final List<String> events = new ArrayList<>();
    final List<Long> eventCycles = new ArrayList<>();
    /** Spans the engine reported (draining, memory wait, decoding ...): kind, start, end. */
    final List<Object[]> spans = new ArrayList<>();

    /** A DIRECT engine running every submission of {@code t}, with the defaults plus {@code cfg} and {@code dbs} DBs. */
    CpRig(TraceBuilder t, int dbs, String... cfg) {
        this(t, CommandListType.DIRECT, dbs, cfg);
    }

    /** The engine of {@code queue}, handed every submission of {@code t} at cycle 0. */
    CpRig(TraceBuilder t, CommandListType queue, int dbs, String... cfg) {
        this(t, queue, new TileMap(dbs, 8), cfg);
    }

    /** As above, with the DBs (which of them are enabled) of {@code tiles}. */
    CpRig(TraceBuilder t, CommandListType queue, TileMap tiles, String... cfg) {
        Config c = Config.defaults();
        for (String kv : cfg) {
            c = c.with(kv);
        }
        config = c;
        Trace trace = t.build();
        this.tiles = tiles;
        res = new Resources(trace.resources(), u.memory, new RenderBackEndQueryProtocol(tiles), tiles.tileSize);
        CommandProcessor.Links links = new CommandProcessor.Links(u.engine, u.memorySystem(), u.wiring.drain(),
                new PipelineCounters(), u.draws, tiles);
        cp = new CommandProcessor(links, res, queue, new FenceTable(u.engine), null, trace.submissions(),
                PipelineParams.of(c).cp());
        u.wire(cp);
        u.engine.add(clock);
        out = u.out(cp);
        if (queue == CommandListType.DIRECT) {
            cp.connect(out); // only DIRECT feeds the graphics pipeline
        }
        for (var s : trace.submissions()) {
            if (s instanceof gpusim.trace.TopCommand.Execute) {
                cp.submit(s, 0);
            }
        }
        u.engine.setHook(new TraceHook() {
            @Override
            public void span(Component comp, String kind, long start, long end) {
                if (comp == cp) {
                    spans.add(new Object[] {kind, start, end});
                }
            }

            @Override
            public void instant(Component comp, String name, long cycle) {
                if (comp == cp) {
                    events.add(name);
                    eventCycles.add(cycle);
                }
            }

            @Override
            public void counter(String name, long cycle, long value) {
            }
        });
    }

    /** Runs until the engine has completed its submissions; returns the cycle it completed them. */
    long run() {
        return u.engine.run(() -> false);
    }

    /** Runs until cycle {@code cycle} (the engine still working). */
    void runUntil(long cycle) {
        u.engine.run(() -> u.engine.now() >= cycle);
    }

    /**
     * Makes a drain wait for the queue to input assembly to empty (as the pipe behind it would),
     * instead of finding the pipe idle at once: the test empties it with {@link #takeAll}.
     */
    CpRig drainsThePipe() {
        u.wiring.drain().addQueue(out);
        return this;
    }

    /**
     * Input assembly takes everything that has arrived, now: the pipe is empty, and the drain
     * monitor is told so (as the last stage to go idle tells it).
     */
    List<UnitRig.Arrival<Work>> takeAll() {
        List<UnitRig.Arrival<Work>> a = sent();
        u.wiring.drain().maybeIdle(u.engine.now());
        return a;
    }

    /**
     * The pipe behind the engine empties at {@code cycle}: the engine is run to that cycle (it is
     * ticked then, finding nothing new), and input assembly takes everything ({@link #takeAll}).
     */
    List<UnitRig.Arrival<Work>> pipeEmptiesAt(long cycle) {
        // The engine runs to that cycle: a component of its own, woken then, marks it.
        u.engine.wakeAt(clock, cycle);
        runUntil(cycle);
        return takeAll();
    }

    /** What the engine sent to input assembly, with the cycle each arrived there. */
    List<UnitRig.Arrival<Work>> sent() {
        return UnitRig.arrivals(out, u.engine.now());
    }

    /** The cycle of the first event whose name starts with {@code prefix}. */
    long event(String prefix) {
        for (int i = 0; i < events.size(); i++) {
            if (events.get(i).startsWith(prefix)) {
                return eventCycles.get(i);
            }
        }
        throw new AssertionError("no event " + prefix + " in " + events);
    }

    /** The engine's statistic {@code name}. */
    long stat(String name) {
        return ((gpusim.sim.Stat.Scalar) cp.stats().find(name)).get();
    }

    /** The 64-bit word at byte {@code offset} of buffer {@code b}. */
    long word(gpusim.trace.Resource.Buffer b, long offset) {
        return u.memory.readLong(res.address(b) + offset);
    }
}
