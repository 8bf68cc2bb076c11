package gpusim.cli;

import gpusim.calibration.Correlator;
import gpusim.harness.ProgressLine;
import java.io.PrintWriter;

/**
 * Progress of a correlation or a fit on stderr, redrawn in place at most four times a second,
 * only on a terminal (logs get no carriage returns): what is being done and how far it is.
 */
final class CountProgress implements Correlator.Listener {
    private final PrintWriter err;
    private final String what;
    private final long start = System.nanoTime();
    private long lastDraw;
    private boolean drawn;
    private String prefix = "";

    private CountProgress(PrintWriter err, String what) {
        this.err = err;
        this.what = what;
    }

    /** A progress line on {@code err} if stderr is a terminal, else null. */
    static CountProgress onTerminal(PrintWriter err, String what) {
        return ProgressLine.stderrIsTerminal() ? new CountProgress(err, what) : null;
    }

    /** Text shown before the count (the fit's evaluation and best error so far). */
    void prefix(String text) {
        prefix = text;
    }

    @Override
    public void update(int done, int total) {
        long now = System.nanoTime();
        if (now - lastDraw < 250_000_000L && done < total) {
            return;
        }
        lastDraw = now;
        drawn = true;
        err.print("\r  " + what + ": " + prefix + done + " of " + total + " traces ("
                + ProgressLine.duration((now - start) / 1e9) + ")   ");
        err.flush();
    }

    /** Clears the line if anything was drawn. */
    void finish() {
        if (drawn) {
            err.print("\r" + " ".repeat(100) + "\r");
            err.flush();
        }
    }
}
