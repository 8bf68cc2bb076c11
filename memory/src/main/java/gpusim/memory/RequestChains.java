package gpusim.memory;

import gpusim.sim.MemoryRequest;
import java.util.Arrays;

/**
 * The requests each queue slot (and then each in-flight entry) of a channel serves, as chains of links:
 * one link per request part, holding the request and the cycle the part arrived, with the next link of
 * its slot (a merged write adds its link to the slot's chain). A pool of primitive arrays with a free
 * list, grown by doubling, so nothing is allocated per part once it has grown to the run's working size
 * (gem5's memory controller likewise keeps, per queued burst, the packets it serves:
 * {@code src/mem/mem_ctrl.hh}, {@code MemPacket}).
 */
final class RequestChains {
    private MemoryRequest[] req = new MemoryRequest[64];
    private int[] next = new int[64];
    private long[] arrived = new long[64];
    private int free = -1;
    private int top;

    /** A new chain of one link: request {@code r}'s part arriving at {@code now}. */
    int add(MemoryRequest r, long now) {
        int l;
        if (free >= 0) {
            l = free;
            free = next[l];
        } else {
            if (top == req.length) {
                int n = req.length * 2;
                req = Arrays.copyOf(req, n);
                next = Arrays.copyOf(next, n);
                arrived = Arrays.copyOf(arrived, n);
            }
            l = top++;
        }
        req[l] = r;
        next[l] = -1;
        arrived[l] = now;
        return l;
    }

    /** Link {@code link} goes after {@code tail} (a chain's last link). */
    void append(int tail, int link) {
        next[tail] = link;
    }

    MemoryRequest request(int l) {
        return req[l];
    }

    /** The link after {@code l} on its chain, or -1. */
    int next(int l) {
        return next[l];
    }

    /** The cycle link {@code l}'s part arrived. */
    long arrived(int l) {
        return arrived[l];
    }

    /** Frees link {@code l} (read its request and next link first). */
    void free(int l) {
        req[l] = null;
        next[l] = free;
        free = l;
    }

    /** Whether every request on the chain from {@code l} is a poll. */
    boolean onlyPolls(int l) {
        for (; l >= 0; l = next[l]) {
            if (!req[l].isPoll()) {
                return false;
            }
        }
        return true;
    }
}
