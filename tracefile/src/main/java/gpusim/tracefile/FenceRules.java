package gpusim.tracefile;

import gpusim.api.CommandListType;
import gpusim.trace.Resource;
import gpusim.trace.TopCommand;
import java.util.ArrayDeque;
import java.util.EnumMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Finds queue waits that can never be satisfied (trace-format.md, "Queues, fences and video
 * decode"). Each queue runs its signals and waits in submission order; a wait blocks its
 * queue until the fence reaches its value (ID3D12CommandQueue::Wait). The CPU waits for
 * every queue at {@code wait_idle}, at {@code dump} and at the end of the trace, and
 * submits nothing meanwhile; a wait still blocked then is a deadlock.
 *
 * <p>The check is optimistic: a fence counts as having reached the highest value any
 * signal run so far gave it. Every wait the real schedule passes is passed here too, so a
 * wait found blocked here is blocked in every schedule: no false alarms. (Only a trace that
 * signals a fence to lower values can still deadlock at run time; the model's deadlock
 * detector reports that.)
 */
final class FenceRules {
    private final String file;
    private final Map<Resource.Fence, Long> reached = new IdentityHashMap<>();
    private final Map<CommandListType, ArrayDeque<TopCommand>> pending = new EnumMap<>(CommandListType.class);

    FenceRules(String file) {
        this.file = file;
    }

    /** A signal or wait submitted to its queue. */
    void submit(TopCommand t) {
        CommandListType q = t instanceof TopCommand.Signal s ? s.queue() : ((TopCommand.Wait) t).queue();
        pending.computeIfAbsent(q, k -> new ArrayDeque<>()).add(t);
    }

    private long reached(Resource.Fence f) {
        Long v = reached.get(f);
        return v == null ? f.initial() : v;
    }

    /** Runs every queue as far as it can go. */
    private void settle() {
        boolean progress = true;
        while (progress) {
            progress = false;
            for (ArrayDeque<TopCommand> q : pending.values()) {
                while (!q.isEmpty()) {
                    TopCommand t = q.peek();
                    if (t instanceof TopCommand.Signal s) {
                        reached.put(s.fence(), Math.max(reached(s.fence()), s.value()));
                    } else {
                        TopCommand.Wait w = (TopCommand.Wait) t;
                        if (reached(w.fence()) < w.value()) {
                            break;
                        }
                    }
                    q.poll();
                    progress = true;
                }
            }
        }
    }

    /** The CPU waits for every queue ({@code what}: "the wait_idle at line N", ...). */
    void cpuWaits(String what) {
        settle();
        TopCommand.Wait first = null;
        for (ArrayDeque<TopCommand> q : pending.values()) {
            if (!q.isEmpty() && (first == null || q.peek().line() < first.line())) {
                first = (TopCommand.Wait) q.peek();
            }
        }
        if (first != null) {
            Resource.Fence f = first.fence();
            throw new TraceException(file, first.line(), Rule.FENCE_WAIT_DEADLOCK, "queue " + first.queue()
                    + " waits for fence " + f.name() + " to reach " + first.value() + ", but no signal submitted before "
                    + what + " brings it there (it reaches at most " + reached(f) + "); the queue would wait forever");
        }
    }
}
