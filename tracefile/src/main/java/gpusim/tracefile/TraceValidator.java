package gpusim.tracefile;

import gpusim.api.QueryHeapType;
import gpusim.config.BackEndKind;
import gpusim.config.Config;
import gpusim.config.ConfigKey;
import gpusim.config.KeyGroup;
import gpusim.config.SharedKeys;
import gpusim.config.SimKeys;
import gpusim.trace.Command;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import gpusim.trace.TopCommand;
import gpusim.trace.Trace;
import gpusim.trace.TraceWork;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks a parsed trace against the Direct3D 12 rules the format promises to enforce
 * (trace-format.md, "Errors"): the core runtime's and debug layer's query rules (seed
 * 000), resolve, predication and copy rules, and buffer states in execution order.
 * Events are taken in trace order: each command list when it is recorded, each
 * submission where it stands, so the first error of the trace is the one reported.
 */
public final class TraceValidator {
    // ---- Configuration keys (KEYS lists them) ----
    public static final ConfigKey FEATURE_COPY_QUEUE_TIMESTAMPS = ConfigKey.flag("features.copy_queue_timestamps", true,
            "D3D12_FEATURE_DATA_D3D12_OPTIONS3.CopyQueueTimestampQueriesSupported: whether COPY_QUEUE_TIMESTAMP "
                    + "query heaps may be created");

    /** The keys of the machine's features the validator checks a trace against. */
    public static final KeyGroup KEYS = KeyGroup.of(410, "trace validation", FEATURE_COPY_QUEUE_TIMESTAMPS);
    // ---- end of the configuration keys ----

    private TraceValidator() {
    }

    /**
     * What the validator needs to know of the machine a trace will run on, built once from
     * the run's configuration ({@link #of}): the rules that depend on it are checked against
     * that machine, not a default one.
     *
     * @param dbCount             depth blocks (WriteQuery OCCLUSION writes one result per DB, and every one
     *                            must fall inside its buffer)
     * @param copyQueueTimestamps CheckFeatureSupport(OPTIONS3).CopyQueueTimestampQueriesSupported
     *                            ({@code features.copy_queue_timestamps})
     * @param maxVertices         the input-assembly work a run may do ({@code sim.max_vertices})
     * @param perUnitCounters     the back end's units keep occlusion counters WriteQuery can write at a stride
     *                            ({@link BackEndKind#hasPerUnitCounters}: the render back ends; the ROPs sum
     *                            theirs on chip)
     */
    public record Machine(int dbCount, boolean copyQueueTimestamps, long maxVertices, boolean perUnitCounters) {
        /** A machine with the render back ends' per-DB counters. */
        public Machine(int dbCount, boolean copyQueueTimestamps, long maxVertices) {
            this(dbCount, copyQueueTimestamps, maxVertices, true);
        }

        public static Machine of(Config c) {
            return new Machine(c.getInt(SharedKeys.DB_COUNT), c.flag(FEATURE_COPY_QUEUE_TIMESTAMPS),
                    c.get(SimKeys.MAX_VERTICES), BackEndKind.of(c).hasPerUnitCounters());
        }
    }

    /**
     * Validates {@code trace} for {@code machine}. With {@code debugLayer} false (the CLI's
     * {@code --no-debug-layer}) the debug layer's rules and warnings are skipped.
     *
     * @return the warnings (non-fatal findings), in the order found
     * @throws TraceException for the first rule broken
     */
    public static List<TraceWarning> validate(Trace trace, boolean debugLayer, Machine machine) {
        int dbCount = machine.dbCount();
        boolean copyQueueTimestamps = machine.copyQueueTimestamps();
        long vertices = 0;
        List<TraceWarning> warnings = new ArrayList<>();
        RecordingRules recording = new RecordingRules(trace.file(), debugLayer).dbCount(dbCount)
                .perUnitCounters(machine.perUnitCounters());
        ExecutionRules execution = debugLayer ? new ExecutionRules(trace.file(), warnings) : null;
        FenceRules fences = new FenceRules(trace.file());
        List<CommandList> lists = trace.commandLists();
        List<TopCommand> subs = trace.submissions();
        // Resources with a rule of their own here (the reader checks the rest where they stand).
        List<Resource.QueryHeap> heaps = copyQueueTimestamps ? List.of() : trace.resources(Resource.QueryHeap.class)
                .stream().filter(h -> h.type() == QueryHeapType.COPY_QUEUE_TIMESTAMP).toList();
        int h = 0;
        int i = 0;
        int j = 0;
        while (h < heaps.size() || i < lists.size() || j < subs.size()) {
            int heapLine = h < heaps.size() ? heaps.get(h).line() : Integer.MAX_VALUE;
            int listLine = i < lists.size() ? lists.get(i).line() : Integer.MAX_VALUE;
            int subLine = j < subs.size() ? subs.get(j).line() : Integer.MAX_VALUE;
            if (heapLine < listLine && heapLine < subLine) {
                Resource.QueryHeap q = heaps.get(h++);
                // CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS3).CopyQueueTimestampQueriesSupported
                // FALSE: CreateQueryHeap of D3D12_QUERY_HEAP_TYPE_COPY_QUEUE_TIMESTAMP fails
                // (the D3D12_QUERY_HEAP_TYPE documentation).
                throw new TraceException(trace.file(), q.line(), Rule.COPY_QUEUE_TIMESTAMP_NOT_SUPPORTED, "query heap "
                        + q.name() + " is COPY_QUEUE_TIMESTAMP, but this device does not support copy queue timestamp "
                        + "queries (features.copy_queue_timestamps=off: D3D12_FEATURE_DATA_D3D12_OPTIONS3."
                        + "CopyQueueTimestampQueriesSupported is FALSE)");
            } else if (listLine < subLine) {
                recording.check(lists.get(i++));
            } else {
                TopCommand t = subs.get(j++);
                if (t instanceof TopCommand.Execute e) {
                    checkExecute(trace.file(), e);
                    vertices = checkWork(trace.file(), e, vertices, machine.maxVertices());
                    if (execution != null) {
                        execution.execute(e);
                    }
                } else if (t instanceof TopCommand.Dump d) {
                    checkDump(trace.file(), d);
                    fences.cpuWaits("the dump at line " + d.line() + " (which waits for every queue)");
                } else if (t instanceof TopCommand.WaitIdle w) {
                    fences.cpuWaits("the wait_idle at line " + w.line());
                } else if (t instanceof TopCommand.Signal || t instanceof TopCommand.Wait) {
                    fences.submit(t);
                }
            }
        }
        fences.cpuWaits("the end of the trace");
        return warnings;
    }

    /** ExecuteCommandLists: every list must have the queue's type. */
    private static void checkExecute(String file, TopCommand.Execute e) {
        for (CommandList l : e.lists()) {
            if (l.type() != e.queue()) {
                throw new TraceException(file, e.line(), Rule.EXECUTE_LIST_TYPE, "command list " + l.name() + " is "
                        + l.type() + " but the queue is " + e.queue() + " (a queue runs lists of its own type)");
            }
        }
    }

    /**
     * The work bound (sim.max_vertices): the vertices every execute so far fetches, counted
     * before running (TraceWork), must stay within the limit; returns the new total.
     */
    private static long checkWork(String file, TopCommand.Execute e, long before, long max) {
        long total = before;
        for (CommandList l : e.lists()) {
            long all = TraceWork.add(total, TraceWork.vertices(l));
            if (all <= max) {
                total = all;
                continue;
            }
            // Over the limit: name the draw that crosses it.
            for (Command c : l.commands()) {
                long v = TraceWork.vertices(c);
                total = TraceWork.add(total, v);
                if (total > max) {
                    throw new TraceException(file, e.line(), Rule.WORK_LIMIT_EXCEEDED, "this execute of command list "
                            + l.name() + " takes the trace's input-assembly work to "
                            + (total == Long.MAX_VALUE ? "more than 2^63" : String.valueOf(total))
                            + " vertices at the draw of line " + c.line() + " (" + v + " vertices: count x instances), "
                            + "more than the " + max + " a run may do (sim.max_vertices)");
                }
            }
        }
        return total;
    }

    /** Most words one dump may report (128 MiB of values): a report is read by people and tools. */
    public static final long MAX_DUMP_WORDS = 1L << 24;

    private static void checkDump(String file, TopCommand.Dump d) {
        if (d.count() > MAX_DUMP_WORDS) {
            throw new TraceException(file, d.line(), Rule.DUMP_TOO_LARGE, "dump of " + d.count() + " words; at most "
                    + MAX_DUMP_WORDS + " words a dump (dump a range with offset= and count=)");
        }
        long size = d.buffer().size();
        long off = d.offset();
        if (off < 0 || d.count() < 0 || off > size || d.count() > (size - off) / 8) {
            throw new TraceException(file, d.line(), Rule.DUMP_RANGE, "dump of " + d.count() + " words at offset " + off
                    + " reads past the end of buffer " + d.buffer().name() + " (" + size + " bytes)");
        }
    }
}
