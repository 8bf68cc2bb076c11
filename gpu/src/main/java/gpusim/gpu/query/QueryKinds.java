package gpusim.gpu.query;

import gpusim.api.QueryHeapType;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * The registry of query kinds: one {@link QueryKind} per D3D12_QUERY_HEAP_TYPE, made for a
 * back end (the occlusion kind lays its slots out by the back end's {@link QueryProtocol}).
 * A new query heap type is its kind's class and one {@code register} line below
 * (docs/extending.md); {@code QueryKindsTest} checks every heap type has a kind and every
 * query type resolves through one. Like ChampSim's replacement policies (a folder each under
 * {@code replacement/}, chosen by name in the configuration), each kind is self-contained.
 */
public final class QueryKinds {
    private final Map<QueryHeapType, QueryKind> kinds = new EnumMap<>(QueryHeapType.class);

    /** The kinds of a back end whose occlusion slots {@code occlusion} lays out. */
    public QueryKinds(QueryProtocol occlusion) {
        register(new OcclusionQueries(occlusion));
        register(new TimestampQueries(QueryHeapType.TIMESTAMP, true));
        register(new TimestampQueries(QueryHeapType.COPY_QUEUE_TIMESTAMP, false));
        register(new PipelineStatisticsQueries(QueryHeapType.PIPELINE_STATISTICS, QueryLayout.PIPELINE_STATS_FIELDS));
        register(new PipelineStatisticsQueries(QueryHeapType.PIPELINE_STATISTICS1, QueryLayout.PIPELINE_STATS1_FIELDS));
        register(new StreamOutStatisticsQueries());
        register(new VideoDecodeStatisticsQueries());
    }

    private void register(QueryKind kind) {
        if (kinds.putIfAbsent(kind.heapType(), kind) != null) {
            throw new IllegalStateException("two query kinds for " + kind.heapType());
        }
    }

    /** The kind of heaps of {@code type}. */
    public QueryKind of(QueryHeapType type) {
        QueryKind k = kinds.get(type);
        if (k == null) {
            throw new IllegalArgumentException("no query kind for " + type);
        }
        return k;
    }

    /** Every registered kind, by heap type. */
    public Map<QueryHeapType, QueryKind> all() {
        return Collections.unmodifiableMap(kinds);
    }
}
