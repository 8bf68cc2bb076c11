package gpusim.gpu.cp;

import gpusim.gpu.Resources;
import gpusim.trace.Command;

/**
 * The timestamp unit: EndQuery of a TIMESTAMP query (DIRECT, COMPUTE and COPY queue
 * timestamps). D3D12 timestamps are written at the bottom of the pipe, after all earlier work:
 * today the unit drains the pipe, then writes the engine's clock in timestamp ticks to the
 * query's slot (a unit of its own so that timestamps can become end-of-pipe events that do not
 * stop the command processor, issue 9).
 */
final class TimestampUnit implements CommandUnit<Command.EndQuery> {
    /** The steps: wait for the drain; write the timestamp; find the write done. */
    private enum Step { DRAIN, WRITE, WRITTEN }

    private final EngineServices engine;
    private final Resources res;
    private Command.EndQuery query;
    private Step step;

    TimestampUnit(EngineServices engine, Resources res) {
        this.engine = engine;
        this.res = res;
    }

    @Override
    public void start(Command.EndQuery c) {
        query = c;
        step = Step.DRAIN;
    }

    @Override
    public boolean step(long now) {
        switch (step) {
            case DRAIN -> {
                engine.drain();
                step = Step.WRITE;
                return false;
            }
            case WRITE -> {
                engine.write(res.querySlot(query.heap(), query.index()), new long[] {engine.timestamp(now)});
                res.queryState(query.heap()).end(query.index(), query.type(), null);
                step = Step.WRITTEN;
                return false;
            }
            default -> {
                return true;
            }
        }
    }

    @Override
    public String describe() {
        return "end_query TIMESTAMP: " + (step == Step.WRITTEN ? "writing the timestamp" : "waiting for the pipe");
    }
}
