package gpusim.gpu;

import static gpusim.gpu.TraceBuilder.dump;
import static gpusim.gpu.TraceBuilder.fullScreen;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.CommandListType;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.config.Config;
import gpusim.gpu.cp.FenceTable;
import gpusim.sim.DeadlockException;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Queues running concurrently, fences between them, and the queue-specific queries. */
class QueuesTest {
    /** Timestamp ticks equal to cycles, so timestamps read as cycle numbers. */
    static final String TICKS_ARE_CYCLES = "timestamp.frequency_hz=1000000000";

    static Gpu gpu(Trace t, String... cfg) {
        Config c = Config.defaults();
        for (String kv : cfg) {
            c = c.with(kv);
        }
        return new Gpu(t, c);
    }

    @Test
    void probe() {
        TraceBuilder t = new TraceBuilder();
        Resource.QueryHeap cq = t.queryHeap("cq", QueryHeapType.COPY_QUEUE_TIMESTAMP, 3);
        Resource.Buffer src = t.buffer("src", 1 << 16);
        Resource.Buffer dst = t.buffer("dst", 1 << 16);
        Resource.Buffer out = t.buffer("out", 24);
        CommandList c = t.list("c", CommandListType.COPY).end(cq, QueryType.TIMESTAMP, 0)
                .copy(dst, 0, src, 0, 8192).end(cq, QueryType.TIMESTAMP, 1)
                .copy(dst, 0, src, 0, 16384).end(cq, QueryType.TIMESTAMP, 2)
                .resolve(cq, QueryType.TIMESTAMP, 0, 3, out, 0).close();
        t.execute(CommandListType.COPY, c).dump(out);
        RunResult r = gpu(t.build(), TICKS_ARE_CYCLES).run();
        System.out.println("COPYTS " + java.util.Arrays.toString(dump(r, 0)) + " cycles " + r.cycles());
    }
}
