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
 * ahead of timing). A batch's passing samples count once its depth test has finished: the
 * end of its busy span. Checked to the cycle: one DB, a small draw A (an 8x8 viewport, 64
 * samples) then a full-target draw B (1024x1024, 1,048,576 samples, one batch of two
 * triangles, tens of thousands of cycles), then a dispatch that holds the command
 * processor ceil(groups / 16) cycles, then the racy read. A read one cycle before B's batch
 * ends sees A alone; a read at the cycle it ends sees A and B.
 */
class NoWaitTimingTest {
    static final long A = 64;
    static final long B = 1024L * 1024;
    static final long VALID = 1L << 63;

    /** What a run shows: the racy word, the waiting word, the cycle of the read, db0's busy spans. */
    record Outcome(long racy, long waited, long readAt, List<long[]> dbBusy) {
    }

    static Outcome run(long groups) {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 1024, 1024, 1);
        Resource.Buffer wq = t.buffer("wq", 16);
        Resource.VertexBuffer vb = t.vertices("vb", quad(-1, -1, 1, 1, 0.5f));
        CommandList l = t.list("l").targets(rt, null).pso(t.pso("p")).vb(vb)
                .viewport(0, 0, 8, 8).draw(6)
                .viewport(0, 0, 1024, 1024).draw(6)
                .dispatch(groups, 1, 1)
                .writeQuery(D3D11Query.OCCLUSION, 0, WriteQueryFlag.NO_WAIT.bit() | WriteQueryFlag.SET_VALID.bit(),
                        wq, 0, 8)
                .writeQuery(D3D11Query.OCCLUSION, 0, wq, 8, 8)
                .close();
        t.execute(l).dump(wq);
        Config c = Config.defaults().with("db.count=1").with("shader.units=16");
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

    /** db0's longest busy span: B's batch (A's and the markers' take a few cycles). */
    static long[] longest(List<long[]> spans) {
        long[] best = spans.get(0);
        for (long[] s : spans) {
            if (s[1] - s[0] > best[1] - best[0]) {
                best = s;
            }
        }
        return best;
    }

    @Test
    void aRacyReadSeesWhatTheDepthBlockHasCountedAtThatCycle() {
        // A probe: where B's batch ends, and where the read lands with a 16-cycle dispatch.
        Outcome probe = run(16 * 1);
        long[] b = longest(probe.dbBusy());
        long end = b[1];
        // B's batch is bound by the colour backend: 1,048,576 pixels at cb.pixels_per_clock = 8.
        assertEquals(B / 8, end - b[0], "B's batch cost");
        assertEquals(VALID, probe.racy(), "read early: nothing counted yet");
        assertEquals(A + B, probe.waited());

        // Each further 16 groups hold the command processor one more cycle: aim at end - 1 and end.
        long before = 1 + (end - 1 - probe.readAt());
        Outcome justBefore = run(16 * before);
        assertEquals(end - 1, justBefore.readAt());
        assertEquals(VALID | A, justBefore.racy(), "one cycle before B's batch ends: A only");

        Outcome atEnd = run(16 * (before + 1));
        assertEquals(end, atEnd.readAt());
        assertEquals(end, longest(atEnd.dbBusy())[1], "the dispatch does not move B");
        assertEquals(VALID | (A + B), atEnd.racy(), "at the cycle B's batch ends: A and B");
        assertEquals(A + B, atEnd.waited(), "the waiting write always sees both");
    }
}
