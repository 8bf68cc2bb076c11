package gpusim.api;

/**
 * D3D12_QUERY_HEAP_TYPE, with the values of d3d12.h (PIPELINE_STATISTICS1 is 7; 6 is unused),
 * and the command list types whose queries may use a heap of the type (the "Queries" page of
 * the Direct3D 12 documentation: occlusion, pipeline and stream-output statistics on DIRECT
 * lists; timestamps on DIRECT and COMPUTE lists, and on COPY lists only in a
 * COPY_QUEUE_TIMESTAMP heap, which only COPY lists may use; video decode statistics on
 * VIDEO_DECODE lists).
 */
public enum QueryHeapType implements D3DEnum {
    OCCLUSION(0, CommandListType.DIRECT),
    TIMESTAMP(1, CommandListType.DIRECT, CommandListType.COMPUTE),
    PIPELINE_STATISTICS(2, CommandListType.DIRECT),
    SO_STATISTICS(3, CommandListType.DIRECT),
    VIDEO_DECODE_STATISTICS(4, CommandListType.VIDEO_DECODE),
    COPY_QUEUE_TIMESTAMP(5, CommandListType.COPY),
    PIPELINE_STATISTICS1(7, CommandListType.DIRECT);

    public static final String PREFIX = "D3D12_QUERY_HEAP_TYPE_";
    private final int value;
    private final java.util.Set<CommandListType> lists;

    QueryHeapType(int value, CommandListType... lists) {
        this.value = value;
        this.lists = java.util.Set.of(lists);
    }

    @Override
    public int d3dValue() {
        return value;
    }

    /** Whether a command list of type {@code list} may begin, end or write queries in a heap of this type. */
    public boolean usableOn(CommandListType list) {
        return lists.contains(list);
    }

    public static QueryHeapType parse(String token) {
        return D3DEnum.parse(QueryHeapType.class, PREFIX, token);
    }
}
