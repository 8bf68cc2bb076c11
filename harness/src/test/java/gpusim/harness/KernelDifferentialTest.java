package gpusim.harness;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.config.Config;
import gpusim.gpu.Gpu;
import gpusim.gpu.RunResult;
import gpusim.gpu.cp.CommandProcessor;
import gpusim.gpu.db.DepthSurface;
import gpusim.gpu.ps.ColorSurface;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import gpusim.trace.Trace;
import gpusim.tracefile.TraceReader;
import gpusim.tracefile.TraceValidator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * The depth blocks' fast tile kernels against the reference kernel (gpusim.gpu.db.TileKernel,
 * {@code sim.kernels}): every conformance case, the D3D12PredicationQueries example and both
 * stress traces, run once with the fast kernels and once with the reference kernel
 * everywhere, must give the same run in every respect: every colour, depth and stencil
 * sample of every surface, every tile's hierarchical Z bounds, every dump word, every query
 * result, the cycles, every draw's cycles and every statistic. The kernels are host-side
 * only; a difference is a bug in a fast kernel (or in the reference).
 */
public class KernelDifferentialTest {
    /** One worker thread: the comparison is of the kernels, and DeterminismTest covers threads. */
    public static final Config FAST = Config.defaults().with("sim.threads=1");

    public static Config reference(Config c) {
        return c.with("sim.kernels=reference");
    }

    /**
     * Conformance cases for the machine shapes: stencil (1x and 4x, D32S8 and D24S8), other 4x
     * ones (D32, D16, D24S8; layers, occluders, slivers, edges, clipping) and 1x ones (D32 fills,
     * the provably-passing kernel's case; D24S8; edges, slivers).
     */
    public static final String[] SHAPE_CASES = {"case-006", "case-018", "case-038", "case-048", "case-001", "case-003",
        "case-012", "case-017", "case-024", "case-000", "case-002", "case-015", "case-052", "case-054"};

    @Test
    void everyConformanceCaseGivesTheReferenceKernelsRun() throws IOException {
        List<String> names = new ArrayList<>();
        ConformanceTest.conformanceCases().forEach(a -> names.add((String) a.get()[0]));
        assertEquals(60, names.size(), "the conformance cases");
        for (String name : names) {
            assertSameRun(name, ConformanceTest.run(name, FAST), ConformanceTest.run(name, reference(FAST)));
        }
    }

    /**
     * The D3D12PredicationQueries example (1280x720, blended quads, a binary occlusion query
     * predicating the next frame's draw), every twentieth of its 300 frames: the near quad's
     * whole sweep across the far one in steps of 0.2, for a twentieth of the time (the whole
     * example takes several seconds a kernel on a 2-core machine; ConformanceTest runs it whole).
     */
    @Test
    void theExampleGivesTheReferenceKernelsRun() throws IOException {
        StringBuilder sb = new StringBuilder();
        String[] lines = ConformanceTest.resource("predication-queries.trace").split("\n");
        int executed = 0;
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].startsWith("execute frame") && Integer.parseInt(lines[i].substring(13)) % 20 != 0) {
                i++; // and its dump
                continue;
            }
            executed += lines[i].startsWith("execute ") ? 1 : 0;
            sb.append(lines[i]).append('\n');
        }
        assertEquals(15, executed, "frames run");
        Trace t = TraceReader.parse("predication-queries.trace", sb.toString(), FAST.get(TraceReader.MEMORY_BUDGET));
        TraceValidator.validate(t, true, TraceValidator.Machine.of(FAST));
        RunResult fast = new Gpu(t, FAST).run();
        assertEquals(15, fast.dumps().size(), "a dump a frame");
        assertSameRun("predication-queries", fast, new Gpu(t, reference(FAST)).run());
    }

    /** Other DB counts and tile sizes (other tile regions, other ownership, other HiZ tiles), and HiZ off. */
    @Test
    void machineShapesGiveTheReferenceKernelsRun() throws IOException {
        String[] shapes = {"db.count=1,db.tile=8", "db.count=1,db.tile=32", "db.count=4,db.tile=32",
            "db.count=16,db.tile=8", "db.count=16,db.tile=32", "db.count=4,db.tile=16,hiz.enabled=off"};
        for (String shape : shapes) {
            Config c = FAST;
            for (String kv : shape.split(",")) {
                c = c.with(kv);
            }
            for (String name : SHAPE_CASES) {
                assertSameRun(name + " " + shape, ConformanceTest.run(name, c), ConformanceTest.run(name, reference(c)));
            }
        }
    }

    /**
     * Both stress traces, whole (500 draws of 40 triangles at 2048x1024, 1 and 4 samples), the
     * larger part of this class's time: the depth blocks' work on worker threads from the
     * start, which never changes a result or a cycle (DeterminismTest) and halves the time
     * on two cores.
     */
    @Test
    void stressTracesGiveTheReferenceKernelsRun() throws IOException {
        Config threads = Config.defaults().with("sim.threads=0").with("sim.threads_after_ms=0");
        for (String name : new String[] {"stress-2k", "stress-2k-4x"}) {
            Trace t = TraceReader.parse(name + ".trace", stressTrace(name), threads.get(TraceReader.MEMORY_BUDGET));
            TraceValidator.validate(t, true, TraceValidator.Machine.of(threads));
            RunResult fast = new Gpu(t, threads).run();
            // The fast run is also the right one (the expected dumps of ../shared/bench).
            ConformanceTest.assertDumps(name, resource(name + ".expected.json"), fast);
            assertSameRun(name, fast, new Gpu(t, reference(threads)).run());
        }
    }

    /** The comparison itself finds one sample changed, of each kind, and says where. */
    @Test
    void aChangedSampleIsFoundAndLocated() throws IOException {
        String name = "case-006"; // 4x, D32S8 with stencil tests, a render target
        RunResult a = ConformanceTest.run(name, FAST);
        RunResult b = ConformanceTest.run(name, reference(FAST));
        assertSameRun(name, a, b);
        DepthSurface d = b.depthTargets().get(0);
        int p = d.layout.pixel(5, 3) + 2;
        d.depth[p] ^= 1;
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> assertSameRun(name, a, b));
        assertTrue(e.getMessage().contains("depth of (5, 3) sample 2"), e.getMessage());
        d.depth[p] ^= 1;
        d.stencil[p] ^= 0x10;
        e = assertThrows(AssertionFailedError.class, () -> assertSameRun(name, a, b));
        assertTrue(e.getMessage().contains("stencil of (5, 3) sample 2"), e.getMessage());
        d.stencil[p] ^= 0x10;
        ColorSurface c = b.colorTargets().get(0);
        c.rgba[c.layout.pixel(c.width - 1, c.height - 1) + 3] ^= 0x100;
        e = assertThrows(AssertionFailedError.class, () -> assertSameRun(name, a, b));
        assertTrue(e.getMessage().contains("colour of (" + (c.width - 1) + ", " + (c.height - 1) + ") sample 3"),
                e.getMessage());
    }

    /** The whole of two runs of {@code what}, compared; the first difference is reported with where it is. */
    public static void assertSameRun(String what, RunResult fast, RunResult ref) {
        assertEquals(ref.colorTargets().size(), fast.colorTargets().size(), what + ": render targets");
        for (int i = 0; i < ref.colorTargets().size(); i++) {
            ColorSurface f = fast.colorTargets().get(i);
            ColorSurface r = ref.colorTargets().get(i);
            for (int y = 0; y < r.height; y++) {
                for (int x = 0; x < r.width; x++) {
                    for (int s = 0; s < r.samples; s++) {
                        int fi = f.layout.pixel(x, y) + s;
                        int ri = r.layout.pixel(x, y) + s;
                        if (f.rgba[fi] != r.rgba[ri]) {
                            assertEquals(Integer.toHexString(r.rgba[ri]), Integer.toHexString(f.rgba[fi]),
                                    what + ": render target " + i + ", colour of (" + x + ", " + y + ") sample " + s);
                        }
                    }
                }
            }
        }
        assertEquals(ref.depthTargets().size(), fast.depthTargets().size(), what + ": depth-stencil surfaces");
        for (int i = 0; i < ref.depthTargets().size(); i++) {
            DepthSurface f = fast.depthTargets().get(i);
            DepthSurface r = ref.depthTargets().get(i);
            String ds = what + ": depth-stencil " + i + ", ";
            for (int y = 0; y < r.height; y++) {
                for (int x = 0; x < r.width; x++) {
                    for (int s = 0; s < r.samples; s++) {
                        int fi = f.layout.pixel(x, y) + s;
                        int ri = r.layout.pixel(x, y) + s;
                        if (f.depth[fi] != r.depth[ri]) {
                            assertEquals(r.depth[ri], f.depth[fi], ds + "depth of (" + x + ", " + y + ") sample " + s);
                        }
                        if (r.stencil != null && f.stencil[fi] != r.stencil[ri]) {
                            assertEquals(r.stencil[ri], f.stencil[fi], ds + "stencil of (" + x + ", " + y + ") sample " + s);
                        }
                    }
                }
            }
            // The same machine on both sides, so the same tiles: HiZ bounds must agree too.
            assertArrayEquals(r.hizMin, f.hizMin, ds + "HiZ minima");
            assertArrayEquals(r.hizMax, f.hizMax, ds + "HiZ maxima");
        }
        assertEquals(ref.dumps().size(), fast.dumps().size(), what + ": dumps");
        for (int i = 0; i < ref.dumps().size(); i++) {
            CommandProcessor.DumpResult f = fast.dumps().get(i);
            CommandProcessor.DumpResult r = ref.dumps().get(i);
            assertEquals(r.buffer() + "@" + r.offset(), f.buffer() + "@" + f.offset(), what + ": dump " + i);
            assertArrayEquals(r.values(), f.values(), what + ": dump " + i + " words");
        }
        assertEquals(ref.queries().size(), fast.queries().size(), what + ": queries");
        for (int i = 0; i < ref.queries().size(); i++) {
            RunResult.QueryReport f = fast.queries().get(i);
            RunResult.QueryReport r = ref.queries().get(i);
            String q = what + ": query " + r.heap() + "[" + r.index() + "]";
            assertEquals(r.type() + " " + r.ended() + " " + r.latency(), f.type() + " " + f.ended() + " " + f.latency(), q);
            assertArrayEquals(r.values(), f.values(), q + " values");
        }
        assertEquals(ref.cycles(), fast.cycles(), what + ": cycles");
        assertEquals(ref.engineTicks(), fast.engineTicks(), what + ": engine ticks");
        assertEquals(ref.draws().size(), fast.draws().size(), what + ": draws");
        for (int i = 0; i < ref.draws().size(); i++) {
            assertEquals(ref.draws().get(i).issued + "-" + ref.draws().get(i).finished,
                    fast.draws().get(i).issued + "-" + fast.draws().get(i).finished, what + ": draw " + i + " cycles");
        }
        assertEquals(statistics(ref.stats()), statistics(fast.stats()), what + ": statistics");
    }

    /** Every statistic of a tree, one "path = value" line each. */
    public static String statistics(StatGroup g) {
        StringBuilder sb = new StringBuilder();
        statistics(g, "", sb);
        return sb.toString();
    }

    private static void statistics(StatGroup g, String prefix, StringBuilder sb) {
        String p = prefix + g.name() + ".";
        for (Stat s : g.stats()) {
            sb.append(p).append(s.name()).append(" = ").append(s.value()).append('\n');
        }
        for (StatGroup c : g.children()) {
            statistics(c, p, sb);
        }
    }

    /** A stress trace of ../shared/bench, stored gzipped (1.5 MB instead of 5) among the test resources. */
    public static String stressTrace(String name) throws IOException {
        try (InputStream in = new GZIPInputStream(open(name + ".trace.gz"))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** A file of ../shared/bench among the test resources. */
    public static String resource(String file) throws IOException {
        try (InputStream in = open(file)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static InputStream open(String file) throws IOException {
        InputStream in = KernelDifferentialTest.class.getClassLoader().getResourceAsStream("bench/" + file);
        if (in == null) {
            throw new IOException("missing test resource bench/" + file);
        }
        return in;
    }
}
