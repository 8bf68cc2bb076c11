package gpusim.gpu;

import static gpusim.gpu.TraceBuilder.dump;
import static gpusim.gpu.TraceBuilder.fullScreen;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.D3D11Query;
import gpusim.api.WriteQueryFlag;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import org.junit.jupiter.api.Test;

/**
 * The DBs' two occlusion counters (XDK WriteQuery: INDEX selects "one of two available occlusion
 * counters") and the WriteQuery flags. Counter 0 counts every sample that passed since the
 * start; counter 1 counts since the previous WriteQuery of counter 1, which resets it. On a
 * 24x16 target with 8-pixel tiles and 4 DBs, DBs 0..3 own 64, 128, 128 and 64 pixels.
 */
class WriteQueryCountersTest {
    static final long[] OWNED = {64, 128, 128, 64};

    private static long[] words(long[] dump, int offset) {
        long[] v = new long[4];
        for (int d = 0; d < 4; d++) {
            v[d] = dump[offset / 8 + d * 8];
        }
        return v;
    }

    private static long[] times(long k, long[] v) {
        long[] r = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            r[i] = k * v[i];
        }
        return r;
    }

    /**
     * Runs one list on a w x h target with a full-screen quad bound: {@code commands} records
     * the draws and writes into buffer "wq"; returns the dump of wq.
     */
    private static long[] run(int w, int h, int samples, long bytes,
                              java.util.function.BiFunction<TraceBuilder.ListBuilder, Resource.Buffer,
                                      TraceBuilder.ListBuilder> commands, String... config) {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", w, h, samples);
        Resource.Buffer wq = t.buffer("wq", bytes);
        Resource.VertexBuffer vb = t.vertices("vb", fullScreen(0.5f));
        CommandList l = commands.apply(t.list("l").targets(rt, null).pso(t.pso("p")).vb(vb), wq).close();
        t.execute(l).dump(wq);
        return dump(TraceBuilder.run(t.build(), config), 0);
    }

    @Test
    void counterOneCountsSinceItsLastWriteAndCounterZeroSinceTheStart() {
        long[] v = run(24, 16, 1, 1024, (l, wq) -> l
                .draw(6, 0, 2)
                .writeQuery(D3D11Query.OCCLUSION, 1, wq, 0, 64)
                .draw(6, 0, 3)
                .writeQuery(D3D11Query.OCCLUSION, 1, wq, 256, 64)
                .writeQuery(D3D11Query.OCCLUSION, 0, wq, 512, 64)
                .writeQuery(D3D11Query.OCCLUSION, 1, wq, 768, 64), "db.count=4", "db.tile=8");
        assertArrayEquals(times(2, OWNED), words(v, 0), "counter 1: the first two draws");
        assertArrayEquals(times(3, OWNED), words(v, 256), "counter 1: the three since its last write");
        assertArrayEquals(times(5, OWNED), words(v, 512), "counter 0: all five draws, not reset by counter 1");
        assertArrayEquals(new long[4], words(v, 768), "counter 1 again at once: nothing since");
    }

    // NO_WAIT samples the counters when the command processor reaches the command: the draw just
    // before it is still in the pipeline, so it is not counted yet (a racy read); without the flag
    // the write waits for it. Both deterministic.
    @Test
    void noWaitReadsTheCountersBeforeEarlierFragmentsArrive() {
        long[] v = run(24, 16, 1, 1024, (l, wq) -> l
                .draw(6)
                .writeQuery(D3D11Query.OCCLUSION, 0, WriteQueryFlag.NO_WAIT.bit() | WriteQueryFlag.SET_VALID.bit(),
                        wq, 0, 64)
                .writeQuery(D3D11Query.OCCLUSION, 0, wq, 256, 64), "db.count=4", "db.tile=8");
        long valid = 1L << 63;
        assertArrayEquals(new long[] {valid, valid, valid, valid}, words(v, 0), "racy: the draw not counted yet");
        assertArrayEquals(OWNED, words(v, 256), "waited: the draw counted");
    }

    @Test
    void noWaitTimestampIsTakenBeforeTheDrainAWaitingOneMakes() {
        long[] v = run(64, 64, 4, 64, (l, wq) -> l
                .draw(6, 0, 20)
                .writeQuery(D3D11Query.TIMESTAMP, 0, WriteQueryFlag.NO_WAIT.bit(), wq, 0, 64)
                .writeQuery(D3D11Query.TIMESTAMP, 0, wq, 8, 64));
        // 20 full-screen draws of 64x64x4 samples take thousands of cycles; the racy stamp is taken
        // as the draws are issued, a few command-processor cycles in.
        assertTrue(v[0] < 100, "racy timestamp " + v[0]);
        assertTrue(v[1] > v[0] + 1000, "waiting timestamp " + v[1] + " after the draws");
    }
}
