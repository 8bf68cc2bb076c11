package gpusim.sim;

/**
 * Where a client's memory requests go: the seam between a client (input assembly, command
 * processor, depth blocks, stream out, the host) and what serves it. The memory system is
 * one implementation; a cache is another, wrapping the port behind it, so inserting one is
 * wiring, not surgery (gem5's ports). Completion comes back through the request's
 * {@link MemoryRequest.Client}, at the cycle the last part completes.
 */
public interface MemoryPort {
    /**
     * Offers {@code r} at cycle {@code now}. Returns false when there is no room for it; the
     * {@code requester} is then woken when it may try again.
     */
    boolean request(MemoryRequest r, Component requester, long now);

    /** Requests accepted and not yet complete. */
    int pending();
}
