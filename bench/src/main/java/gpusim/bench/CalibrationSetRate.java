package gpusim.bench;

import gpusim.calibration.CalibrationSet;
import gpusim.calibration.Correlation;
import gpusim.calibration.Correlator;
import gpusim.config.Config;
import gpusim.config.Preset;
import gpusim.config.SimKeys;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * Calibration-set evaluations per minute: what {@code gpusim calibrate} does once
 * per candidate point, the whole set through one {@link Correlator} in one warm JVM, timed
 * evaluation by evaluation. The first evaluation is a cold one (parse, validation and the JIT
 * compiling the model: what {@code gpusim correlate} pays); the rest reuse the parsed traces
 * as a fit does. Each line gives the wall time, the process's CPU time and the objective (the
 * mean |log error|, the same every time: the runs are deterministic); the last, the median
 * of the warm evaluations as evaluations per minute. Run on demand, never in CI:
 *
 * <pre>java -XX:+UseSerialGC -Xmn16m -XX:PretenureSizeThreshold=1m \
 *     -cp bench/target/benchmarks.jar gpusim.bench.CalibrationSetRate [EVALUATIONS] [THREADS] [PRESET] [DIR] [MEASURED]</pre>
 *
 * Defaults: 4 evaluations, the number of cores, preset h200, data/calibration/traces and
 * data/replay/h200/transfer/calibration.jsonl (the H200's replay).
 */
public final class CalibrationSetRate {
    private CalibrationSetRate() {
    }

    public static void main(String[] args) throws Exception {
        int evaluations = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        int threads = args.length > 1 ? Integer.parseInt(args[1]) : Runtime.getRuntime().availableProcessors();
        String preset = args.length > 2 ? args[2] : "h200";
        Path dir = Path.of(args.length > 3 ? args[3] : "data/calibration/traces");
        Path measured = Path.of(args.length > 4 ? args[4] : "data/replay/h200/transfer/calibration.jsonl");
        Config config = Preset.resolve(preset).config();
        CalibrationSet set = CalibrationSet.load(dir, measured);
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        System.out.printf("%d traces of %s, preset %s, %d threads, %d cores%n", set.cases().size(), dir, preset,
                threads, Runtime.getRuntime().availableProcessors());
        double[] warm = new double[Math.max(0, evaluations - 1)];
        try (Correlator correlator = new Correlator(threads)) {
            for (int e = 0; e < evaluations; e++) {
                long wall0 = System.nanoTime();
                long cpu0 = os.getProcessCpuTime();
                List<Correlator.Prediction> p = correlator.predict(set.cases(), config.with(SimKeys.SIM_THREADS, 1), null);
                double wall = (System.nanoTime() - wall0) / 1e9;
                double cpu = (os.getProcessCpuTime() - cpu0) / 1e9;
                System.out.printf("evaluation %d (%s): %.2f s wall, %.2f s CPU, objective %.6f%n", e + 1,
                        e == 0 ? "cold" : "warm", wall, cpu, Correlation.objective(p));
                if (e > 0) {
                    warm[e - 1] = wall;
                }
            }
        }
        if (warm.length > 0) {
            Arrays.sort(warm);
            double median = warm.length % 2 == 1 ? warm[warm.length / 2]
                    : (warm[warm.length / 2 - 1] + warm[warm.length / 2]) / 2;
            System.out.printf("warm median %.2f s: %.1f calibration-set evaluations per minute%n", median, 60 / median);
        }
    }
}
