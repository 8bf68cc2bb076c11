package gpusim.gpu;

import gpusim.api.ComparisonFunc;
import gpusim.api.CullMode;
import gpusim.api.DepthFormat;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.trace.Resource;
import java.util.Arrays;

/**
 * The rig of the ROP hazard and depth-test tests: a 64x64 target and D32 depth buffer (64 tiles of
 * 8x8 at 1 sample), depth cleared to 1, one pipeline state testing {@code func} with depth writes,
 * and a command list the test fills with draws and TIMESTAMP 0 and 1; run on one ROP unit writing
 * colour at 1 sample a cycle, HiZ at 1 tile a cycle, with a 1 GHz clock and 1 GHz timestamps, so that
 * {@link #interval} is in cycles.
 */
final class OneRopTimedTrace {
    private static final String[] MACHINE = {"backend.kind=rops", "rop.partitions=1", "shader.engines=1",
        "rop.color_samples_per_clock=1", "hiz.tiles_per_clock=1", "gpu.clock_mhz=1000",
        "timestamp.frequency_hz=1000000000"};

    private final TraceBuilder t = new TraceBuilder();
    private final Resource.QueryHeap ts;
    private final Resource.Buffer out;
    /** The command list, after the depth clear: the test adds its draws and timestamps. */
    final TraceBuilder.ListBuilder list;

    OneRopTimedTrace(int samples, float[] vertices, ComparisonFunc func) {
        this(samples, vertices, DepthFormat.D32_FLOAT, new TraceBuilder.Pso().depth(true, true, func));
    }

    /**
     * The rig with a depth buffer of {@code format} (stencil, where it has one, cleared to 0) and
     * pipeline state {@code pso} (its culling turned off).
     */
    OneRopTimedTrace(int samples, float[] vertices, DepthFormat format, TraceBuilder.Pso pso) {
        Resource.RenderTarget rt = t.renderTarget("rt", 64, 64, samples);
        Resource.DepthStencil ds = t.depthStencil("ds", 64, 64, samples, format);
        ts = t.queryHeap("ts", QueryHeapType.TIMESTAMP, 2);
        out = t.buffer("out", 16);
        pso.cull(CullMode.NONE);
        list = t.list("l").targets(rt, ds).pso(t.pso("p", pso)).vb(t.vertices("vb", vertices))
                .clearDs(ds, 1f, format.hasStencil() ? 0 : null);
    }

    /** A heap of {@code count} occlusion queries the test may begin and end in the list. */
    Resource.QueryHeap occlusionHeap(int count) {
        return t.queryHeap("oq", QueryHeapType.OCCLUSION, count);
    }

    /** Adds TIMESTAMP {@code i} (0 or 1) to the list. */
    OneRopTimedTrace timestamp(int i) {
        list.end(ts, QueryType.TIMESTAMP, i);
        return this;
    }

    /** Resolves the timestamps, runs the trace with the rig's machine and {@code config} besides. */
    RunResult run(String... config) {
        list.resolve(ts, QueryType.TIMESTAMP, 0, 2, out, 0);
        t.execute(list.close()).dump(out);
        String[] all = Arrays.copyOf(MACHINE, MACHINE.length + config.length);
        System.arraycopy(config, 0, all, MACHINE.length, config.length);
        return TraceBuilder.run(t.build(), all);
    }

    /** TIMESTAMP 1 - TIMESTAMP 0 of a run, in cycles. */
    static long interval(RunResult r) {
        long[] w = TraceBuilder.dump(r, 0);
        return w[1] - w[0];
    }
}
