package gpusim.study;

import gpusim.harness.ProgressLine;
import java.io.PrintWriter;

/**
 * A sweep's progress bar on stderr, the way {@link ProgressLine} shows a run's: only on a
 * terminal (the command decides), only after the first second (short sweeps print
 * nothing), redrawn in place at most four times a second, cleared at the end.
 */
public final class SweepProgress implements Sweep.Listener {
    private static final int BAR = 30;

    private final PrintWriter err;
    private final long start = System.nanoTime();
    private long lastDraw;
    private boolean drawn;

    /** A progress bar drawn on {@code err} (the caller decides whether that is a terminal). */
    public SweepProgress(PrintWriter err) {
        this.err = err;
    }

    @Override
    public void update(int done, int total, int resumed) {
        long now = System.nanoTime();
        if (now - start < 1_000_000_000L || (now - lastDraw < 250_000_000L && done < total)) {
            return;
        }
        lastDraw = now;
        drawn = true;
        err.print("\r" + line(done, total, resumed, (now - start) / 1e9) + "  ");
        err.flush();
    }

    /**
     * {@code [#######-------] 12/48 configurations (3 resumed), 34 s, about 2 min left}: the
     * time left is estimated from the runs of this sweep so far (resumed rows took no time).
     */
    public static String line(int done, int total, int resumed, double seconds) {
        int filled = total == 0 ? BAR : (int) ((long) BAR * done / total);
        StringBuilder sb = new StringBuilder("  sweep [");
        sb.append("#".repeat(filled)).append("-".repeat(BAR - filled)).append("] ");
        sb.append(done).append('/').append(total).append(" configurations");
        if (resumed > 0) {
            sb.append(" (").append(resumed).append(" resumed)");
        }
        sb.append(", ").append(ProgressLine.duration(seconds));
        int ran = done - resumed;
        if (ran > 0 && done < total) {
            sb.append(", about ").append(ProgressLine.duration(seconds / ran * (total - done))).append(" left");
        }
        return sb.toString();
    }

    /** Clears the line if anything was drawn. */
    public void finish() {
        if (drawn) {
            err.print("\r" + " ".repeat(100) + "\r");
            err.flush();
        }
    }
}
