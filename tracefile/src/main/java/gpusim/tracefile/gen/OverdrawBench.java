package gpusim.tracefile.gen;

import java.util.List;

/**
 * Overdraw: {@code layers} full-target quads in one draw, back to front (every sample passes
 * LESS and is written) or front to back behind an occluder (the warm-up quad, nearest of all:
 * every sample is rejected, what hierarchical Z and early Z exist for). Depth D32_FLOAT.
 */
public record OverdrawBench(int width, int height, int samples, LayerOrder order, int layers) implements Microbench {
    public OverdrawBench {
        Microbench.checkTarget(width, height, samples);
        Quads.checkLayers(layers);
    }

    @Override
    public String category() {
        return "overdraw";
    }

    @Override
    public String name() {
        return Microbench.prefix(category(), order.label(), samples) + "-" + width + "x" + height + "-k" + layers;
    }

    @Override
    public String parameters() {
        return Microbench.target(width, height, samples) + " order=" + order.label() + " layers=" + layers;
    }

    @Override
    public String description() {
        return layers + (order == LayerOrder.B2F ? " full-target layers back to front, every one passes LESS"
                : " full-target layers front to back behind an occluder, every one rejected");
    }

    @Override
    public String trace() {
        return TimedTrace.write(name(), category(), description(), parameters(), new TimedTrace.Parts(width, height,
                samples, true, "D32_FLOAT", Quads.layered(order, layers), "", List.of(), List.of(), Quads.warmUp(),
                Quads.layers(layers), List.of(), List.of()));
    }
}
