package gpusim.api;

/**
 * D3D12_VIDEO_DECODE_STATUS, with the values of d3d12video.h: the Status field of
 * D3D12_QUERY_DATA_VIDEO_DECODE_STATISTICS.
 */
public enum VideoDecodeStatus implements D3DEnum {
    OK(0),
    CONTINUE(1),
    CONTINUE_SKIP_DISPLAY(2),
    RESTART(3),
    RATE_EXCEEDED(4);

    public static final String PREFIX = "D3D12_VIDEO_DECODE_STATUS_";
    private final int value;

    VideoDecodeStatus(int value) {
        this.value = value;
    }

    @Override
    public int d3dValue() {
        return value;
    }

    public static VideoDecodeStatus parse(String token) {
        return D3DEnum.parse(VideoDecodeStatus.class, PREFIX, token);
    }
}
