package gpusim.harness;

import gpusim.config.Config;
import gpusim.gpu.Gpu;
import gpusim.gpu.RunResult;
import gpusim.sim.WorkLimitException;
import gpusim.trace.Trace;
import gpusim.tracefile.Rule;
import gpusim.tracefile.TraceException;
import gpusim.tracefile.TraceReader;
import gpusim.tracefile.TraceValidator;
import gpusim.tracefile.TraceWarning;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Loading a trace and running it on the modelled GPU, the steps {@code run} and
 * {@code sweep} share: read (with trace parameter values and the configuration's memory
 * budget), validate (for the configuration's DB count), simulate. Each step is its own
 * method because {@code run} times them separately.
 */
public final class Simulation {
    /** The trace {@code run} uses when none is named (a resource of the jar). */
    public static final String BUNDLED = "examples/predication-queries.trace";

    private Simulation() {
    }

    /**
     * Reads {@code trace} (null: the bundled example), streaming it.
     *
     * @throws TraceException for a trace that breaks a rule, or cannot be read
     */
    public static Trace read(Path trace, Map<String, String> params, Config config) throws IOException {
        return read(trace, params, config, 1);
    }

    /**
     * As {@link #read(Path, Map, Config)} for one of {@code runs} runs that share this JVM's heap:
     * the budget is memory.budget, or what the heap can hold if that is less ({@link JvmHeap}).
     */
    public static Trace read(Path trace, Map<String, String> params, Config config, int runs) throws IOException {
        long budget = JvmHeap.budget(config, runs);
        try {
            if (trace == null) {
                return TraceReader.parse(BUNDLED, bundledText(), budget, params);
            }
            return TraceReader.read(trace, trace.toString(), budget, params);
        } catch (TraceException e) {
            throw heapNote(e, config, runs);
        }
    }

    /** Parses trace text already in memory ({@code name} is how errors name it). */
    public static Trace parse(String name, String text, Map<String, String> params, Config config, int runs) {
        try {
            return TraceReader.parse(name, text, JvmHeap.budget(config, runs), params);
        } catch (TraceException e) {
            throw heapNote(e, config, runs);
        }
    }

    /** A budget refusal says so when the heap, not memory.budget, set the limit. */
    private static TraceException heapNote(TraceException e, Config config, int runs) {
        if (e.rule() == Rule.MEMORY_BUDGET_EXCEEDED && JvmHeap.budget(config, runs) < config.get(TraceReader.MEMORY_BUDGET)) {
            return new TraceException(e.file(), e.line(), e.rule(), e.explanation() + JvmHeap.limitNote(config, runs));
        }
        return e;
    }

    /** A run stopped by sim.max_samples, as the trace error it is. */
    public static TraceException workLimit(String file, WorkLimitException e) {
        return new TraceException(file, e.line(), Rule.WORK_LIMIT_EXCEEDED, e.getMessage());
    }

    /**
     * The Direct3D 12 rules that need the whole trace, for this configuration's DB count.
     *
     * @return the warnings (they do not stop a run)
     * @throws TraceException for the first rule broken
     */
    public static List<TraceWarning> validate(Trace trace, Config config, boolean debugLayer) {
        // features.copy_queue_timestamps: CheckFeatureSupport(OPTIONS3).CopyQueueTimestampQueriesSupported.
        return TraceValidator.validate(trace, debugLayer, TraceValidator.Machine.of(config));
    }

    /** Runs a validated trace to completion (without a hook, overdraw recording or progress). */
    public static RunResult simulate(Trace trace, Config config) {
        return new Gpu(trace, config).run();
    }

    /** A warning as the command line prints it. */
    public static String format(TraceWarning w) {
        return w.file() + ":" + w.line() + ": warning: " + w.rule().name() + ": " + w.explanation();
    }

    /** The text of the bundled example trace ({@link #BUNDLED}), a resource of this module. */
    public static String bundledText() throws IOException {
        try (InputStream in = Simulation.class.getClassLoader().getResourceAsStream(BUNDLED)) {
            if (in == null) {
                throw new IOException("bundled example missing from the jar: " + BUNDLED);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
