package gpusim.gpu;

import gpusim.sim.BoundedQueue;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.MemoryPort;
import gpusim.sim.MemoryRequest;
import java.util.ArrayList;
import java.util.List;

/**
 * The pipeline's drain monitor: what a barrier, a draining timestamp, WAIT_IDLE and the host's
 * wait_idle and dump wait on. The pipeline has drained when every stage and every queue between
 * them is empty and the memory requests the stages made have completed. The other queues'
 * engines only count their outstanding requests here: a DIRECT drain does not wait for them,
 * but must know whether they keep the memory busy (see {@link #pipelineMemoryDone}).
 */
public final class PipelineDrain {
    private final Engine engine;
    private final MemoryPort port;
    private final List<Component> drainable = new ArrayList<>();
    private final List<BoundedQueue<?>> queues = new ArrayList<>();
    /** Components waiting for the pipeline to drain (the DIRECT engine; the host at wait_idle and dump). */
    private final List<Component> idleWaiters = new ArrayList<>(2);
    /** Memory requests the pipeline's stages made that may not have completed yet. */
    private final List<MemoryRequest> pipelineRequests = new ArrayList<>();

    /** A drain monitor on {@code engine}'s clock whose stages send their memory requests to {@code port}. */
    public PipelineDrain(Engine engine, MemoryPort port) {
        this.engine = engine;
        this.port = port;
    }

    /** Components (other than the command processor) that must be idle for the pipeline to count as drained. */
    public void addDrainable(Component c) {
        drainable.add(c);
    }

    public void addQueue(BoundedQueue<?> q) {
        queues.add(q);
    }

    /**
     * A pipeline stage's memory request: offered to the memory, and remembered when accepted so
     * that the pipeline counts as drained only once it has completed. (The other queues'
     * engines' traffic is their own: a DIRECT drain does not wait for a copy queue's copies.)
     */
    public boolean pipelineRequest(MemoryRequest r, Component requester, long now) {
        if (!port.request(r, requester, now)) {
            return false;
        }
        pipelineRequests.add(r);
        if (pipelineRequests.size() >= pruneAt) {
            // Forget the completed ones now and then, so a long run without drains keeps few.
            pipelineMemoryDone(now);
            pruneAt = Math.max(64, 2 * pipelineRequests.size());
        }
        return true;
    }

    private int pruneAt = 64;

    /** True when every stage and every queue between them is empty. */
    private boolean stagesIdle() {
        for (BoundedQueue<?> q : queues) {
            if (!q.isEmpty()) {
                return false;
            }
        }
        for (Component c : drainable) {
            if (c.hasPendingWork()) {
                return false;
            }
        }
        return true;
    }

    /** Memory requests of the queue engines other than DIRECT that have not completed. */
    private int engineRequests;

    /** A COMPUTE, COPY or VIDEO_DECODE engine's memory request was accepted. */
    public void engineRequestIssued() {
        engineRequests++;
    }

    /** A COMPUTE, COPY or VIDEO_DECODE engine's memory request completed. */
    public void engineRequestDone() {
        engineRequests--;
    }

    /**
     * When to look again at the pipeline's outstanding memory requests, as known at
     * {@code now}: 0 when none is outstanding; the cycle after the last one completed when all
     * have (a request completed at its {@code doneAt}; a drain sees it the cycle after, as it
     * always did through the memory's idle listener); {@link Engine#NEVER} when one is still in
     * flight and nothing else uses the memory, so that the memory's idle listener calls
     * {@link #maybeIdle} when it completes; {@code now + 1} when one is in flight while other
     * queues' engines keep the memory busy (the idle listener would not call: look every cycle).
     */
    private long pipelineMemoryDone(long now) {
        long latest = 0;
        boolean inFlight = false;
        int keep = 0;
        for (int i = 0; i < pipelineRequests.size(); i++) {
            MemoryRequest r = pipelineRequests.get(i);
            long done = r.doneAt();
            if (done > 0 && done < now) {
                continue;
            }
            pipelineRequests.set(keep++, r);
            if (done > 0) {
                latest = Math.max(latest, done + 1);
            } else {
                inFlight = true;
            }
        }
        pipelineRequests.subList(keep, pipelineRequests.size()).clear();
        if (inFlight) {
            return engineRequests > 0 ? now + 1 : Engine.NEVER;
        }
        return latest;
    }

    /** True when every stage and every queue is empty and the pipeline's memory requests have completed. */
    public boolean pipelineIdle(long now) {
        return stagesIdle() && pipelineMemoryDone(now) == 0;
    }

    /** As {@link #pipelineIdle(long)} at the engine's current cycle. */
    public boolean pipelineIdle() {
        return pipelineIdle(engine.now());
    }

    /**
     * {@code waiter} waits for the pipeline to drain and is woken when it has: by the last stage
     * going idle, by the memory going idle, or (when only the pipeline's memory requests are
     * outstanding while other queues keep the memory busy) at the cycle after the last of them
     * completes.
     */
    public void waitForIdle(Component waiter, long now) {
        if (!idleWaiters.contains(waiter)) {
            idleWaiters.add(waiter);
        }
        scheduleMemoryWake(now);
    }

    /** As {@link #waitForIdle(Component, long)} at the engine's current cycle. */
    public void waitForIdle(Component waiter) {
        waitForIdle(waiter, engine.now());
    }

    private void scheduleMemoryWake(long now) {
        if (idleWaiters.isEmpty() || !stagesIdle()) {
            return; // the last stage to go idle calls maybeIdle
        }
        long again = pipelineMemoryDone(now);
        if (again != 0 && again != Engine.NEVER) {
            for (Component w : idleWaiters) {
                engine.wakeAt(w, again);
            }
        }
    }

    /** {@code waiter} found the pipeline drained and waits no more. */
    public void doneWaiting(Component waiter) {
        idleWaiters.remove(waiter);
    }

    /** Called by a stage that has gone idle (and by the memory); wakes the waiters if all is idle. */
    public void maybeIdle(long now) {
        if (idleWaiters.isEmpty()) {
            return;
        }
        if (pipelineIdle(now)) {
            for (Component w : idleWaiters) {
                engine.wakeAt(w, now + 1);
            }
            idleWaiters.clear();
        } else {
            scheduleMemoryWake(now);
        }
    }
}
