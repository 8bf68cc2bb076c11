package gpusim.bench;

import gpusim.config.Config;
import gpusim.gpu.Gpu;
import gpusim.gpu.RunResult;
import gpusim.trace.Trace;
import gpusim.tracefile.TraceReader;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Whole simulations of a fill-bound frame (overlapping full-screen quads with an occlusion
 * query each, cheap pixel shading, depth test LESS_EQUAL): reports simulated GPU cycles per
 * host second ("cycles") and runs per second. One core (sim.threads=1).
 *
 * <pre>java -jar bench/target/benchmarks.jar GpuRun</pre>
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
// The launcher's GC, and huge pages as it had them until 2026-12-04 (docs/performance.md), so that
// these figures stay comparable with the earlier ones.
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseSerialGC", "-XX:+UseTransparentHugePages"})
@State(Scope.Thread)
public class GpuRunBenchmark {
    @Param({"1", "4"})
    public int samples;

    private Trace trace;
    private Config config;

    /** Simulated cycles, reported per second. */
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    @State(Scope.Thread)
    public static class Counters {
        public long cycles;

        @Setup(Level.Iteration)
        public void reset() {
            cycles = 0;
        }
    }

    @Setup
    public void setup() {
        StringBuilder sb = new StringBuilder();
        sb.append("gpusim-trace 1\n");
        sb.append("render_target rt width=512 height=512 samples=").append(samples).append('\n');
        sb.append("depth_stencil ds width=512 height=512 samples=").append(samples).append('\n');
        sb.append("query_heap q type=OCCLUSION count=16\nbuffer b size=128 state=COPY_DEST\n");
        sb.append("pipeline_state p cull=NONE depth_func=LESS_EQUAL ps_cycles=1\nvertex_buffer vb\n");
        for (int i = 0; i < 16; i++) {
            double z = 1.0 - i / 32.0; // each quad nearer than the last: every sample passes
            sb.append("v -1 -1 ").append(z).append(" 1\nv -1 1 ").append(z).append(" 1\nv 1 1 ").append(z)
                    .append(" 1\nv -1 -1 ").append(z).append(" 1\nv 1 1 ").append(z).append(" 1\nv 1 -1 ")
                    .append(z).append(" 1\n");
        }
        sb.append("end\ncommand_list cl type=DIRECT\nset_render_targets rt=rt ds=ds\nset_pipeline_state p\n");
        sb.append("clear_depth_stencil ds depth=1\nset_vertex_buffer vb\n");
        for (int i = 0; i < 16; i++) {
            sb.append("begin_query q OCCLUSION ").append(i).append("\ndraw 6 start=").append(i * 6)
                    .append("\nend_query q OCCLUSION ").append(i).append('\n');
        }
        sb.append("resolve_query_data q OCCLUSION 0 16 b 0\nclose\nexecute cl\ndump b\n");
        trace = TraceReader.parse("fill.trace", sb.toString(), 1L << 30);
        config = Config.defaults().with("sim.threads=1");
    }

    @Benchmark
    public long simulateFillBoundFrame(Counters counters) {
        RunResult r = new Gpu(trace, config).run();
        counters.cycles += r.cycles();
        return r.cycles();
    }
}
