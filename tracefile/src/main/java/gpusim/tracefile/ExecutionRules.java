package gpusim.tracefile;

import gpusim.api.ResourceState;
import gpusim.trace.Command;
import gpusim.trace.CommandList;
import gpusim.trace.PipelineState;
import gpusim.trace.Resource;
import gpusim.trace.SoTargetView;
import gpusim.trace.TopCommand;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The debug layer's rules that need execution order: buffer states, simulated exactly as
 * trace-format.md's "Resource states" section says, and the warning for resolving a
 * query that was never ended. Executes are walked in trace order; the lists of one
 * execute run in order and see each other's states; when an execute completes every
 * buffer decays to COMMON.
 */
final class ExecutionRules {
    private static final int COMMON = ResourceState.COMMON.bits();
    private static final int COPY_DEST = ResourceState.COPY_DEST.bits();
    private static final int COPY_SOURCE = ResourceState.COPY_SOURCE.bits();
    private static final int PREDICATION = ResourceState.PREDICATION.bits();
    private static final int STREAM_OUT = ResourceState.STREAM_OUT.bits();

    /** The state of one buffer. */
    private static final class State {
        final Resource.Buffer buffer;
        int bits;
        /** True while {@link #bits} came from implicit promotion (read states may accumulate). */
        boolean promoted;
        /** The number of completed executes when {@link #bits} was last set. */
        int epoch;

        State(Resource.Buffer buffer) {
            this.buffer = buffer;
            this.bits = buffer.initialState();
        }
    }

    private final String file;
    private final List<TraceWarning> warnings;
    private final Map<Resource.Buffer, State> states = new IdentityHashMap<>();
    /** Per heap: the elements ended so far, in execution order. */
    private final Map<Resource.QueryHeap, BitSet> ended = new IdentityHashMap<>();
    /** The commands of each list that the rules look at, filtered once. */
    private final Map<CommandList, Command[]> relevant = new IdentityHashMap<>();
    private final Set<Integer> warnedLines = new HashSet<>();
    /** Executes completed so far: every buffer set before the latest one has decayed to COMMON. */
    private int epoch;
    /** Stream output while a list runs: its pipeline state and SO targets (every list starts with none). */
    private PipelineState listPso;
    private SoTargetView[] listSoTargets;

    ExecutionRules(String file, List<TraceWarning> warnings) {
        this.file = file;
        this.warnings = warnings;
    }

    void execute(TopCommand.Execute exec) {
        for (CommandList list : exec.lists()) {
            Command[] cmds = relevant.get(list);
            if (cmds == null) {
                cmds = filter(list);
                relevant.put(list, cmds);
            }
            listPso = null;
            listSoTargets = null;
            for (Command c : cmds) {
                run(c, exec);
            }
        }
        // trace-format.md: when an execute completes, every buffer decays to COMMON.
        epoch++;
    }

    private static Command[] filter(CommandList list) {
        List<Command> out = new ArrayList<>();
        // Draws and pipeline states matter only to lists that bind stream-output targets.
        boolean streamsOut = false;
        for (Command c : list.commands()) {
            if (c instanceof Command.SetSoTargets so) {
                for (SoTargetView v : so.views()) {
                    streamsOut |= v != null;
                }
            }
        }
        for (Command c : list.commands()) {
            if (c instanceof Command.ResourceBarrier || c instanceof Command.ResolveQueryData
                    || c instanceof Command.CopyBufferRegion || c instanceof Command.EndQuery
                    || (c instanceof Command.SetPredication p && p.buffer() != null)
                    || (streamsOut && (c instanceof Command.SetSoTargets || c instanceof Command.SetPipelineState
                    || c instanceof Command.Draw || c instanceof Command.DrawIndexed))) {
                out.add(c);
            }
        }
        return out.toArray(new Command[0]);
    }

    private void run(Command c, TopCommand.Execute exec) {
        if (c instanceof Command.ResourceBarrier b) {
            State s = state(b.buffer());
            // D3D12 debug layer: a transition's BEFORE must be the resource's current state.
            if (s.bits != b.before()) {
                throw error(c, exec, Rule.BARRIER_STATE_MISMATCH, "barrier says buffer " + b.buffer().name() + " is "
                        + ResourceState.describe(b.before()) + " but it is " + ResourceState.describe(s.bits));
            }
            s.bits = b.after();
            s.promoted = false;
        } else if (c instanceof Command.ResolveQueryData r) {
            // D3D12 (the "Queries" documentation): ResolveQueryData needs its destination in COPY_DEST.
            use(r.buffer(), COPY_DEST, c, exec, Rule.RESOLVE_DEST_STATE, "resolve destination");
            BitSet done = ended.get(r.heap());
            int firstOpen = done == null ? r.start() : done.nextClearBit(r.start());
            // trace-format.md: a query never ended resolves to 0 and the debug layer warns.
            if (firstOpen < r.start() + r.count() && warnedLines.add(c.line())) {
                warnings.add(new TraceWarning(file, c.line(), Rule.QUERY_NEVER_ENDED, "query " + r.heap().name() + "["
                        + firstOpen + "] was never ended before this resolve (execute at line " + exec.line()
                        + "); it resolves to 0"));
            }
        } else if (c instanceof Command.CopyBufferRegion cp) {
            use(cp.dst(), COPY_DEST, c, exec, Rule.RESOURCE_STATE_CONFLICT, "copy destination");
            use(cp.src(), COPY_SOURCE, c, exec, Rule.RESOURCE_STATE_CONFLICT, "copy source");
        } else if (c instanceof Command.SetPredication p) {
            use(p.buffer(), PREDICATION, c, exec, Rule.PREDICATION_STATE, "predication buffer");
        } else if (c instanceof Command.SetPipelineState p) {
            listPso = p.pso().state();
        } else if (c instanceof Command.SetSoTargets so) {
            listSoTargets = so.views();
        } else if (c instanceof Command.Draw || c instanceof Command.DrawIndexed) {
            streamOut(c, exec);
        } else if (c instanceof Command.EndQuery q) {
            BitSet done = ended.get(q.heap());
            if (done == null) {
                done = new BitSet();
                ended.put(q.heap(), done);
            }
            done.set(q.index());
        }
    }

    /**
     * A draw whose pipeline state streams out to a bound slot writes that slot's buffer and its
     * filled size: both must be in STREAM_OUT (D3D12_RESOURCE_STATE_STREAM_OUT), by promotion
     * from COMMON or by a barrier (trace-format.md, "Additions: stream output").
     */
    private void streamOut(Command draw, TopCommand.Execute exec) {
        if (listPso == null || listPso.streamOutput() == null || listSoTargets == null) {
            return;
        }
        SoTargetView v = listSoTargets[listPso.streamOutput().slot()];
        if (v == null) {
            return;
        }
        use(v.buffer(), STREAM_OUT, draw, exec, Rule.SO_TARGET_STATE, "stream-output buffer");
        use(v.filledBuffer(), STREAM_OUT, draw, exec, Rule.SO_TARGET_STATE, "filled-size buffer");
    }

    /**
     * A command uses {@code buffer} in state {@code need}. trace-format.md: a buffer in
     * COMMON is promoted to the needed state; a buffer promoted to read states may be
     * promoted to further read states (they accumulate); otherwise the buffer must already
     * be in the needed state, or the command breaks {@code rule}.
     */
    private void use(Resource.Buffer buffer, int need, Command c, TopCommand.Execute exec, Rule rule, String role) {
        State s = state(buffer);
        if (s.bits == COMMON) {
            s.bits = need;
            s.promoted = true;
        } else if ((s.bits & need) == need) {
            return;
        } else if (s.promoted && (s.bits & ResourceState.WRITE_BITS) == 0 && (need & ResourceState.WRITE_BITS) == 0) {
            s.bits |= need;
        } else {
            throw error(c, exec, rule, role + " " + buffer.name() + " is in " + ResourceState.describe(s.bits)
                    + (s.promoted ? " (promoted from COMMON)" : "") + " but this command needs "
                    + ResourceState.describe(need) + "; add a resource_barrier");
        }
    }

    /** The buffer's current state, after any decays since it was last set. */
    private State state(Resource.Buffer buffer) {
        State s = states.get(buffer);
        if (s == null) {
            s = new State(buffer);
            states.put(buffer, s);
        }
        if (s.epoch != epoch) {
            // Set before an execute that has completed since: decayed to COMMON. (Buffers never
            // touched start in their declared state only until the first execute completes.)
            s.bits = COMMON;
            s.promoted = false;
            s.epoch = epoch;
        }
        return s;
    }

    private TraceException error(Command c, TopCommand.Execute exec, Rule rule, String explanation) {
        return new TraceException(file, c.line(), rule, explanation + " (while running the execute at line "
                + exec.line() + ")");
    }
}
