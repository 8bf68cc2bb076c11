package gpusim.tracefile;

/**
 * Every rule a trace can break, with where the rule comes from and what it checks.
 * The rule's name is what error messages print ({@code FILE:LINE: RULE_NAME: explanation});
 * docs/validation.md lists them with their sources and tests.
 */
public enum Rule {
    // ---- the trace format itself (spec: trace-format.md), always enforced ----
    UNREADABLE_FILE(Source.FORMAT, "the trace file cannot be read (missing, unreadable, or a line over 256 MiB)"),
    MISSING_HEADER(Source.FORMAT, "the first command is not 'gpusim-trace 1'"),
    BAD_VERSION(Source.FORMAT, "the header names a version other than 1"),
    UNKNOWN_COMMAND(Source.FORMAT, "a line starts with a word that is not a command of the format"),
    WRONG_ARITY(Source.FORMAT, "a command has too few or too many positional arguments"),
    BAD_NUMBER(Source.FORMAT, "a token is not a well-formed integer or float, or does not fit its type"),
    BAD_OPTION(Source.FORMAT, "an option key is unknown or repeated, or a token is not key=value where an option is due"),
    MISSING_OPTION(Source.FORMAT, "a required option (size=, type=, count=, width=, height=, format=) is missing"),
    BAD_ENUM(Source.FORMAT, "a token is not one of the values the format allows there (enums, on/off)"),
    BAD_NAME(Source.FORMAT, "a name does not match [A-Za-z_][A-Za-z0-9_.-]* or is the reserved word null"),
    DUPLICATE_NAME(Source.FORMAT, "a resource, pipeline state or command list reuses a name"),
    UNDEFINED_NAME(Source.FORMAT, "a command names something not defined on an earlier line"),
    WRONG_RESOURCE_KIND(Source.FORMAT, "a command names a resource of the wrong kind"),
    UNTERMINATED_BLOCK(Source.FORMAT, "a vertex_buffer or index_buffer block is not ended by 'end'"),
    LIST_NOT_CLOSED(Source.FORMAT, "a command_list is still open at the end of the trace"),
    NOT_IN_LIST(Source.FORMAT, "a command-list command (or close) appears outside a command_list"),
    NOT_IN_BLOCK(Source.FORMAT, "a v, i or end line appears outside a vertex_buffer/index_buffer block"),
    NOT_AT_TOP_LEVEL(Source.FORMAT, "a top-level command appears inside a command_list"),
    VALUE_OUT_OF_RANGE(Source.FORMAT, "a number is outside the range its argument allows"),
    TEXTURE_TOO_LARGE(Source.FORMAT, "a render target or depth-stencil width or height is not in 1..16384, "
            + "or it holds more than 2^30 samples"),
    BAD_SAMPLE_COUNT(Source.FORMAT, "a sample count is not 1, 2, 4, 8 or 16"),
    MEMORY_BUDGET_EXCEEDED(Source.FORMAT, "the resources of the trace would exceed the memory budget"),
    WORK_LIMIT_EXCEEDED(Source.FORMAT, "the trace asks for more work than a run may do (sim.max_vertices before "
            + "running, sim.max_samples while running)"),
    NO_PIPELINE_STATE(Source.FORMAT, "a draw comes before any set_pipeline_state in its command list"),
    NO_VERTEX_BUFFER(Source.FORMAT, "a draw reads vertices but no vertex buffer is set"),
    NO_INDEX_BUFFER(Source.FORMAT, "a draw_indexed runs but no index buffer is set"),
    VERTEX_OUT_OF_RANGE(Source.FORMAT, "a draw reads a vertex past the end of its vertex buffer"),
    INDEX_OUT_OF_RANGE(Source.FORMAT, "a draw_indexed reads past the end of its index buffer"),
    TARGET_SAMPLE_MISMATCH(Source.FORMAT, "a render target and a depth-stencil with different sample counts are bound together"),
    CLEAR_STENCIL_NO_STENCIL(Source.FORMAT, "clear_depth_stencil stencil= on a depth format without stencil"),
    EXECUTE_LIST_TYPE(Source.FORMAT, "execute submits a command list whose type differs from the queue's"),
    DUMP_RANGE(Source.FORMAT, "a dump reads past the end of its buffer"),
    DUMP_TOO_LARGE(Source.FORMAT, "a dump reports more than 2^24 words (bounded so a report cannot exhaust memory)"),
    COPY_RANGE(Source.FORMAT, "copy_buffer_region reads or writes past the end of a buffer"),
    WRITE_QUERY_RANGE(Source.FORMAT, "write_query writes a result (for OCCLUSION: any DB's) past the end of the buffer"),
    WRITE_QUERY_NO_PER_UNIT_COUNTERS(Source.FORMAT, "write_query OCCLUSION on backend.kind=rops, whose ROPs sum their "
            + "counts on chip into one report: there are no per-unit counters to write at a stride"),
    SO_TARGET_RANGE(Source.FORMAT, "set_so_targets: a view's SIZE bytes at OFFSET, or its 4-byte filled size at "
            + "FILLED_OFFSET, lie past the end of their buffer"),
    // trace parameters: the project's addition to the format (trace-format.md, "Additions", "Trace parameters")
    PARAM_MALFORMED(Source.FORMAT, "a param line is not 'param NAME=DEFAULT' (NAME [A-Za-z_][A-Za-z0-9_]*, a literal "
            + "DEFAULT), or a '${' has no closing '}' or no valid name"),
    PARAM_DUPLICATE(Source.FORMAT, "a parameter is declared twice"),
    PARAM_UNDEFINED(Source.FORMAT, "${NAME} names no parameter declared on an earlier line"),
    PARAM_UNKNOWN(Source.FORMAT, "a value is given (--param, or a sweep's param.NAME) for a parameter the trace does "
            + "not declare"),
    PARAM_TOO_LONG(Source.FORMAT, "a token is longer than 4096 bytes after parameter substitution"),
    FENCE_WAIT_DEADLOCK(Source.FORMAT, "a queue's wait can never be satisfied: no signal submitted before the CPU "
            + "next waits for the queues (wait_idle, dump, or the end of the trace) can bring the fence to its value"),
    DECODE_LIST_COMMAND(Source.FORMAT, "decode_frame outside a VIDEO_DECODE command list, or a VIDEO_DECODE list "
            + "holding a command ID3D12VideoDecodeCommandList does not have"),
    DECODE_BITSTREAM_RANGE(Source.FORMAT, "decode_frame reads its bitstream past the end of the bitstream buffer"),

    // ---- Direct3D 12 core runtime (always enforced) ----
    QUERY_HEAP_TYPE_INVALID(Source.CORE, "the query heap type is not a member of D3D12_QUERY_HEAP_TYPE (the D3D12 Queries documentation, D3D12_QUERY_HEAP_TYPE)"),
    QUERY_HEAP_COUNT_ZERO(Source.CORE, "a query heap's count is 0 (the D3D12 Queries documentation)"),
    QUERY_TYPE_INVALID(Source.CORE, "the query type is not a member of D3D12_QUERY_TYPE (the D3D12 Queries documentation, D3D12_QUERY_TYPE)"),
    QUERY_TYPE_HEAP_MISMATCH(Source.CORE, "the query type is not compatible with the query heap's type (the D3D12 Queries documentation)"),
    QUERY_TYPE_LIST_MISMATCH(Source.CORE, "the command list type does not support the query type (the D3D12 Queries documentation, D3D12_QUERY_HEAP_TYPE)"),
    BEGIN_ON_TIMESTAMP(Source.CORE, "begin_query on a TIMESTAMP query, which supports end_query only (the D3D12 Queries documentation)"),
    QUERY_SPANS_LISTS(Source.CORE, "a query begun in a command list is not ended before its close (the D3D12 Queries documentation)"),
    QUERY_INDEX_OUT_OF_RANGE(Source.CORE, "a query index is not below the heap's count (the D3D12 Queries documentation)"),
    RESOLVE_DEST_NOT_BUFFER(Source.CORE, "resolve_query_data's destination is not a buffer"),
    RESOLVE_OFFSET_ALIGNMENT(Source.CORE, "resolve_query_data's destination offset is not a multiple of 8"),
    RESOLVE_RANGE(Source.CORE, "resolve_query_data's START + COUNT exceeds the heap's count"),
    RESOLVE_BUFFER_OVERFLOW(Source.CORE, "resolve_query_data's results do not fit in the destination buffer"),
    PREDICATION_NOT_BUFFER(Source.CORE, "set_predication names a resource that is not a buffer"),
    PREDICATION_OFFSET_ALIGNMENT(Source.CORE, "set_predication's offset is not a multiple of 8"),
    PREDICATION_OFFSET_RANGE(Source.CORE, "set_predication's 64-bit value lies past the end of the buffer"),
    PREDICATION_OP_INVALID(Source.CORE, "the predication op is not EQUAL_ZERO or NOT_EQUAL_ZERO"),
    WRITE_QUERY_TYPE(Source.CORE, "write_query with a D3D11_QUERY type WriteQuery does not support (ID3D11DeviceContextX::WriteQuery)"),
    WRITE_QUERY_INDEX(Source.CORE, "write_query OCCLUSION with an index other than 0 or 1 (ID3D11DeviceContextX::WriteQuery)"),
    WRITE_QUERY_OFFSET_ALIGNMENT(Source.CORE, "write_query's offset is not 8-byte aligned (ID3D11DeviceContextX::WriteQuery)"),
    WRITE_QUERY_STRIDE(Source.CORE, "write_query's stride is not 64, 128 or 256 (ID3D11DeviceContextX::WriteQuery)"),
    WRITE_QUERY_FLAGS(Source.CORE, "write_query FLAGS has a bit the model does not define, or SET_VALID with a type other "
            + "than OCCLUSION"),
    SO_STRIDE_INVALID(Source.CORE, "a pipeline state's so_stride is not a multiple of 4 in 32..2048 "
            + "(D3D12_SO_BUFFER_MAX_STRIDE_IN_BYTES)"),
    COPY_QUEUE_TIMESTAMP_NOT_SUPPORTED(Source.CORE, "a COPY_QUEUE_TIMESTAMP query heap is created while "
            + "features.copy_queue_timestamps is off (OPTIONS3 CopyQueueTimestampQueriesSupported, D3D12_QUERY_HEAP_TYPE)"),
    BEGIN_ON_VIDEO_DECODE_STATISTICS(Source.CORE, "begin_query on a VIDEO_DECODE_STATISTICS query, which supports "
            + "end_query only (D3D12_QUERY_TYPE)"),

    // ---- Direct3D 12 debug layer (skipped with --no-debug-layer) ----
    QUERY_BEGUN_TWICE(Source.DEBUG, "a query element is begun again before it is ended (the D3D12 Queries documentation)"),
    QUERY_END_WITHOUT_BEGIN(Source.DEBUG, "a query that needs begin_query is ended without one (the D3D12 Queries documentation)"),
    QUERY_TYPE_BEGIN_END_MISMATCH(Source.DEBUG, "end_query's type differs from its begin_query's type (the D3D12 Queries documentation)"),
    RESOLVE_ACTIVE_QUERY(Source.DEBUG, "resolve_query_data covers a query begun and not yet ended in the same list"),
    RESOLVE_DEST_STATE(Source.DEBUG, "the resolve destination is not in COPY_DEST (after promotion) (the D3D12 Queries documentation)"),
    PREDICATION_STATE(Source.DEBUG, "the predication buffer is not in PREDICATION (after promotion)"),
    BARRIER_STATE_MISMATCH(Source.DEBUG, "resource_barrier's BEFORE is not the buffer's current state"),
    RESOURCE_STATE_CONFLICT(Source.DEBUG, "a copy finds a buffer in a state it cannot use"),
    COPY_SAME_RESOURCE(Source.DEBUG, "copy_buffer_region with the same buffer as source and destination"),
    SO_TARGET_ALIGNMENT(Source.DEBUG, "set_so_targets: a view's OFFSET or FILLED_OFFSET is not a multiple of 4"),
    SO_TARGET_STATE(Source.DEBUG, "a draw that streams out finds its stream-output or filled-size buffer not in "
            + "STREAM_OUT (after promotion)"),
    WRONG_LIST_TYPE(Source.DEBUG, "a command the command list's type does not support (e.g. draw in a COMPUTE list)"),
    QUERY_NEVER_ENDED(Source.DEBUG, true, "warning: a resolved query was never ended; it resolves to 0");

    /** Where a rule comes from. */
    public enum Source {
        /** This trace format, or a limit of the model (trace-format.md). */
        FORMAT("format"),
        /** The Direct3D 12 core runtime (or, for write_query, the D3D11.X API's documented requirements). */
        CORE("core runtime"),
        /** The Direct3D 12 debug layer; skipped when the debug layer is off. */
        DEBUG("debug layer");

        private final String label;

        Source(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final Source source;
    private final boolean warning;
    private final String description;

    Rule(Source source, String description) {
        this(source, false, description);
    }

    Rule(Source source, boolean warning, String description) {
        this.source = source;
        this.warning = warning;
        this.description = description;
    }

    public Source source() {
        return source;
    }

    /** True for rules whose findings are warnings (reported, but the run goes on). */
    public boolean isWarning() {
        return warning;
    }

    /** True when the rule is the debug layer's, so {@code --no-debug-layer} turns it off. */
    public boolean isDebugLayer() {
        return source == Source.DEBUG;
    }

    public String description() {
        return description;
    }
}
