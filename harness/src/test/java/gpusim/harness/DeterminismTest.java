package gpusim.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import gpusim.config.Config;
import gpusim.gpu.RunResult;
import gpusim.trace.Trace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Runs are deterministic bit for bit (GUIDE): every conformance case, read, validated and run
 * as {@code gpusim run --json} does, gives the same whole JSON report (dumps, queries,
 * per-draw cycles, configuration, every statistic) byte for byte when run again, and when
 * the depth blocks' functional work runs on worker threads from the first cycle instead of
 * on one thread. The report's config block echoes sim.threads and sim.threads_after_ms, the
 * only two values allowed to differ between the one-thread and the threaded run. The threaded
 * run's dumps are also the reference renderer's.
 */
class DeterminismTest {
    static String json(String name, Config config, RunResult r) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        JsonReport.write(out, name + ".trace", config, r);
        return out.toString(StandardCharsets.UTF_8);
    }

    static RunResult run(String name, Config config) throws IOException {
        Trace t = Simulation.parse(name + ".trace", ConformanceTest.resource(name + ".trace"), Map.of(), config, 1);
        Simulation.validate(t, config, true);
        return Simulation.simulate(t, config);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("gpusim.harness.ConformanceTest#conformanceCases")
    void sameReportTwiceAndWithWorkerThreads(String name) throws IOException {
        Config one = Config.defaults().with("sim.threads=1");
        Config threads = Config.defaults().with("sim.threads=3").with("sim.threads_after_ms=0");
        String first = json(name, one, run(name, one));
        assertEquals(first, json(name, one, run(name, one)), name + ": a second run's JSON report");
        RunResult t = run(name, threads);
        ConformanceTest.assertDumps(name, t);
        String threaded = json(name, threads, t);
        assertNotEquals(first, threaded, "the config blocks echo different sim.threads");
        assertEquals(TraceContract.withoutThreadKeys(first), TraceContract.withoutThreadKeys(threaded),
                name + ": the JSON report with worker threads");
    }
}
