package gpusim.gpu.cp;

import gpusim.api.D3D11Query;
import gpusim.api.WriteQueryFlag;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.Resources;
import gpusim.gpu.query.QueryLayout;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.MarkerProgress;
import gpusim.gpu.work.WriteQueryMarker;
import gpusim.trace.Command;
import java.util.Arrays;

/**
 * The WriteQuery unit: ID3D11DeviceContextX::WriteQuery (the Xbox One XDK documentation).
 * OCCLUSION: a marker travels behind all earlier work and each enabled DB writes counter INDEX
 * at OFFSET + db x STRIDE when it gets there (the gaps are not touched). The other types are
 * written at the bottom of the pipe once all earlier work is done (the unit drains the pipe
 * first). With NO_WAIT the values are sampled when the command processor reaches the command,
 * and written at once (a racy read): for OCCLUSION one write per enabled DB, of its counter as it is now.
 */
final class WriteQueryUnit implements CommandUnit<Command.WriteQuery> {
    @Override public gpusim.sim.MemoryClient memoryClient() { return gpusim.sim.MemoryClient.COUNTER; }
    /** The next step of a WriteQuery. */
    private sealed interface Step permits SendMarker, Sample, WriteCounter, Drain, WriteValue, Written {
    }

    /** OCCLUSION: send the marker the DBs write their counters at. */
    private record SendMarker() implements Step {
    }

    /** OCCLUSION with NO_WAIT: sample every enabled DB's counter as it is now. */
    private record Sample() implements Step {
    }

    /** OCCLUSION with NO_WAIT: write the sampled counter of DB {@code db} (or of the next enabled one after it). */
    private record WriteCounter(int db) implements Step {
    }

    /** Wait for all earlier work to finish. */
    private record Drain() implements Step {
    }

    /** Write the query's value (a timestamp, the event word, statistics). */
    private record WriteValue() implements Step {
    }

    /** The value is being written. */
    private record Written() implements Step {
    }

    private final EngineServices engine;
    /** Which DBs are enabled (each writes its counter of an occlusion query). */
    private final TileMap tiles;
    /** The stream-output counters (SO_STATISTICS words). */
    private final PipelineCounters pipeline;
    private final Resources res;
    /** The pipeline statistics counters of this engine. */
    private final long[] counters;
    private CommandProcessor.CounterReader counterReader;

    private Command.WriteQuery query;
    private Step step;
    /** OCCLUSION with NO_WAIT: each DB's counter as sampled when the command started, or null. */
    private long[] sampled;

    WriteQueryUnit(EngineServices engine, TileMap tiles, PipelineCounters pipeline, Resources res, long[] counters) {
        this.engine = engine;
        this.tiles = tiles;
        this.pipeline = pipeline;
        this.res = res;
        this.counters = counters;
    }

    void connect(CommandProcessor.CounterReader reader) {
        this.counterReader = reader;
    }

    @Override
    public void start(Command.WriteQuery c) {
        query = c;
        boolean noWait = WriteQueryFlag.NO_WAIT.in(c.flags());
        if (c.type() == D3D11Query.OCCLUSION) {
            step = noWait ? new Sample() : new SendMarker();
        } else {
            step = noWait ? new WriteValue() : new Drain();
        }
        sampled = null;
    }

    @Override
    public boolean step(long now) {
        Command.WriteQuery q = query;
        long addr = res.address(q.buffer()) + q.offset();
        if (step instanceof SendMarker) {
            sendOcclusionMarker(q, addr, now);
            return true;
        }
        if (step instanceof Sample) {
            sample(q, now);
            step = new WriteCounter(0);
        }
        if (step instanceof WriteCounter w) {
            return writeCounter(q, addr, w.db());
        }
        if (step instanceof Drain) {
            engine.drain();
            step = new WriteValue();
            return false;
        }
        if (step instanceof Written) {
            return true;
        }
        long[] words;
        switch (q.type()) {
            case TIMESTAMP -> words = new long[] {engine.timestamp(now)};
            case EVENT -> words = null;
            case PIPELINE_STATISTICS -> words = Arrays.copyOf(counters, 11);
            default -> {
                // D3D11X_QUERY_DATA_GPU_SO_STATISTICS: NumPrimitivesWritten, PrimitivesStorageNeeded of stream n.
                int n = (q.type().d3dValue() - D3D11Query.SO_STATISTICS_STREAM0.d3dValue()) / 2;
                words = new long[] {pipeline.soWritten[n], pipeline.soNeeded[n]};
            }
        }
        if (words == null) {
            // D3D11X_QUERY_DATA_GPU_EVENT is a UINT: 1 once all earlier work is done.
            engine.write(addr, new byte[] {1, 0, 0, 0});
        } else {
            engine.write(addr, words);
        }
        step = new Written();
        return false;
    }

    private void sendOcclusionMarker(Command.WriteQuery q, long addr, long now) {
        Marker m = new WriteQueryMarker(addr, q.stride(), q.index(), WriteQueryFlag.SET_VALID.in(q.flags()),
                "write_query line " + q.line(), new MarkerProgress(tiles.enabledCount(), now));
        engine.issued(m);
        engine.push(m);
    }

    /** WriteQuery(OCCLUSION, NO_WAIT): every enabled DB's counter as it is now (a racy read). */
    private void sample(Command.WriteQuery q, long now) {
        if (engine.traced()) {
            engine.event("write_query NO_WAIT line " + q.line() + ": counters read", now);
        }
        sampled = new long[tiles.dbCount];
        for (int d = 0; d < sampled.length; d++) {
            if (tiles.enabled(d)) {
                sampled[d] = counterReader.read(d, q.index())
                        | (WriteQueryFlag.SET_VALID.in(q.flags()) ? QueryLayout.WRITTEN : 0);
            }
        }
    }

    /** Writes the sampled counter of the first enabled DB from {@code db} on; true when there is none left. */
    private boolean writeCounter(Command.WriteQuery q, long addr, int db) {
        int d = db;
        while (d < sampled.length && !tiles.enabled(d)) {
            d++;
        }
        if (d >= sampled.length) {
            sampled = null;
            return true;
        }
        engine.write(addr + (long) d * q.stride(), new long[] {sampled[d]});
        step = new WriteCounter(d + 1);
        return false;
    }

    @Override
    public String describe() {
        if (step instanceof Drain || step instanceof WriteValue) {
            return "write_query: waiting for earlier work";
        } else if (step instanceof WriteCounter w) {
            return "write_query NO_WAIT: writing the DB counters from DB " + w.db();
        }
        return "write_query";
    }
}
