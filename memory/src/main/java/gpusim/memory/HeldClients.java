package gpusim.memory;

import gpusim.sim.MemoryRequest;

/**
 * The clients a channel holds after refusing them for want of room, where the channel itself must say
 * when that room has come (a channel fed to DRAM, whose parts leave when its controller has room, or
 * one whose merges may move a waiting part's departure): for each, its engine index, its refused
 * request, the part whose departure it waits for (numbered as the channel counts the parts that have
 * left its queue) and the request's mark at the hold ({@link MemoryRequest#hold}). A client holds one
 * request at a time, so a new hold replaces its old one; a hold whose request has since been offered
 * again (admitted, or held anew, here or at another channel) is dropped. gem5's crossbar keeps the
 * ports it refused in the same way and tells them to retry when the layer frees
 * ({@code src/mem/xbar.cc}, {@code retryWaiting}).
 */
final class HeldClients {
    /** How a held client is woken: {@code Engine::wake} in a channel. */
    @FunctionalInterface
    interface Wake {
        void at(int client, long cycle);
    }

    private final Wake wake;
    /** The holding channel's index, as {@link MemoryRequest#heldChannel} names it. */
    private final int channel;
    private int[] client = new int[4];
    private MemoryRequest[] request = new MemoryRequest[4];
    private long[] part = new long[4];
    private long[] mark = new long[4];
    private int count;

    HeldClients(Wake wake, int channel) {
        this.wake = wake;
        this.channel = channel;
    }

    /** Whether no client is held. */
    boolean isEmpty() {
        return count == 0;
    }

    /** Holds client {@code c} (its engine index) with request {@code r} until part {@code p} has left. */
    void keep(int c, MemoryRequest r, long p) {
        int i = 0;
        while (i < count && client[i] != c) {
            i++;
        }
        if (i == count) {
            if (count == client.length) {
                client = java.util.Arrays.copyOf(client, count * 2);
                request = java.util.Arrays.copyOf(request, count * 2);
                part = java.util.Arrays.copyOf(part, count * 2);
                mark = java.util.Arrays.copyOf(mark, count * 2);
            }
            count++;
        }
        client[i] = c;
        request[i] = r;
        part[i] = p;
        mark[i] = r.heldMark();
    }

    /**
     * With {@code gone} parts gone from the channel's queue, wakes at {@code now} every held client whose
     * part has left and drops the holds offered again since; returns the lowest part still awaited, or
     * {@link Long#MAX_VALUE} when none is (parts leave in queue order, so it is the next to wake a client).
     */
    long wake(long gone, long now) {
        long next = Long.MAX_VALUE;
        int k = 0;
        for (int i = 0; i < count; i++) {
            MemoryRequest r = request[i];
            if (r.heldChannel() != channel || r.heldMark() != mark[i]) {
                continue;
            }
            if (gone >= part[i]) {
                wake.at(client[i], now);
                continue;
            }
            next = Math.min(next, part[i]);
            client[k] = client[i];
            request[k] = r;
            part[k] = part[i];
            mark[k] = mark[i];
            k++;
        }
        java.util.Arrays.fill(request, k, count, null);
        count = k;
        return next;
    }
}
