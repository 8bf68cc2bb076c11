package gpusim.tracefile.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Depth-only rendering: {@code layers} full-target quads back to front (all pass LESS) with
 * colour and depth written, with {@code color_write=0} and the render target still bound, with
 * no render target bound, or as an occlusion pass (no colour, no depth write, inside one
 * BINARY_OCCLUSION query: a visibility probe). A GPU may run depth-only work at a higher rate
 * when no colour is written, and whether it also needs the target unbound differs between
 * GPUs and drivers; timing all four on the same layers separates the cases.
 */
public record DepthOnlyBench(int width, int height, int samples, Mode mode, int layers) implements Microbench {
    /** What is written besides the depth test. */
    public enum Mode {
        COLOR("colour and depth written", ""),
        NOCOLOR("color_write=0, render target bound, depth written", "color_write=0"),
        NORT("no render target bound, depth written", ""),
        QUERYPASS("color_write=0, depth_write=off, inside a BINARY_OCCLUSION query (occlusion pass)",
                "color_write=0 depth_write=off");

        final String description;
        final String pipeline;

        Mode(String description, String pipeline) {
            this.description = description;
            this.pipeline = pipeline;
        }

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public DepthOnlyBench {
        Microbench.checkTarget(width, height, samples);
        Quads.checkLayers(layers);
    }

    @Override
    public String category() {
        return "depthonly";
    }

    @Override
    public String name() {
        return Microbench.prefix(category(), mode.label(), samples) + "-" + width + "x" + height + "-k" + layers;
    }

    @Override
    public String parameters() {
        return Microbench.target(width, height, samples) + " mode=" + mode.label() + " layers=" + layers;
    }

    @Override
    public String description() {
        return layers + " full-target layers back to front: " + mode.description;
    }

    /** The occlusion pass's one query: the warm-up writes no depth, so every layer passes. */
    @Override
    public List<Long> expectedQueryResults() {
        return mode == Mode.QUERYPASS ? List.of(1L) : List.of();
    }

    @Override
    public String trace() {
        boolean query = mode == Mode.QUERYPASS;
        List<String> measured = new ArrayList<>();
        if (query) {
            measured.add("begin_query qh BINARY_OCCLUSION 0");
        }
        measured.addAll(Quads.layers(layers));
        if (query) {
            measured.add("end_query qh BINARY_OCCLUSION 0");
        }
        return TimedTrace.write(name(), category(), description(), parameters(), new TimedTrace.Parts(width, height,
                samples, mode != Mode.NORT, "D32_FLOAT", Quads.layered(LayerOrder.B2F, layers), mode.pipeline,
                query ? List.of("query_heap qh type=OCCLUSION count=1", "buffer qres size=8 state=COPY_DEST")
                        : List.of(), List.of(), Quads.warmUp(), measured,
                query ? List.of("resolve_query_data qh BINARY_OCCLUSION 0 1 qres 0") : List.of(),
                query ? List.of("qres") : List.of()));
    }
}
