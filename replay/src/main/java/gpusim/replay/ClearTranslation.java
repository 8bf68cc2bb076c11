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
     * depth-stencil clears are vkCmdClearAttachments where they are issued. Of the first three
     * forms, the one that reproduced ../shared/calibration/h200.jsonl best (docs/replay.md), and
     * the default until {@link #TRANSFER} was measured.
     */
    DEPTH_INLINE("depth-inline", true, false, false),
    /** Every clear waits to be a load operation, as vkd3d-proton's deferred clears and ANGLE's do. */
    DEFERRED("deferred", true, true, false),
    /** Every clear is vkCmdClearAttachments inside an instance (the replay before 2026-12-02). */
    INLINE("inline", false, false, false),
    /**
     * Every clear outside predication is a transfer outside any instance: the instance ends, the
     * image goes to TRANSFER_DST_OPTIMAL behind a barrier from the attachment stages,
     * vkCmdClearColorImage or vkCmdClearDepthStencilImage clears it, and a barrier from the
     * transfer orders the clear before the attachment work after it (so, unlike the other forms,
     * nothing drawn after the clear overlaps it). Predicated clears stay vkCmdClearAttachments,
     * which conditional rendering skips. The default: it reproduces h200.jsonl best of the four,
     * small culled-triangle draws included (docs/replay.md, "Clears").
     */
    TRANSFER("transfer", false, false, true);

    /** The form a replay uses when none is named. */
    public static final ClearTranslation DEFAULT = TRANSFER;

    /** The name a command line gives. */
    public final String label;
    final boolean deferColour;
    final boolean deferDepth;
    final boolean transfer;

    ClearTranslation(String label, boolean deferColour, boolean deferDepth, boolean transfer) {
        this.label = label;
        this.deferColour = deferColour;
        this.deferDepth = deferDepth;
        this.transfer = transfer;
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
