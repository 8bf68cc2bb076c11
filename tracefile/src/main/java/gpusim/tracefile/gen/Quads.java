package gpusim.tracefile.gen;

import java.util.ArrayList;
import java.util.List;

/**
 * Full-target quads, the geometry of the fill, overdraw, depthfmt, depthonly and stencil
 * microbenchmarks: two triangles covering the viewport exactly, so every pixel centre and every
 * sample is covered once (the top-left fill rule gives a sample on the shared diagonal to one of them).
 */
final class Quads {
    private Quads() {
    }

    /** Depth of the warm-up quad before back-to-front layers: behind them all, so they all pass LESS. */
    static final double BEHIND = 0.9375;
    /** Depth of the warm-up quad before front-to-back layers: the occluder in front of them all. */
    static final double OCCLUDER = 0.0625;
    /** The layers span this depth range, [FIRST - SPAN, FIRST] back to front or [NEAR, NEAR + SPAN] front to back. */
    static final double FIRST_B2F = 0.875;
    static final double FIRST_F2B = 0.125;
    static final double SPAN = 0.75;

    /** One full-target quad at depth {@code z}, optionally coloured. */
    static void quad(List<String> out, double z, double[] rgba) {
        out.add(TimedTrace.vertex(-1, -1, z, rgba));
        out.add(TimedTrace.vertex(-1, 1, z, rgba));
        out.add(TimedTrace.vertex(1, 1, z, rgba));
        out.add(TimedTrace.vertex(-1, -1, z, rgba));
        out.add(TimedTrace.vertex(1, 1, z, rgba));
        out.add(TimedTrace.vertex(1, -1, z, rgba));
    }

    /**
     * The warm-up quad (vertices 0-5) and then {@code layers} full-target quads evenly spaced over
     * {@link #SPAN} in {@code order}: layer i at 0.875 - 0.75 i / k back to front, 0.125 + 0.75 i / k
     * front to back.
     */
    static List<String> layered(LayerOrder order, int layers) {
        List<String> v = new ArrayList<>();
        quad(v, order == LayerOrder.B2F ? BEHIND : OCCLUDER, null);
        for (int i = 0; i < layers; i++) {
            double step = SPAN * i / layers;
            quad(v, order == LayerOrder.B2F ? FIRST_B2F - step : FIRST_F2B + step, null);
        }
        return v;
    }

    /** The warm-up draw of {@link #layered}: the first quad alone. */
    static List<String> warmUp() {
        return List.of("draw 6");
    }

    /** The measured draw of {@link #layered}: all layers in one draw. */
    static List<String> layers(int layers) {
        return List.of("draw " + 6 * layers + " start=6");
    }

    static void checkLayers(int layers) {
        if (layers < 1 || layers > 1024) {
            throw new IllegalArgumentException("layers " + layers + " outside 1 to 1024");
        }
    }
}
