package gpusim.gpu.cp;

import gpusim.gpu.PipelineParams.TimestampAt;
import gpusim.gpu.Resources;
import gpusim.gpu.query.TimestampQueries;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.MarkerProgress;
import gpusim.gpu.work.TimestampMarker;
import gpusim.trace.Command;

/**
 * The timestamp unit: EndQuery of a TIMESTAMP query. D3D12 timestamps are taken at the bottom
 * of the pipe, after all earlier work. On the DIRECT queue that is an end-of-pipe event, as
 * radeonsi's EVENT_WRITE_EOP with a timestamp (si_cp_release_mem, BOTTOM_OF_PIPE_TS): the
 * unit waits (polling) until an earlier use of the query index has landed, resets the slot's
 * end-of-query fence, and sends a {@link TimestampMarker} down the pipe; the end
 * of the pipe writes the clock and the fence once every render back end has passed it, and
 * the command processor goes on at once (a resolve waits for the fence). {@code timestamp.at}
 * offers the top of the pipe (written as the command processor reaches it) and a draining
 * variant. The other queues' engines have no pipe and run one command at a time: their
 * earlier work is done, and they write the value the step after taking the command.
 */
final class TimestampUnit implements CommandUnit<Command.EndQuery> {
    @Override public gpusim.sim.MemoryClient memoryClient() { return gpusim.sim.MemoryClient.QUERY; }
    /** The steps: wait for the previous use; reset the fence (or drain); send the event or write the value; done. */
    private enum Step { PREVIOUS, RESET, DRAINED, SENT }

    private final EngineServices engine;
    private final Resources res;
    private final boolean pipe;
    private final TimestampAt at;
    /**
     * cp.timestamp_cycles: the engine's own time for the timestamp, once its event is sent or its
     * value written (the H200 takes back-to-back timestamps ~640 ns apart, data/calibration/README.md).
     */
    private final long costCycles;
    private Command.EndQuery query;
    private Step step;

    /**
     * @param pipe whether this engine feeds the graphics pipe (the DIRECT queue's)
     * @param at   where a DIRECT queue's timestamp is taken
     * @param costCycles cp.timestamp_cycles (0: none)
     */
    TimestampUnit(EngineServices engine, Resources res, boolean pipe, TimestampAt at, long costCycles) {
        this.costCycles = costCycles;
        this.engine = engine;
        this.res = res;
        this.pipe = pipe;
        // The other engines run one command at a time: "drained" at once, the value written the step after.
        this.at = pipe ? at : TimestampAt.DRAIN;
    }

    @Override
    public void start(Command.EndQuery c) {
        query = c;
        step = Step.PREVIOUS;
    }

    @Override
    public boolean step(long now) {
        long slot = res.querySlot(query.heap(), query.index());
        switch (step) {
            case PREVIOUS -> {
                // A query index used again: its earlier end-of-pipe write must land before the
                // reset below, or it could land after it and look like this one.
                Marker previous = res.queryState(query.heap()).lastEnd(query.index());
                if (previous != null && !previous.progress().allLanded()) {
                    engine.pollAgain(now, engine.polling());
                    return false;
                }
                engine.pollDone();
                if (at == TimestampAt.BOTTOM_OF_PIPE) {
                    engine.write(slot, new long[2]);
                    step = Step.RESET;
                } else if (at == TimestampAt.DRAIN) {
                    engine.drain();
                    step = Step.DRAINED;
                } else {
                    write(slot, now);
                }
                return false;
            }
            case RESET -> {
                Marker m = new TimestampMarker(slot, query.heap().name() + "[" + query.index() + "] TIMESTAMP end",
                        new MarkerProgress(1, now));
                engine.issued(m);
                res.queryState(query.heap()).end(query.index(), query.type(), m);
                engine.push(m);
                step = Step.SENT;
                return false;
            }
            case DRAINED -> {
                write(slot, now);
                return false;
            }
            default -> {
                return true;
            }
        }
    }

    /** Writes the clock now, with its fence word (a COPY_QUEUE_TIMESTAMP slot has none). */
    private void write(long slot, long now) {
        long ts = engine.timestamp(now);
        engine.write(slot, ((TimestampQueries) res.queryKind(query.heap())).words(ts));
        res.queryState(query.heap()).end(query.index(), query.type(), null);
        step = Step.SENT;
    }

    @Override
    public long afterCycles() {
        return costCycles;
    }

    @Override
    public String describe() {
        return switch (step) {
            case PREVIOUS -> "end_query TIMESTAMP: waiting for the previous use of its query to land";
            case RESET -> "end_query TIMESTAMP: resetting its end-of-query fence";
            case DRAINED -> "end_query TIMESTAMP: waiting for the pipe";
            default -> "end_query TIMESTAMP: sent";
        };
    }
}
