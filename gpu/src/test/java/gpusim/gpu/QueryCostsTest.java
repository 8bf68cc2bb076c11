package gpusim.gpu;

import static gpusim.gpu.TraceBuilder.dump;
import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.config.Config;
import gpusim.trace.Resource;
import org.junit.jupiter.api.Test;

/**
 * The command processor's own cost of the query commands (cp.query_cycles, cp.timestamp_cycles,
 * cp.resolve_cycles, cp.resolve_cycles_per_query): cycles after the command's last step, before
 * the next command, beyond cp.cycles_per_command. Each is measured as the change of t1 - t0
 * between two bottom-of-pipe timestamps around the command, on both back ends: the engine
 * reaches the second timestamp exactly that many cycles later, and the pipe behind it is idle,
 * so its end-of-pipe write moves by the same amount.
 */
class QueryCostsTest {
    /** Timestamp ticks equal to cycles (1 GHz clock, 1 GHz timestamps). */
    static final String TICKS_ARE_CYCLES = "timestamp.frequency_hz=1000000000";
    static final String[] BACK_ENDS = {"backend.kind=render_back_ends", "backend.kind=rops"};

    /** What lies between the two timestamps (a resolve: of 4 queries unless a count is given). */
    enum Between { NOTHING, QUERY_PAIR, RESOLVE }

    /** The h200 preset's three resolve paths (docs/calibration.md, "The `h200` preset"). */
    static final String[] H200_RESOLVE_PATHS = {"cp.resolve_serial_max_queries=8", "cp.resolve_serial_cycles=6514",
        "cp.resolve_serial_cycles_per_query=1071", "cp.resolve_small_max_queries=256", "cp.resolve_small_cycles=7098",
        "cp.resolve_small_cycles_per_query=71", "cp.resolve_cycles=16735", "cp.resolve_cycles_per_query=30"};

    /** t1 - t0 in cycles: TS0, {@code between}, TS1 on one DIRECT list. */
    static long interval(Between between, String... cfg) {
        return interval(between, 4, cfg);
    }

    /** t1 - t0 in cycles: TS0, {@code between}, TS1 on one DIRECT list, a resolve resolving {@code queries}. */
    static long interval(Between between, int queries, String... cfg) {
        TraceBuilder t = new TraceBuilder();
        Resource.QueryHeap ts = t.queryHeap("ts", QueryHeapType.TIMESTAMP, 2);
        Resource.QueryHeap qh = t.queryHeap("qh", QueryHeapType.OCCLUSION, queries);
        Resource.Buffer out = t.buffer("out", 16);
        Resource.Buffer qres = t.buffer("qres", 8L * queries);
        TraceBuilder.ListBuilder l = t.list("l");
        // The queries the resolve reads are ended (and landed, the first timestamp's cost apart) first.
        for (int i = 0; i < queries; i++) {
            l.begin(qh, QueryType.OCCLUSION, i).end(qh, QueryType.OCCLUSION, i);
        }
        l.end(ts, QueryType.TIMESTAMP, 0);
        if (between == Between.QUERY_PAIR) {
            l.begin(qh, QueryType.OCCLUSION, 0).end(qh, QueryType.OCCLUSION, 0);
        } else if (between == Between.RESOLVE) {
            l.resolve(qh, QueryType.OCCLUSION, 0, queries, qres, 0);
        }
        l.end(ts, QueryType.TIMESTAMP, 1).resolve(ts, QueryType.TIMESTAMP, 0, 2, out, 0);
        t.execute(l.close()).dump(out);
        Config c = TraceBuilder.unitDefaults().with(TICKS_ARE_CYCLES);
        for (String kv : cfg) {
            c = c.with(kv);
        }
        long[] v = dump(new Gpu(t.build(), c).run(), 0);
        return v[1] - v[0];
    }

    @Test
    void theDefaultsCostNothing() {
        for (var k : new gpusim.config.ConfigKey[] {PipelineParams.CP_QUERY_CYCLES, PipelineParams.CP_TIMESTAMP_CYCLES,
            PipelineParams.CP_RESOLVE_CYCLES, PipelineParams.CP_RESOLVE_CYCLES_PER_QUERY, PipelineParams.CP_RESOLVE_SERIAL_MAX_QUERIES,
            PipelineParams.CP_RESOLVE_SERIAL_CYCLES, PipelineParams.CP_RESOLVE_SERIAL_CYCLES_PER_QUERY,
            PipelineParams.CP_RESOLVE_SMALL_MAX_QUERIES, PipelineParams.CP_RESOLVE_SMALL_CYCLES,
            PipelineParams.CP_RESOLVE_SMALL_CYCLES_PER_QUERY}) {
            assertEquals(0, Config.defaults().get(k), k.name());
        }
        for (String be : BACK_ENDS) {
            for (Between b : Between.values()) {
                assertEquals(interval(b, be), interval(b, be, "cp.query_cycles=0", "cp.timestamp_cycles=0",
                        "cp.resolve_cycles=0", "cp.resolve_cycles_per_query=0"), be + " " + b);
            }
        }
    }

    @Test
    void aTimestampsCostDelaysTheNextCommandByExactlyIt() {
        for (String be : BACK_ENDS) {
            long base = interval(Between.NOTHING, be);
            assertEquals(base + 1300, interval(Between.NOTHING, be, "cp.timestamp_cycles=1300"), be);
        }
    }

    @Test
    void aBeginAndAnEndQueryEachCostTheirCycles() {
        for (String be : BACK_ENDS) {
            long base = interval(Between.QUERY_PAIR, be, "cp.timestamp_cycles=500");
            assertEquals(base + 2 * 37, interval(Between.QUERY_PAIR, be, "cp.timestamp_cycles=500",
                    "cp.query_cycles=37"), be);
        }
    }

    @Test
    void aResolveCostsAFixedPartAndAPartPerQuery() {
        for (String be : BACK_ENDS) {
            // The first timestamp's cost lets every query land before the resolve reads them, so
            // the resolve never polls and only its own cost moves t1.
            long base = interval(Between.RESOLVE, be, "cp.timestamp_cycles=500");
            assertEquals(base + 900, interval(Between.RESOLVE, be, "cp.timestamp_cycles=500",
                    "cp.resolve_cycles=900"), be);
            assertEquals(base + 900 + 4 * 25, interval(Between.RESOLVE, be, "cp.timestamp_cycles=500",
                    "cp.resolve_cycles=900", "cp.resolve_cycles_per_query=25"), be);
        }
    }

    @Test
    void aResolveTakesThePathItsQueryCountChooses() {
        // {queries, cycles}: the front end's own copy up to 8 queries (6514 + 1071 a query), the
        // compute copy's small form up to 256 (7098 + 71), the compute copy beyond (16735 + 30).
        long[][] expected = {{1, 7585}, {8, 15082}, {9, 7737}, {16, 8234}, {256, 25274}, {257, 24445},
            {512, 32095}};
        for (String be : BACK_ENDS) {
            for (long[] e : expected) {
                int n = (int) e[0];
                // A first timestamp costly enough for every query to land before the resolve reads them.
                String ts = "cp.timestamp_cycles=" + (500 + 20 * n);
                long base = interval(Between.RESOLVE, n, be, ts);
                String[] cfg = java.util.stream.Stream.concat(java.util.stream.Stream.of(be, ts),
                        java.util.Arrays.stream(H200_RESOLVE_PATHS)).toArray(String[]::new);
                assertEquals(base + e[1], interval(Between.RESOLVE, n, cfg), be + " " + n + " queries");
            }
        }
    }

    @Test
    void withBothLimitsZeroEveryResolveTakesTheComputeCopy() {
        PipelineParams.QueryCosts c = PipelineParams.of(Config.defaults().with("cp.resolve_cycles=900")
                .with("cp.resolve_cycles_per_query=25")).cp().queryCosts();
        for (long n : new long[] {1, 8, 16, 256, 4096}) {
            assertEquals(900 + 25 * n, c.resolve(n), n + " queries");
        }
    }

    @Test
    void thePathLimitsAreInclusive() {
        Config h200 = Config.defaults();
        for (String kv : H200_RESOLVE_PATHS) {
            h200 = h200.with(kv);
        }
        PipelineParams.QueryCosts c = PipelineParams.of(h200).cp().queryCosts();
        assertEquals(c.serial(), c.resolvePath(8));
        assertEquals(c.small(), c.resolvePath(9));
        assertEquals(c.small(), c.resolvePath(256));
        assertEquals(c.compute(), c.resolvePath(257));
        assertEquals(6514 + 1071 * 8, c.resolve(8));
        assertEquals(16735 + 30 * 4096, c.resolve(4096));
    }
}
