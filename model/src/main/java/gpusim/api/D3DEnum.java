package gpusim.api;

/**
 * An enumeration that carries its Direct3D numeric value and the prefix of its
 * Direct3D spelling. The trace format accepts each constant with or without
 * that prefix ("BINARY_OCCLUSION" and "D3D12_QUERY_TYPE_BINARY_OCCLUSION").
 */
public interface D3DEnum {
    /** The numeric value the Direct3D headers give this constant. */
    int d3dValue();

    /** The constant's name without the prefix. */
    String name();

    /** Parses a token of the enumeration {@code type}, with or without {@code prefix}; null if none matches. */
    static <E extends Enum<E> & D3DEnum> E parse(Class<E> type, String prefix, String token) {
        String bare = token.startsWith(prefix) ? token.substring(prefix.length()) : token;
        for (E e : type.getEnumConstants()) {
            if (e.name().equals(bare)) {
                return e;
            }
        }
        return null;
    }

    /** The accepted spellings, for error messages. */
    static <E extends Enum<E>> String spellings(Class<E> type) {
        StringBuilder sb = new StringBuilder();
        for (E e : type.getEnumConstants()) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(e.name());
        }
        return sb.toString();
    }
}
