package gpusim.tracefile.gen;

import java.util.List;
import java.util.Locale;

/**
 * Stencil: {@code layers} full-target quads back to front on a format with a stencil plane
 * (cleared to 0), with the stencil test off, writing (ALWAYS, INCR_SAT: every fragment reads and
 * writes its stencil), passing (EQUAL 0, nothing written) or failing (EQUAL 1: every fragment is
 * rejected by the stencil test, after the depth test would have passed it).
 */
public record StencilBench(int width, int height, int samples, DepthFormat format, Mode mode, int layers)
        implements Microbench {
    /** What the stencil test does. */
    public enum Mode {
        OFF("stencil off", "stencil=off", List.of()),
        WRITE("stencil test ALWAYS, INCR_SAT written by every fragment",
                "stencil=on stencil_func=ALWAYS stencil_pass=INCR_SAT", List.of()),
        TESTPASS("stencil test EQUAL 0 passes, nothing written", "stencil=on stencil_func=EQUAL",
                List.of("set_stencil_ref 0")),
        TESTFAIL("stencil test EQUAL 1 fails for every fragment", "stencil=on stencil_func=EQUAL",
                List.of("set_stencil_ref 1"));

        final String description;
        final String pipeline;
        final List<String> setup;

        Mode(String description, String pipeline, List<String> setup) {
            this.description = description;
            this.pipeline = pipeline;
            this.setup = setup;
        }

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public StencilBench {
        Microbench.checkTarget(width, height, samples);
        Quads.checkLayers(layers);
        if (!format.hasStencil()) {
            throw new IllegalArgumentException("format " + format.dxgi() + " has no stencil");
        }
    }

    @Override
    public String category() {
        return "stencil";
    }

    @Override
    public String name() {
        return Microbench.prefix(category(), format.label() + "-" + mode.label(), samples) + "-" + width + "x" + height
                + "-k" + layers;
    }

    @Override
    public String parameters() {
        return Microbench.target(width, height, samples) + " format=" + format.dxgi() + " mode=" + mode.label()
                + " layers=" + layers;
    }

    @Override
    public String description() {
        return layers + " full-target layers back to front, " + mode.description;
    }

    @Override
    public String trace() {
        return TimedTrace.write(name(), category(), description(), parameters(), new TimedTrace.Parts(width, height,
                samples, true, format.dxgi(), Quads.layered(LayerOrder.B2F, layers), mode.pipeline, List.of(),
                mode.setup, Quads.warmUp(), Quads.layers(layers), List.of(), List.of()));
    }
}
