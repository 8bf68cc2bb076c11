package gpusim.gpu.cp;

import gpusim.api.QueryType;
import gpusim.gpu.Resources;
import gpusim.gpu.query.CountedQueryKind;
import gpusim.gpu.work.Marker;
import gpusim.trace.Command;
import gpusim.trace.Resource;

/**
 * The query unit: BeginQuery and EndQuery of the queries counted down the pipe (occlusion,
 * binary occlusion, pipeline and stream-output statistics). TIMESTAMP ({@link TimestampUnit})
 * and VIDEO_DECODE_STATISTICS ({@link DecodeUnit}) queries have units of their own.
 *
 * <p>Queries go the hardware way: BeginQuery first waits (polling, like WAIT_REG_MEM) until
 * an earlier use of the same query index has landed all its end writes, then zeroes the
 * query's slot in memory (so a stale end word cannot look written: PAL resets a query slot
 * before it begins), then sends a begin marker down the pipe; EndQuery sends the end marker.
 * The DBs (occlusion) or the pixel stage (statistics) write their counter snapshots when a
 * marker reaches them. The unit also tells {@link BinaryEarlyOut} which queries are active.
 */
final class QueryUnit implements CommandUnit<Command> {
    @Override public gpusim.sim.MemoryClient memoryClient() { return gpusim.sim.MemoryClient.QUERY; }
    /** The steps of a BeginQuery: wait for the previous use to land and reset the slot; send the marker. */
    private enum Step { RESET, BEGIN }

    private final EngineServices engine;
    /** Which DBs are enabled (each enabled DB writes its part of an occlusion query). */
    private final Resources res;
    private final BinaryEarlyOut earlyOut;
    /** The pipeline statistics counters of this engine (a snapshot's CSInvocations is the engine's own). */
    private final long[] counters;
    /**
     * cp.query_cycles: the engine's own time for a BeginQuery or EndQuery, after its marker is sent:
     * nvk's are several pushbuffer methods each (nvk_query_pool.c: the report semaphore's address,
     * payload and operation), not one packet.
     */
    private final long costCycles;

    private Command command;
    private Step step;

    QueryUnit(EngineServices engine, Resources res, BinaryEarlyOut earlyOut, long[] counters, long costCycles) {
        this.costCycles = costCycles;
        this.engine = engine;
        this.res = res;
        this.earlyOut = earlyOut;
        this.counters = counters;
    }

    @Override
    public void start(Command c) {
        command = c;
        step = Step.RESET;
    }

    @Override
    public boolean step(long now) {
        if (command instanceof Command.BeginQuery q) {
            return begin(q, now);
        }
        return end((Command.EndQuery) command, now);
    }

    private boolean begin(Command.BeginQuery q, long now) {
        if (step == Step.RESET) {
            // A query index used again: wait until the previous use's end writes have landed,
            // so none of them can land after the reset below.
            Marker previous = res.queryState(q.heap()).lastEnd(q.index());
            if (previous != null && !previous.progress().allLanded()) {
                engine.pollAgain(now, engine.polling());
                return false;
            }
            engine.pollDone();
            // The heap's kind says what the slot starts as (for occlusion the back end's protocol: the render
            // back ends preset a disabled DB's pair as written with a zero count, so sums over all DBs stay right).
            engine.write(res.querySlot(q.heap(), q.index()), res.queryKind(q.heap()).resetWords());
            res.queryState(q.heap()).begin(q.index(), q.type());
            step = Step.BEGIN;
            return false;
        }
        Marker m = marker(q.heap(), q.type(), q.index(), true, now);
        earlyOut.begin(kind(q.heap()).earlyOut(q.type()));
        engine.push(m);
        if (engine.traced()) {
            engine.event("begin_query " + q.heap().name() + "[" + q.index() + "]", now);
        }
        return true;
    }

    private boolean end(Command.EndQuery q, long now) {
        Marker m = marker(q.heap(), q.type(), q.index(), false, now);
        earlyOut.end(kind(q.heap()).earlyOut(q.type()));
        res.queryState(q.heap()).end(q.index(), q.type(), m);
        engine.push(m);
        if (engine.traced()) {
            engine.event("end_query " + q.heap().name() + "[" + q.index() + "]", now);
        }
        return true;
    }

    /** The begin or end marker of a query: where it writes, how many writes it expects, what it snapshots. */
    private Marker marker(Resource.QueryHeap heap, QueryType type, int index, boolean begin, long now) {
        String label = heap.name() + "[" + index + "] " + type + (begin ? " begin" : " end");
        Marker m = kind(heap).marker(type, begin, res.querySlot(heap, index), label, now, counters);
        engine.issued(m);
        return m;
    }

    /** The kind of a heap this unit's queries use: one counted down the pipe (the command processor dispatches the others elsewhere). */
    private CountedQueryKind kind(Resource.QueryHeap heap) {
        return (CountedQueryKind) res.queryKind(heap);
    }

    @Override
    public long afterCycles() {
        return costCycles;
    }

    @Override
    public String describe() {
        if (command instanceof Command.BeginQuery) {
            return step == Step.RESET ? "begin_query: waiting for the previous use of its query to land"
                    : "begin_query: sending the begin marker";
        }
        return "end_query";
    }
}
