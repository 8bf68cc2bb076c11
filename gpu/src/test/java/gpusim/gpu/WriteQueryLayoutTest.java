package gpusim.gpu;

import static gpusim.gpu.TraceBuilder.dump;
import static gpusim.gpu.TraceBuilder.fullScreen;
import static gpusim.gpu.TraceBuilder.run;
import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.D3D11Query;
import gpusim.api.QueryHeapType;
import gpusim.api.QueryType;
import gpusim.api.WriteQueryFlag;
import gpusim.gpu.query.QueryLayout;
import gpusim.gpu.raster.TileMap;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * WriteQuery(OCCLUSION) layout (Xbox One XDK documentation: each DB's 64-bit counter at OFFSET + DB x STRIDE,
 * STRIDE 64, 128 or 256), for every stride and every DB count from 1 to 16, with all DBs
 * enabled and with some disabled, in each ownership pattern. The expected per-DB values are
 * counted independently of the DBs: the pixels of a full-screen quad in the tiles each DB owns.
 */
class WriteQueryLayoutTest {
    static final int W = 72;
    static final int H = 40;
    static final int DRAWS = 3;

    static Stream<Arguments> shapes() {
        List<Arguments> l = new ArrayList<>();
        for (int stride : new int[] {64, 128, 256}) {
            for (int dbs = 1; dbs <= 16; dbs++) {
                long all = (1L << dbs) - 1;
                l.add(Arguments.of(stride, dbs, all, "checkerboard"));
                if (dbs >= 3) {
                    // Every third DB disabled (DB 1, 4, 7, ...).
                    long mask = all;
                    for (int d = 1; d < dbs; d += 3) {
                        mask &= ~(1L << d);
                    }
                    l.add(Arguments.of(stride, dbs, mask, dbs % 2 == 0 ? "rows" : "hashed"));
                }
            }
        }
        return l.stream();
    }

    @ParameterizedTest(name = "stride {0}, {1} DBs, enabled 0x{2}, {3}")
    @MethodSource("shapes")
    void everyEnabledDbsWordAtItsOffsetGapsUntouchedAndTheSumIsTheD3d12Result(int stride, int dbs, long mask,
                                                                               String pattern) {
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", W, H, 1);
        Resource.QueryHeap qh = t.queryHeap("qh", QueryHeapType.OCCLUSION, 1);
        Resource.Buffer res = t.buffer("res", 8);
        long base = 512;
        Resource.Buffer wq = t.buffer("wq", base + 16L * 256 + 64);
        Resource.VertexBuffer vb = t.vertices("vb", fullScreen(0.5f));
        CommandList l = t.list("l").targets(rt, null).pso(t.pso("p")).vb(vb)
                .begin(qh, QueryType.OCCLUSION, 0)
                .draw(6)
                // A first write, 8 bytes further on and with the valid bit, to show that the second
                // leaves the words beside its own untouched.
                .writeQuery(D3D11Query.OCCLUSION, 0, WriteQueryFlag.SET_VALID.bit(), wq, base + 8, stride)
                .draw(6, 0, DRAWS - 1)
                .end(qh, QueryType.OCCLUSION, 0)
                .writeQuery(D3D11Query.OCCLUSION, 0, wq, base, stride)
                .resolve(qh, QueryType.OCCLUSION, 0, 1, res, 0)
                .close();
        t.execute(l).dump(wq).dump(res);
        RunResult r = run(t.build(), "db.count=" + dbs, "db.tile=8", "db.enabled=0x" + Long.toHexString(mask),
                "db.pattern=" + pattern);
        long[] words = dump(r, 0);

        TileMap tiles = new TileMap(dbs, 8, TileMap.Pattern.valueOf(pattern.toUpperCase()), mask);
        long[] owned = new long[dbs];
        for (int y = 0; y < H; y++) {
            for (int x = 0; x < W; x++) {
                owned[tiles.owner(x >> 3, y >> 3)]++;
            }
        }
        long[] expected = new long[words.length];
        long sum = 0;
        for (int d = 0; d < dbs; d++) {
            if ((mask >>> d & 1) == 0) {
                assertEquals(0, owned[d], "a disabled DB owns no pixels");
                continue;
            }
            expected[(int) ((base + (long) d * stride) / 8)] = DRAWS * owned[d];
            expected[(int) ((base + 8 + (long) d * stride) / 8)] = owned[d] | QueryLayout.WRITTEN;
            sum += DRAWS * owned[d];
        }
        for (int i = 0; i < words.length; i++) {
            assertEquals(expected[i], words[i], "word at byte " + (8 * i));
        }
        assertEquals((long) DRAWS * W * H, sum, "the DBs' counts add up to every pixel drawn");
        assertEquals(sum, dump(r, 1)[0], "the sum of the per-DB values is the D3D12 OCCLUSION result");
    }
}
