package gpusim.traces.gen;

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
}
