package gpusim.memory;

import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The memory as a clocked component: a bounded request queue served in order, each request
 * occupying the memory for ceil(bytes / bandwidth) cycles and completing a fixed latency
 * after its service. A write's data lands when it is served, so every later request,
 * from any client, sees it: requests to memory are ordered. Clients that find the queue
 * full are woken when space frees (back-pressure).
 */
public final class MemorySystem implements Component {
    private final Engine engine;
    private final DeviceMemory memory;
    private final int capacity;
    private final long latency;
    private final long bytesPerCycle;
    private final ArrayDeque<MemoryRequest> queue = new ArrayDeque<>();
    private final ArrayDeque<MemoryRequest> inFlight = new ArrayDeque<>();
    private final List<Component> blocked = new ArrayList<>();
    private long busyUntil;
    private java.util.function.LongConsumer idleListener = t -> { };

    private final StatGroup stats = new StatGroup("memory", "device memory");
    private final Stat.Scalar reads = stats.scalar("reads", "requests", "read requests served");
    private final Stat.Scalar writes = stats.scalar("writes", "requests", "write requests served");
    private final Stat.Scalar bytesRead = stats.scalar("bytes_read", "bytes", "bytes read");
    private final Stat.Scalar bytesWritten = stats.scalar("bytes_written", "bytes", "bytes written");
    private final Stat.Scalar busy = stats.scalar("busy_cycles", "cycles", "cycles the memory was serving a request");
    private final Stat.Scalar queueDelay = stats.scalar("queue_delay_total", "cycles",
            "sum over requests of cycles spent waiting in the request queue");
    private final Stat.Scalar queueDelayMax = stats.scalar("queue_delay_max", "cycles",
            "longest wait of one request in the request queue");
    private final Stat.Scalar refusals = stats.scalar("refusals", "requests",
            "requests refused because the queue was full (the client stalled)");

    public MemorySystem(Engine engine, DeviceMemory memory, int capacity, long latency, long bytesPerCycle) {
        this.engine = engine;
        this.memory = memory;
        this.capacity = capacity;
        this.latency = latency;
        this.bytesPerCycle = bytesPerCycle;
        stats.formula("queue_delay_mean", "cycles", "mean wait of a request in the request queue",
                () -> (double) queueDelay.get() / (reads.get() + writes.get()));
        stats.formula("bytes_per_cycle", "bytes/cycle", "bytes moved per busy cycle",
                () -> (double) (bytesRead.get() + bytesWritten.get()) / busy.get());
    }

    /** Called with the cycle whenever the memory has just finished its last outstanding request. */
    public void onIdle(java.util.function.LongConsumer listener) {
        this.idleListener = listener;
    }

    public DeviceMemory memory() {
        return memory;
    }

    /**
     * Offers a request at cycle {@code now}. Returns false when the queue is full; the
     * requester is then woken when space frees and should try again.
     */
    public boolean request(MemoryRequest r, Component requester, long now) {
        if (queue.size() >= capacity) {
            refusals.inc();
            if (!blocked.contains(requester)) {
                blocked.add(requester);
            }
            return false;
        }
        r.issuedAt = now;
        queue.add(r);
        engine.wakeAt(this, now + 1);
        return true;
    }

    @Override
    public String name() {
        return "memory";
    }

    @Override
    public boolean tick(long now) {
        boolean progress = false;
        while (!inFlight.isEmpty() && inFlight.peek().doneAt <= now) {
            MemoryRequest r = inFlight.poll();
            if (r.client != null) {
                r.client.memoryDone(r, now);
            }
            progress = true;
        }
        if (!queue.isEmpty() && busyUntil <= now) {
            MemoryRequest r = queue.poll();
            long service = (r.size + bytesPerCycle - 1) / bytesPerCycle;
            if (service < 1) {
                service = 1;
            }
            r.servedAt = now;
            if (r.kind == MemoryRequest.Kind.WRITE) {
                memory.write(r.address, r.data, 0, r.size);
                writes.inc();
                bytesWritten.add(r.size);
            } else {
                memory.read(r.address, r.data, 0, r.size);
                reads.inc();
                bytesRead.add(r.size);
            }
            long waited = now - r.issuedAt;
            queueDelay.add(waited);
            queueDelayMax.max(waited);
            busy.add(service);
            busyUntil = now + service;
            r.doneAt = busyUntil + latency;
            inFlight.add(r);
            progress = true;
            for (Component c : blocked) {
                engine.wakeAt(c, now);
            }
            blocked.clear();
        }
        long next = Engine.NEVER;
        if (!inFlight.isEmpty()) {
            next = inFlight.peek().doneAt;
        }
        if (!queue.isEmpty()) {
            next = Math.min(next, Math.max(busyUntil, now + 1));
        }
        if (next != Engine.NEVER) {
            engine.wakeAt(this, next);
        } else if (progress) {
            idleListener.accept(now);
        }
        return progress;
    }

    @Override
    public boolean hasPendingWork() {
        return !queue.isEmpty() || !inFlight.isEmpty();
    }

    @Override
    public StatGroup stats() {
        return stats;
    }

    @Override
    public String describe() {
        return queue.size() + " queued, " + inFlight.size() + " in flight, busy until " + busyUntil;
    }
}
