package gpusim.gpu.query;

import gpusim.api.QueryType;
import gpusim.gpu.work.Marker;

/**
 * A query kind counted down the pipe: its BeginQuery and EndQuery send a marker behind all
 * earlier work, and the units the marker passes write the query's counters when it reaches
 * them (the depth blocks an occlusion count, the end of the pipe a statistics block). The
 * command processor's query unit asks the heap's kind for the marker.
 */
public interface CountedQueryKind extends QueryKind {
    /**
     * What an active query does to binary early out ({@code db.binary_early_out}): a
     * BINARY_OCCLUSION query only needs to know whether any sample passed ({@link #ALLOWS});
     * a query that counts every sample or pixel-shader invocation would see the skipped ones
     * missing ({@link #FORBIDS}); other queries do not see the depth test ({@link #NONE}).
     */
    enum EarlyOut { ALLOWS, FORBIDS, NONE }

    /**
     * The marker of a query of {@code type} whose slot is at {@code slot}: its begin
     * ({@code begin} true) or its end, issued at cycle {@code now}.
     *
     * @param label    how the run's events and latencies name it
     * @param counters the issuing engine's pipeline-statistics counters (its CSInvocations is the engine's own)
     */
    Marker marker(QueryType type, boolean begin, long slot, String label, long now, long[] counters);

    /** How an active query of {@code type} of this kind bears on binary early out. */
    EarlyOut earlyOut(QueryType type);
}
