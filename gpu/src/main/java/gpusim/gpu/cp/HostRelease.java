package gpusim.gpu.cp;

import gpusim.sim.Component;
import gpusim.sim.Engine;
import java.util.List;
import java.util.function.LongToIntFunction;

/**
 * memory.flush_at_host_sync: what the GPU does before the CPU may read at a {@code wait_idle}
 * or {@code dump}, once every queue is idle: the render back ends' depth and colour caches
 * write their dirty lines back (the DB / CB flush-and-invalidate event radeonsi and PAL issue
 * before a surface is read), then the L2 slices theirs (the end-of-submission L2 write-back a
 * release to the host does), each step once the one before has landed. Timing only: the
 * bytes the CPU reads are in device memory from the moment each write was admitted.
 */
public final class HostRelease {
    private final Engine engine;
    /** The flushes in order; each starts its write-backs at the cycle given and returns how many lines it wrote back. */
    private final List<LongToIntFunction> steps;
    /** The caches and channels a step's write-backs pass through: the release waits until none has work. */
    private final List<? extends Component> path;
    private int next;

    public HostRelease(Engine engine, List<LongToIntFunction> steps, List<? extends Component> path) {
        this.engine = engine;
        this.steps = List.copyOf(steps);
        this.path = List.copyOf(path);
    }

    /**
     * Drives the release at cycle {@code now} on behalf of {@code host}: starts the next flush
     * whenever everything before it has landed. Returns true when every flush has landed (and
     * is ready for the next sync); otherwise {@code host} is woken next cycle to look again
     * (only while a release is in progress).
     */
    boolean released(Component host, long now) {
        while (true) {
            for (Component c : path) {
                if (c.hasPendingWork()) {
                    engine.wakeAt(host, now + 1);
                    return false;
                }
            }
            if (next == steps.size()) {
                next = 0;
                return true;
            }
            steps.get(next++).applyAsInt(now);
        }
    }
}
