package gpusim.bench;

import gpusim.config.Config;
import gpusim.trace.Trace;
import gpusim.tracefile.TraceReader;
import gpusim.tracefile.TraceValidator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * Parse + validate of a trace file (default: the 5 MB speed-reference trace beside the
 * checkout). Average time per trace.
 *
 * <pre>java -jar bench/target/benchmarks.jar TraceParse -p trace=../shared/bench/stress-2k.trace</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class TraceParseBenchmark {
    @Param({"../shared/bench/stress-2k.trace"})
    public String trace;

    private Path file;

    @Setup
    public void setup() throws IOException {
        file = Path.of(trace);
        if (!Files.isReadable(file)) {
            throw new IOException("trace not found: " + file.toAbsolutePath());
        }
    }

    @Benchmark
    public Trace parseAndValidate() {
        Trace t = TraceReader.read(file, trace, 2L << 30);
        TraceValidator.validate(t, true, TraceValidator.Machine.of(Config.defaults()));
        return t;
    }
}
