package gpusim.harness;

import java.awt.Color;

/**
 * The line colours of every plot gpusim draws (a sweep's, a correlation's, a scene study's):
 * ten that stay apart on white, the "tab10" cycle of matplotlib (JFreeChart's defaults
 * include pale yellow and cyan).
 */
public final class Palette {
    private static final Color[] LINES = {
        new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728), new Color(0x9467bd),
        new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f), new Color(0xbcbd22), new Color(0x17becf)};

    private Palette() {
    }

    /** The colour of series {@code i} (the ten repeat). */
    public static Color line(int i) {
        return LINES[i % LINES.length];
    }
}
