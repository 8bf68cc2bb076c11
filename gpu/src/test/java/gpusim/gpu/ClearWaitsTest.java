package gpusim.gpu;

import static gpusim.gpu.TraceBuilder.dump;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.ComparisonFunc;
import gpusim.api.DepthFormat;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.config.Config;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import org.junit.jupiter.api.Test;

/**
 * {@code cp.clear_waits}: a clear as a pass of its own. The engine waits for the pipe to drain
 * before the clear and after it, so the work after it starts on an idle GPU, as a clear done by
 * a copy or compute engine between barriers does; off, the clear is a marker that the work
 * after it overlaps. Ticks are cycles (1 GHz clock, 1 GHz timestamps).
 */
class ClearWaitsTest {
    static final float[] BIG = BackEndTimingTest.BIG;

    /** Draw; clear the depth surface and the target; TIMESTAMP 0; draw; TIMESTAMP 1; resolved. */
    static Trace afterClears() {
        return trace(true);
    }

    /** The same clears on an idle GPU; TIMESTAMP 0; draw; TIMESTAMP 1. */
    static Trace alone() {
        return trace(false);
    }

    private static Trace trace(boolean drawFirst) {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 64, 64, 1);
        Resource.DepthStencil ds = t.depthStencil("ds", 64, 64, 1, DepthFormat.D32_FLOAT);
        Resource.QueryHeap ts = t.queryHeap("ts", QueryHeapType.TIMESTAMP, 2);
        Resource.Buffer out = t.buffer("out", 16);
        var l = t.list("l").targets(rt, ds)
                .pso(t.pso("p", BackEndTimingTest.noCull().depth(true, true, ComparisonFunc.LESS)))
                .vb(t.vertices("vb", BIG));
        if (drawFirst) {
            l.draw(3);
        }
        l.clearDs(ds, 1f, null).clearRt(rt, 0, 0, 0, 1);
        l.end(ts, QueryType.TIMESTAMP, 0).draw(3).end(ts, QueryType.TIMESTAMP, 1)
                .resolve(ts, QueryType.TIMESTAMP, 0, 2, out, 0);
        return t.execute(l.close()).dump(out).build();
    }

    static RunResult run(Trace t, boolean waits) {
        Config c = TraceBuilder.unitDefaults().with("timestamp.frequency_hz=1000000000").with("gpu.clock_mhz=1000")
                .with("cp.clear_waits=" + (waits ? "on" : "off"));
        return new Gpu(t, c).run();
    }

    static long stat(RunResult r, String name) {
        return r.stats().find(name).value().longValue();
    }

    @Test
    void theDrawAfterAWaitingClearTakesExactlyWhatItTakesOnAnIdleGpu() {
        RunResult idle = run(alone(), true);
        long[] idleTs = dump(idle, 0);
        RunResult on = run(afterClears(), true);
        long[] onTs = dump(on, 0);
        assertEquals(idleTs[1] - idleTs[0], onTs[1] - onTs[0], "the draw starts on an idle pipe");
        // A drain is counted when it has something to wait for: the first draw (before the depth
        // clear), each clear (after it); the colour clear finds the pipe idle before it.
        assertEquals(3, stat(on, "cp.drains"));
        assertEquals(2, stat(idle, "cp.drains"), "the clears on an idle GPU wait only for themselves");
    }

    @Test
    void withoutWaitingTheClearsOverlapTheWorkAroundThem() {
        RunResult off = run(afterClears(), false);
        RunResult on = run(afterClears(), true);
        assertEquals(0, stat(off, "cp.drains"));
        assertTrue(off.cycles() < on.cycles(), off.cycles() + " vs " + on.cycles());
        // The colour clear is still in the colour back ends when TIMESTAMP 0 is taken behind it,
        // and the draw after it has begun in the DBs: its interval is shorter than on an idle GPU.
        long[] offTs = dump(off, 0);
        long[] idleTs = dump(run(alone(), false), 0);
        assertTrue(offTs[1] - offTs[0] < idleTs[1] - idleTs[0], (offTs[1] - offTs[0]) + " vs " + (idleTs[1] - idleTs[0]));
    }
}
