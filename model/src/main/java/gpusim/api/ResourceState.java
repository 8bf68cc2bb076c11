package gpusim.api;

/**
 * D3D12_RESOURCE_STATES, with the bit values of d3d12.h. A buffer's state is a bit
 * mask; the named combinations (GENERIC_READ) and aliases (PREDICATION equals
 * INDIRECT_ARGUMENT, PRESENT equals COMMON) are here so traces may name them.
 */
public enum ResourceState implements D3DEnum {
    COMMON(0),
    VERTEX_AND_CONSTANT_BUFFER(0x1),
    INDEX_BUFFER(0x2),
    RENDER_TARGET(0x4),
    UNORDERED_ACCESS(0x8),
    DEPTH_WRITE(0x10),
    DEPTH_READ(0x20),
    NON_PIXEL_SHADER_RESOURCE(0x40),
    PIXEL_SHADER_RESOURCE(0x80),
    STREAM_OUT(0x100),
    INDIRECT_ARGUMENT(0x200),
    COPY_DEST(0x400),
    COPY_SOURCE(0x800),
    RESOLVE_DEST(0x1000),
    RESOLVE_SOURCE(0x2000),
    GENERIC_READ(0x1 | 0x2 | 0x40 | 0x80 | 0x200 | 0x800),
    PRESENT(0),
    PREDICATION(0x200);

    public static final String PREFIX = "D3D12_RESOURCE_STATE_";
    /** The read-only bits: D3D12 lets several of them be combined; write bits stand alone. */
    public static final int READ_BITS = 0x1 | 0x2 | 0x20 | 0x40 | 0x80 | 0x200 | 0x800 | 0x2000;
    /** The write bits: RENDER_TARGET, UNORDERED_ACCESS, DEPTH_WRITE, STREAM_OUT, COPY_DEST, RESOLVE_DEST. */
    public static final int WRITE_BITS = 0x4 | 0x8 | 0x10 | 0x100 | 0x400 | 0x1000;

    private final int bits;

    ResourceState(int bits) {
        this.bits = bits;
    }

    @Override
    public int d3dValue() {
        return bits;
    }

    public int bits() {
        return bits;
    }

    /** A readable name for a state mask: the single named state it equals, or the bits joined with '|'. */
    public static String describe(int mask) {
        if (mask == 0) {
            return "COMMON";
        }
        for (ResourceState s : values()) {
            if (s.bits == mask && s != PREDICATION) {
                return s == INDIRECT_ARGUMENT ? "PREDICATION/INDIRECT_ARGUMENT" : s.name();
            }
        }
        StringBuilder sb = new StringBuilder();
        for (ResourceState s : values()) {
            int b = s.bits;
            if (Integer.bitCount(b) == 1 && (mask & b) != 0) {
                if (sb.length() > 0) {
                    sb.append('|');
                }
                sb.append(s == INDIRECT_ARGUMENT ? "PREDICATION" : s.name());
            }
        }
        return sb.toString();
    }

    public static ResourceState parse(String token) {
        return D3DEnum.parse(ResourceState.class, PREFIX, token);
    }
}
