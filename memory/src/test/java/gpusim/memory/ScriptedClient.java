package gpusim.memory;

import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.MemoryPort;
import gpusim.sim.MemoryRequest;
import gpusim.sim.StatGroup;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;

/**
 * A test client of a {@link MemoryPort}: issues the requests a script gives for each cycle,
 * in order, stopping at the first refused one and retrying it when woken (so issue order is
 * script order). Records what was issued, when, and what completed.
 */
public final class ScriptedClient implements Component, MemoryRequest.Client {
    final Engine engine;
    /** The port it issues to; set once the rig is built. */
    public MemoryPort port;
    final LongFunction<List<MemoryRequest>> script;
    final long lastScriptCycle;
    final ArrayDeque<MemoryRequest> toIssue = new ArrayDeque<>();
    public final List<MemoryRequest> issued = new ArrayList<>();
    public final List<Long> issueCycles = new ArrayList<>();
    /** Requests told complete to this client (those whose client it is), in order, and the cycles. */
    public final List<MemoryRequest> done = new ArrayList<>();
    public final List<Long> doneCycles = new ArrayList<>();

    public ScriptedClient(Engine engine, long lastScriptCycle, LongFunction<List<MemoryRequest>> script) {
        this.engine = engine;
        this.script = script;
        this.lastScriptCycle = lastScriptCycle;
    }

    @Override
    public String name() {
        return "client";
    }

    @Override
    public boolean tick(long now) {
        if (now <= lastScriptCycle) {
            toIssue.addAll(script.apply(now));
            if (now < lastScriptCycle) {
                engine.wakeAt(this, now + 1);
            }
        }
        boolean progress = false;
        while (!toIssue.isEmpty() && port.request(toIssue.peek(), this, now)) {
            issued.add(toIssue.poll());
            issueCycles.add(now);
            progress = true;
        }
        return progress;
    }

    @Override
    public boolean hasPendingWork() {
        return !toIssue.isEmpty();
    }

    @Override
    public StatGroup stats() {
        return new StatGroup("client", "");
    }

    @Override
    public void memoryDone(MemoryRequest request, long now) {
        done.add(request);
        doneCycles.add(now);
    }

    /** {@code n} test bytes counting up from {@code first}. */
    public static byte[] bytes(int n, int first) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (first + i);
        }
        return b;
    }

    /** Cycles from admission to completion of each issued request, in issue order. */
    public List<Long> latencies() {
        return issued.stream().map(r -> r.doneAt() - r.issuedAt()).toList();
    }
}
