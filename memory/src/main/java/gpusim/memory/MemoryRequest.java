package gpusim.memory;

/**
 * One request to device memory: a read or a write of {@code size} bytes at {@code address}.
 * A write carries its data, captured when it was issued; a read's data is filled in when
 * the memory serves it. The client is told when the request completes.
 */
public final class MemoryRequest {
    public enum Kind { READ, WRITE }

    /** Told when a request completes (data returned for reads, landed for writes). */
    public interface Client {
        void memoryDone(MemoryRequest request, long now);
    }

    final Kind kind;
    final long address;
    final int size;
    final byte[] data;
    final Client client;
    final Object tag;
    long issuedAt;
    long servedAt;
    long doneAt;

    private MemoryRequest(Kind kind, long address, int size, byte[] data, Client client, Object tag) {
        this.kind = kind;
        this.address = address;
        this.size = size;
        this.data = data;
        this.client = client;
        this.tag = tag;
    }

    public static MemoryRequest read(long address, int size, Client client, Object tag) {
        return new MemoryRequest(Kind.READ, address, size, new byte[size], client, tag);
    }

    public static MemoryRequest write(long address, byte[] data, Client client, Object tag) {
        return new MemoryRequest(Kind.WRITE, address, data.length, data, client, tag);
    }

    /** A write of little-endian 64-bit words. */
    public static MemoryRequest writeLongs(long address, long[] words, Client client, Object tag) {
        byte[] b = new byte[words.length * 8];
        java.nio.ByteBuffer.wrap(b).order(java.nio.ByteOrder.LITTLE_ENDIAN).asLongBuffer().put(words);
        return write(address, b, client, tag);
    }

    public Kind kind() {
        return kind;
    }

    public long address() {
        return address;
    }

    public int size() {
        return size;
    }

    public Object tag() {
        return tag;
    }

    public long issuedAt() {
        return issuedAt;
    }

    public long doneAt() {
        return doneAt;
    }

    /** The data read (for reads, after completion) or written. */
    public byte[] data() {
        return data;
    }

    private static final java.lang.invoke.VarHandle LONG_LE = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
            long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

    /** The little-endian 64-bit word at byte {@code offset} of the data. */
    public long longAt(int offset) {
        return (long) LONG_LE.get(data, offset);
    }
}
