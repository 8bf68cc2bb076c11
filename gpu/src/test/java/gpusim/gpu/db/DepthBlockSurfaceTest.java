package gpusim.gpu.db;

import static gpusim.gpu.UnitRig.HIT;
import static gpusim.gpu.UnitRig.LATENCY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.DepthFormat;
import gpusim.config.Config;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.rb.RenderBackEndQueryProtocol;
import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.TileBatch;
import gpusim.gpu.work.TriBatch;
import gpusim.gpu.work.Work;
import gpusim.memory.cache.Cache;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.TraceHook;
import gpusim.trace.PipelineState;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * A depth block's tile step with its surfaces in memory (surfaces.in_memory), cycle-exactly:
 * the step starts once the tile's HTILE word and depth lines have come back through the DB's
 * depth cache. A step whose lines miss waits for the cache's lookup, then for memory to serve
 * each missing line and return it; the same tile's next step hits and waits only the lookup.
 */
class DepthBlockSurfaceTest {

    /** One DB (one tile, 8 x 8, one sample, D32) over a depth cache over a one-channel memory. */
    static final class Rig {
        final gpusim.gpu.UnitRig u = new gpusim.gpu.UnitRig();
        final Engine engine = u.engine;
        final BoundedQueue<Work> in = u.in;
        final DepthBlock db;
        final Cache cache;
        final DrawState state;
        final List<Long> stepStarts = new ArrayList<>();
        final List<Long> stepEnds = new ArrayList<>();

        Rig() {
            this(8);
        }

        /** The depth surface {@code width} pixels wide (tiles (0, 0), (1, 0) ...), 8 high. */
        Rig(int width) {
            TileMap tiles = new TileMap(1, 8);
            db = new DepthBlock(u.wiring, new PipelineCounters(), tiles, 0, in, new DepthBlockCore(0, tiles, false),
                    new FunctionalLanes(1, 1, 0), new SampleWorkLimit(Long.MAX_VALUE, u.draws),
                    new java.util.ArrayDeque<>(), new java.util.ArrayDeque<>(), new gpusim.gpu.cb.QuadsInFlight(),
                    new RenderBackEndQueryProtocol(tiles), gpusim.gpu.PipelineParams.of(Config.defaults()).db());
            cache = u.wire(db, "db0_cache", false);
            db.surfacesThrough(cache, 64, 8, false, false, false);
            db.connect(u.out(db));
            DepthSurface ds = new DepthSurface("ds", width, 8, 1, DepthFormat.D32_FLOAT, 8);
            ds.memory = SurfaceMemory.depth(u.memory, ds.layout, DepthFormat.D32_FLOAT);
            // Depth only (no render target), early Z, LESS with writes: no waves, only depth traffic.
            state = new DrawState(PipelineState.defaults("p", 1), null, ds, 1, 0, 0, 8, 8, 0, 1, 0, 0, 7, 7,
                    new float[16], 0, null, null);
            u.draws.issue(1, 0);
            engine.setHook(new TraceHook() {
                @Override
                public void span(Component c, String kind, long start, long end) {
                    if (c == db && kind.equals("busy")) {
                        stepStarts.add(start);
                        stepEnds.add(end);
                    }
                }

                @Override
                public void instant(Component c, String name, long cycle) {
                }

                @Override
                public void counter(String name, long cycle, long value) {
                }
            });
        }

        /** Sends a batch of tile (0, 0), every one of its 64 samples tested and passing; returns the cycle it arrives. */
        long send() {
            return send(1);
        }

        /** Sends {@code n} batches at once, batch t of tile (t, 0), as {@link #send()}; returns the cycle they arrive. */
        long send(int n) {
            long now = engine.now();
            for (int t = 0; t < n; t++) {
                TileBatch tb = new TileBatch();
                tb.reset(new TriBatch(0, state, 1), 0);
                tb.tile(t, 0, 64, 64, 64, 16, 64, true);
                tb.scanSamples = 64;
                tb.done = CompletableFuture.completedFuture(null);
                assertTrue(in.push(tb, now));
            }
            engine.run(() -> false);
            return now + 1; // the input queue's latency
        }
    }

    @Test
    void aStepThatMissesWaitsForMemoryAndOneThatHitsForTheLookup() {
        Rig r = new Rig();
        long arrived = r.send();
        // Miss: the tile's HTILE line and its four depth lines (256 bytes) each take an MSHR;
        // after the lookup (HIT) the five fetches leave together, the channel serves one 64-byte
        // line a cycle from the next cycle, and each returns LATENCY cycles after its service.
        long miss = r.stepStarts.get(0) - arrived;
        assertEquals(HIT + 1 + 5 + LATENCY, miss, "miss: lookup, then five lines served and returned");
        assertEquals(5, count(r.cache, "misses"), "five line parts missed");
        assertEquals(5, count(r.cache, "hits"), "the step's writes (four depth lines, the HTILE word) hit");
        arrived = r.send();
        long hit = r.stepStarts.get(1) - arrived;
        // Hit: the HTILE line and the four depth lines are in the cache.
        assertEquals(HIT, hit, "hit: the lookup only");
        assertEquals(5, count(r.cache, "misses"), "no new miss");
        assertEquals(5 + 5 + 5, count(r.cache, "hits"), "the second step's five reads and five writes hit");
    }

    @Test
    void theReadsOfAQueuedBatchGoOutWithTheCurrentOnes() {
        Rig r = new Rig(16);
        long arrived = r.send(2);
        // Both batches' reads leave at the first batch's step: its HTILE line and four depth
        // lines, then the second tile's four depth lines (its HTILE word is in the line already
        // being fetched: a merge, no part of its own). The second step starts when its lines are
        // back or the first step is done, whichever is later, not a memory latency after it.
        assertEquals(HIT + 1 + 5 + LATENCY, r.stepStarts.get(0) - arrived, "the first step: five lines");
        long secondReady = arrived + HIT + 1 + 9 + LATENCY;
        assertEquals(Math.max(r.stepEnds.get(0), secondReady), r.stepStarts.get(1), "the second step");
        assertEquals(9, count(r.cache, "misses") - count(r.cache, "mshr_merges"), "nine line parts fetched");
    }

    static long count(Cache c, String stat) {
        return ((gpusim.sim.Stat.Scalar) c.stats().find(stat)).get();
    }
}
