package gpusim.tracefile.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The bundled study trace is exactly what the generator writes, so it can be regenerated and varied. */
class OcclusionStudyTraceTest {
    @Test
    void bundledStudyTraceIsTheGeneratorsOutput() throws Exception {
        Path bundled = Path.of("..", "examples", "occlusion-study.trace");
        assertEquals(Files.readString(bundled), OcclusionStudyTrace.generate(256, 4, 1));
    }

    @Test
    void bundledBaselineIsTheGeneratorsOutputWithoutWriteQuery() throws Exception {
        String baseline = Files.readString(Path.of("..", "examples", "occlusion-study-resolve.trace"));
        assertEquals(baseline, OcclusionStudyTrace.generate(256, 4, 1, OcclusionStudyTrace.Readback.RESOLVE_ONLY));
        // The same frame line for line, less the 256 WriteQuery lines and the header's wording.
        String study = OcclusionStudyTrace.generate(256, 4, 1);
        assertEquals(study.lines().filter(l -> !l.startsWith("write_query") && !l.startsWith("#")).toList(),
                baseline.lines().filter(l -> !l.startsWith("#")).toList());
        assertEquals(256, study.lines().filter(l -> l.startsWith("write_query")).count());
    }
}
