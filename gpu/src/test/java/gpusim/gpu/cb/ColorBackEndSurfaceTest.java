package gpusim.gpu.cb;

import static gpusim.gpu.UnitRig.HIT;
import static gpusim.gpu.UnitRig.LATENCY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.BlendMode;
import gpusim.config.Config;
import gpusim.gpu.PipelineParams;
import gpusim.gpu.db.SurfaceMemory;
import gpusim.gpu.ps.ColorSurface;
import gpusim.gpu.raster.TileMap;
import gpusim.gpu.work.QuadWave;
import gpusim.gpu.work.Work;
import gpusim.memory.cache.Cache;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Component;
import gpusim.sim.Engine;
import gpusim.sim.TraceHook;
import gpusim.trace.PipelineState;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A colour back end's blend reads with its surfaces in memory (surfaces.in_memory), cycle-exactly:
 * a blending wave starts once the destination lines of its tile have come back through the
 * colour cache; with a window of several waves (surfaces.waves_in_flight) the reads of the waves
 * queued behind it go out with its own, so their latency overlaps; with a window of one each
 * wave's reads wait for the wave before it.
 */
class ColorBackEndSurfaceTest {
    /** Lines of one 8 x 8 RGBA8 tile at one sample in a cache of 64-byte lines. */
    static final int LINES = 4;

    /** One colour back end over a colour cache over a one-channel memory serving a 64-byte line a cycle. */
    static final class Rig {
        final gpusim.gpu.UnitRig u = new gpusim.gpu.UnitRig();
        final Engine engine = u.engine;
        final BoundedQueue<Work> in = u.in;
        final ColorBackEnd cb;
        final Cache cache;
        final SurfaceMemory rt;
        final QuadsInFlight inFlight = new QuadsInFlight();
        final PipelineState blend = new PipelineState("blend", gpusim.api.PrimitiveTopology.TRIANGLE_LIST,
                gpusim.api.CullMode.NONE, false, true, false, false, gpusim.api.ComparisonFunc.ALWAYS, false, 255, 255,
                gpusim.trace.StencilFace.DEFAULT, gpusim.trace.StencilFace.DEFAULT, 15, BlendMode.ALPHA, -1, -1, 1);
        final List<long[]> spans = new ArrayList<>();

        Rig(int wavesInFlight) {
            TileMap tiles = new TileMap(1, 8);
            cb = new ColorBackEnd(u.wiring, 0, in, new java.util.ArrayDeque<>(), inFlight,
                    PipelineParams.of(Config.defaults()).cb());
            cache = u.wire(cb, "cb0_cache", true);
            cb.surfacesThrough(cache, 64, wavesInFlight, tiles, false, null);
            cb.connect(u.out(cb));
            ColorSurface c = new ColorSurface("rt", 32, 8, 1, 8);
            rt = SurfaceMemory.color(u.memory, c.layout);
            u.draws.issue(1, 0);
            engine.setHook(new TraceHook() {
                @Override
                public void span(Component comp, String kind, long start, long end) {
                    if (comp == cb && kind.equals("busy")) {
                        spans.add(new long[] {start, end});
                    }
                }

                @Override
                public void instant(Component comp, String name, long cycle) {
                }

                @Override
                public void counter(String name, long cycle, long value) {
                }
            });
        }

        /** Sends one blending wave for each of tiles (0, 0) .. (n - 1, 0), all 64 samples; returns the cycle they arrive. */
        long send(int n) {
            long now = engine.now();
            for (int t = 0; t < n; t++) {
                QuadWave q = new QuadWave().set(0, 0, blend, 16, 64, 0);
                q.tile(t, 64, new byte[0], 0, 0);
                q.rt = rt;
                inFlight.issue(q.quads, now);
                assertTrue(in.push(q, now));
            }
            engine.run(() -> false);
            return now + 1; // the input queue's latency
        }
    }

    /** The cycle line part {@code k} (1 = the first) of reads issued together at {@code at} is back. */
    static long lineBack(long at, int k) {
        // The lookup (HIT), then the channel serves one line a cycle from the next cycle, and each
        // line returns LATENCY cycles after its service (DepthBlockSurfaceTest derives the same).
        return at + HIT + 1 + k + LATENCY;
    }

    @Test
    void aWindowOfWavesOverlapsTheirBlendReads() {
        Rig r = new Rig(4);
        long arrived = r.send(4);
        assertEquals(4, r.spans.size());
        // The four waves' sixteen lines leave together; wave j can start when its fourth line is back
        // and the wave before it has finished.
        long end = 0;
        for (int j = 0; j < 4; j++) {
            long ready = lineBack(arrived, LINES * (j + 1));
            assertEquals(Math.max(end, ready), r.spans.get(j)[0], "wave " + j);
            end = r.spans.get(j)[1];
        }
        assertEquals(lineBack(arrived, LINES), r.spans.get(0)[0]);
        assertEquals(16, count(r.cache, "misses"), "every destination line missed once");
    }

    @Test
    void aWindowOfOneWaveReadsEachWaveAfterTheOneBefore() {
        Rig r = new Rig(1);
        long arrived = r.send(3);
        assertEquals(3, r.spans.size());
        assertEquals(lineBack(arrived, LINES), r.spans.get(0)[0], "wave 0");
        for (int j = 1; j < 3; j++) {
            // Taken when the wave before it leaves (its busy end), then its own four lines.
            assertEquals(lineBack(r.spans.get(j - 1)[1], LINES), r.spans.get(j)[0], "wave " + j);
        }
    }

    static long count(Cache c, String stat) {
        return ((gpusim.sim.Stat.Scalar) c.stats().find(stat)).get();
    }
}
