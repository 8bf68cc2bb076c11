package gpusim.harness;

import gpusim.config.Config;
import gpusim.tracefile.TraceReader;

/**
 * What this JVM's heap can hold, against {@code memory.budget}. The budget counts the bytes
 * of a trace's resources as the API defines them; the model holds some of them twice (a
 * vertex buffer as the trace's floats and, once touched, as device-memory bytes) or wider
 * (a D16 depth sample in an int), so a run needs up to {@link #BYTES_PER_BUDGET_BYTE} heap
 * bytes per budget byte, beyond a fixed {@link #RESERVE} for the model, the JIT and the
 * report. A budget larger than that would let a valid trace end in an OutOfMemoryError;
 * the effective budget is the smaller of the two, so such a trace is refused before
 * anything is allocated, with a message that names both settings.
 */
public final class JvmHeap {
    /** Heap bytes kept for the model, the JIT and the report, beyond the trace's resources. */
    public static final long RESERVE = 256L << 20;
    /** Heap bytes a run may need per byte of memory.budget (resources held twice, or wider). */
    public static final long BYTES_PER_BUDGET_BYTE = 2;

    private JvmHeap() {
    }

    /** The heap's limit (-Xmx, or what the JVM chose from the machine). */
    public static long max() {
        return Runtime.getRuntime().maxMemory();
    }

    /** The budget the heap can hold for {@code runs} runs at once. */
    public static long holds(int runs) {
        return Math.max(1L << 20, (max() - RESERVE) / BYTES_PER_BUDGET_BYTE / Math.max(1, runs));
    }

    /** The budget a run uses: memory.budget, or less where the heap cannot hold that much. */
    public static long budget(Config config, int runs) {
        return Math.min(config.get(TraceReader.MEMORY_BUDGET), holds(runs));
    }

    /** What to say when the heap limits the budget. */
    public static String limitNote(Config config, int runs) {
        return "; memory.budget (" + config.get(TraceReader.MEMORY_BUDGET) + " bytes) is limited to " + holds(runs)
                + " bytes by this JVM's heap of " + (max() >> 20) + " MiB"
                + (runs > 1 ? " shared by " + runs + " runs at once" : "")
                + ": give it more heap (GPUSIM_JAVA_OPTS=-Xmx<size> ./gpusim ...)";
    }

    /** The one line printed for an OutOfMemoryError (exit status 1), naming the settings to change. */
    public static String outOfMemory(Config config) {
        return "gpusim: out of memory: this run needs more than the Java heap of " + (max() >> 20) + " MiB. "
                + "Give the JVM more heap (GPUSIM_JAVA_OPTS=-Xmx<size> ./gpusim ...), or lower memory.budget (now "
                + config.get(TraceReader.MEMORY_BUDGET) + " bytes) so that traces this large are refused before "
                + "they run";
    }
}
