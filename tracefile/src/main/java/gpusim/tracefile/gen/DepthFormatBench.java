package gpusim.tracefile.gen;

import java.util.List;

/**
 * Depth formats: {@code layers} full-target quads back to front (all pass, every sample written)
 * or front to back behind an occluder (all rejected) on one depth-stencil format, so the same
 * work is timed at 2, 4 and 8 bytes a sample and with a stencil plane beside the depth.
 */
public record DepthFormatBench(int width, int height, int samples, DepthFormat format, LayerOrder order, int layers)
        implements Microbench {
    public DepthFormatBench {
        Microbench.checkTarget(width, height, samples);
        Quads.checkLayers(layers);
    }

    @Override
    public String category() {
        return "depthfmt";
    }

    @Override
    public String name() {
        return Microbench.prefix(category(), format.label() + "-" + order.label(), samples) + "-" + width + "x" + height
                + "-k" + layers;
    }

    @Override
    public String parameters() {
        return Microbench.target(width, height, samples) + " format=" + format.dxgi() + " order=" + order.label()
                + " layers=" + layers;
    }

    @Override
    public String description() {
        return layers + (order == LayerOrder.B2F ? " full-target layers back to front (all pass)"
                : " full-target layers front to back (all rejected)") + ", depth format " + format.dxgi();
    }

    @Override
    public String trace() {
        return TimedTrace.write(name(), category(), description(), parameters(), new TimedTrace.Parts(width, height,
                samples, true, format.dxgi(), Quads.layered(order, layers), "", List.of(), List.of(), Quads.warmUp(),
                Quads.layers(layers), List.of(), List.of()));
    }
}
