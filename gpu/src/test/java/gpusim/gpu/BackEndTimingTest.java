package gpusim.gpu;

import static gpusim.gpu.TraceBuilder.concat;
import static gpusim.gpu.TraceBuilder.dump;
import static gpusim.gpu.TraceBuilder.fullScreen;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.ComparisonFunc;
import gpusim.api.CullMode;
import gpusim.api.DepthFormat;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.sim.Component;
import gpusim.sim.TraceHook;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The back end's timing structure (docs/model.md, "Back end"): exact cycles where the
 * design fixes them, and the checks of the finer back end that follow from how hardware is built:
 * depth-bound fill scales with the depth blocks, layers rejected by depth are far cheaper
 * than layers that pass, and one draw of many layers costs what one draw per layer costs
 * (work moves in tiles and waves, not in whole batches).
 */
class BackEndTimingTest {
    /** One triangle covering every 8x8 tile of a target whole (no tile is cut by an edge). */
    static final float[] BIG = {-1, -1, 0.5f, 1, -1, 3, 0.5f, 1, 3, -1, 0.5f, 1};

    static TraceBuilder.Pso noCull() {
        TraceBuilder.Pso p = new TraceBuilder.Pso();
        p.cull = CullMode.NONE;
        return p;
    }

    /** Busy spans per component name. */
    static final class Spans implements TraceHook {
        final java.util.Map<String, List<long[]>> busy = new java.util.HashMap<>();

        @Override
        public void span(Component c, String kind, long start, long end) {
            if (kind.equals("busy")) {
                busy.computeIfAbsent(c.name(), n -> new ArrayList<>()).add(new long[] {start, end});
            }
        }

        @Override
        public void instant(Component c, String name, long cycle) {
        }

        @Override
        public void counter(String name, long cycle, long value) {
        }
    }

    static long stat(RunResult r, String name) {
        return r.stats().find(name).value().longValue();
    }

    /**
     * A 64x64 target, one DB, one shader engine of 4 units: 64 tiles of 64 samples, 16 quads
     * each. The DB charges a tile a step: max(scan ceil(64 / 64), depth test ceil(64 / 16)) =
     * 4 cycles, 256 in all, and sends 64 waves of 16 quads. The engine issues a wave in
     * ceil(16 quads x 8 cycles / 4 units) = 32 cycles: 2,048 cycles, back to back (the DB
     * is 8 times faster), after the triangle's vertex work, ceil(3 x 8 / 4) = 6 cycles. The
     * colour back end writes a wave's 64 samples in ceil(64 / 8) = 8 cycles: 512. The last
     * wave leaves the engine 2,048 cycles after the first began, reaches the colour back end
     * shader.latency (64) + queue.latency (1) cycles later and is written 8 cycles after.
     */
    @Test
    void aWaveATileAndTheShaderEngineSetsThePace() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 64, 64, 1);
        var l = t.list("l").targets(rt, null).pso(t.pso("p", noCull())).vb(t.vertices("vb", BIG)).draw(3).close();
        Trace trace = t.execute(l).build();
        gpusim.config.Config c = TraceBuilder.unitDefaults().with("db.count=1").with("shader.engines=1")
                .with("shader.units=4").with("ps.cycles=8").with("vs.cycles=8").with("cb.samples_per_clock=8")
                .with("db.samples_per_clock=16");
        Gpu gpu = new Gpu(trace, c);
        Spans spans = new Spans();
        gpu.setHook(spans);
        RunResult r = gpu.run();
        assertEquals(64, stat(r, "db0.waves"));
        assertEquals(64 * 16, stat(r, "db0.quads"));
        assertEquals(64 * 4, stat(r, "db0.busy_cycles"));
        assertEquals(64 * 32, stat(r, "se0.busy_cycles"));
        assertEquals(64 * 32, stat(r, "se0.pixel_issue_cycles"));
        assertEquals(6, stat(r, "se0.vertex_issue_cycles"));
        assertEquals(64 * 8, stat(r, "cb0.busy_cycles"));
        assertEquals(64 * 64, stat(r, "cb0.color_samples"));
        List<long[]> se = spans.busy.get("se0");
        assertEquals(64, se.size());
        for (int i = 1; i < se.size(); i++) {
            assertEquals(se.get(i - 1)[1], se.get(i)[0], "wave " + i + " issues as the one before ends");
        }
        List<long[]> cb = spans.busy.get("cb0");
        long lastCb = cb.get(cb.size() - 1)[0];
        assertEquals(se.get(0)[0] + 2048 + 64 + 1, lastCb, "the last wave reaches the colour back end");
        assertEquals(lastCb + 8, r.cycles(), "and is written 8 cycles later: the end of the run");
    }

    /** The 64x64, one-DB, one-engine machine of the test above, with {@code pso}, colour and depth as given. */
    static RunResult oneTriangle(TraceBuilder.Pso pso, boolean color, boolean depth) {
        gpusim.config.Config c = TraceBuilder.unitDefaults().with("db.count=1").with("shader.engines=1")
                .with("shader.units=4").with("ps.cycles=8").with("cb.samples_per_clock=8")
                .with("cb.blend_samples_per_clock=4").with("db.samples_per_clock=16")
                .with("db.depth_only_samples_per_clock=32").with("db.late_samples_per_clock=8");
        return new Gpu(oneTriangleTrace(pso, color, depth), c).run();
    }

    /** {@link #BIG} drawn once on a 64x64 target with {@code pso} (no culling), colour and a cleared depth buffer as given. */
    static Trace oneTriangleTrace(TraceBuilder.Pso pso, boolean color, boolean depth) {
        return oneTriangleTrace(pso, color, depth, DepthFormat.D32_FLOAT);
    }

    /** {@link #oneTriangleTrace(TraceBuilder.Pso, boolean, boolean)} with a depth buffer of {@code format}. */
    static Trace oneTriangleTrace(TraceBuilder.Pso pso, boolean color, boolean depth, DepthFormat format) {
        return oneTriangleTrace(pso, color, depth, format, 1f);
    }

    /** {@link #oneTriangleTrace(TraceBuilder.Pso, boolean, boolean, DepthFormat)} with the depth cleared to {@code clear}. */
    static Trace oneTriangleTrace(TraceBuilder.Pso pso, boolean color, boolean depth, DepthFormat format, float clear) {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = color ? t.renderTarget("rt", 64, 64, 1) : null;
        Resource.DepthStencil ds = depth ? t.depthStencil("ds", 64, 64, 1, format) : null;
        pso.cull = CullMode.NONE;
        var l = t.list("l").targets(rt, ds).pso(t.pso("p", pso)).vb(t.vertices("vb", BIG));
        if (depth) {
            l.clearDs(ds, clear, format.hasStencil() ? 0 : null);
        }
        l.draw(3);
        return t.execute(l.close()).build();
    }

    /**
     * Each unit's cost per sample, a tile (64 samples, 16 quads) at a time:
     * <ul>
     * <li>blending: the colour back end at cb.blend_samples_per_clock, ceil(64 / 4) = 16 a wave;
     * <li>late Z: no early test in the DB (its step is the scan, ceil(64 / 64) = 1), the colour
     *     back end tests ceil(64 / db.late_samples_per_clock = 8) = 8 and writes 8 a wave, in step;
     * <li>depth only (no render target): the DB tests at db.depth_only_samples_per_clock,
     *     ceil(64 / 32) = 2 a tile, and sends no waves (no pixel work).
     * </ul>
     * With a depth buffer, its clear comes first: ceil(4,096 samples / (4 x 16)) = 64 DB cycles.
     */
    @Test
    void eachUnitChargesItsOwnSamples() {
        TraceBuilder.Pso blend = new TraceBuilder.Pso();
        blend.blend = gpusim.api.BlendMode.ALPHA;
        RunResult b = oneTriangle(blend, true, false);
        assertEquals(64 * 16, stat(b, "cb0.busy_cycles"));
        assertEquals(64 * 4, stat(b, "db0.busy_cycles"));

        TraceBuilder.Pso late = new TraceBuilder.Pso();
        late.lateZ = true;
        RunResult z = oneTriangle(late, true, true);
        assertEquals(64 + 64 * 1, stat(z, "db0.busy_cycles"), "the clear, then the DB scans; the test is late");
        assertEquals(64 * 64, stat(z, "cb0.late_samples_tested"));
        assertEquals(64 * 8, stat(z, "cb0.busy_cycles"));
        assertEquals(64 * 32, stat(z, "se0.pixel_issue_cycles"), "every covered quad is shaded");

        RunResult d = oneTriangle(new TraceBuilder.Pso(), false, true);
        assertEquals(64 + 64 * 2, stat(d, "db0.busy_cycles"));
        assertEquals(0, stat(d, "db0.waves"));
        assertEquals(0, stat(d, "se0.pixel_issue_cycles"));
        assertEquals(0, stat(d, "cb0.busy_cycles"));
        assertEquals(64 * 64, stat(d, "shaders.ps_invocations"), "PSInvocations still counts the passing pixels");
    }

    /**
     * A draw that writes nothing (no render target, depth_write off: a visibility probe) tests
     * at db.test_only_samples_per_clock when that is set: ceil(64 / 64) = 1 a tile instead of
     * the depth-only pass's ceil(64 / 32) = 2; unset (0) it is the depth-only rate. A draw that
     * writes depth keeps the depth-only rate either way. The clear first: 64 DB cycles.
     */
    @Test
    void aDrawThatWritesNothingTestsAtTheTestOnlyRate() {
        TraceBuilder.Pso probe = new TraceBuilder.Pso().depth(true, false, gpusim.api.ComparisonFunc.LESS);
        gpusim.config.Config c = TraceBuilder.unitDefaults().with("db.count=1").with("shader.engines=1")
                .with("db.samples_per_clock=16").with("db.depth_only_samples_per_clock=32");
        RunResult unset = new Gpu(oneTriangleTrace(probe, false, true), c).run();
        assertEquals(64 + 64 * 2, stat(unset, "db0.busy_cycles"));
        gpusim.config.Config fast = c.with("db.test_only_samples_per_clock=64");
        RunResult set = new Gpu(oneTriangleTrace(probe, false, true), fast).run();
        assertEquals(64 + 64 * 1, stat(set, "db0.busy_cycles"));
        RunResult writes = new Gpu(oneTriangleTrace(new TraceBuilder.Pso(), false, true), fast).run();
        assertEquals(64 + 64 * 2, stat(writes, "db0.busy_cycles"), "a depth-writing pass is not test only");
        // The ROP units' depth halves the same way (rop.test_only_samples_per_clock).
        gpusim.config.Config rops = TraceBuilder.unitDefaults().with("backend.kind=rops").with("rop.partitions=1")
                .with("shader.engines=1").with("rop.depth_only_samples_per_clock=32")
                .with("rop.test_only_samples_per_clock=64");
        assertEquals(64 + 64 * 1, stat(new Gpu(oneTriangleTrace(probe, false, true), rops).run(), "db0.busy_cycles"));
    }

    /**
     * hiz.accept_tiles: a visibility probe (depth test, no depth write, no colour) over a
     * cleared buffer, every tile wholly inside the triangle and nearer than the tile's bounds.
     * Accepted whole, a tile costs its HiZ test only: no fine scan, no sample tested one by
     * one, and no quads, so the 64 tiles are one step of ceil(64 / hiz.tiles_per_clock 4) = 16
     * cycles instead of 64 of ceil(64 / 64) = 1. The samples still count (the query's answer
     * comes from coverage). A pass that writes depth is not accepted. The clear first: 64 DB cycles.
     */
    @Test
    void aTileHiZAcceptsWholeCostsItsHiZTestOnly() {
        TraceBuilder.Pso probe = new TraceBuilder.Pso().depth(true, false, gpusim.api.ComparisonFunc.LESS);
        gpusim.config.Config c = TraceBuilder.unitDefaults().with("db.count=1").with("shader.engines=1")
                .with("db.samples_per_clock=16").with("db.depth_only_samples_per_clock=32")
                .with("db.test_only_samples_per_clock=64");
        assertEquals(64 + 64 * 1, stat(new Gpu(oneTriangleTrace(probe, false, true), c).run(), "db0.busy_cycles"),
                "off by default");
        gpusim.config.Config accept = c.with("hiz.accept_tiles=on");
        RunResult r = new Gpu(oneTriangleTrace(probe, false, true), accept).run();
        assertEquals(64 + 16, stat(r, "db0.busy_cycles"));
        assertEquals(64, stat(r, "db0.hiz_accepted_tiles"));
        assertEquals(64, stat(r, "db0.hiz_tiles"));
        assertEquals(64 * 64, stat(r, "db0.samples_passed"), "every sample still counts");
        RunResult writes = new Gpu(oneTriangleTrace(new TraceBuilder.Pso(), false, true), accept).run();
        assertEquals(64 + 64 * 2, stat(writes, "db0.busy_cycles"), "a depth-writing pass is tested sample by sample");
        assertEquals(0, stat(writes, "db0.hiz_accepted_tiles"));
    }

    /**
     * hiz.aliquots and hiz.pixels_per_aliquot (ZCULL's storage, ZcullAllocation): the 64 x 64 surface's
     * 16 subregions are cells of 16 x 16 pixels, 2 x 2 tiles each; at 16 pixels an aliquot a subregion
     * normalizes to ceil(4,096 / 16 / 16) = 16 aliquots, and its formats take 64, 32, 16 and 8. 1,024
     * aliquots hold all 16 in the finest: every tile covered and accepted. 128 hold all 16 only in the
     * coarsest, which accepts nothing: every tile is HiZ-tested, then tested sample by sample. 64 hold 8
     * in the coarsest: the first 8 cells (pixel rows 0-31, 32 tiles) are covered, the rest get no HiZ
     * test at all. 7 hold none. 256 hold 4 of the second format, 4 of the third and 8 of the coarsest:
     * the first 32 tiles are accepted, the other 32 HiZ-tested only. The samples passed never change.
     */
    @Test
    void hiZCoversTheSubregionsZcullsStorageHolds() {
        TraceBuilder.Pso probe = new TraceBuilder.Pso().depth(true, false, gpusim.api.ComparisonFunc.LESS);
        gpusim.config.Config accept = TraceBuilder.unitDefaults().with("db.count=1").with("shader.engines=1")
                .with("db.samples_per_clock=16").with("db.depth_only_samples_per_clock=32")
                .with("db.test_only_samples_per_clock=64").with("hiz.accept_tiles=on").with("hiz.pixels_per_aliquot=16");
        RunResult fits = new Gpu(oneTriangleTrace(probe, false, true), accept.with("hiz.aliquots=1024")).run();
        assertEquals(64 + 16, stat(fits, "db0.busy_cycles"), "all 16 subregions in the finest format");
        assertEquals(64, stat(fits, "db0.hiz_accepted_tiles"));
        RunResult coarse = new Gpu(oneTriangleTrace(probe, false, true), accept.with("hiz.aliquots=128")).run();
        assertEquals(64, stat(coarse, "db0.hiz_tiles"), "all covered, in the coarsest format");
        assertEquals(0, stat(coarse, "db0.hiz_accepted_tiles"), "which accepts nothing whole");
        assertEquals(64 * 64, stat(coarse, "db0.samples_passed"));
        RunResult half = new Gpu(oneTriangleTrace(probe, false, true), accept.with("hiz.aliquots=64")).run();
        assertEquals(32, stat(half, "db0.hiz_tiles"), "the first 8 subregions: tile rows 0-3");
        assertEquals(0, stat(half, "db0.hiz_accepted_tiles"));
        assertEquals(64 * 64, stat(half, "db0.samples_passed"));
        RunResult none = new Gpu(oneTriangleTrace(probe, false, true), accept.with("hiz.aliquots=7")).run();
        assertEquals(64 + 64 * 1, stat(none, "db0.busy_cycles"), "no subregion fits: each tile tested, 1 cycle");
        assertEquals(0, stat(none, "db0.hiz_tiles"), "and no HiZ test at all");
        assertEquals(64 * 64, stat(none, "db0.samples_passed"));
        RunResult mixed = new Gpu(oneTriangleTrace(probe, false, true), accept.with("hiz.aliquots=256")).run();
        assertEquals(64, stat(mixed, "db0.hiz_tiles"), "every tile is covered for rejection");
        assertEquals(32, stat(mixed, "db0.hiz_accepted_tiles"), "the first 8 subregions are accepted");
        assertEquals(64 * 64, stat(mixed, "db0.samples_passed"));
    }

    /**
     * A subregion in the coarsest ZCULL format learns a tile's bounds only where one triangle writes
     * the whole 16 x 16 block around it. The occluder, depth 0.5 over the upper-left half of the 64 x
     * 64 surface (x + y < 64), holds 28 whole tiles (tx + ty <= 6) but only 6 whole blocks of 16 x 16
     * (bx + by <= 2), 24 of those tiles. A full-screen pass behind it (0.7, LESS) is then rejected on
     * the 28 tiles in the finest format (1,024 aliquots of 16 pixels) and on the 24 in the coarsest (128):
     * the other 4 are tested sample by sample, and pass nothing either way.
     */
    @Test
    void theCoarsestFormatLearnsOnlyFromWholeBlocks() {
        gpusim.config.Config c = TraceBuilder.unitDefaults().with("db.count=1").with("shader.engines=1")
                .with("hiz.pixels_per_aliquot=16");
        RunResult fine = new Gpu(occluderThenBehind(), c.with("hiz.aliquots=1024")).run();
        RunResult coarse = new Gpu(occluderThenBehind(), c.with("hiz.aliquots=128")).run();
        assertEquals(28, stat(fine, "db0.hiz_rejected_tiles"));
        assertEquals(24, stat(coarse, "db0.hiz_rejected_tiles"));
        assertEquals(stat(fine, "db0.samples_passed"), stat(coarse, "db0.samples_passed"));
        assertEquals(4L * 64, stat(coarse, "db0.samples_tested") - stat(fine, "db0.samples_tested"),
                "the 4 tiles not learned are tested, 64 samples each");
    }

    /**
     * The coarsest format tests a tile against its 16 x 16 block's bounds, the widest of its tiles'. Over
     * an occluder at 0.5 on the whole 64 x 64 surface, a small triangle written at 0.9 (ALWAYS) inside
     * tile (0, 0) widens that tile's bounds; a full-screen pass at 0.7 (LESS) behind it is then rejected
     * on the 63 other tiles in the finest format, and on 60 in the coarsest: the block of tiles (0..1,
     * 0..1) shares tile (0, 0)'s bounds.
     */
    @Test
    void theCoarsestFormatTestsATileAgainstItsBlock() {
        gpusim.config.Config c = TraceBuilder.unitDefaults().with("db.count=1").with("shader.engines=1")
                .with("hiz.pixels_per_aliquot=16");
        TraceBuilder t = new TraceBuilder();
        Resource.DepthStencil ds = t.depthStencil("ds", 64, 64, 1, DepthFormat.D32_FLOAT);
        var l = t.list("l").targets(null, ds).clearDs(ds, 1f, null)
                .pso(t.pso("w", depthPso(gpusim.api.ComparisonFunc.LESS, true))).vb(t.vertices("occluder", -1, -1, 0.5f, 1, -1, 3, 0.5f, 1, 3, -1, 0.5f, 1)).draw(3)
                .pso(t.pso("a", depthPso(gpusim.api.ComparisonFunc.ALWAYS, true))).vb(t.vertices("far", -0.96875f, 0.96875f, 0.9f, 1, -0.84375f, 0.96875f, 0.9f, 1,
                        -0.96875f, 0.84375f, 0.9f, 1)).draw(3)
                .pso(t.pso("t", depthPso(gpusim.api.ComparisonFunc.LESS, false)))
                .vb(t.vertices("behind", -1, -1, 0.7f, 1, -1, 3, 0.7f, 1, 3, -1, 0.7f, 1)).draw(3);
        Trace trace = t.execute(l.close()).build();
        RunResult fine = new Gpu(trace, c.with("hiz.aliquots=1024")).run();
        RunResult coarse = new Gpu(trace, c.with("hiz.aliquots=128")).run();
        assertEquals(63, stat(fine, "db0.hiz_rejected_tiles"));
        assertEquals(60, stat(coarse, "db0.hiz_rejected_tiles"));
        assertEquals(stat(fine, "db0.samples_passed"), stat(coarse, "db0.samples_passed"));
    }

    /** A pipeline state testing depth with {@code func}, writing it or not, culling nothing. */
    private static TraceBuilder.Pso depthPso(gpusim.api.ComparisonFunc func, boolean write) {
        TraceBuilder.Pso p = new TraceBuilder.Pso().depth(true, write, func);
        p.cull = CullMode.NONE;
        return p;
    }

    /** On a 64 x 64 depth buffer cleared to 1: a triangle at 0.5 over x + y < 64 (writing), then {@link #BIG} at 0.7 (testing). */
    private static Trace occluderThenBehind() {
        TraceBuilder t = new TraceBuilder();
        Resource.DepthStencil ds = t.depthStencil("ds", 64, 64, 1, DepthFormat.D32_FLOAT);
        var l = t.list("l").targets(null, ds).clearDs(ds, 1f, null)
                .pso(t.pso("w", depthPso(gpusim.api.ComparisonFunc.LESS, true)))
                .vb(t.vertices("occluder", -1, 1, 0.5f, 1, 1, 1, 0.5f, 1, -1, -1, 0.5f, 1)).draw(3)
                .pso(t.pso("t", depthPso(gpusim.api.ComparisonFunc.LESS, false)))
                .vb(t.vertices("behind", -1, -1, 0.7f, 1, -1, 3, 0.7f, 1, 3, -1, 0.7f, 1)).draw(3);
        return t.execute(l.close()).build();
    }

    /**
     * hiz.uncovered_samples_per_clock: a depth-writing pass over the 64 x 64 surface whose first 8
     * subregions (32 tiles, rows 0-3) ZCULL holds (64 aliquots of 16 pixels: 8 in the coarsest format)
     * tests those at the depth-only rate, ceil(64 / 32) = 2 cycles a tile, and the 32 beyond at 8
     * samples a cycle, 64 / 8 = 8 a tile: 64 (the clear) + 32 x 2 + 32 x 8. Unset, every tile takes 2
     * as before; a rate above the draw's own changes nothing (the lower of the two); the samples passed
     * never change.
     */
    @Test
    void samplesBeyondHiZsCoverageTestAtTheUncoveredRate() {
        gpusim.config.Config c = TraceBuilder.unitDefaults().with("db.count=1").with("shader.engines=1")
                .with("db.samples_per_clock=16").with("db.depth_only_samples_per_clock=32")
                .with("hiz.aliquots=64").with("hiz.pixels_per_aliquot=16");
        RunResult unset = new Gpu(oneTriangleTrace(new TraceBuilder.Pso(), false, true), c).run();
        assertEquals(64 + 64 * 2, stat(unset, "db0.busy_cycles"));
        assertEquals(32, stat(unset, "db0.hiz_tiles"));
        RunResult slow = new Gpu(oneTriangleTrace(new TraceBuilder.Pso(), false, true),
                c.with("hiz.uncovered_samples_per_clock=8")).run();
        assertEquals(64 + 32 * 2 + 32 * 8, stat(slow, "db0.busy_cycles"));
        assertEquals(stat(unset, "db0.samples_passed"), stat(slow, "db0.samples_passed"));
        RunResult fast = new Gpu(oneTriangleTrace(new TraceBuilder.Pso(), false, true),
                c.with("hiz.uncovered_samples_per_clock=64")).run();
        assertEquals(64 + 64 * 2, stat(fast, "db0.busy_cycles"), "never faster than the draw's own rate");
    }

    /** Runs {@code t}, whose first dump is two timestamps, at 1 GHz ticks and 1000 MHz (ticks are cycles): the ticks between. */
    static long ticksBetween(TraceBuilder t, String... config) {
        String[] all = java.util.Arrays.copyOf(config, config.length + 2);
        all[config.length] = "timestamp.frequency_hz=1000000000";
        all[config.length + 1] = "gpu.clock_mhz=1000";
        long[] v = dump(TraceBuilder.run(t.build(), all), 0);
        return v[1] - v[0];
    }

    /** Two end-of-pipe timestamps with nothing between them: the ticks between. */
    static long backToBackTimestamps(String... config) {
        TraceBuilder t = new TraceBuilder();
        Resource.QueryHeap ts = t.queryHeap("ts", QueryHeapType.TIMESTAMP, 2);
        Resource.Buffer out = t.buffer("out", 16);
        var l = t.list("l").end(ts, QueryType.TIMESTAMP, 0).end(ts, QueryType.TIMESTAMP, 1)
                .resolve(ts, QueryType.TIMESTAMP, 0, 2, out, 0);
        t.execute(l.close()).dump(out);
        return ticksBetween(t, config);
    }

    /**
     * timestamp.interval_cycles: the end of the pipe writes a timestamp no sooner than the
     * interval after the one before. Back to back they land exactly the interval apart (500
     * cycles here, where the command processor and the pipe put them 106 apart without it); with a 256x256 layer between
     * them, which takes longer than the interval, they land as far apart as without it: the
     * work behind a timestamp is not held up.
     */
    @Test
    void endOfPipeTimestampsLandAtLeastTheIntervalApart() {
        long free = backToBackTimestamps();
        assertTrue(free < 500, "back to back: " + free + " cycles apart");
        assertEquals(500, backToBackTimestamps("timestamp.interval_cycles=500"));
        long layer = layers(256, 1, false, true);
        assertTrue(layer > 2 * 500, "a 256x256 layer takes " + layer + " cycles");
        assertEquals(layer, layers(256, 1, false, true, "timestamp.interval_cycles=500"));
    }

    /** A target of {@code size}, {@code layers} full-screen layers, between two bottom-of-pipe timestamps: the ticks between. */
    static long layers(int size, int layers, boolean frontToBack, boolean color, String... config) {
        return layers(size, layers, frontToBack, color, false, config);
    }

    static long layers(int size, int layers, boolean frontToBack, boolean color, boolean onePerLayer,
                       String... config) {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = color ? t.renderTarget("rt", size, size, 1) : null;
        Resource.DepthStencil ds = t.depthStencil("ds", size, size, 1, DepthFormat.D32_FLOAT);
        Resource.QueryHeap ts = t.queryHeap("ts", QueryHeapType.TIMESTAMP, 2);
        Resource.Buffer out = t.buffer("out", 16);
        float[][] parts = new float[layers + 1][];
        // An occluder at the front first (drawn only front to back), then the layers.
        parts[0] = fullScreen(0.01f);
        for (int i = 0; i < layers; i++) {
            float z = 0.1f + 0.8f * (frontToBack ? i : layers - 1 - i) / layers;
            parts[i + 1] = fullScreen(z);
        }
        Resource.VertexBuffer vb = t.vertices("vb", concat(parts));
        var l = t.list("l").targets(rt, ds).pso(t.pso("p")).vb(vb).viewport(0, 0, size, size)
                .clearDs(ds, 1f, null);
        if (frontToBack) {
            l.draw(6, 0, 1);
        }
        l.end(ts, QueryType.TIMESTAMP, 0);
        if (onePerLayer) {
            for (int i = 0; i < layers; i++) {
                l.draw(6, 6 + 6L * i, 1);
            }
        } else {
            l.draw(6L * layers, 6, 1);
        }
        l.end(ts, QueryType.TIMESTAMP, 1).resolve(ts, QueryType.TIMESTAMP, 0, 2, out, 0);
        t.execute(l.close()).dump(out);
        return ticksBetween(t, config);
    }

    @Test
    void depthBoundFillScalesWithTheDepthBlocks() {
        // Depth only (no render target): no pixel work; each DB tests its tiles at
        // db.depth_only_samples_per_clock. 8 layers of 512x512.
        long at8 = layers(512, 8, false, false, false, "db.count=8");
        long at16 = layers(512, 8, false, false, false, "db.count=16");
        assertTrue(at8 >= 1.5 * at16, "8 DBs " + at8 + " cycles, 16 DBs " + at16);
        // With colour the shader engines (shader.engines = 4, whatever the DB count) set the
        // pace: twice the DBs change it by under 10%.
        long color8 = layers(512, 8, false, true, false, "db.count=8");
        long color16 = layers(512, 8, false, true, false, "db.count=16");
        assertTrue(color8 < 1.1 * color16 && color16 < 1.1 * color8, color8 + " vs " + color16);
        assertTrue(color8 > 2 * at8, "colour costs shading and writes: " + color8 + " vs " + at8);
    }

    @Test
    void layersRejectedByDepthAreFarCheaperThanLayersThatPass() {
        long pass = layers(256, 24, false, true);
        long rejected = layers(256, 24, true, true);
        assertTrue(pass >= 4 * rejected, "24 passing layers " + pass + " cycles, 24 rejected " + rejected);
    }

    @Test
    void oneDrawOfManyLayersCostsWhatOneDrawPerLayerCosts() {
        for (String dbs : new String[] {"db.count=4", "db.count=16"}) {
            long one = layers(256, 24, false, true, false, dbs);
            long many = layers(256, 24, false, true, true, dbs);
            assertTrue(Math.abs(one - many) < 0.05 * many, dbs + ": one draw " + one + ", one per layer " + many);
        }
    }
}
