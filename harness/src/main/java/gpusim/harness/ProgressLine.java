package gpusim.harness;

import gpusim.gpu.Gpu;
import java.io.PrintWriter;

/**
 * Progress of a long run on stderr, redrawn in place at most four times a second, shown
 * only after the run has taken a second (short runs print nothing) and only on a terminal.
 */
public final class ProgressLine implements Gpu.Progress {
    private final PrintWriter err;
    private final long start = System.nanoTime();
    private long lastDraw;
    private boolean drawn;

    /** A progress line drawn on {@code err} (the caller decides whether that is a terminal). */
    public ProgressLine(PrintWriter err) {
        this.err = err;
    }

    @Override
    public void update(long cycle, long verticesDone, long verticesTotal, int done, int total) {
        long now = System.nanoTime();
        if (now - start < 1_000_000_000L || now - lastDraw < 250_000_000L) {
            return;
        }
        lastDraw = now;
        drawn = true;
        err.print("\r" + line(cycle, verticesDone, verticesTotal, done, total, (now - start) / 1e9));
        err.flush();
    }

    /** The progress line: simulated work (input-assembly vertices) first, then cycles and submissions. */
    public static String line(long cycle, long verticesDone, long verticesTotal, int done, int total, double seconds) {
        String work = verticesTotal > 0
                ? String.format("%.1f%% of the vertices (%,d of %,d)", 100.0 * verticesDone / verticesTotal,
                        verticesDone, verticesTotal)
                : "no draws";
        return String.format("  simulating: %s, cycle %,d, submission %d of %d (%.0f s)  ", work, cycle, done, total,
                seconds);
    }

    /** A time for people: seconds up to 90, then minutes up to 90, then hours. */
    public static String duration(double seconds) {
        if (seconds < 90) {
            return Math.round(seconds) + " s";
        }
        if (seconds < 90 * 60) {
            return Math.round(seconds / 60) + " min";
        }
        return String.format("%.1f h", seconds / 3600);
    }

    /**
     * Whether standard error is a terminal (progress is for people watching, not for logs).
     * Linux: /proc/self/fd/2 links to a tty or pts device; elsewhere, a console means a terminal.
     */
    public static boolean stderrIsTerminal() {
        try {
            String target = java.nio.file.Files.readSymbolicLink(java.nio.file.Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (java.io.IOException | UnsupportedOperationException | SecurityException e) {
            return System.console() != null;
        }
    }

    /** Clears the line if anything was drawn. */
    public void finish() {
        if (drawn) {
            err.print("\r" + " ".repeat(70) + "\r");
            err.flush();
        }
    }
}
