package gpusim.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.ComparisonFunc;
import gpusim.api.CullMode;
import gpusim.api.DepthFormat;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.memory.MemorySystem;
import gpusim.sim.Stat;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import org.junit.jupiter.api.Test;

/**
 * Surfaces in memory: a 4x-MSAA fill whose depth and colour traffic goes through
 * the RBs' caches to the memory channels slows down when the channels' bandwidth drops, the
 * channels' extra bytes are exactly the caches' line traffic (depth caches the most), and the
 * results never move.
 */
class SurfacesInMemoryTest {
    static final int DBS = 4;

    static final int SIZE = 128;
    static final int DRAWS = 4;

    /**
     * SIZE x SIZE, 4x MSAA, D32 and RGBA8: clears, then DRAWS full-screen triangles, each nearer
     * than the last (every sample passes). With {@code query}, an occlusion query around the
     * draws resolved and dumped (its resolve polls memory, so the no-query trace is the one
     * whose memory bytes are compared exactly).
     */
    static Trace msaaFill(boolean query) {
        return msaaFill(query, 1);
    }

    /** {@link #msaaFill(boolean)}'s list executed {@code executions} times, a wait_idle between each two. */
    static Trace msaaFill(boolean query, int executions) {
        TraceBuilder b = new TraceBuilder();
        Resource.RenderTarget rt = b.renderTarget("rt", SIZE, SIZE, 4);
        Resource.DepthStencil ds = b.depthStencil("ds", SIZE, SIZE, 4, DepthFormat.D32_FLOAT);
        Resource.QueryHeap qh = b.queryHeap("qh", QueryHeapType.OCCLUSION, 1);
        Resource.Buffer out = b.buffer("out", 8);
        // One triangle covering the screen (clipped to it): every tile is one record, covered whole.
        float[] v = new float[DRAWS * 3 * 4];
        for (int d = 0; d < DRAWS; d++) {
            float z = 0.9f - 0.1f * d;
            float[] tri = {-1, -1, z, 1, -1, 3, z, 1, 3, -1, z, 1};
            System.arraycopy(tri, 0, v, d * 12, 12);
        }
        Resource.VertexBuffer vb = b.vertices("vb", v);
        Resource.Pso pso = b.pso("p", new TraceBuilder.Pso().cull(CullMode.NONE)
                .depth(true, true, ComparisonFunc.LESS).psCycles(1));
        var l = b.list("l").targets(rt, ds).clearDs(ds, 1.0f, null).clearRt(rt, 0, 0, 0, 1).pso(pso).vb(vb);
        if (query) {
            l.begin(qh, QueryType.OCCLUSION, 0);
        }
        for (int d = 0; d < DRAWS; d++) {
            l.draw(3, d * 3, 1);
        }
        if (query) {
            l.end(qh, QueryType.OCCLUSION, 0).resolve(qh, QueryType.OCCLUSION, 0, 1, out, 0);
        }
        var list = l.close();
        b.execute(list);
        for (int i = 1; i < executions; i++) {
            b.waitIdle().execute(list);
        }
        return b.dump(out).build();
    }

    static long stat(RunResult r, String path) {
        return ((Stat.Scalar) r.stats().find(path)).get();
    }

    /** A per-client byte count, 0 where there is none (it appears once its client has moved a byte). */
    static long statOrZero(RunResult r, String path) {
        return r.stats().find(path) == null ? 0 : stat(r, path);
    }

    /** Bytes the caches of kind {@code unit} ("db" or "cb") moved to and from memory: line fills and write-backs. */
    static long lineBytes(RunResult r, String unit, String what) {
        long lines = 0;
        for (int d = 0; d < DBS; d++) {
            String c = unit + d + "_cache.";
            lines += what.equals("read") ? stat(r, c + "misses") - stat(r, c + "mshr_merges")
                    : stat(r, c + "write_backs");
        }
        return lines * gpusim.config.Config.defaults()
                .get(unit.equals("db") ? PipelineParams.DB_CACHE_LINE : PipelineParams.CB_CACHE_LINE);
    }

    @Test
    void aDepthBoundMsaaFillSlowsWithBandwidthAndTheDepthCachesFillTheChannels() {
        Trace q = msaaFill(true);
        long samples = (long) DRAWS * SIZE * SIZE * 4;
        long[] passed = TraceBuilder.run(q).dumps().get(0).values();
        assertArrayEquals(new long[] {samples}, passed);
        assertArrayEquals(passed, TraceBuilder.run(q, "surfaces.in_memory=on", "memory.bytes_per_cycle=4")
                .dumps().get(0).values());
        Trace t = msaaFill(false);
        RunResult off = TraceBuilder.run(t);
        RunResult wide = TraceBuilder.run(t, "surfaces.in_memory=on");
        RunResult narrow = TraceBuilder.run(t, "surfaces.in_memory=on", "memory.bytes_per_cycle=4");
        RunResult narrowOff = TraceBuilder.run(t, "memory.bytes_per_cycle=4");
        // Without surfaces in memory bandwidth changes nothing here (the complaint) ...
        assertEquals(off.cycles(), narrowOff.cycles());
        // ... with them, a sixteenth of the bandwidth costs far more than 1.5x.
        assertTrue(narrow.cycles() >= 1.5 * wide.cycles(), narrow.cycles() + " vs " + wide.cycles());
        for (RunResult on : new RunResult[] {wide, narrow}) {
            // Every byte the channels moved beyond the run without surfaces is a cache line filled or written back.
            assertEquals(stat(on, "memory.bytes_read") - stat(off, "memory.bytes_read"),
                    lineBytes(on, "db", "read") + lineBytes(on, "cb", "read"));
            assertEquals(stat(on, "memory.bytes_written") - stat(off, "memory.bytes_written"),
                    lineBytes(on, "db", "write") + lineBytes(on, "cb", "write"));
            // Depth is read and written for every sample, colour only written: the depth caches move the most.
            assertTrue(lineBytes(on, "db", "read") + lineBytes(on, "db", "write")
                    > lineBytes(on, "cb", "read") + lineBytes(on, "cb", "write"));
        }
        // Each DB read and wrote the depth of every sample of its tiles for each draw (4 bytes a
        // sample), and the clear wrote each tile once more.
        long depthRead = 0;
        long depthWritten = 0;
        for (int d = 0; d < DBS; d++) {
            depthRead += stat(wide, "db" + d + ".depth_bytes_read");
            depthWritten += stat(wide, "db" + d + ".depth_bytes_written");
        }
        assertEquals(samples * 4, depthRead);
        assertEquals(samples * 4 + SIZE * SIZE * 4 * 4, depthWritten);
        // The cycles' breakdown: the depth caches' misses stalled the DBs, not the shaders.
        assertTrue(stat(narrow, "db0.surface_read_waits") > 0);
    }

    /**
     * The defaults themselves (not {@link TraceBuilder#unitDefaults}) keep surfaces in memory: the
     * same fill on 16 depth blocks slows by more than 1.5x when each channel's bandwidth drops from
     * 64 to 4 bytes a cycle, and the channels' statistics attribute every byte they moved to a
     * client. The defaults compress (fast clears, depth planes): each 8x8 tile that one triangle
     * covers stores its depth plane, 16 bytes, so of the 4 draws' traffic the colour writes
     * (4 bytes a sample) are 4 times the depth's.
     */
    @Test
    void theDefaultMachineKeepsItsSurfacesInMemory() {
        assertTrue(gpusim.config.Config.defaults().flag(PipelineParams.SURFACES_IN_MEMORY));
        Trace t = msaaFill(false);
        gpusim.config.Config sixteen = gpusim.config.Config.defaults().with("db.count=16");
        RunResult wide = new Gpu(t, sixteen).run();
        RunResult narrow = new Gpu(t, sixteen.with("memory.bytes_per_cycle=4")).run();
        assertTrue(narrow.cycles() >= 1.5 * wide.cycles(), narrow.cycles() + " vs " + wide.cycles());
        int channels = sixteen.getInt(MemorySystem.MEMORY_CHANNELS);
        long depth = 0;
        long colour = 0;
        for (int c = 0; c < channels; c++) {
            String ch = "memory.channel" + c + ".";
            depth += statOrZero(narrow, ch + "bytes_depth");
            colour += statOrZero(narrow, ch + "bytes_color");
            long byClient = 0;
            for (gpusim.sim.MemoryClient m : gpusim.sim.MemoryClient.values()) {
                byClient += statOrZero(narrow, ch + "bytes_" + m.name().toLowerCase(java.util.Locale.ROOT));
            }
            assertEquals(stat(narrow, ch + "bytes"), byClient, ch);
        }
        assertEquals(4 * depth, colour, depth + " depth bytes, " + colour + " colour bytes");
        assertTrue(depth > 0);
    }

    /**
     * surfaces.flush_at_end: the last draw wrote every sample, and each DB's 64 KiB of depth
     * (and each colour unit's 64 KiB of colour) overflows its 32 KiB cache, so every line left
     * in every cache is dirty: the flush writes each cache's whole capacity back, the channels
     * write exactly those bytes more, the run takes longer, and the results do not move. With
     * an L2, the lines land in its slices first and its own end-of-run flush takes them out.
     */
    @Test
    void theEndOfRunFlushWritesEveryDirtyLineOfTheRenderBackEndsCaches() {
        Trace t = msaaFill(false);
        RunResult kept = TraceBuilder.run(t, "surfaces.in_memory=on");
        RunResult flushed = TraceBuilder.run(t, "surfaces.in_memory=on", "surfaces.flush_at_end=on");
        gpusim.config.Config c = TraceBuilder.unitDefaults();
        long dbLines = c.get(PipelineParams.DB_CACHE_SIZE) / c.get(PipelineParams.DB_CACHE_LINE);
        long cbLines = c.get(PipelineParams.CB_CACHE_SIZE) / c.get(PipelineParams.CB_CACHE_LINE);
        assertEveryCacheFlushed(flushed, 1);
        // The flush is the only difference in the traffic: the same fills and victims before it.
        assertEquals(stat(kept, "memory.bytes_read"), stat(flushed, "memory.bytes_read"));
        assertEquals(stat(flushed, "memory.bytes_written") - stat(kept, "memory.bytes_written"),
                DBS * (dbLines * c.get(PipelineParams.DB_CACHE_LINE)
                        + cbLines * c.get(PipelineParams.CB_CACHE_LINE)));
        assertTrue(flushed.cycles() > kept.cycles(), flushed.cycles() + " vs " + kept.cycles());
        Trace q = msaaFill(true);
        assertArrayEquals(TraceBuilder.run(q).dumps().get(0).values(),
                TraceBuilder.run(q, "surfaces.in_memory=on", "surfaces.flush_at_end=on").dumps().get(0).values());
        // Through an L2 that is flushed too: the RB caches' lines reach the slices first, so the slices
        // write back at least as many lines (as many when every surface line is dirty in the L2 by then).
        RunResult l2Only = TraceBuilder.run(t, "surfaces.in_memory=on", "l2.enabled=on", "l2.flush_at_end=on");
        RunResult both = TraceBuilder.run(t, "surfaces.in_memory=on", "l2.enabled=on", "l2.flush_at_end=on",
                "surfaces.flush_at_end=on");
        long l2Flushed = 0;
        long l2FlushedBoth = 0;
        for (int ch = 0; ch < c.getInt(MemorySystem.MEMORY_CHANNELS); ch++) {
            l2Flushed += stat(l2Only, "memory.l2_" + ch + ".flushed_lines");
            l2FlushedBoth += stat(both, "memory.l2_" + ch + ".flushed_lines");
        }
        assertTrue(l2FlushedBoth >= l2Flushed, l2FlushedBoth + " vs " + l2Flushed);
        assertTrue(both.cycles() > l2Only.cycles(), both.cycles() + " vs " + l2Only.cycles());
    }

    /** Each DB and CB cache wrote back {@code times} x its whole capacity in flushes (every line dirty each time). */
    static void assertEveryCacheFlushed(RunResult r, int times) {
        gpusim.config.Config c = TraceBuilder.unitDefaults();
        long dbLines = c.get(PipelineParams.DB_CACHE_SIZE) / c.get(PipelineParams.DB_CACHE_LINE);
        long cbLines = c.get(PipelineParams.CB_CACHE_SIZE) / c.get(PipelineParams.CB_CACHE_LINE);
        for (int d = 0; d < DBS; d++) {
            assertEquals(times * dbLines, stat(r, "db" + d + "_cache.flushed_lines"), "db" + d);
            assertEquals(times * cbLines, stat(r, "cb" + d + "_cache.flushed_lines"), "cb" + d);
        }
    }

    /**
     * memory.flush_at_host_sync: the fill twice, a wait_idle between, then a dump: each of the
     * two host syncs finds every line of every cache dirty (each execution writes every sample
     * last) and flushes them all, so each cache writes back twice its capacity; the CPU waits
     * longer and reads the same words (each execution resolves its own query over the last one's).
     * Through an L2, its slices flush at both syncs too.
     */
    @Test
    void eachHostSyncFlushesTheCachesBeforeTheCpuReads() {
        Trace t = msaaFill(true, 2);
        RunResult plain = TraceBuilder.run(t, "surfaces.in_memory=on");
        RunResult synced = TraceBuilder.run(t, "surfaces.in_memory=on", "memory.flush_at_host_sync=on");
        gpusim.config.Config c = TraceBuilder.unitDefaults();
        assertEveryCacheFlushed(synced, 2);
        assertEquals(null, plain.stats().find("db0_cache.flushed_lines"), "no flush, no statistic");
        assertArrayEquals(new long[] {(long) DRAWS * SIZE * SIZE * 4}, synced.dumps().get(0).values());
        assertArrayEquals(plain.dumps().get(0).values(), synced.dumps().get(0).values());
        assertTrue(stat(synced, "host.cpu_wait_cycles") > stat(plain, "host.cpu_wait_cycles"));
        assertTrue(synced.cycles() > plain.cycles(), synced.cycles() + " vs " + plain.cycles());
        RunResult l2 = TraceBuilder.run(t, "surfaces.in_memory=on", "l2.enabled=on", "memory.flush_at_host_sync=on");
        long l2Flushed = 0;
        for (int ch = 0; ch < c.getInt(MemorySystem.MEMORY_CHANNELS); ch++) {
            l2Flushed += stat(l2, "memory.l2_" + ch + ".flushed_lines");
        }
        assertTrue(l2Flushed > 0, "the slices write back at the syncs");
        assertArrayEquals(plain.dumps().get(0).values(), l2.dumps().get(0).values());
    }

    /**
     * The ROP back end's units get the same surface caches (TiledBackEnd.surfaceCaches): with
     * as many ROP units as DBs (4 partitions of one) and the same tile ownership, each unit
     * reads and writes exactly the depth bytes the render back end's DB of those tiles does,
     * and the results are the same.
     */
    @Test
    void theRopUnitsMoveTheRenderBackEndsSurfaceBytes() {
        Trace q = msaaFill(true);
        RunResult rb = TraceBuilder.run(q, "surfaces.in_memory=on");
        RunResult rop = TraceBuilder.run(q, "surfaces.in_memory=on", "backend.kind=rops", "rop.partitions=4",
                "rop.units_per_partition=1");
        assertArrayEquals(rb.dumps().get(0).values(), rop.dumps().get(0).values());
        for (int d = 0; d < DBS; d++) {
            assertEquals(stat(rb, "db" + d + ".depth_bytes_read"), stat(rop, "db" + d + ".depth_bytes_read"), "unit " + d);
            assertEquals(stat(rb, "db" + d + ".depth_bytes_written"), stat(rop, "db" + d + ".depth_bytes_written"),
                    "unit " + d);
            assertTrue(stat(rop, "db" + d + "_cache.misses") > 0, "unit " + d + " goes through its depth cache");
        }
    }

    @Test
    void fastClearsWriteMetadataOnlyAndSkipTheFirstRead() {
        Trace t = msaaFill(true);
        RunResult slow = TraceBuilder.run(t, "surfaces.in_memory=on");
        RunResult fast = TraceBuilder.run(t, "surfaces.in_memory=on", "compression.fast_clear=on");
        assertArrayEquals(slow.dumps().get(0).values(), fast.dumps().get(0).values());
        long tiles = 0;
        long avoided = 0;
        long depthRead = 0;
        long depthReadSlow = 0;
        for (int d = 0; d < DBS; d++) {
            tiles += stat(fast, "db" + d + ".fast_cleared_tiles") + stat(fast, "cb" + d + ".fast_cleared_tiles");
            avoided += stat(fast, "db" + d + ".fast_clear_bytes_avoided") + stat(fast, "cb" + d + ".fast_clear_bytes_avoided");
            depthRead += stat(fast, "db" + d + ".depth_bytes_read");
            depthReadSlow += stat(slow, "db" + d + ".depth_bytes_read");
        }
        long surfaceTiles = (SIZE / 8) * (SIZE / 8); // each surface
        long tileBytes = 8 * 8 * 4 * 4;
        assertEquals(2 * surfaceTiles, tiles, "both clears left every tile as metadata only");
        // Saved: each clear's data writes, and exactly the depth reads the fast-cleared run did not make.
        assertEquals(2 * surfaceTiles * tileBytes + (depthReadSlow - depthRead), avoided);
        // The first draw reads no tile's depth: its every tile was cleared.
        assertEquals(surfaceTiles * tileBytes, depthReadSlow - depthRead);
        assertTrue(fast.cycles() < slow.cycles(), fast.cycles() + " vs " + slow.cycles());
    }

    @Test
    void depthPlanesStoreATileWrittenWholeByOneTriangleInSixteenBytes() {
        Trace t = msaaFill(true);
        RunResult full = TraceBuilder.run(t, "surfaces.in_memory=on");
        RunResult planes = TraceBuilder.run(t, "surfaces.in_memory=on", "compression.depth_planes=on");
        assertArrayEquals(full.dumps().get(0).values(), planes.dumps().get(0).values());
        long tiles = 0;
        long read = 0;
        long written = 0;
        long avoided = 0;
        for (int d = 0; d < DBS; d++) {
            tiles += stat(planes, "db" + d + ".depth_plane_tiles");
            read += stat(planes, "db" + d + ".depth_bytes_read");
            written += stat(planes, "db" + d + ".depth_bytes_written");
            avoided += stat(planes, "db" + d + ".depth_plane_bytes_avoided");
        }
        long surfaceTiles = (SIZE / 8) * (SIZE / 8);
        long tileBytes = 8 * 8 * 4 * 4;
        // Each draw's one triangle covers every tile and every sample passes: every write is a plane.
        assertEquals(DRAWS * surfaceTiles, tiles);
        // The clear writes whole tiles; each draw then writes 16 bytes a tile.
        assertEquals(surfaceTiles * tileBytes + DRAWS * surfaceTiles * 16, written);
        // The first draw reads the cleared tiles whole, the others read planes.
        assertEquals(surfaceTiles * tileBytes + (DRAWS - 1) * surfaceTiles * 16, read);
        assertEquals((DRAWS + DRAWS - 1) * surfaceTiles * (tileBytes - 16), avoided);
        assertTrue(planes.cycles() < full.cycles(), planes.cycles() + " vs " + full.cycles());
    }
}
