package gpusim.gpu;

import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import java.util.List;
import java.util.function.IntPredicate;

/**
 * The input queues of a stage fed by several producers (a shader engine's render back ends,
 * the end of the pipe's colour back ends), taken in turn: the next item comes from the first
 * queue with an arrived head after the one last taken from, so no producer starves another.
 */
public final class InputRing {
    private final List<BoundedQueue<Work>> queues;
    private int next;
    private int last = -1;

    public InputRing(List<BoundedQueue<Work>> queues) {
        this.queues = queues;
    }

    public int size() {
        return queues.size();
    }

    /**
     * The next arrived item at {@code now}, removed from its queue, or null; queue i is passed
     * over while {@code held.test(i)} (a queue whose copy of a marker waits for the others).
     */
    public Work take(long now, IntPredicate held) {
        int n = queues.size();
        for (int k = 0; k < n; k++) {
            int i = (next + k) % n;
            if (held != null && held.test(i)) {
                continue;
            }
            Work w = queues.get(i).peek(now);
            if (w != null) {
                queues.get(i).pop(now, true); // the stage looks again when its item is done
                next = (i + 1) % n;
                last = i;
                return w;
            }
        }
        return null;
    }

    /** The index of the queue the last item came from. */
    public int last() {
        return last;
    }

    /** Whether any queue holds an item (arrived or still crossing). */
    public boolean anyQueued() {
        for (BoundedQueue<Work> q : queues) {
            if (!q.isEmpty()) {
                return true;
            }
        }
        return false;
    }
}
