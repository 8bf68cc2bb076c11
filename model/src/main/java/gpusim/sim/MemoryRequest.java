package gpusim.sim;

/**
 * One request to device memory: a read or a write of {@code size} bytes at {@code address}.
 * A write carries its data, captured when it was issued; a read's data is filled in when
 * the memory serves it (a {@link #fetch} carries no data: it is timed, its bytes are not
 * copied). The memory splits a request into line-sized parts, one per channel transfer;
 * the client is told once, when the last part completes.
 */
public final class MemoryRequest {
    public enum Kind { READ, WRITE }

    /** Told when a request completes (data returned for reads, landed for writes). */
    public interface Client {
        void memoryDone(MemoryRequest request, long now);
    }

    private final Kind kind;
    private final long address;
    private final int size;
    private final byte[] data;
    private final Client client;
    private final Object tag;
    private long issuedAt;
    /** The cycle the first of its parts began service (-1 until then). */
    private long servedAt = -1;
    private long doneAt;
    /** Parts not yet completed; the client is told when this reaches zero. */
    private int partsLeft;
    /** Admission number, unique per memory: tells two requests apart in the conflict count. */
    private long seq;
    /** A re-read of a location a client is waiting on (a WAIT_REG_MEM style poll): see {@link #poll}. */
    private boolean poll;
    /** Whose bytes these are, for the memory's per-client statistics. */
    private MemoryClient from = MemoryClient.OTHER;
    /**
     * Host bookkeeping of the memory channels (none of the model's state): after a refusal whose
     * client is woken only once the request fits, the refusing channel's index (-1: none) and
     * its count of departure cycles then, from which the refusals of the offers skipped are counted.
     */
    private int heldChannel = -1;
    private long heldMark;

    private MemoryRequest(Kind kind, long address, int size, byte[] data, Client client, Object tag) {
        if (size < 0) {
            throw new IllegalArgumentException("negative request size " + size);
        }
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

    /**
     * A read of {@code buffer.length} bytes into {@code buffer}, which the caller owns: a cache
     * reuses its fill buffers once the bytes it read have been taken (they are written before
     * the client is told), in place of a new array each read.
     */
    public static MemoryRequest read(long address, byte[] buffer, Client client, Object tag) {
        return new MemoryRequest(Kind.READ, address, buffer.length, buffer, client, tag);
    }

    /**
     * A read that is timed like any other but whose bytes are not delivered: for a client
     * that takes its functional values elsewhere (input assembly reads the trace's arrays,
     * which hold the same bytes as memory), so no buffer is allocated for the data.
     */
    public static MemoryRequest fetch(long address, int size, Client client, Object tag) {
        return new MemoryRequest(Kind.READ, address, size, null, client, tag);
    }

    /**
     * A write that is timed but carries no bytes: the memory's bytes it covers stay as they are.
     * For traffic whose values live elsewhere (the render back ends' surfaces, whose samples are
     * Java arrays and whose device bytes nothing reads), so that no cache or channel copies them.
     * A channel and a cache that holds no bytes leave memory's bytes as they are; a cache that holds
     * bytes (the L2, whose bytes only shadow the front door's) writes back what its line held.
     */
    public static MemoryRequest timedWrite(long address, int size, Client client, Object tag) {
        return new MemoryRequest(Kind.WRITE, address, size, null, client, tag);
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

    /**
     * Marks this read as a poll: a client reading again a location it is waiting on. The
     * channels time and count it like any read, but serving it is not progress for the
     * deadlock detector, so a wait that spins on memory nobody will write is still found.
     */
    public MemoryRequest poll() {
        this.poll = true;
        return this;
    }

    public boolean isPoll() {
        return poll;
    }

    /** Tags this request with the kind of client it serves (OTHER until tagged). */
    public MemoryRequest from(MemoryClient client) {
        this.from = client;
        return this;
    }

    /** The kind of client this request serves. */
    public MemoryClient from() {
        return from;
    }

    // ---- for the memory that serves it (a MemoryPort implementation) ----

    /** The memory has accepted the request at {@code now} as its {@code seq}-th; no part yet. */
    public void admitted(long seq, long now) {
        this.seq = seq;
        this.issuedAt = now;
        this.servedAt = -1;
        this.partsLeft = 0;
    }

    /** The memory has cut one more part (a line's worth) of the request. */
    public void partAdded() {
        partsLeft++;
    }

    /** A part began service at {@code now} (the first such cycle is kept). */
    public void partServed(long now) {
        if (servedAt < 0) {
            servedAt = now;
        }
    }

    /**
     * A part scheduled to begin service at {@code from} begins at {@code to} instead (a channel that
     * schedules its parts on arrival found a part queued before it lengthened by a merge): the request's
     * first service cycle moves with it if that part was its first.
     */
    public void serviceMoved(long from, long to) {
        if (servedAt == from) {
            servedAt = to;
        }
    }

    /** A part completed at {@code done}; true when it was the last (then tell the client). */
    public boolean partDone(long done) {
        if (--partsLeft == 0) {
            doneAt = done;
            return true;
        }
        return false;
    }

    /** The admission number the memory gave it. */
    public long seq() {
        return seq;
    }

    /** Marks this refused request as held by channel {@code channel}, at its departure count {@code mark}. */
    public void hold(int channel, long mark) {
        heldChannel = channel;
        heldMark = mark;
    }

    /** The channel holding this refused request ({@link #hold}), or -1. */
    public int heldChannel() {
        return heldChannel;
    }

    /** The holding channel's departure count when it refused this request. */
    public long heldMark() {
        return heldMark;
    }

    /** Offered again: no longer held. */
    public void unhold() {
        heldChannel = -1;
    }

    /** Told when the request completes (null: nobody). */
    public Client client() {
        return client;
    }

    public Object tag() {
        return tag;
    }

    public long issuedAt() {
        return issuedAt;
    }

    /** The cycle the first of the request's parts began service in its channel, or -1 if none has. */
    public long servedAt() {
        return servedAt;
    }

    /** The cycle its last part completed (the cycle the client was told). */
    public long doneAt() {
        return doneAt;
    }

    /** The data read (for reads, after completion; null for a {@link #fetch}) or written. */
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
