package gpusim.api;

/** D3D11_QUERY, with the values of d3d11.h, as WriteQuery takes it. */
public enum D3D11Query implements D3DEnum {
    EVENT(0),
    OCCLUSION(1),
    TIMESTAMP(2),
    TIMESTAMP_DISJOINT(3),
    PIPELINE_STATISTICS(4),
    OCCLUSION_PREDICATE(5),
    SO_STATISTICS(6),
    SO_OVERFLOW_PREDICATE(7),
    SO_STATISTICS_STREAM0(8),
    SO_OVERFLOW_PREDICATE_STREAM0(9),
    SO_STATISTICS_STREAM1(10),
    SO_OVERFLOW_PREDICATE_STREAM1(11),
    SO_STATISTICS_STREAM2(12),
    SO_OVERFLOW_PREDICATE_STREAM2(13),
    SO_STATISTICS_STREAM3(14),
    SO_OVERFLOW_PREDICATE_STREAM3(15);

    public static final String PREFIX = "D3D11_QUERY_";
    private final int value;

    D3D11Query(int value) {
        this.value = value;
    }

    @Override
    public int d3dValue() {
        return value;
    }

    public static D3D11Query parse(String token) {
        return D3DEnum.parse(D3D11Query.class, PREFIX, token);
    }
}
