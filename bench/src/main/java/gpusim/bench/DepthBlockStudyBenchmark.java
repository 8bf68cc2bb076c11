package gpusim.bench;

import gpusim.config.Config;
import gpusim.harness.Simulation;
import gpusim.trace.Trace;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * A study of one's own through the harness API, the way a user outside this project would
 * write one: the counter-stride trace (docs/stride-study.md) at two depth-block counts, each
 * configuration's simulated cycles printed once and JMH timing what a run of it costs on the
 * host. {@link Simulation} reads the trace (with its parameters and the configuration's memory
 * budget), validates it for the configuration and runs it; nothing of the command line is
 * involved. From the repository's root:
 *
 * <pre>java -jar bench/target/benchmarks.jar DepthBlockStudy</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-XX:+UseSerialGC"})
@State(Scope.Thread)
public class DepthBlockStudyBenchmark {
    /** The machine's depth blocks (db.count). */
    @Param({"2", "8"})
    public int dbCount;

    /** The trace, relative to the directory the benchmark runs in. */
    @Param({"examples/occlusion-study.trace"})
    public String trace;

    /** The counter stride in bytes (the trace's parameter STRIDE). */
    @Param({"256"})
    public String stride;

    private Config config;
    private Trace parsed;

    @Setup
    public void setup() throws IOException {
        config = Config.defaults().with("sim.threads=1").with("db.count=" + dbCount).validate();
        parsed = Simulation.read(Path.of(trace), Map.of("STRIDE", stride), config);
        Simulation.validate(parsed, config, true);
        System.out.printf("db.count=%d STRIDE=%s: %,d cycles%n", dbCount, stride,
                Simulation.simulate(parsed, config).cycles());
    }

    /** One whole run of the parsed, validated trace. */
    @Benchmark
    public long run() {
        return Simulation.simulate(parsed, config).cycles();
    }
}
