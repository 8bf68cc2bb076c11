package gpusim.config;

/**
 * The simulator's own keys ({@code sim.*}): how it runs, not the machine it models; read by the
 * trace validator, the pipeline, the harness and the studies alike.
 */
public final class SimKeys {
    private SimKeys() {
    }

    /** How a run takes time ({@code sim.mode}). */
    public enum Mode {
        /** Every stage, queue and memory access takes its modelled time. */
        TIMING,
        /** Results only: each takes one step. */
        FUNCTIONAL
    }

    /** The depth blocks' tile kernels ({@code sim.kernels}). */
    public enum Kernels {
        /** A fast kernel where the state allows one. */
        FAST,
        /** The plain reference kernel everywhere. */
        REFERENCE
    }

    public static final ConfigKey DEADLOCK_CYCLES = ConfigKey.range("sim.deadlock_cycles", 1_000_000, 1,
            Long.MAX_VALUE / 4, "cycles", "cycles in which no component changes state (a poll reading the same value is no change) while "
                    + "work is pending and none is part-way through timed work, that count as a deadlock");
    public static final ConfigKey MAX_VERTICES = ConfigKey.range("sim.max_vertices", 1L << 31, 1, 1L << 62,
            "vertices", "input-assembly work one run may do: vertices fetched (a draw's count x instances) over every "
                    + "draw of every executed command list, predicated ones included; checked before running "
                    + "(WORK_LIMIT_EXCEEDED)");
    public static final ConfigKey MAX_SAMPLES = ConfigKey.range("sim.max_samples", 1L << 38, 1, 1L << 62,
            "samples", "depth-block work one run may do: sample positions the DBs scan (their scan_samples, all "
                    + "DBs together); checked while running, the run stops at the draw that passes it "
                    + "(WORK_LIMIT_EXCEEDED)");
    public static final ChoiceKey<Mode> SIM_MODE = ConfigKey.choice("sim.mode", Mode.TIMING,
            "timing: every stage, queue and memory access takes its modelled time; functional: results only, "
                    + "fast: each takes one step, and the report's cycles, per-draw cycles and every statistic in "
                    + "cycles are 0 and query latencies -1 (timestamps count steps)");
    public static final ChoiceKey<Kernels> SIM_KERNELS = ConfigKey.choice("sim.kernels", Kernels.FAST,
            "the depth blocks' tile kernels: fast = a fast kernel where the state allows one (one sample and depth "
                    + "only; a provably passing fill), reference = the plain reference kernel everywhere (slower); "
                    + "never changes results, cycles or statistics");
    public static final ConfigKey SIM_THREADS = ConfigKey.range("sim.threads", 0, 0, 256, "threads",
            "host threads for the depth blocks' functional work (0: one per core, up to db.count; 1: none); "
                    + "never changes results or cycles");
    public static final ConfigKey SIM_THREADS_AFTER = ConfigKey.range("sim.threads_after_ms", 1000, 0, 3_600_000,
            "ms", "host time a run works on one thread before it starts its worker threads (a short run is over "
                    + "before they pay off)");

    /** Listed after the machine's keys. */
    public static final KeyGroup KEYS = KeyGroup.of(900, "simulator", DEADLOCK_CYCLES, MAX_VERTICES, MAX_SAMPLES,
            SIM_MODE, SIM_KERNELS, SIM_THREADS, SIM_THREADS_AFTER);
}
