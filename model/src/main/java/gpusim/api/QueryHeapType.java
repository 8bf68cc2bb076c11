package gpusim.api;

/** D3D12_QUERY_HEAP_TYPE, with the values of d3d12.h (PIPELINE_STATISTICS1 is 7; 6 is unused). */
public enum QueryHeapType implements D3DEnum {
    OCCLUSION(0),
    TIMESTAMP(1),
    PIPELINE_STATISTICS(2),
    SO_STATISTICS(3),
    VIDEO_DECODE_STATISTICS(4),
    COPY_QUEUE_TIMESTAMP(5),
    PIPELINE_STATISTICS1(7);

    public static final String PREFIX = "D3D12_QUERY_HEAP_TYPE_";
    private final int value;

    QueryHeapType(int value) {
        this.value = value;
    }

    @Override
    public int d3dValue() {
        return value;
    }

    public static QueryHeapType parse(String token) {
        return D3DEnum.parse(QueryHeapType.class, PREFIX, token);
    }
}
