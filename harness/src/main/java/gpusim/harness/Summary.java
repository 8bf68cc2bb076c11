package gpusim.harness;

import gpusim.gpu.RunResult;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import java.io.PrintWriter;
import java.util.Arrays;

/** The readable summary {@code gpusim run} prints: cycles, decoded queries, per-stage utilisation. */
public final class Summary {
    private static final int MAX_QUERIES = 40;

    private Summary() {
    }

    /** Prints the summary of {@code r}, a run of the trace named {@code trace}, to {@code out}. */
    public static void print(PrintWriter out, String trace, RunResult r) {
        out.printf("trace   %s%n", trace);
        out.printf("cycles  %,d%n", r.cycles());
        out.printf("draws   %,d    dumps %,d%n", r.draws().size(), r.dumps().size());
        if (!r.queries().isEmpty()) {
            out.printf("%nqueries (final heap contents, decoded as the type last used)%n");
            out.printf("  %-14s %6s  %-22s %s%n", "heap", "index", "type", "result");
            int shown = 0;
            for (RunResult.QueryReport q : r.queries()) {
                if (shown++ == MAX_QUERIES) {
                    out.printf("  ... %d more in the JSON report%n", r.queries().size() - MAX_QUERIES);
                    break;
                }
                String v = q.values().length == 1 ? Long.toUnsignedString(q.values()[0]) : Arrays.toString(q.values());
                out.printf("  %-14s %6d  %-22s %s%s%n", q.heap(), q.index(), q.type(), v,
                        q.ended() ? "" : "  (never ended)");
            }
        }
        out.printf("%nstage utilisation (busy / stalled cycles)%n");
        for (StatGroup g : r.stats().children()) {
            utilisation(out, r, g);
            // Sub-units with their own busy time (the memory's channels) follow their group.
            for (StatGroup sub : g.children()) {
                utilisation(out, r, sub);
            }
        }
        // The queue engines (docs/model.md, "Queues and fences"): what each ran and how long fences held it.
        boolean header = false;
        for (StatGroup g : r.stats().children()) {
            Stat waits = g.find("fence_wait_cycles");
            Stat commands = g.find("commands");
            Stat signals = g.find("fence_signals");
            if (waits == null || commands == null || signals == null) {
                continue;
            }
            if (!header) {
                out.printf("%nqueues (commands run, fence signals, cycles waiting for fences)%n");
                header = true;
            }
            out.printf("  %-8s commands %,10d  signals %,6d  fence wait %,12d%n", g.name(),
                    commands.value().longValue(), signals.value().longValue(), waits.value().longValue());
        }
    }

    private static void utilisation(PrintWriter out, RunResult r, StatGroup g) {
        Stat busy = g.find("busy_cycles");
        Stat stall = g.find("stall_cycles");
        if (busy == null) {
            return;
        }
        double util = 100.0 * busy.value().doubleValue() / Math.max(1, r.cycles());
        out.printf("  %-8s %6.1f%%  busy %,12d  stalled %,12d%n", g.name(), util, busy.value().longValue(),
                stall == null ? 0 : stall.value().longValue());
    }
}
