package gpusim.replay;

/**
 * Why a replay cannot run, or cannot run this trace, on this machine: one line for the user and
 * an exit status of its own (docs/replay.md, "Exit status"). Nothing is written when one is
 * thrown before the run ends.
 */
public final class ReplayException extends RuntimeException {
    /** What went wrong, each with its exit status. */
    public enum Kind {
        /** No Vulkan loader (libvulkan.so.1) or no instance could be created. */
        NO_VULKAN(3),
        /** No Vulkan device, none that can draw and time, or none matching {@code --device}. */
        NO_DEVICE(4),
        /** The device lacks something the trace needs (a sample count, a depth format, a feature). */
        UNSUPPORTED(5),
        /** The trace uses something that has no Vulkan translation (per-unit counters, video decode...). */
        NOT_TRANSLATABLE(6),
        /** The device failed while running (out of memory, device lost). */
        DEVICE_FAILED(7);

        private final int exitStatus;

        Kind(int exitStatus) {
            this.exitStatus = exitStatus;
        }

        public int exitStatus() {
            return exitStatus;
        }
    }

    private final Kind kind;

    public ReplayException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
