package gpusim.gpu.cp;

import gpusim.api.CommandListType;
import gpusim.api.QueryType;
import gpusim.gpu.DrawTracker;
import gpusim.gpu.PipelineDrain;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.PipelineParams;
import gpusim.gpu.Resources;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.MemoryPort;
import gpusim.sim.MemoryRequest;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import gpusim.trace.Command;
import gpusim.trace.CommandList;
import gpusim.trace.TopCommand;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A queue engine: the command processor (CP) of one command queue (D3D12_COMMAND_LIST_TYPE
 * DIRECT, COMPUTE, COPY or VIDEO_DECODE). It runs the submissions the {@link Host} hands it
 * (execute, signal, wait) in order, concurrently with the other queues' engines, and executes
 * each command list's commands, one command per {@code cp.cycles_per_command} cycles.
 *
 * <p>The engine owns what every command shares: the feed from the host, the fences
 * ({@link FenceTable}: signals and waits), drains ({@link PipelineDrain#waitForIdle}), the one
 * outstanding push to input assembly and memory request, its busy and stall accounting and
 * statistics. Each command is executed by its {@link CommandUnit} (state binding, draws, clears,
 * dispatch, queries, timestamps, resolves, copies, predication, decode, WriteQuery,
 * stream-output targets, barriers), which owns the command's step state; the engine steps the
 * unit until it says done and does, between steps, what the unit asked of it
 * ({@link EngineServices}).
 *
 * <p>The DIRECT engine sends draws and markers down the pipeline through a bounded queue;
 * query resolves, predication reads, copies and bitstream reads are memory operations an
 * engine performs itself; dispatches (COMPUTE, DIRECT) and frame decodes (VIDEO_DECODE) keep it
 * busy for their cost. Barriers, timestamps and signals wait for the DIRECT engine's pipeline
 * to drain; the other engines run one command at a time and are always drained. A signal sets
 * a fence once the queue's earlier work is done; a wait blocks the engine until the fence has
 * the value (ID3D12CommandQueue::Signal / ::Wait).
 */
public final class CommandProcessor extends EngineStats implements Component {
    /** One dump's result. */
    public record DumpResult(String buffer, long offset, long[] values, int line) {
    }

    /** Reads a DB's occlusion counter as it is now (for WriteQuery with NO_WAIT). */
    public interface CounterReader {
        long read(int db, int counter);
    }

    /**
     * What every queue engine of a GPU is connected to, made once by the builder: the clock, the
     * memory port its reads and writes go to, the pipeline's drain monitor (a DIRECT drain waits
     * on it; the other engines count their memory requests in it), the pipeline statistics
     * counters DIRECT's queries read, the per-draw timing its draws start, and which DB owns
     * which screen tile (the occlusion query's per-DB writes).
     */
    public record Links(Engine engine, MemoryPort port, PipelineDrain drain, PipelineCounters counters,
                        DrawTracker draws, TileMap tiles) {
    }

    private final MemoryPort port;
    private final PipelineDrain drain;
    private final Engine engine;
    /** The queue this engine runs (D3D12_COMMAND_LIST_TYPE): DIRECT feeds the graphics pipeline. */
    private final CommandListType queue;
    private final String name;
    private final FenceTable fences;
    private final Host host;
    /** Submissions handed over by the host and not yet taken: execute, signal, wait. */
    private final ArrayDeque<TopCommand> feed = new ArrayDeque<>();
    /** Submissions this engine has completed. */
    private int fedDone;
    /** The wait this engine is blocked on, or null. */
    private TopCommand.Wait blockedOn;
    /** The signal at the head of the feed has asked for its drain. */
    private boolean signalDrainAsked;
    private BoundedQueue<Work> out;
    private final long cpCycles;
    private final long pollCycles;
    private final long clockHz;
    private final long timestampHz;
    private final gpusim.gpu.TimestampClock clock;

    private List<CommandList> lists;
    private int listIndex;
    private int cmdIndex = -1;
    /** The unit executing the current command, or null between commands. */
    private CommandUnit<?> unit;

    // What the units asked for, done by the engine before the unit's next step.
    private Work pendingPush;
    private MemoryRequest pendingMem;
    private int awaitingMemory;
    private MemoryRequest lastRead;
    private boolean needDrain;
    private long busyUntil;
    /**
     * In a wait that polls (a resolve re-reading query slots, a BeginQuery waiting for its
     * query's previous writes to land): the engine re-checks every {@code cp.poll_cycles}.
     */
    private boolean polling;
    /** The step just taken repeated a poll and found what the last one found: no change of state. */
    private boolean repeatPoll;
    private final List<Marker> markers = new ArrayList<>();
    private final MemoryRequest.Client readDone;
    private final MemoryRequest.Client writeDone;

    // The statistics, in the order the reports list them; the units count in the ones handed to
    // them (draws, cs_invocations, decoded_frames, resolve_polls).
    private final Stat.Scalar commands = stats.scalar("commands", "commands", "commands executed");
    private final Stat.Scalar fenceWaitCycles = stats.scalar("fence_wait_cycles", "cycles",
            "cycles this queue spent blocked in a wait for a fence (ID3D12CommandQueue::Wait)");
    private final Stat.Scalar signals = stats.scalar("fence_signals", "signals",
            "fence signals this queue made (ID3D12CommandQueue::Signal)");
    private final Stat.Scalar dropped = stats.scalar("dropped_commands", "commands",
            "commands this queue's engine has no unit for (only with the debug layer off: e.g. a draw on a "
                    + "COMPUTE queue), dropped");
    private final Stat.Scalar decodes = stats.scalar("decoded_frames", "frames", "decode_frame commands run");
    private final Stat.Scalar csInvocations = stats.scalar("cs_invocations", "invocations",
            "compute invocations this queue dispatched (one a thread group)");
    private long fenceWaitStart = -1;
    private final Stat.Scalar draws = stats.scalar("draws", "draws", "draws sent down the pipeline");
    private final Stat.Scalar skipped = stats.scalar("predicated_skips", "commands",
            "draws, dispatches, clears and copies skipped by predication");
    private final Stat.Scalar drains = stats.scalar("drains", "drains",
            "waits for the pipeline and memory to go idle (barriers, timestamps, wait_idle, dumps)");
    private final Stat.Scalar drainCycles = stats.scalar("drain_cycles", "cycles", "cycles spent waiting for drains");
    private final Stat.Scalar memWaitCycles = stats.scalar("memory_wait_cycles", "cycles",
            "cycles spent waiting for memory reads (resolves, predication, copies)");
    private final Stat.Scalar polls = stats.scalar("resolve_polls", "reads",
            "times a resolve re-read query memory because a counter was not yet written");
    private final Stat.Scalar stallCycles = stats.scalar("stall_cycles", "cycles",
            "cycles a draw or marker waited for room in the queue to input assembly");
    private long drainStart = -1;
    private long memWaitStart = -1;
    private long pushStallStart = -1;

    // The command units (one concept each); the state they keep across commands is reset at each list.
    private final BoundState bound;
    private final PredicationUnit predication;
    private final DrawUnit drawUnit;
    private final ClearUnit clears;
    private final DispatchUnit dispatches;
    private final QueryUnit queries;
    private final TimestampUnit timestamps;
    private final ResolveUnit resolves;
    private final CopyUnit copies;
    private final DecodeUnit decoder;
    private final WriteQueryUnit writeQueries;
    private final StreamOutTargetsUnit soTargets;
    private final BarrierUnit barriers;

    /** A DIRECT queue engine alone, with no host or fences (for unit tests of its arithmetic). */
    public CommandProcessor(Links links, Resources res, List<TopCommand> top, PipelineParams.CommandProcessorParams p) {
        this(links, res, CommandListType.DIRECT, new FenceTable(links.engine()), null, top, p);
        feed.addAll(top);
    }

    /**
     * The engine of {@code queue}'s command queue: it runs the submissions the {@code host}
     * hands it, in order; {@code fences} are shared by every queue; {@code top} is the whole
     * trace's submissions (looked over once, for binary early out).
     */
    public CommandProcessor(Links links, Resources res, CommandListType queue, FenceTable fences, Host host,
                            List<TopCommand> top, PipelineParams.CommandProcessorParams p) {
        super(engineName(queue), queue == CommandListType.DIRECT ? "command processor (DIRECT queue)"
                : queue + " queue engine");
        this.port = links.port();
        this.drain = links.drain();
        this.engine = links.engine();
        this.queue = queue;
        this.name = engineName(queue);
        this.fences = fences;
        this.host = host;
        this.cpCycles = p.cyclesPerCommand();
        this.pollCycles = p.pollCycles();
        this.clockHz = p.clockHz();
        this.timestampHz = p.timestampHz();
        this.clock = new gpusim.gpu.TimestampClock(clockHz, timestampHz);
        boolean direct = queue == CommandListType.DIRECT;
        this.readDone = (r, t) -> {
            awaitingMemory--;
            lastRead = r;
            if (!direct) {
                drain.engineRequestDone();
            }
            engine.wakeAt(this, t);
        };
        this.writeDone = (r, t) -> {
            awaitingMemory--;
            if (!direct) {
                drain.engineRequestDone();
            }
            engine.wakeAt(this, t);
        };
        // The pipeline statistics counters this engine's dispatches count in (the pipeline's for DIRECT).
        long[] counters = direct ? links.counters().value : new long[PipelineCounters.NAMES.length];
        EngineServices services = new Services();
        BinaryEarlyOut earlyOut = new BinaryEarlyOut(p.binaryEarlyOut(), top);
        this.bound = new BoundState(res);
        this.predication = new PredicationUnit(services, res);
        this.drawUnit = new DrawUnit(services, links.draws(), bound, earlyOut, draws);
        this.clears = new ClearUnit(services, res, p.clearWaits(), p.clearCycles());
        this.dispatches = new DispatchUnit(services, counters, p.shaderUnits(), csInvocations);
        this.queries = new QueryUnit(services, res, earlyOut, counters, p.queryCosts().queryCycles());
        this.timestamps = new TimestampUnit(services, res, direct, p.timestampAt(), p.queryCosts().timestampCycles());
        this.resolves = new ResolveUnit(services, res, polls, p.queryCosts());
        this.copies = new CopyUnit(services, res);
        this.decoder = new DecodeUnit(services, res, p.decodeCyclesPerByte(), clockHz, decodes);
        this.writeQueries = new WriteQueryUnit(services, links.tiles(), links.counters(), res, counters);
        this.soTargets = new StreamOutTargetsUnit(services, res);
        this.barriers = new BarrierUnit(services);
    }

    /** The component name of a queue's engine: "cp" (DIRECT), "compute", "copy", "decode". */
    public static String engineName(CommandListType queue) {
        switch (queue) {
            case DIRECT: return "cp";
            case COMPUTE: return "compute";
            case COPY: return "copy";
            case VIDEO_DECODE: return "decode";
            default: throw new IllegalArgumentException("no engine runs " + queue + " queues");
        }
    }

    public void connect(BoundedQueue<Work> toInputAssembly) {
        this.out = toInputAssembly;
    }

    public CommandListType queue() {
        return queue;
    }

    public void connect(CounterReader reader) {
        writeQueries.connect(reader);
    }

    public List<Marker> markers() {
        return markers;
    }

    /** Submissions (execute, signal, wait) this engine has completed. */
    public int submissionsDone() {
        return fedDone;
    }

    /** The host hands over an execute, signal or wait at cycle {@code now}. */
    void submit(TopCommand t, long now) {
        feed.add(t);
        engine.wakeAt(this, now);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public StatGroup stats() {
        return stats;
    }

    /** True while a submission handed to this queue has not completed. */
    @Override
    public boolean hasPendingWork() {
        return lists != null || !feed.isEmpty();
    }

    @Override
    public String describe() {
        String where = lists != null ? "running a submission" : feed.isEmpty() ? "idle"
                : "next submission at line " + feed.peek().line();
        if (lists != null && cmdIndex >= 0 && listIndex < lists.size()
                && cmdIndex < lists.get(listIndex).commands().size()) {
            where = "line " + lists.get(listIndex).commands().get(cmdIndex).line()
                    + (unit != null ? " " + unit.describe() : "");
        }
        if (blockedOn != null) {
            where = "waiting (wait at line " + blockedOn.line() + ") for fence " + blockedOn.fence().name()
                    + " to reach " + blockedOn.value() + "; it is at " + fences.value(blockedOn.fence())
                    + " and no queue that could signal it is running";
        }
        if (polling) {
            where += ", polling every " + pollCycles + " cycles";
        }
        return where + (needDrain ? ", waiting for drain" : "") + (awaitingMemory > 0 ? ", waiting for memory" : "")
                + (pendingPush != null ? ", queue to IA full" : "");
    }

    /** Converts a cycle count to timestamp ticks at the configured frequency, exactly (floor). */
    public long timestamp(long cycle) {
        return clock.ticks(cycle);
    }

    @Override
    public boolean tick(long now) {
        if (lists == null && feed.isEmpty()) {
            // Out of work: a CPU waiting for every queue looks again.
            if (host != null) {
                host.queueIdle(now);
            }
            return false;
        }
        if (!requestsDone(now)) {
            return false;
        }
        if (now < busyUntil) {
            engine.wakeAt(this, busyUntil);
            return false;
        }
        repeatPoll = false;
        if (!step(now)) {
            return false; // blocked on a fence: woken by its next signal
        }
        engine.wakeAt(this, Math.max(now + 1, busyUntil));
        // A poll that found the same thing is no progress: if nothing else changes either, the
        // engine's detector reports the deadlock (there is no timer of our own).
        return !repeatPoll;
    }

    /**
     * Carries out what the last step asked for, in order: its push to input assembly, its
     * memory request (issued, then awaited), its drain. False while one of them is not done.
     */
    private boolean requestsDone(long now) {
        if (pendingPush != null) {
            if (!out.push(pendingPush, now)) {
                if (pushStallStart < 0) {
                    pushStallStart = now;
                }
                return false;
            }
            if (pushStallStart >= 0) {
                stallCycles.add(now - pushStallStart);
                span("stalled", pushStallStart, now);
                pushStallStart = -1;
            }
            pendingPush = null;
        }
        if (pendingMem != null) {
            if (!port.request(pendingMem, this, now)) {
                return false;
            }
            if (queue != CommandListType.DIRECT) {
                drain.engineRequestIssued();
            }
            pendingMem = null;
        }
        if (awaitingMemory > 0) {
            if (memWaitStart < 0) {
                memWaitStart = now;
            }
            return false;
        }
        if (memWaitStart >= 0) {
            memWaitCycles.add(now - memWaitStart);
            span("memory wait", memWaitStart, now);
            memWaitStart = -1;
        }
        if (needDrain) {
            // Only the DIRECT engine has a pipeline behind it; the other engines run every
            // command to completion before the next, so they are always drained.
            if (queue == CommandListType.DIRECT && !drain.pipelineIdle(now)) {
                if (drainStart < 0) {
                    drainStart = now;
                    drains.inc();
                }
                drain.waitForIdle(this, now);
                return false;
            }
            drain.doneWaiting(this);
            needDrain = false;
            if (drainStart >= 0) {
                drainCycles.add(now - drainStart);
                span("draining", drainStart, now);
                drainStart = -1;
            }
        }
        return true;
    }

    /** Part-way through a command's own time (its decode, a dispatch, a frame decode), not a poll's wait. */
    @Override
    public boolean working(long now) {
        return lists != null && now < busyUntil && !polling;
    }

    /** Advances the current submission by one step; false when blocked on a fence. */
    private boolean step(long now) {
        if (lists == null) {
            return feedStep(now);
        }
        if (cmdIndex < 0) {
            // D3D12: each command list starts from default state, predication off, and no
            // stream-output targets (unbinding what the previous list bound takes this step).
            bound.reset();
            predication.reset();
            decoder.reset();
            cmdIndex = 0;
            if (soTargets.listStart()) {
                return true;
            }
        }
        CommandList list = lists.get(listIndex);
        if (cmdIndex >= list.commands().size()) {
            listIndex++;
            cmdIndex = -1;
            if (listIndex >= lists.size()) {
                lists = null;
                fedDone++;
            }
            return true;
        }
        Command c = list.commands().get(cmdIndex);
        if (unit == null) {
            commands.inc();
            if (c.predicated() && predication.skips()) {
                skipped.inc();
                done(now);
                return true;
            }
            if (out == null && needsPipeline(c)) {
                // Only with the debug layer off (WRONG_LIST_TYPE): this queue's engine has no
                // graphics pipeline (or, for COPY, no shader units) for the command; it is dropped.
                dropped.inc();
                done(now);
                return true;
            }
            unit = unitFor(c);
        }
        if (unit.step(now)) {
            long after = unit.afterCycles();
            unit = null;
            done(now, after);
        }
        return true;
    }

    /** The next submission of the feed, between command lists: an execute starts, a signal or a wait runs. */
    private boolean feedStep(long now) {
        TopCommand tc = feed.peek();
        if (tc instanceof TopCommand.Execute ex) {
            feed.poll();
            lists = ex.lists();
            listIndex = 0;
            cmdIndex = -1;
            return true;
        }
        if (tc instanceof TopCommand.Signal sig) {
            // ID3D12CommandQueue::Signal: the fence takes the value once the queue has
            // completed all the work submitted to it before (DIRECT: the pipeline has drained).
            if (!signalDrainAsked) {
                needDrain = true;
                signalDrainAsked = true;
                return true;
            }
            fences.signal(name, sig.fence(), sig.value(), now, sig.line());
            signals.inc();
            if (engine.hook() != null) {
                event("signal " + sig.fence().name() + " = " + sig.value(), now);
            }
            signalDrainAsked = false;
            feed.poll();
            fedDone++;
            return true;
        }
        TopCommand.Wait w = (TopCommand.Wait) tc;
        // ID3D12CommandQueue::Wait: nothing submitted after it runs until the fence reaches the value.
        if (!fences.reached(w.fence(), w.value(), this)) {
            if (fenceWaitStart < 0) {
                fenceWaitStart = now;
            }
            blockedOn = w;
            return false;
        }
        if (fenceWaitStart >= 0) {
            fenceWaitCycles.add(now - fenceWaitStart);
            if (engine.hook() != null) {
                span("waiting for fence " + w.fence().name(), fenceWaitStart, now);
            }
            fenceWaitStart = -1;
        }
        blockedOn = null;
        fences.waited(name, w.fence(), w.value(), now, w.line());
        feed.poll();
        fedDone++;
        return true;
    }

    /** The unit that executes {@code c}, having taken it. */
    private CommandUnit<?> unitFor(Command c) {
        if (BoundState.binds(c)) {
            return bound.take(c);
        } else if (c instanceof Command.Draw || c instanceof Command.DrawIndexed) {
            return drawUnit.take(c);
        } else if (c instanceof Command.ClearDepthStencil || c instanceof Command.ClearRenderTarget) {
            return clears.take(c);
        } else if (c instanceof Command.Dispatch d) {
            return dispatches.take(d);
        } else if (DecodeUnit.decodes(c)) {
            return decoder.take(c);
        } else if (c instanceof Command.EndQuery q && q.type() == QueryType.TIMESTAMP) {
            return timestamps.take(q);
        } else if (c instanceof Command.BeginQuery || c instanceof Command.EndQuery) {
            return queries.take(c);
        } else if (c instanceof Command.ResolveQueryData r) {
            return resolves.take(r);
        } else if (c instanceof Command.ResourceBarrier b) {
            return barriers.take(b);
        } else if (c instanceof Command.SetPredication p) {
            return predication.take(p);
        } else if (c instanceof Command.CopyBufferRegion cp) {
            return copies.take(cp);
        } else if (c instanceof Command.WriteQuery wq) {
            return writeQueries.take(wq);
        } else if (c instanceof Command.SetSoTargets so) {
            return soTargets.take(so);
        }
        throw new IllegalStateException("unknown command " + c);
    }

    /** Commands only an engine with the graphics pipeline (DIRECT) can run; a COPY engine runs no dispatch or predication. */
    private boolean needsPipeline(Command c) {
        if (c instanceof Command.Draw || c instanceof Command.DrawIndexed || c instanceof Command.ClearDepthStencil
                || c instanceof Command.ClearRenderTarget || c instanceof Command.WriteQuery
                || c instanceof Command.SetSoTargets) {
            return true;
        }
        return queue == CommandListType.COPY && (c instanceof Command.Dispatch || c instanceof Command.SetPredication);
    }

    private void done(long now) {
        done(now, 0);
    }

    /**
     * The command is complete at {@code now}; {@code after} more cycles of its own (a query's,
     * a timestamp's, a resolve's: {@link CommandUnit#afterCycles}) come before the next command.
     */
    private void done(long now, long after) {
        cmdIndex++;
        // A command's own busy time (a dispatch's ceil(groups / shader.units)) comes before the decode
        // cost of the next command: model.md's "cp.cycles_per_command; dispatch: ceil(groups / units) more".
        busyUntil = Math.max(busyUntil, now) + cpCycles + after;
    }

    /** Reports a span to the attached hook, if any. */
    private void span(String kind, long start, long end) {
        if (engine.hook() != null && end > start) {
            engine.hook().span(this, kind, start, end);
        }
    }

    /** Reports an instant event to the attached hook, if any. */
    private void event(String name, long now) {
        if (engine.hook() != null) {
            engine.hook().instant(this, name, now);
        }
    }

    /** What the engine does for its units: each request is carried out by {@link #tick} before the unit's next step. */
    private final class Services implements EngineServices {
        @Override
        public void push(Work w) {
            pendingPush = w;
        }

        @Override
        public void issued(Marker m) {
            markers.add(m);
        }

        @Override
        public void write(long address, long[] words) {
            request(MemoryRequest.writeLongs(address, words, writeDone, null));
        }

        @Override
        public void write(long address, byte[] data) {
            request(MemoryRequest.write(address, data, writeDone, null));
        }

        @Override
        public void read(long address, int bytes) {
            request(MemoryRequest.read(address, bytes, readDone, null));
        }

        /** The step's one memory request: issued by the next tick, awaited before the next step. */
        private void request(MemoryRequest r) {
            pendingMem = r.from(unit != null ? unit.memoryClient() : gpusim.sim.MemoryClient.OTHER);
            awaitingMemory++;
        }

        @Override
        public void reRead(long address, int bytes) {
            read(address, bytes);
            pendingMem.poll();
            repeatPoll = true;
        }

        @Override
        public MemoryRequest lastRead() {
            return lastRead;
        }

        @Override
        public void drain() {
            needDrain = true;
        }

        @Override
        public void busyUntil(long cycle) {
            busyUntil = cycle;
        }

        @Override
        public void pollAgain(long now, boolean repeat) {
            repeatPoll = repeat;
            polling = true;
            busyUntil = now + pollCycles;
        }

        @Override
        public boolean polling() {
            return polling;
        }

        @Override
        public void pollDone() {
            polling = false;
        }

        @Override
        public long timestamp(long cycle) {
            return CommandProcessor.this.timestamp(cycle);
        }

        @Override
        public boolean traced() {
            return engine.hook() != null;
        }

        @Override
        public void event(String name, long now) {
            CommandProcessor.this.event(name, now);
        }

        @Override
        public void span(String kind, long start, long end) {
            CommandProcessor.this.span(kind, start, end);
        }
    }
}
