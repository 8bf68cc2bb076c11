package gpusim.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * {@link GpuRunBenchmark}'s frame, timed by the simulating thread's CPU time instead of the
 * wall clock: simulated cycles per CPU second. On a shared machine the wall-clock figure
 * falls with every other process that wants the cores; this one counts only the time the
 * simulation ran (it still feels shared caches and a busy sibling hyperthread). The same
 * trace, configuration and JVM flags as the JMH benchmark; warm-up rounds first.
 *
 * <pre>java -XX:+UseSerialGC -XX:+UseTransparentHugePages -cp bench/target/benchmarks.jar \
 *     gpusim.bench.GpuRunCpuTime [SAMPLES] [SECONDS_PER_ROUND] [ROUNDS]</pre>
 */
public final class GpuRunCpuTime {
    private GpuRunCpuTime() {
    }

    public static void main(String[] args) {
        int samples = args.length > 0 ? Integer.parseInt(args[0]) : 1;
        double seconds = args.length > 1 ? Double.parseDouble(args[1]) : 2;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        GpuRunBenchmark b = new GpuRunBenchmark();
        b.samples = samples;
        b.setup();
        GpuRunBenchmark.Counters counters = new GpuRunBenchmark.Counters();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        // Three warm-up rounds, as the JMH benchmark's warm-up iterations.
        for (int round = -3; round < rounds; round++) {
            counters.reset();
            long wall0 = System.nanoTime();
            long cpu0 = mx.getCurrentThreadCpuTime();
            int runs = 0;
            while (System.nanoTime() - wall0 < seconds * 1e9) {
                b.simulateFillBoundFrame(counters);
                runs++;
            }
            double cpu = (mx.getCurrentThreadCpuTime() - cpu0) / 1e9;
            double wall = (System.nanoTime() - wall0) / 1e9;
            System.out.printf("%s %d: %d runs, %.2f M cycles per CPU second, %.2f M per wall second%n",
                    round < 0 ? "warm-up" : "round", round < 0 ? round + 4 : round + 1, runs,
                    counters.cycles / cpu / 1e6, counters.cycles / wall / 1e6);
        }
    }
}
