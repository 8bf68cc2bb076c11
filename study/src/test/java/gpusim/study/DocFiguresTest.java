package gpusim.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.config.Config;
import gpusim.gpu.RunResult;
import gpusim.harness.Simulation;
import gpusim.trace.Trace;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Figures quoted in the docs are what the model gives today: a change that moves them must
 * regenerate them (with the commands the docs give). Cheap checks only: two rows of the
 * stride study's table, the bundled example's cycles and the stride table of memory.md.
 */
class DocFiguresTest {
    static final Path DOCS = Path.of("..", "docs");
    static final Path STUDY = Path.of("..", "examples", "occlusion-study.trace");

    static RunResult run(Path trace, Map<String, String> params, Config c) throws IOException {
        Trace t = Simulation.read(trace, params, c);
        Simulation.validate(t, c, true);
        return Simulation.simulate(t, c);
    }

    // docs/stride-study-results.csv (docs/stride-study/regenerate.sh): two rows, every column, run again
    // with the study's base (surfaces in memory, uncompressed); the first six columns are the sweep's varied keys.
    @Test
    void strideStudyRowsAreCurrent() throws IOException {
        List<String> lines = Files.readAllLines(DOCS.resolve("stride-study-results.csv"));
        String[] head = lines.get(0).split(",");
        assertEquals("memory.dram,param.STRIDE,db.count,memory.interleave,l2.enabled,query.counter_path",
                String.join(",", java.util.Arrays.copyOf(head, 6)));
        List<String[]> rows = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            if (l.startsWith("hbm3,64,16,1024,off,direct,") || l.startsWith("gddr6,256,4,256,on,l2,")) {
                rows.add(l.split(",", -1));
            }
        }
        assertEquals(2, rows.size());
        for (String[] v : rows) {
            Config c = Config.defaults().with("surfaces.in_memory=on").with("compression.fast_clear=off")
                    .with("compression.depth_planes=off").with("sim.threads=1");
            for (int i = 0; i < 6; i++) {
                c = i == 1 ? c : c.with(head[i] + "=" + v[i]);
            }
            RunResult r = run(STUDY, Map.of("STRIDE", v[1]), c);
            Map<String, Number> m = SweepMetrics.collect(r, c);
            for (int i = 6; i < head.length; i++) {
                Number got = m.get(head[i]);
                String what = head[i] + " of row " + String.join(",", java.util.Arrays.copyOf(v, 6));
                if (v[i].isEmpty()) {
                    assertEquals(null, got, what);
                } else {
                    assertEquals(Double.parseDouble(v[i]), got.doubleValue(), what);
                }
            }
        }
    }

    // docs/memory.md: "**The example** (...): N cycles" and the counter-stride table's cycles.
    @Test
    void memoryFiguresAreCurrent() throws IOException {
        String doc = Files.readString(DOCS.resolve("memory.md"));
        Matcher ex = Pattern.compile("\\*\\*The example\\*\\* \\([^)]*\\)[^:]*: ([0-9,]+) cycles").matcher(doc);
        assertTrue(ex.find(), "the example's figure");
        RunResult example = run(null, Map.of(), Config.defaults());
        assertEquals(Long.parseLong(ex.group(1).replace(",", "")), example.cycles(), "the bundled example");
        for (String stride : new String[] {"64", "128", "256"}) {
            Matcher row = Pattern.compile("\\n\\| " + stride + " \\|[^\\n]*\\| ([0-9,]+) \\|\\n").matcher(doc);
            assertTrue(row.find(), "stride " + stride + " row");
            RunResult r = run(STUDY, Map.of("STRIDE", stride), Config.defaults().with("surfaces.in_memory=off"));
            assertEquals(Long.parseLong(row.group(1).replace(",", "")), r.cycles(), "stride " + stride);
        }
    }
}
