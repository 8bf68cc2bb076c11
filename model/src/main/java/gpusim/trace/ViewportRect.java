package gpusim.trace;

/**
 * The pixels a draw may cover: the viewport rectangle with its extents rounded down, within
 * the render area and the scissor (trace-format.md, "Rasterization rules": samples outside it
 * are never covered, whatever the guard band). The model's command processor and the Vulkan
 * replay both take their rectangle from here, so the rule has one statement.
 */
public record ViewportRect(int left, int top, int right, int bottom) {
    /**
     * The rectangle of viewport (vx, vy, vw, vh) in a render area of renderW x renderH, cut by
     * {@code scissor} (null: the whole target). Right and bottom are exclusive and may lie left
     * of or above left and top when nothing can be covered.
     */
    public static ViewportRect of(float vx, float vy, float vw, float vh, int renderW, int renderH,
                                  Command.SetScissor scissor) {
        int left = Math.max(0, (int) Math.floor(vx));
        int top = Math.max(0, (int) Math.floor(vy));
        int right = (int) Math.min(renderW, Math.floor((double) vx + vw));
        int bottom = (int) Math.min(renderH, Math.floor((double) vy + vh));
        if (scissor != null) {
            left = Math.max(left, scissor.left());
            top = Math.max(top, scissor.top());
            right = Math.min(right, scissor.right());
            bottom = Math.min(bottom, scissor.bottom());
        }
        return new ViewportRect(left, top, right, bottom);
    }

    /** Whether no pixel lies inside. */
    public boolean empty() {
        return right <= left || bottom <= top;
    }
}
