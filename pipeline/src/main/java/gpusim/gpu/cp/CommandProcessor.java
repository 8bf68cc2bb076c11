package gpusim.gpu.cp;

import gpusim.api.CommandListType;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.config.ConfigKeys;
import gpusim.gpu.GpuContext;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.PipelineParams;
import gpusim.gpu.Resources;
import gpusim.gpu.decode.DecodeStatistics;
import gpusim.gpu.query.QueryLayout;
import gpusim.gpu.query.QueryResolver;
import gpusim.gpu.query.QueryState;
import gpusim.gpu.so.SoBinding;
import gpusim.gpu.work.DrawPacket;
import gpusim.gpu.work.Marker;
import gpusim.api.WriteQueryFlag;
import gpusim.gpu.work.Work;
import gpusim.sim.MemoryRequest;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import gpusim.trace.Command;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import gpusim.trace.SoTargetView;
import gpusim.trace.TopCommand;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A queue engine: the command processor (CP) of one command queue (D3D12_COMMAND_LIST_TYPE
 * DIRECT, COMPUTE, COPY or VIDEO_DECODE). It runs the submissions the {@link Host} hands it
 * (execute, signal, wait) in order, concurrently with the other queues' engines, and executes
 * each command list's commands, one command per {@code cp.cycles_per_command} cycles. The
 * DIRECT engine sends draws and markers down the pipeline through a bounded queue; query
 * resolves, predication reads, copies and bitstream reads are memory operations an engine
 * performs itself; dispatches (COMPUTE, DIRECT) and frame decodes (VIDEO_DECODE) keep it busy
 * for their cost. Barriers, timestamps and signals wait for the DIRECT engine's pipeline to
 * drain; the other engines run one command at a time and are always drained. A signal sets a
 * fence once the queue's earlier work is done; a wait blocks the engine until the fence has
 * the value (ID3D12CommandQueue::Signal / ::Wait).
 *
 * <p>Queries go the hardware way: BeginQuery first zeroes the query's slot in memory (so a
 * stale end word cannot look written), then sends a marker down the pipe; the DBs write
 * their counter snapshots when the marker reaches them. ResolveQueryData reads the slots
 * and, like a WAIT_REG_MEM packet, re-reads every {@code cp.poll_cycles} until every end
 * word of every ended query carries its written bit; then it computes the results and
 * writes them to the destination buffer.
 */
public final class CommandProcessor extends EngineStats implements Component {
    /** One dump's result. */
    public record DumpResult(String buffer, long offset, long[] values, int line) {
    }

    private final GpuContext ctx;
    private final Engine engine;
    private final Resources res;
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
    /** The pipeline statistics counters this engine's dispatches count in (the pipeline's for DIRECT). */
    private final long[] counters;
    private final long decodeCyclesPerByte;
    /** The last decode_frame of the current command list (its statistics), or null. */
    private DecodeRecord lastDecode;
    private BoundedQueue<Work> out;
    private final long cpCycles;
    private final long pollCycles;
    private final long shaderUnits;
    private final long clockHz;
    private final long timestampHz;

    private List<CommandList> lists;
    private int listIndex;
    private int cmdIndex = -1;
    private int phase;
    private BoundState bound;
    private boolean predicateSkip;
    /** The current command has been counted (a BeginQuery or resolve that polls starts its phases over). */
    private boolean counted;

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
    private final QueryResolver resolver;
    private final BinaryEarlyOut earlyOut;
    private CounterReader counterReader;

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

    /** A DIRECT queue engine alone, with no host or fences (for unit tests of its arithmetic). */
    public CommandProcessor(GpuContext ctx, Resources res, List<TopCommand> top) {
        this(ctx, res, CommandListType.DIRECT, new FenceTable(ctx.engine()), null, top,
                PipelineParams.of(ctx.config()).cp());
        feed.addAll(top);
    }

    /**
     * The engine of {@code queue}'s command queue: it runs the submissions the {@code host}
     * hands it, in order; {@code fences} are shared by every queue; {@code top} is the whole
     * trace's submissions (looked over once, for binary early out).
     */
    public CommandProcessor(GpuContext ctx, Resources res, CommandListType queue, FenceTable fences, Host host,
                            List<TopCommand> top, PipelineParams.CommandProcessorParams p) {
        super(engineName(queue), queue == CommandListType.DIRECT ? "command processor (DIRECT queue)"
                : queue + " queue engine");
        this.ctx = ctx;
        this.engine = ctx.engine();
        this.res = res;
        this.queue = queue;
        this.name = engineName(queue);
        this.fences = fences;
        this.host = host;
        this.counters = queue == CommandListType.DIRECT ? ctx.counters().value : new long[PipelineCounters.NAMES.length];
        this.cpCycles = p.cyclesPerCommand();
        this.pollCycles = p.pollCycles();
        this.shaderUnits = p.shaderUnits();
        this.clockHz = p.clockHz();
        this.timestampHz = p.timestampHz();
        this.decodeCyclesPerByte = p.decodeCyclesPerByte();
        this.resolver = new QueryResolver(ctx.dbCount);
        this.earlyOut = new BinaryEarlyOut(p.binaryEarlyOut(), top);
        boolean direct = queue == CommandListType.DIRECT;
        this.readDone = (r, t) -> {
            awaitingMemory--;
            lastRead = r;
            if (!direct) {
                ctx.engineRequestDone();
            }
            engine.wakeAt(this, t);
        };
        this.writeDone = (r, t) -> {
            awaitingMemory--;
            if (!direct) {
                ctx.engineRequestDone();
            }
            engine.wakeAt(this, t);
        };
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

    /** Reads a DB's occlusion counter as it is now (for WriteQuery with NO_WAIT). */
    public interface CounterReader {
        long read(int db, int counter);
    }

    public void connect(CounterReader reader) {
        this.counterReader = reader;
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
            where = "line " + lists.get(listIndex).commands().get(cmdIndex).line() + " phase " + phase;
        }
        if (blockedOn != null) {
            where = "waiting (wait at line " + blockedOn.line() + ") for fence " + blockedOn.fence().name()
                    + " to reach " + blockedOn.value() + "; it is at " + fences.value(blockedOn.fence())
                    + " and no queue that could signal it is running";
        }
        if (polling) {
            where += ", polling every " + pollCycles + " cycles"
                    + (resolveData != null ? " for the query counters from index " + resolveFrom + " of its range"
                            : " for the previous use of its query to land");
        }
        return where + (needDrain ? ", waiting for drain" : "") + (awaitingMemory > 0 ? ", waiting for memory" : "")
                + (pendingPush != null ? ", queue to IA full" : "");
    }

    /** Converts a cycle count to timestamp ticks at the configured frequency, exactly (floor). */
    public long timestamp(long cycle) {
        return java.math.BigInteger.valueOf(cycle).multiply(java.math.BigInteger.valueOf(timestampHz))
                .divide(java.math.BigInteger.valueOf(clockHz)).longValue();
    }

    private final MemoryRequest.Client readDone;
    private final MemoryRequest.Client writeDone;

    @Override
    public boolean tick(long now) {
        if (lists == null && feed.isEmpty()) {
            // Out of work: a CPU waiting for every queue looks again.
            if (host != null) {
                host.queueIdle(now);
            }
            return false;
        }
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
            if (!ctx.port().request(pendingMem, this, now)) {
                return false;
            }
            if (queue != CommandListType.DIRECT) {
                ctx.engineRequestIssued();
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
            if (queue == CommandListType.DIRECT && !ctx.pipelineIdle(now)) {
                if (drainStart < 0) {
                    drainStart = now;
                    drains.inc();
                }
                ctx.waitForIdle(this, now);
                return false;
            }
            ctx.doneWaiting(this);
            needDrain = false;
            if (drainStart >= 0) {
                drainCycles.add(now - drainStart);
                span("draining", drainStart, now);
                drainStart = -1;
            }
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

    /** Part-way through a command's own time (its decode, a dispatch, a frame decode), not a poll's wait. */
    @Override
    public boolean working(long now) {
        return lists != null && now < busyUntil && !polling;
    }

    /** Advances the current submission by one step; false when blocked on a fence. */
    private boolean step(long now) {
        if (lists == null) {
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
                if (phase == 0) {
                    needDrain = true;
                    phase = 1;
                    return true;
                }
                fences.signal(name, sig.fence(), sig.value(), now, sig.line());
                signals.inc();
                event("signal " + sig.fence().name() + " = " + sig.value(), now);
                phase = 0;
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
                span("waiting for fence " + w.fence().name(), fenceWaitStart, now);
                fenceWaitStart = -1;
            }
            blockedOn = null;
            fences.waited(name, w.fence(), w.value(), now, w.line());
            feed.poll();
            fedDone++;
            return true;
        }
        if (cmdIndex < 0) {
            // D3D12: each command list starts from default state, predication off.
            bound = new BoundState();
            predicateSkip = false;
            lastDecode = null;
            cmdIndex = 0;
            phase = 0;
            if (soTargetsBound) {
                // ... and no stream-output targets: unbind what the previous list bound.
                soTargetsBound = false;
                Marker m = new Marker(Marker.Kind.SO_TARGETS, "stream-output targets reset");
                push(m);
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
        if (phase == 0) {
            if (!counted) {
                commands.inc();
                counted = true;
            }
            if (c.predicated() && predicateSkip) {
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
        }
        if (execute(c, now)) {
            done(now);
        }
        return true;
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
        cmdIndex++;
        phase = 0;
        counted = false;
        // A command's own busy time (a dispatch's ceil(groups / shader.units)) comes before the decode
        // cost of the next command: model.md's "cp.cycles_per_command; dispatch: ceil(groups / units) more".
        busyUntil = Math.max(busyUntil, now) + cpCycles;
    }

    private void push(Work w) {
        pendingPush = w;
    }

    private void write(long address, long[] words) {
        pendingMem = MemoryRequest.writeLongs(address, words, writeDone, null);
        awaitingMemory++;
    }

    private void read(long address, int bytes) {
        pendingMem = MemoryRequest.read(address, bytes, readDone, null);
        awaitingMemory++;
    }

    /** Executes one step of command {@code c}; returns true when the command is complete. */
    private boolean execute(Command c, long now) {
        BoundState b = bound;
        if (c instanceof Command.DecodeFrame f) {
            return decodeFrame(f, now);
        }
        if (c instanceof Command.SetPipelineState s) {
            b.pso = s.pso().state();
            b.changed();
            return true;
        } else if (c instanceof Command.SetRenderTargets s) {
            b.rt = s.rt() == null ? null : res.color(s.rt());
            b.ds = s.ds() == null ? null : res.depth(s.ds());
            b.changed();
            return true;
        } else if (c instanceof Command.SetViewport s) {
            b.viewport = s;
            b.changed();
            return true;
        } else if (c instanceof Command.SetScissor s) {
            b.scissor = s;
            b.changed();
            return true;
        } else if (c instanceof Command.SetStencilRef s) {
            b.stencilRef = s.ref();
            b.changed();
            return true;
        } else if (c instanceof Command.SetTransform s) {
            b.transform = s.m();
            b.changed();
            return true;
        } else if (c instanceof Command.SetVertexBuffer s) {
            b.vb = s.vb();
            b.changed();
            return true;
        } else if (c instanceof Command.SetIndexBuffer s) {
            b.ib = s.ib();
            b.changed();
            return true;
        } else if (c instanceof Command.ClearDepthStencil s) {
            Marker m = new Marker(Marker.Kind.CLEAR_DEPTH_STENCIL, "clear " + s.ds().name());
            m.depthSurface = res.depth(s.ds());
            m.clearDepth = s.clearDepth();
            m.depth = s.depth();
            m.clearStencil = s.clearStencil();
            m.stencil = s.stencil();
            push(m);
            return true;
        } else if (c instanceof Command.ClearRenderTarget s) {
            Marker m = new Marker(Marker.Kind.CLEAR_COLOR, "clear " + s.rt().name());
            m.colorSurface = res.color(s.rt());
            m.rgba = new float[] {s.r(), s.g(), s.b(), s.a()};
            push(m);
            return true;
        } else if (c instanceof Command.Draw d) {
            int id = ctx.draws().issue(d.line(), now);
            draws.inc();
            push(new DrawPacket(id, earlyOut.apply(b.snapshot()), false, d.vertexCount(), d.startVertex(), 0, d.instances()));
            return true;
        } else if (c instanceof Command.DrawIndexed d) {
            int id = ctx.draws().issue(d.line(), now);
            draws.inc();
            push(new DrawPacket(id, earlyOut.apply(b.snapshot()), true, d.indexCount(), d.startIndex(), d.baseVertex(),
                    d.instances()));
            return true;
        } else if (c instanceof Command.Dispatch d) {
            // The trace gives no thread-group size: one invocation a group.
            long groups = d.x() * d.y() * d.z();
            counters[PipelineCounters.CS_INVOCATIONS] += groups;
            csInvocations.add(groups);
            busyUntil = now + ceil(groups, shaderUnits);
            return true;
        } else if (c instanceof Command.BeginQuery q) {
            return beginQuery(q, now);
        } else if (c instanceof Command.EndQuery q) {
            return endQuery(q, now);
        } else if (c instanceof Command.ResolveQueryData q) {
            return resolve(q, now);
        } else if (c instanceof Command.ResourceBarrier r) {
            // A transition barrier waits for all earlier work to finish (a conservative
            // full wait-for-idle, as drivers do for a write-to-read transition).
            if (phase == 0) {
                needDrain = true;
                phase = 1;
                return false;
            }
            return true;
        } else if (c instanceof Command.SetPredication p) {
            if (p.buffer() == null) {
                predicateSkip = false;
                return true;
            }
            if (phase == 0) {
                read(res.address(p.buffer()) + p.offset(), 8);
                phase = 1;
                return false;
            }
            // The value is read when set_predication executes (D3D12 predication semantics).
            predicateSkip = p.op().skips(lastRead.longAt(0));
            return true;
        } else if (c instanceof Command.CopyBufferRegion cp) {
            return copy(cp);
        } else if (c instanceof Command.WriteQuery wq) {
            return writeQuery(wq, now);
        } else if (c instanceof Command.SetSoTargets so) {
            return setSoTargets(so);
        }
        throw new IllegalStateException("unknown command " + c);
    }

    /** The last decode_frame of a command list: its heap, frame size and cycles from start to finish. */
    private record DecodeRecord(Resource.VideoDecoderHeap heap, long bytes, long cycles) {
    }

    private long decodeStart;
    private long decodeRead;

    /**
     * DecodeFrame on the video decode engine: the compressed bitstream is read through memory
     * in 4 KiB pieces (when the command names a bitstream buffer), then decoded at
     * {@code decode.cycles_per_byte}. The frame's decode time (from the command starting to
     * the decoder finishing) is kept for a following VIDEO_DECODE_STATISTICS EndQuery.
     */
    private boolean decodeFrame(Command.DecodeFrame f, long now) {
        final long chunk = 4096;
        if (phase == 0) {
            decodeStart = now;
            decodeRead = 0;
            phase = 1;
        }
        if (phase == 1) {
            if (f.bitstream() != null && decodeRead < f.bytes()) {
                int n = (int) Math.min(chunk, f.bytes() - decodeRead);
                read(res.address(f.bitstream()) + f.offset() + decodeRead, n);
                decodeRead += n;
                return false;
            }
            busyUntil = now + f.bytes() * decodeCyclesPerByte;
            span("decoding", now, busyUntil);
            phase = 2;
            return false;
        }
        // D3D12 (seed 003): video decode statistics are recorded only for the last DecodeFrame of the list.
        lastDecode = new DecodeRecord(f.heap(), f.bytes(), now - decodeStart);
        decodes.inc();
        return true;
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

    private static long ceil(long a, long b) {
        return (a + b - 1) / b;
    }

    private boolean beginQuery(Command.BeginQuery q, long now) {
        QueryHeapType ht = q.heap().type();
        long slot = res.querySlot(q.heap(), q.index());
        if (phase == 0) {
            // A query index used again: wait (polling, like WAIT_REG_MEM) until the previous
            // use's end writes have landed, so none of them can land after the reset below.
            Marker previous = res.queryState(q.heap()).lastEnd(q.index());
            if (previous != null && !previous.allLanded()) {
                repeatPoll = polling;
                polling = true;
                busyUntil = now + pollCycles;
                return false;
            }
            polling = false;
            // Zero the whole slot first, so that the end words read as not written until the
            // DBs write them again (PAL resets a query slot before it begins). A disabled DB's
            // pair is preset as written with a zero count, so sums over all DBs stay right.
            write(slot, QueryLayout.resetWords(ht, ctx.tiles));
            res.queryState(q.heap()).begin(q.index(), q.type());
            phase = 1;
            return false;
        }
        Marker m = marker(q.heap(), q.type(), q.index(), true, now);
        earlyOut.begin(q.type());
        push(m);
        event("begin_query " + q.heap().name() + "[" + q.index() + "]", now);
        return true;
    }

    private Marker marker(Resource.QueryHeap heap, QueryType type, int index, boolean begin, long now) {
        long slot = res.querySlot(heap, index);
        String label = heap.name() + "[" + index + "] " + type + (begin ? " begin" : " end");
        Marker m;
        if (type.isOcclusion()) {
            m = new Marker(begin ? Marker.Kind.OCCLUSION_BEGIN : Marker.Kind.OCCLUSION_END, label);
            m.address = slot;
            m.expectedWrites = ctx.tiles.enabledCount();
            m.binary = type == QueryType.BINARY_OCCLUSION;
        } else {
            m = new Marker(Marker.Kind.STATS_SNAPSHOT, label);
            m.fields = QueryLayout.fields(heap.type());
            m.streamOut = heap.type() == QueryHeapType.SO_STATISTICS;
            if (m.streamOut) {
                m.soStream = type.d3dValue() - QueryType.SO_STATISTICS_STREAM0.d3dValue();
            }
            m.address = slot + (begin ? 0 : QueryLayout.blockBytes(heap.type()));
            m.expectedWrites = 1;
            m.snapshot[PipelineCounters.CS_INVOCATIONS] = counters[PipelineCounters.CS_INVOCATIONS];
        }
        m.issuedAt = now;
        markers.add(m);
        return m;
    }

    private boolean endQuery(Command.EndQuery q, long now) {
        if (q.type() == QueryType.VIDEO_DECODE_STATISTICS) {
            // EndQuery only (seed 003): the statistics of the list's last decode_frame before it,
            // which has completed (the decode engine runs one command at a time); none: zeros.
            if (phase == 0) {
                long[] words = lastDecode == null ? new long[DecodeStatistics.BYTES / 8]
                        : DecodeStatistics.words(lastDecode.heap(), lastDecode.bytes(), lastDecode.cycles(), clockHz);
                write(res.querySlot(q.heap(), q.index()), words);
                res.queryState(q.heap()).end(q.index(), q.type(), null);
                event("end_query " + q.heap().name() + "[" + q.index() + "]", now);
                phase = 1;
                return false;
            }
            return true;
        }
        if (q.type() == QueryType.TIMESTAMP) {
            // D3D12 timestamps are written at the bottom of the pipe, after all earlier work.
            if (phase == 0) {
                needDrain = true;
                phase = 1;
                return false;
            }
            if (phase == 1) {
                write(res.querySlot(q.heap(), q.index()), new long[] {timestamp(now)});
                res.queryState(q.heap()).end(q.index(), q.type(), null);
                phase = 2;
                return false;
            }
            return true;
        }
        Marker m = marker(q.heap(), q.type(), q.index(), false, now);
        earlyOut.end(q.type());
        res.queryState(q.heap()).end(q.index(), q.type(), m);
        push(m);
        event("end_query " + q.heap().name() + "[" + q.index() + "]", now);
        return true;
    }

    private boolean resolve(Command.ResolveQueryData q, long now) {
        QueryHeapType ht = q.heap().type();
        int slotBytes = (int) QueryLayout.slotBytes(ht, ctx.dbCount);
        long base = res.querySlot(q.heap(), q.start());
        if (phase == 0) {
            if (resolveData == null) {
                resolveFrom = 0;
                resolveData = new byte[slotBytes * q.count()];
            }
            // Read the slots not yet known to be complete (all of them the first time).
            read(base + (long) resolveFrom * slotBytes, slotBytes * (q.count() - resolveFrom));
            if (polling) {
                pendingMem.poll(); // a re-read: timed, but no progress of its own
                repeatPoll = true;
            }
            phase = 1;
            return false;
        }
        if (phase == 1) {
            System.arraycopy(lastRead.data(), 0, resolveData, resolveFrom * slotBytes, lastRead.size());
            QueryState st = res.queryState(q.heap());
            int pending = resolver.firstPending(ht, st, q.start(), q.count(), resolveData, resolveFrom);
            if (pending < q.count()) {
                // A counter has not landed yet: like WAIT_REG_MEM, read again later, from that query on.
                polls.inc();
                repeatPoll = polling && pending == resolveFrom;
                polling = true;
                resolveFrom = pending;
                busyUntil = now + pollCycles;
                phase = 0;
                return false;
            }
            QueryResolver.Result r = resolver.resolve(q.type(), ht, st, q.start(), q.count(), resolveData);
            write(res.address(q.buffer()) + q.offset(), r.words());
            event("resolve_query_data " + q.heap().name() + "[" + q.start() + ".." + (q.start() + q.count() - 1)
                    + "]", now);
            polling = false;
            resolveData = null;
            phase = 2;
            return false;
        }
        return true;
    }

    private long copyDone;
    private int resolveFrom;
    private byte[] resolveData;

    private boolean copy(Command.CopyBufferRegion c) {
        final long chunk = 4096;
        if (phase == 0) {
            copyDone = 0;
            phase = 1;
        }
        if (copyDone >= c.bytes()) {
            return true;
        }
        int n = (int) Math.min(chunk, c.bytes() - copyDone);
        if (phase == 1) {
            read(res.address(c.src()) + c.srcOffset() + copyDone, n);
            phase = 2;
            return false;
        }
        pendingMem = MemoryRequest.write(res.address(c.dst()) + c.dstOffset() + copyDone, lastRead.data().clone(),
                writeDone, null);
        awaitingMemory++;
        copyDone += n;
        phase = 1;
        return false;
    }

    /** Whether the current list has bound stream-output targets (a new list starts with none). */
    private boolean soTargetsBound;
    /** The targets a set_so_targets is binding, while their filled sizes are read. */
    private SoBinding soBinding;

    /**
     * SOSetTargets: waits for the pipeline and memory to drain (as a stream-out flush does, so
     * every earlier draw's stream-output data and filled size have landed), reads each bound
     * slot's BufferFilledSize through memory (the GPU "accesses this value ... to determine where
     * to append new vertex data": Microsoft, "Stream Output Counters"), then sends the binding
     * down the pipe to the stream-output unit, in order with the draws.
     */
    private boolean setSoTargets(Command.SetSoTargets c) {
        if (phase == 0) {
            soBinding = new SoBinding(c.views(), res);
            needDrain = true;
            phase = 1;
            return false;
        }
        if (phase == 2) {
            soBinding.loaded(soBinding.loadingSlot(), lastRead.data());
        }
        int slot = soBinding.nextToLoad();
        if (slot >= 0) {
            read(soBinding.filledAddress(slot), SoTargetView.FILLED_SIZE_BYTES);
            phase = 2;
            return false;
        }
        Marker m = new Marker(Marker.Kind.SO_TARGETS, "set_so_targets line " + c.line());
        m.soBinding = soBinding;
        soTargetsBound = soBinding.anyBound();
        soBinding = null;
        push(m);
        return true;
    }

    private long[] noWaitCounters;

    /**
     * ID3D11DeviceContextX::WriteQuery (seed 004). OCCLUSION: a marker travels behind all
     * earlier work and each enabled DB writes counter INDEX at OFFSET + db x STRIDE when it
     * gets there (the gaps are not touched). The other types are written at the bottom of
     * the pipe once all earlier work is done. With NO_WAIT the values are sampled when the
     * command processor reaches the command, and written at once (a racy read).
     */
    private boolean writeQuery(Command.WriteQuery q, long now) {
        long addr = res.address(q.buffer()) + q.offset();
        boolean noWait = WriteQueryFlag.NO_WAIT.in(q.flags());
        if (q.type() == gpusim.api.D3D11Query.OCCLUSION) {
            if (noWait) {
                return writeQueryNoWait(q, addr, now);
            }
            Marker m = new Marker(Marker.Kind.WRITE_QUERY_OCCLUSION, "write_query line " + q.line());
            m.address = addr;
            m.stride = q.stride();
            m.counterIndex = q.index();
            m.setValid = WriteQueryFlag.SET_VALID.in(q.flags());
            m.expectedWrites = ctx.tiles.enabledCount();
            m.issuedAt = now;
            markers.add(m);
            push(m);
            return true;
        }
        if (phase == 0 && !noWait) {
            needDrain = true;
            phase = 1;
            return false;
        }
        if (phase == 2) {
            return true;
        }
        long[] words;
        switch (q.type()) {
            case TIMESTAMP -> words = new long[] {timestamp(now)};
            case EVENT -> words = null;
            case PIPELINE_STATISTICS -> words = java.util.Arrays.copyOf(counters, 11);
            default -> {
                // D3D11X_QUERY_DATA_GPU_SO_STATISTICS: NumPrimitivesWritten, PrimitivesStorageNeeded of stream n.
                int n = (q.type().d3dValue() - gpusim.api.D3D11Query.SO_STATISTICS_STREAM0.d3dValue()) / 2;
                words = new long[] {ctx.counters().soWritten[n], ctx.counters().soNeeded[n]};
            }
        }
        if (words == null) {
            // D3D11X_QUERY_DATA_GPU_EVENT is a UINT: 1 once all earlier work is done.
            pendingMem = MemoryRequest.write(addr, new byte[] {1, 0, 0, 0}, writeDone, null);
            awaitingMemory++;
        } else {
            write(addr, words);
        }
        phase = 2;
        return false;
    }

    /** WriteQuery(OCCLUSION, NO_WAIT): one write per enabled DB, of its counter as it is now. */
    private boolean writeQueryNoWait(Command.WriteQuery q, long addr, long now) {
        int n = ctx.dbCount;
        if (phase == 0) {
            event("write_query NO_WAIT line " + q.line() + ": counters read", now);
            noWaitCounters = new long[n];
            for (int d = 0; d < n; d++) {
                if (ctx.tiles.enabled(d)) {
                    noWaitCounters[d] = counterReader.read(d, q.index())
                            | (WriteQueryFlag.SET_VALID.in(q.flags()) ? QueryLayout.WRITTEN : 0);
                }
            }
            phase = 1;
        }
        // phase p >= 1: write DB p - 1's counter (skipping disabled DBs).
        while (phase - 1 < n && !ctx.tiles.enabled(phase - 1)) {
            phase++;
        }
        if (phase - 1 >= n) {
            noWaitCounters = null;
            return true;
        }
        int d = phase - 1;
        write(addr + (long) d * q.stride(), new long[] {noWaitCounters[d]});
        phase++;
        return false;
    }
}
