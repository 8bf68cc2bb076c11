package gpusim.gpu.cp;

import gpusim.api.CommandListType;
import gpusim.gpu.PipelineDrain;
import gpusim.memory.DeviceMemory;
import gpusim.sim.MemoryPort;
import gpusim.gpu.Resources;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import gpusim.trace.TopCommand;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The CPU side of a trace: it walks the top-level submissions in order and hands each
 * {@code execute}, {@code signal} and {@code wait} to its queue's engine at once (the CPU does
 * not wait for the GPU: ExecuteCommandLists, Signal and Wait return immediately). At
 * {@code wait_idle} and {@code dump} it waits until every queue has completed all its work,
 * the pipeline has drained and the memory is quiet, then (with memory.flush_at_host_sync,
 * {@link HostRelease}) until the caches' write-backs have landed, then (for a dump) reads
 * device memory.
 */
public final class Host implements Component {
    private final Engine engine;
    /** The pipeline's drain monitor (wait_idle and dump wait for the pipeline to drain). */
    private final PipelineDrain drain;
    /** The memory's port (they also wait until it has no request pending). */
    private final MemoryPort port;
    /** Device memory, read by a dump. */
    private final DeviceMemory memory;
    private final Resources res;
    private final List<TopCommand> top;
    private final Map<CommandListType, CommandProcessor> queues = new EnumMap<>(CommandListType.class);
    private final List<CommandProcessor.DumpResult> dumps = new ArrayList<>();
    private int index;
    private long waitStart = -1;

    private final StatGroup stats = new StatGroup("host", "the CPU: submissions to the queues, wait_idle and dump");
    private final Stat.Scalar submitted = stats.scalar("submissions", "submissions",
            "execute, signal and wait commands handed to a queue");
    private final Stat.Scalar waits = stats.scalar("cpu_waits", "waits", "wait_idle and dump: waits for every queue");
    private final Stat.Scalar waitCycles = stats.scalar("cpu_wait_cycles", "cycles",
            "cycles the CPU spent waiting for every queue to go idle");

    public Host(Engine engine, PipelineDrain drain, MemoryPort port, DeviceMemory memory, Resources res,
                List<TopCommand> top) {
        this.engine = engine;
        this.drain = drain;
        this.port = port;
        this.memory = memory;
        this.res = res;
        this.top = top;
    }

    /** memory.flush_at_host_sync: the caches' write-backs every wait_idle and dump waits for (null: none). */
    private HostRelease release;

    /** With memory.flush_at_host_sync: the flushes each wait_idle and dump runs before the CPU reads. */
    public void releaseWith(HostRelease r) {
        this.release = r;
    }

    /** The engine that runs {@code type}'s queue. */
    public void addQueue(CommandListType type, CommandProcessor cp) {
        queues.put(type, cp);
    }

    public List<CommandProcessor.DumpResult> dumps() {
        return dumps;
    }

    /** Top-level submissions handled so far. */
    public int submissionsDone() {
        return index;
    }

    @Override
    public String name() {
        return "host";
    }

    @Override
    public StatGroup stats() {
        return stats;
    }

    @Override
    public boolean hasPendingWork() {
        return index < top.size();
    }

    @Override
    public String describe() {
        if (index >= top.size()) {
            return "done";
        }
        TopCommand t = top.get(index);
        return (t instanceof TopCommand.Dump ? "dump" : "wait_idle") + " at line " + t.line()
                + ": waiting for every queue to go idle";
    }

    /** A queue's engine has run out of work: a waiting CPU looks again. */
    void queueIdle(long now) {
        if (waitStart >= 0) {
            engine.wakeAt(this, now);
        }
    }

    @Override
    public boolean tick(long now) {
        boolean progress = false;
        while (index < top.size()) {
            TopCommand t = top.get(index);
            CommandListType q = queueOf(t);
            if (q != null) {
                queues.get(q).submit(t, now);
                submitted.inc();
                index++;
                progress = true;
                continue;
            }
            // wait_idle and dump: the CPU waits for every queue (a fence wait on each), then, with
            // memory.flush_at_host_sync, for the caches' write-backs (the release wakes the CPU
            // next cycle while they go on), then reads.
            if (!allIdle(now) || (release != null && !release.released(this, now))) {
                if (waitStart < 0) {
                    waitStart = now;
                    waits.inc();
                }
                return progress;
            }
            if (waitStart >= 0) {
                waitCycles.add(now - waitStart);
                if (engine.hook() != null && now > waitStart) {
                    engine.hook().span(this, "waiting for the queues", waitStart, now);
                }
                waitStart = -1;
            }
            drain.doneWaiting(this);
            if (t instanceof TopCommand.Dump d) {
                long addr = res.address(d.buffer());
                long[] v = new long[(int) d.count()];
                for (int i = 0; i < v.length; i++) {
                    v[i] = memory.readLong(addr + d.offset() + 8L * i);
                }
                dumps.add(new CommandProcessor.DumpResult(d.buffer().name(), d.offset(), v, d.line()));
            }
            index++;
            progress = true;
        }
        return progress;
    }

    private static CommandListType queueOf(TopCommand t) {
        if (t instanceof TopCommand.Execute e) {
            return e.queue();
        } else if (t instanceof TopCommand.Signal s) {
            return s.queue();
        } else if (t instanceof TopCommand.Wait w) {
            return w.queue();
        }
        return null;
    }

    private boolean allIdle(long now) {
        for (CommandProcessor cp : queues.values()) {
            if (cp.hasPendingWork()) {
                return false; // it calls queueIdle when it runs dry
            }
        }
        if (!drain.pipelineIdle(now) || port.pending() > 0) {
            drain.waitForIdle(this, now);
            return false;
        }
        return true;
    }
}
