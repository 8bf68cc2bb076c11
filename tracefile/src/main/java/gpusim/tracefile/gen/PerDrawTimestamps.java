package gpusim.tracefile.gen;

import java.util.ArrayList;
import java.util.List;

/**
 * The per-draw timestamp form of a stress trace (data/calibration/README.md, "Per-draw timestamps
 * on a stress trace"): a TIMESTAMP before the first draw and after every draw, in a heap
 * {@code tsq} of draws + 1, resolved into buffer {@code tsb} just before the command list's
 * {@code close} and dumped right after the trace's first dump (so {@code tsb} is the second dump
 * of a stress trace, after its occlusion results). Everything else is left as it is, line for
 * line, so the occlusion results are the untimed trace's. Applied to ../shared/bench/stress-2k.trace
 * it gives ../shared/calibration/stress/stress-2k-ts.trace byte for byte.
 *
 * <p>Bottom-of-pipe timestamps do not serialize the pipe, so one draw's interval is not its cost
 * alone; the total and the distribution are what compare with a real GPU.
 */
public final class PerDrawTimestamps {
    /** The most draws a trace may have (a bound before anything is written: the heap holds one more). */
    public static final int MAX_DRAWS = 1 << 20;
    static final String HEAP = "tsq";
    static final String BUFFER = "tsb";

    private PerDrawTimestamps() {
    }

    /** Why a trace has no per-draw form: a one-line message. */
    public static final class NotApplicable extends Exception {
        private static final long serialVersionUID = 1L;

        NotApplicable(String message) {
            super(message, null, false, false);
        }
    }

    /**
     * The trace with the timestamps added. Its draws must all be in one command list, recorded
     * once and closed; the names {@code tsq} and {@code tsb} must be free.
     */
    public static String apply(String trace) throws NotApplicable {
        String[] lines = trace.split("\n", -1);
        int draws = 0;
        int firstList = -1;
        int drawList = -1;
        int drawClose = -1;
        int list = -1;
        for (int i = 0; i < lines.length; i++) {
            String w = firstWord(lines[i]);
            String rest = lines[i].strip();
            if (rest.startsWith("query_heap " + HEAP + " ") || rest.startsWith("buffer " + BUFFER + " ")
                    || rest.equals("query_heap " + HEAP) || rest.equals("buffer " + BUFFER)) {
                throw new NotApplicable("line " + (i + 1) + ": the trace already declares " + rest.split(" ")[1]);
            }
            switch (w) {
                case "command_list" -> {
                    list = i;
                    if (firstList < 0) {
                        firstList = i;
                    }
                }
                case "close" -> {
                    if (list >= 0 && list == drawList) {
                        drawClose = i;
                    }
                    list = -1;
                }
                case "draw", "draw_indexed" -> {
                    if (list < 0) {
                        throw new NotApplicable("line " + (i + 1) + ": a draw outside a command list");
                    }
                    if (drawList >= 0 && drawList != list) {
                        throw new NotApplicable("line " + (i + 1) + ": draws in a second command list (the per-draw "
                                + "form times one list)");
                    }
                    drawList = list;
                    if (++draws > MAX_DRAWS) {
                        throw new NotApplicable("more than " + MAX_DRAWS + " draws");
                    }
                }
                default -> {
                }
            }
        }
        if (draws == 0) {
            throw new NotApplicable("no draws to time");
        }
        if (drawClose < 0) {
            throw new NotApplicable("the command list with the draws is not closed");
        }
        int stamps = draws + 1;
        List<String> out = new ArrayList<>(lines.length + stamps + 4);
        int drawn = 0;
        boolean dumped = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            String w = firstWord(line);
            if (i == firstList) {
                out.add("query_heap " + HEAP + " type=TIMESTAMP count=" + stamps);
                out.add("buffer " + BUFFER + " size=" + 8L * stamps + " state=COPY_DEST");
            }
            if (i == drawClose) {
                out.add("resolve_query_data " + HEAP + " TIMESTAMP 0 " + stamps + " " + BUFFER + " 0");
            }
            boolean draw = w.equals("draw") || w.equals("draw_indexed");
            if (draw && drawn == 0) {
                out.add("end_query " + HEAP + " TIMESTAMP 0");
            }
            out.add(line);
            if (draw) {
                out.add("end_query " + HEAP + " TIMESTAMP " + ++drawn);
            } else if (w.equals("dump") && !dumped) {
                out.add("dump " + BUFFER);
                dumped = true;
            }
        }
        if (!dumped) {
            // No dump to follow: the timestamps are the last one (before the final newline's empty field).
            out.add(out.size() - (out.get(out.size() - 1).isEmpty() ? 1 : 0), "dump " + BUFFER);
        }
        return String.join("\n", out);
    }

    private static String firstWord(String line) {
        String s = line.strip();
        int sp = s.indexOf(' ');
        return sp < 0 ? s : s.substring(0, sp);
    }
}
