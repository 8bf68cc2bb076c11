package gpusim.tracefile;

import gpusim.config.Config;
import gpusim.config.SimKeys;
import gpusim.trace.Trace;
import java.util.List;

/**
 * Small traces for the tests. A bad trace marks the line its error must be reported at
 * with the comment {@code # <-} (a comment, so the trace itself is unchanged).
 */
final class TestTraces {
    private TestTraces() {
    }

    static final long BUDGET = 2L << 30;
    static final String MARK = "# <-";

    /** Resources most cases use. */
    static final String PRELUDE = String.join("\n",
            "gpusim-trace 1",
            "render_target rt width=64 height=32",
            "render_target rt4 width=64 height=32 samples=4",
            "depth_stencil ds width=64 height=32",
            "query_heap qh type=OCCLUSION count=4",
            "query_heap ts type=TIMESTAMP count=4",
            "buffer res size=64",
            "vertex_buffer vb",
            "v 0 0 0 1",
            "v 1 0 0 1",
            "v 0 1 0 1",
            "end",
            "index_buffer ib format=R16_UINT",
            "i 0 1 2",
            "end",
            "pipeline_state pso",
            "");

    /** The prelude, then {@code extraTop} lines, then a DIRECT list cl with the usual bindings and {@code body}, executed. */
    static String direct(String extraTop, String... body) {
        return list("DIRECT", extraTop, body);
    }

    static String list(String type, String extraTop, String... body) {
        StringBuilder sb = new StringBuilder(PRELUDE);
        if (!extraTop.isEmpty()) {
            sb.append(extraTop).append('\n');
        }
        sb.append("command_list cl type=").append(type).append('\n');
        if (type.equals("DIRECT")) {
            sb.append("set_render_targets rt=rt ds=ds\nset_pipeline_state pso\nset_vertex_buffer vb\nset_index_buffer ib\n");
        }
        for (String b : body) {
            sb.append(b).append('\n');
        }
        sb.append("close\nexecute cl\n");
        return sb.toString();
    }

    /** The line holding {@link #MARK}. */
    static int markedLine(String text) {
        List<String> lines = text.lines().toList();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(MARK)) {
                return i + 1;
            }
        }
        throw new IllegalArgumentException("no marked line in:\n" + text);
    }

    static Trace parse(String text) {
        return TraceReader.parse("t.trace", text, BUDGET);
    }

    /** Parses and validates; returns the warnings. */
    static List<TraceWarning> check(String text, boolean debugLayer) {
        return TraceValidator.validate(parse(text), debugLayer, TraceValidator.Machine.of(Config.defaults()));
    }

    /** As {@link #check(String, boolean)} on a device with or without copy queue timestamp support. */
    static List<TraceWarning> check(String text, boolean debugLayer, boolean copyQueueTimestamps) {
        return TraceValidator.validate(parse(text), debugLayer, new TraceValidator.Machine(4, copyQueueTimestamps, SimKeys.MAX_VERTICES.defaultValue()));
    }

    /** As {@link #check(String, boolean, boolean)}, on a back end with or without per-unit occlusion counters. */
    static List<TraceWarning> check(String text, boolean debugLayer, boolean copyQueueTimestamps,
                                    boolean perUnitCounters) {
        return TraceValidator.validate(parse(text), debugLayer, new TraceValidator.Machine(4, copyQueueTimestamps,
                SimKeys.MAX_VERTICES.defaultValue(), perUnitCounters));
    }
}
