package gpusim.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.ComparisonFunc;
import gpusim.api.DepthFormat;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The per-draw work counters (DrawTracker.DrawRecord): each draw's scan-converted, tested and
 * passed samples, HiZ tiles and shaded quads, summed over the depth blocks, add up to the
 * units' statistics, draw by draw.
 */
class DrawWorkTest {
    /**
     * A 64 x 64 target: a full-screen quad at depth 0.5 over a clear to 1 (every sample passes),
     * the same quad again (LESS: every sample fails; each tile's HiZ bounds are exactly 0.5, so
     * HiZ rejects every tile), then a quad at 0.25 over the left half (passes).
     */
    static Trace threeDraws() {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 64, 64, 1);
        Resource.DepthStencil ds = t.depthStencil("ds", 64, 64, 1, DepthFormat.D32_FLOAT);
        float[] v = TraceBuilder.concat(TraceBuilder.fullScreen(0.5f), TraceBuilder.fullScreen(0.5f),
                TraceBuilder.quad(-1, -1, 0, 1, 0.25f));
        var l = t.list("l").targets(rt, ds)
                .pso(t.pso("p", BackEndTimingTest.noCull().depth(true, true, ComparisonFunc.LESS)))
                .vb(t.vertices("vb", v)).clearDs(ds, 1f, null).draw(6, 0, 1).draw(6, 6, 1).draw(6, 12, 1);
        return t.execute(l.close()).build();
    }

    @Test
    void eachDrawsWorkIsCountedAndAddsUpToTheUnits() {
        RunResult r = TraceBuilder.run(threeDraws());
        List<DrawTracker.DrawRecord> d = r.draws();
        assertEquals(3, d.size());
        assertEquals(4096, d.get(0).samplesPassed);
        assertEquals(4096, d.get(0).samplesTested);
        // 32 x 32 quads, and the 32 the diagonal between the quad's two triangles crosses are
        // partly covered by each triangle and shaded by both.
        assertEquals(1024 + 32, d.get(0).quads);
        assertEquals(0, d.get(1).samplesPassed);
        // HiZ rejects the 56 tiles off the diagonal, each wholly written by one triangle (bounds
        // exactly 0.5). The 8 on it were written in part by each triangle, so their bounds stay
        // [0.5, 1]: each of the two triangles tests its half of them, 8 x 64 samples in all.
        assertEquals(512, d.get(1).samplesTested);
        assertEquals(56, d.get(1).hizRejectedTiles);
        assertEquals(56 + 2 * 8, d.get(1).hizTiles);
        assertEquals(0, d.get(1).quads);
        assertEquals(2048, d.get(2).samplesPassed);
        // 16 x 32 quads; the diagonal crosses 16 + 32 - gcd(16, 32) = 32 of them.
        assertEquals(512 + 32, d.get(2).quads);
        String[] stats = {"scan_samples", "samples_tested", "samples_passed", "hiz_tiles", "hiz_rejected_tiles", "quads"};
        for (String s : stats) {
            long units = 0;
            for (int db = 0; db < 4; db++) {
                units += r.stats().find("db" + db + "." + s).value().longValue();
            }
            long draws = 0;
            for (DrawTracker.DrawRecord x : d) {
                draws += switch (s) {
                    case "scan_samples" -> x.scanSamples;
                    case "samples_tested" -> x.samplesTested;
                    case "samples_passed" -> x.samplesPassed;
                    case "hiz_tiles" -> x.hizTiles;
                    case "hiz_rejected_tiles" -> x.hizRejectedTiles;
                    default -> x.quads;
                };
            }
            assertEquals(units, draws, s);
        }
    }
}
