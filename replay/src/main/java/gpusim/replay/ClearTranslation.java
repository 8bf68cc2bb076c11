package gpusim.replay;

/**
 * How the replay records {@code clear_render_target} and {@code clear_depth_stencil} outside
 * predication (docs/replay.md, "Clears"). The results are the same in every form; the timing is
 * not: on an NVIDIA H200 a vkCmdClearAttachments of a 256 x 256 colour target takes about 5 us at
 * the bottom of the pipe while the geometry after it runs on, and occluded layers drawn after a
 * depth clear that was a load operation are rejected at almost no cost.
 */
public enum ClearTranslation {
    /**
     * Colour clears wait to be the load operation of the next instance that has the target;
     * depth-stencil clears are vkCmdClearAttachments where they are issued. Of the three, the
     * form that reproduces ../shared/calibration/h200.jsonl best (docs/replay.md), so the default.
     */
    DEPTH_INLINE("depth-inline", true, false),
    /** Every clear waits to be a load operation, as vkd3d-proton's deferred clears and ANGLE's do. */
    DEFERRED("deferred", true, true),
    /** Every clear is vkCmdClearAttachments inside an instance (the replay before 2026-12-02). */
    INLINE("inline", false, false);

    /** The name a command line gives. */
    public final String label;
    final boolean deferColour;
    final boolean deferDepth;

    ClearTranslation(String label, boolean deferColour, boolean deferDepth) {
        this.label = label;
        this.deferColour = deferColour;
        this.deferDepth = deferDepth;
    }

    /** The form named {@code label}, or null. */
    public static ClearTranslation of(String label) {
        for (ClearTranslation c : values()) {
            if (c.label.equals(label)) {
                return c;
            }
        }
        return null;
    }
}
