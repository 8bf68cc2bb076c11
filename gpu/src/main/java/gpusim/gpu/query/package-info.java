/**
 * Queries in device memory: where a query heap keeps each query, how a back end's units write
 * an occlusion slot, how ResolveQueryData turns the memory into results, what the command
 * processor knows of each query, and how long results take to land. These are shared by the
 * command processor, the back ends and the report, so they sit apart from any one unit.
 *
 * <ul>
 *   <li>{@link QueryKind}: one D3D12_QUERY_HEAP_TYPE's slot layout, reset, poll and resolve, registered
 *       in {@link QueryKinds} ({@link OcclusionQueries}, {@link TimestampQueries},
 *       {@link PipelineStatisticsQueries}, {@link StreamOutStatisticsQueries},
 *       {@link VideoDecodeStatisticsQueries}); {@link CountedQueryKind} for those whose BeginQuery and
 *       EndQuery send markers down the pipe;
 *   <li>{@link QueryLayout}: the written mark and the statistics structures' field counts;
 *   <li>{@link QueryProtocol}: a back end's occlusion protocol (see
 *       {@link gpusim.gpu.rb.RenderBackEndQueryProtocol}, {@link gpusim.gpu.rop.RopQueryProtocol});
 *   <li>{@link QueryResolver}: ResolveQueryData's arithmetic;
 *   <li>{@link QueryState}: the begun/ended state of each query of a heap;
 *   <li>{@link QueryLatency}: the cycles from issue to results in memory.
 * </ul>
 *
 * <p>Sources: the D3D12 documentation of D3D12_QUERY_TYPE and ResolveQueryData; Mesa radeonsi's
 * {@code si_query.c}, RADV's {@code radv_query.c}, nvk's {@code nvk_query_pool.c}.
 */
package gpusim.gpu.query;
