package gpusim.api;

/** D3D12_COMMAND_LIST_TYPE, with the values of d3d12.h. */
public enum CommandListType implements D3DEnum {
    DIRECT(0),
    BUNDLE(1),
    COMPUTE(2),
    COPY(3),
    VIDEO_DECODE(4),
    VIDEO_PROCESS(5),
    VIDEO_ENCODE(6);

    public static final String PREFIX = "D3D12_COMMAND_LIST_TYPE_";
    private final int value;

    CommandListType(int value) {
        this.value = value;
    }

    @Override
    public int d3dValue() {
        return value;
    }

    public static CommandListType parse(String token) {
        return D3DEnum.parse(CommandListType.class, PREFIX, token);
    }
}
