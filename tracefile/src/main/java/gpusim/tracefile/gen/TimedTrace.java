package gpusim.tracefile.gen;

import java.math.BigDecimal;
import java.util.List;

/**
 * The one layout every microbenchmark of the calibration set shares (data/calibration/README.md):
 * a TIMESTAMP heap of 2 and its readback buffer {@code tsres}, the targets, one vertex buffer,
 * one pipeline state, then one DIRECT command list that binds them, clears the targets, runs
 * the warm-up work, writes TIMESTAMP 0, runs the measured work, writes TIMESTAMP 1, resolves,
 * and is executed once; dump 0 is always {@code [t0, t1]}. The microbenchmarks differ only in
 * the {@link Parts}; writing them through one method keeps all 106 traces of the set laid out
 * alike, byte for byte.
 *
 * <p>Timestamps are bottom-of-pipe (D3D12 EndQuery(TIMESTAMP), Vulkan vkCmdWriteTimestamp at
 * BOTTOM_OF_PIPE): t1 - t0 covers the measured work's drain, not a pipeline flush, which is why
 * each trace runs its warm-up work first (the first draw after a clear pays the clear and the
 * shader upload on a real driver).
 */
final class TimedTrace {
    private TimedTrace() {
    }

    /**
     * What one microbenchmark puts into the layout.
     *
     * @param renderTarget whether the RGBA8 render target {@code rt} is declared, bound and cleared
     * @param depthFormat the depth-stencil {@code ds}'s format, or null for none
     * @param vertices the {@code v} lines' operands (x y z w [r g b a])
     * @param pipelineOptions the pipeline state's options, or "" for the defaults
     * @param declarations lines after the pipeline state (query heaps and their buffers)
     * @param setup lines after {@code set_pipeline_state} (a stencil reference)
     * @param warmUp the commands before TIMESTAMP 0
     * @param measured the commands between TIMESTAMP 0 and 1
     * @param resolves resolves before the timestamps' own
     * @param dumps buffers dumped after {@code tsres}
     */
    record Parts(int width, int height, int samples, boolean renderTarget, String depthFormat, List<String> vertices,
                 String pipelineOptions, List<String> declarations, List<String> setup, List<String> warmUp,
                 List<String> measured, List<String> resolves, List<String> dumps) {
    }

    static String write(String name, String category, String description, String parameters, Parts p) {
        StringBuilder t = new StringBuilder();
        t.append("gpusim-trace 1\n");
        t.append("# microbench ").append(name).append(" (category ").append(category).append("): ")
                .append(description).append('\n');
        t.append("# parameters: ").append(parameters).append('\n');
        t.append("# timing: dump 0 (buffer tsres) holds [t0, t1], TIMESTAMP 0 and 1 at the bottom of the\n");
        t.append("#   pipe around the measured work; the measurement is t1 - t0 ticks\n");
        t.append("query_heap ts type=TIMESTAMP count=2\n");
        t.append("buffer tsres size=16 state=COPY_DEST\n");
        String size = " width=" + p.width() + " height=" + p.height() + " samples=" + p.samples();
        if (p.renderTarget()) {
            t.append("render_target rt").append(size).append('\n');
        }
        if (p.depthFormat() != null) {
            t.append("depth_stencil ds").append(size).append(" format=").append(p.depthFormat()).append('\n');
        }
        t.append("vertex_buffer vb\n");
        for (String v : p.vertices()) {
            t.append("v ").append(v).append('\n');
        }
        t.append("end\n");
        t.append("pipeline_state p").append(p.pipelineOptions().isEmpty() ? "" : " " + p.pipelineOptions()).append('\n');
        lines(t, p.declarations());
        t.append("command_list cl type=DIRECT\n");
        t.append("set_render_targets");
        if (p.renderTarget()) {
            t.append(" rt=rt");
        }
        if (p.depthFormat() != null) {
            t.append(" ds=ds");
        }
        t.append('\n');
        t.append("set_viewport 0 0 ").append(p.width()).append(' ').append(p.height()).append('\n');
        if (p.renderTarget()) {
            t.append("clear_render_target rt 0 0 0 0\n");
        }
        if (p.depthFormat() != null) {
            t.append("clear_depth_stencil ds depth=1").append(hasStencil(p.depthFormat()) ? " stencil=0" : "").append('\n');
        }
        t.append("set_vertex_buffer vb\n");
        t.append("set_pipeline_state p\n");
        lines(t, p.setup());
        t.append("# warm-up\n");
        lines(t, p.warmUp());
        t.append("end_query ts TIMESTAMP 0\n");
        t.append("# measured\n");
        lines(t, p.measured());
        t.append("end_query ts TIMESTAMP 1\n");
        lines(t, p.resolves());
        t.append("resolve_query_data ts TIMESTAMP 0 2 tsres 0\n");
        t.append("close\n");
        t.append("execute cl\n");
        t.append("dump tsres\n");
        for (String d : p.dumps()) {
            t.append("dump ").append(d).append('\n');
        }
        return t.toString();
    }

    /** Whether a depth-stencil format has a stencil plane (its clear then sets stencil 0 too). */
    static boolean hasStencil(String format) {
        return format.contains("_S8");
    }

    private static void lines(StringBuilder t, List<String> lines) {
        for (String l : lines) {
            t.append(l).append('\n');
        }
    }

    /**
     * A coordinate as the trace text writes it: the shortest decimal that reads back as the same
     * double, without a trailing ".0" (1, -1, 0.5, 0.97900390625). Every coordinate of the set
     * is a dyadic fraction with few digits, so this is its exact value and the model and a real
     * GPU rasterize the same numbers.
     */
    static String num(double d) {
        if (d == 0) {
            return "0";
        }
        return BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }

    /** A vertex at pixel (x, y) of a width x height target (y down), in clip space (w = 1). */
    static String pixel(double x, double y, double z, int width, int height) {
        return vertex(2 * x / width - 1, 1 - 2 * y / height, z, null);
    }

    /** A {@code v} line's operands: position (w = 1) and, when {@code rgba} is not null, a colour. */
    static String vertex(double x, double y, double z, double[] rgba) {
        StringBuilder v = new StringBuilder();
        v.append(num(x)).append(' ').append(num(y)).append(' ').append(num(z)).append(" 1");
        if (rgba != null) {
            for (double c : rgba) {
                v.append(' ').append(num(c));
            }
        }
        return v.toString();
    }
}
