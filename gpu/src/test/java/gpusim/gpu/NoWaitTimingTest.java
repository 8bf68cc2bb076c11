package gpusim.gpu;

import static gpusim.gpu.TraceBuilder.dump;
import static gpusim.gpu.TraceBuilder.quad;
import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.D3D11Query;
import gpusim.api.WriteQueryFlag;
import gpusim.config.Config;
import gpusim.sim.Component;
import gpusim.sim.TraceHook;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * WriteQuery(OCCLUSION, NO_WAIT) reads the DB's counter as the DB has counted it in
 * simulated time when the command processor reaches the command (a racy read), not as the
 * functional core has it (the core tests a batch's samples when the rasterizer bins it, far
 * ahead of timing). The DB charges a batch tile by tile, a wave of quads a step, and a
 * step's passing samples count once the step has finished: the end of its busy span.
 * Checked to the cycle: one DB, a small draw A (an 8x8 viewport, 64 samples) then a
 * full-target draw B (1024x1024, one triangle covering every 8x8 tile whole: 16,384 steps
 * of one tile, 64 samples each, ceil(64 / db.samples_per_clock = 16) = 4 cycles apiece,
 * with the shader engine and colour back end fast enough never to hold the DB back), then
 * a dispatch that holds the command processor ceil(groups / 16) cycles, then the racy read.
 * A read one cycle before B's 1000th step ends sees A and 999 tiles of B; a read at the
 * cycle it ends sees 1000.
 */
class NoWaitTimingTest {
    static final long A = 64;
    static final long B = 1024L * 1024;
    static final long VALID = 1L << 63;
    static final int STEP = 1000;

    /** What a run shows: the racy word, the waiting word, the cycle of the read, db0's busy spans. */
    record Outcome(long racy, long waited, long readAt, List<long[]> dbBusy) {
    }

    static Outcome run(long groups) {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 1024, 1024, 1);
        Resource.Buffer wq = t.buffer("wq", 16);
        float[] big = {-1, -1, 0.5f, 1, -1, 3, 0.5f, 1, 3, -1, 0.5f, 1};
        float[] verts = new float[6 * 4 + 3 * 4];
        System.arraycopy(quad(-1, -1, 1, 1, 0.5f), 0, verts, 0, 24);
        System.arraycopy(big, 0, verts, 24, 12);
        Resource.VertexBuffer vb = t.vertices("vb", verts);
        CommandList l = t.list("l").targets(rt, null).pso(t.pso("p", noCull())).vb(vb)
                .viewport(0, 0, 8, 8).draw(6)
                .viewport(0, 0, 1024, 1024).draw(3, 6, 1)
                .dispatch(groups, 1, 1)
                .writeQuery(D3D11Query.OCCLUSION, 0, WriteQueryFlag.NO_WAIT.bit() | WriteQueryFlag.SET_VALID.bit(),
                        wq, 0, 8)
                .writeQuery(D3D11Query.OCCLUSION, 0, wq, 8, 8)
                .close();
        t.execute(l).dump(wq);
        Config c = TraceBuilder.unitDefaults().with("db.count=1").with("shader.units=16").with("shader.engines=1")
                .with("ps.cycles=1").with("cb.samples_per_clock=64");
        Gpu gpu = new Gpu(t.build(), c);
        long[] readAt = {-1};
        List<long[]> busy = new ArrayList<>();
        gpu.setHook(new TraceHook() {
            @Override
            public void span(Component comp, String kind, long start, long end) {
                if (comp.name().equals("db0") && kind.equals("busy")) {
                    busy.add(new long[] {start, end});
                }
            }

            @Override
            public void instant(Component comp, String name, long cycle) {
                if (comp.name().equals("cp") && name.contains("NO_WAIT")) {
                    readAt[0] = cycle;
                }
            }

            @Override
            public void counter(String name, long cycle, long value) {
            }
        });
        long[] v = dump(gpu.run(), 0);
        return new Outcome(v[0], v[1], readAt[0], busy);
    }

    static TraceBuilder.Pso noCull() {
        TraceBuilder.Pso p = new TraceBuilder.Pso();
        p.cull = gpusim.api.CullMode.NONE;
        return p;
    }

    /**
     * The end of B's step {@code k} (1-based): db0's 4-cycle busy spans are A's one step (its
     * two triangles' halves of its tile make one wave of 16 quads, 64 samples) and B's 16,384.
     */
    static long stepEnd(List<long[]> spans, int k) {
        List<long[]> fours = spans.stream().filter(s -> s[1] - s[0] == 4).toList();
        return fours.get(1 + k - 1)[1];
    }

    @Test
    void aRacyReadSeesWhatTheDepthBlockHasCountedAtThatCycle() {
        // A probe: where B's steps end, and where the read lands with a 16-cycle dispatch.
        Outcome probe = run(16 * 1);
        long fours = probe.dbBusy().stream().filter(s -> s[1] - s[0] == 4).count();
        assertEquals(1 + B / 64, fours, "A: one 4-cycle step; B: one per 8x8 tile");
        long end = stepEnd(probe.dbBusy(), STEP);
        assertEquals(A + B, probe.waited());

        // Each further 16 groups hold the command processor one more cycle: aim at end - 1 and end.
        long before = 1 + (end - 1 - probe.readAt());
        Outcome justBefore = run(16 * before);
        assertEquals(end - 1, justBefore.readAt());
        assertEquals(VALID | (A + 64L * (STEP - 1)), justBefore.racy(), "one cycle before step 1000 ends: 999 tiles");

        Outcome atEnd = run(16 * (before + 1));
        assertEquals(end, atEnd.readAt());
        assertEquals(end, stepEnd(atEnd.dbBusy(), STEP), "the dispatch does not move B");
        assertEquals(VALID | (A + 64L * STEP), atEnd.racy(), "at the cycle step 1000 ends: 1000 tiles");
        assertEquals(A + B, atEnd.waited(), "the waiting write always sees both");
    }
}
