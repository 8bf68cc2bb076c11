package gpusim.scene;

/**
 * How a scene trace culls objects with occlusion queries (docs/workloads.md).
 */
public enum Culling {
    /** Every object drawn; no queries (the baseline). */
    NONE,
    /**
     * The D3D12PredicationQueries pattern: each object's box in a BINARY_OCCLUSION query
     * after the frame's draws, resolved into a buffer; next frame the object is drawn under
     * {@code set_predication} on that result (one frame late).
     */
    PREDICATED,
    /**
     * Same-frame: each box is queried (BINARY_OCCLUSION) against the depth pre-pass before the
     * draws, and the object drawn under predication on this frame's result: never late, but the
     * GPU waits for every result before the draws, and only the pre-pass occludes.
     */
    BINARY,
    /** As {@link #PREDICATED} with OCCLUSION queries (sample counts, exact counting in every DB). */
    OCCLUSION,
    /**
     * As {@link #PREDICATED}, with a group's box queried first (same frame, after the draws):
     * its members' box draws are predicated on the group's result, so an invisible group costs
     * one box instead of one box a member.
     */
    HIERARCHICAL;

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public boolean queries() {
        return this != NONE;
    }
}
