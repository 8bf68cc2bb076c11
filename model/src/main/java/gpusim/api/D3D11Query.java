package gpusim.api;

/**
 * D3D11_QUERY, with the values of d3d11.h, as WriteQuery takes it, and the bytes of the first
 * result WriteQuery writes for it (the Xbox One XDK documentation's structures: EVENT is a
 * UINT, TIMESTAMP and an occlusion counter UINT64, pipeline statistics 11 UINT64, a stream's
 * stream-output statistics 2 UINT64); 0 for the types WriteQuery does not write
 * (TIMESTAMP_DISJOINT, the predicates, SO_STATISTICS of all streams).
 */
public enum D3D11Query implements D3DEnum {
    EVENT(0, 4),
    OCCLUSION(1, 8),
    TIMESTAMP(2, 8),
    TIMESTAMP_DISJOINT(3, 0),
    PIPELINE_STATISTICS(4, 11 * 8),
    OCCLUSION_PREDICATE(5, 0),
    SO_STATISTICS(6, 0),
    SO_OVERFLOW_PREDICATE(7, 0),
    SO_STATISTICS_STREAM0(8, 16),
    SO_OVERFLOW_PREDICATE_STREAM0(9, 0),
    SO_STATISTICS_STREAM1(10, 16),
    SO_OVERFLOW_PREDICATE_STREAM1(11, 0),
    SO_STATISTICS_STREAM2(12, 16),
    SO_OVERFLOW_PREDICATE_STREAM2(13, 0),
    SO_STATISTICS_STREAM3(14, 16),
    SO_OVERFLOW_PREDICATE_STREAM3(15, 0);

    public static final String PREFIX = "D3D11_QUERY_";
    private final int value;
    private final int writeBytes;

    D3D11Query(int value, int writeBytes) {
        this.value = value;
        this.writeBytes = writeBytes;
    }

    /** Bytes of the first result WriteQuery writes; 0 where it writes none. */
    public int writeBytes() {
        return writeBytes;
    }

    @Override
    public int d3dValue() {
        return value;
    }

    public static D3D11Query parse(String token) {
        return D3DEnum.parse(D3D11Query.class, PREFIX, token);
    }
}
