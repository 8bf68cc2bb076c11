package gpusim.tracefile.gen;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Fill rate: one full-target quad after a warm-up quad, with colour only, with depth test and
 * write (LESS_EQUAL, so the measured quad at the warm-up's depth passes), or alpha-blended
 * (a colour of alpha 0.5 over what the warm-up wrote: every sample reads and writes the target).
 */
public record FillBench(int width, int height, int samples, Mode mode) implements Microbench {
    /** What each sample of the quad costs besides the colour write. */
    public enum Mode {
        COLOR, DEPTH, BLEND;

        String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The blended quad's colour: alpha 0.5, so blending changes every sample. */
    private static final double[] BLEND_COLOR = {1, 0.5, 0.25, 0.5};

    public FillBench {
        Microbench.checkTarget(width, height, samples);
    }

    @Override
    public String category() {
        return "fill";
    }

    @Override
    public String name() {
        return Microbench.prefix(category(), mode.label(), samples) + "-" + width + "x" + height;
    }

    @Override
    public String parameters() {
        return Microbench.target(width, height, samples) + " mode=" + mode.label();
    }

    @Override
    public String description() {
        long pixels = (long) width * height;
        return "one full-target quad (" + pixels + " pixels, " + pixels * samples + " samples)";
    }

    @Override
    public String trace() {
        List<String> v = new ArrayList<>();
        Quads.quad(v, 0.5, mode == Mode.BLEND ? BLEND_COLOR : null);
        String options = switch (mode) {
            case COLOR -> "depth=off";
            case DEPTH -> "depth_func=LESS_EQUAL";
            case BLEND -> "depth=off blend=alpha";
        };
        return TimedTrace.write(name(), category(), description(), parameters(), new TimedTrace.Parts(width, height,
                samples, true, mode == Mode.DEPTH ? "D32_FLOAT" : null, v, options, List.of(), List.of(),
                List.of("draw 6"), List.of("draw 6"), List.of(), List.of()));
    }
}
