package gpusim.bench;

import gpusim.config.Config;
import gpusim.gpu.Gpu;
import gpusim.gpu.RunResult;
import gpusim.harness.Simulation;
import gpusim.trace.Trace;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.Map;

/**
 * One trace simulated N times in one JVM, parsed and validated once: the simulating thread's CPU
 * time and the wall time of each run, and the run's cycles and component ticks (the same every
 * time: runs are deterministic). The early runs show the JIT compiling the model; the last ones
 * what the simulation costs once compiled, and the thread's CPU time is less sensitive than the
 * wall clock to other processes on a shared machine. docs/performance.md quotes it as
 * "warm" figures. It reads and validates through the harness ({@link Simulation}); run on
 * demand, never in CI:
 *
 * <pre>java -XX:+UseSerialGC -Xmn16m -XX:PretenureSizeThreshold=1m \
 *     -cp bench/target/benchmarks.jar gpusim.bench.Warm TRACE [RUNS] [KEY=VALUE ...]</pre>
 *
 * RUNS defaults to 5; each KEY=VALUE is a {@code --set} (sim.threads=1 keeps the work on the
 * simulating thread, so that its CPU time is all of it).
 */
public final class Warm {
    private Warm() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 1) {
            System.err.println("usage: gpusim.bench.Warm TRACE [RUNS] [KEY=VALUE ...]");
            System.exit(2);
        }
        Path trace = Path.of(args[0]);
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        Config config = Config.defaults();
        for (int i = 2; i < args.length; i++) {
            config = config.with(args[i]);
        }
        config = config.validate();
        Trace t = Simulation.read(trace, Map.of(), config);
        Simulation.validate(t, config, true);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (int i = 1; i <= runs; i++) {
            long wall0 = System.nanoTime();
            long cpu0 = mx.getCurrentThreadCpuTime();
            RunResult r = new Gpu(t, config).run();
            double cpu = (mx.getCurrentThreadCpuTime() - cpu0) / 1e6;
            double wall = (System.nanoTime() - wall0) / 1e6;
            System.out.printf("run %d: %.0f ms thread CPU, %.0f ms wall, %d cycles, %d component ticks%n", i, cpu, wall,
                    r.cycles(), r.engineTicks());
        }
    }
}
