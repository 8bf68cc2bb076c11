package gpusim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.config.Config;
import gpusim.gpu.RunResult;
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

    // docs/stride-study-results.csv: the first row and the 16-DB, 1024-byte interleave one, every column.
    @Test
    void strideStudyRowsAreCurrent() throws IOException {
        List<String> lines = Files.readAllLines(DOCS.resolve("stride-study-results.csv"));
        String[] head = lines.get(0).split(",");
        List<String[]> rows = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            String[] v = l.split(",");
            if (l.startsWith("64,2,256,64,") || l.startsWith("64,16,1024,64,")) {
                rows.add(v);
            }
        }
        assertEquals(2, rows.size());
        for (String[] v : rows) {
            Config c = Config.defaults().with("memory.bytes_per_cycle=8").with("memory.partial_write_cycles=8")
                    .with("sim.threads=1").with(head[1] + "=" + v[1]).with(head[2] + "=" + v[2])
                    .with(head[3] + "=" + v[3]);
            RunResult r = run(STUDY, Map.of("STRIDE", v[0]), c);
            Map<String, Number> m = SweepMetrics.collect(r, c);
            for (int i = 4; i < head.length; i++) {
                assertEquals(Double.parseDouble(v[i]), m.get(head[i]).doubleValue(), head[i] + " of row " + String.join(",", v));
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
            RunResult r = run(STUDY, Map.of("STRIDE", stride), Config.defaults());
            assertEquals(Long.parseLong(row.group(1).replace(",", "")), r.cycles(), "stride " + stride);
        }
    }
}
