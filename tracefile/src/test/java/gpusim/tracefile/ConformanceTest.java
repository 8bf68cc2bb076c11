package gpusim.tracefile;

import gpusim.config.Config;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.ResourceState;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The 60 conformance traces and the predication example (copied into the test resources)
 * are valid: they parse and validate with no error and no warning, with the debug layer
 * on and off, read from a file or from a string alike.
 */
class ConformanceTest {
    static Stream<String> traces() throws IOException, URISyntaxException {
        Path dir = resource("conformance");
        List<String> names;
        try (Stream<Path> s = Files.list(dir)) {
            names = s.map(p -> "conformance/" + p.getFileName()).filter(n -> n.endsWith(".trace")).sorted().toList();
        }
        assertEquals(60, names.size(), "conformance traces in the test resources");
        return Stream.concat(names.stream(), Stream.of("examples/predication-queries.trace"));
    }

    static Path resource(String name) throws URISyntaxException {
        URL url = ConformanceTest.class.getClassLoader().getResource(name);
        if (url == null) {
            throw new IllegalStateException("missing test resource " + name);
        }
        return Path.of(url.toURI());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("traces")
    void parsesAndValidatesCleanly(String name) throws Exception {
        Path file = resource(name);
        Trace t = TraceReader.read(file, name, TestTraces.BUDGET);
        assertEquals(List.of(), TraceValidator.validate(t, true, TraceValidator.Machine.of(Config.defaults())));
        assertEquals(List.of(), TraceValidator.validate(t, false, TraceValidator.Machine.of(Config.defaults())));
        String text = Files.readString(file, StandardCharsets.UTF_8);
        Trace fromString = TraceReader.parse(name, text, TestTraces.BUDGET);
        assertEquals(t.resources().size(), fromString.resources().size());
        assertEquals(t.commandLists().size(), fromString.commandLists().size());
        assertEquals(t.submissions().size(), fromString.submissions().size());
        assertTrue(!t.submissions().isEmpty());
    }

    /** case-030: predication with copy_buffer_region and barriers around a PREDICATION buffer. */
    @Test
    void case030() throws Exception {
        Trace t = TraceReader.read(resource("conformance/case-030.trace"), "case-030.trace", TestTraces.BUDGET);
        Resource.Buffer pred = t.resources(Resource.Buffer.class).stream().filter(b -> b.name().equals("pred"))
                .findFirst().orElseThrow();
        assertEquals(ResourceState.PREDICATION.bits(), pred.initialState());
        assertEquals(List.of(), TraceValidator.validate(t, true, TraceValidator.Machine.of(Config.defaults())));
    }

    /**
     * The example: qresult is created in PREDICATION, decays to COMMON after each execute,
     * and is then promoted to PREDICATION by set_predication before its barrier.
     */
    @Test
    void predicationExample() throws Exception {
        Trace t = TraceReader.read(resource("examples/predication-queries.trace"), "predication-queries.trace",
                TestTraces.BUDGET);
        assertEquals(300, t.commandLists().size());
        assertEquals(600, t.submissions().size());
        assertEquals(List.of(), TraceValidator.validate(t, true, TraceValidator.Machine.of(Config.defaults())));
    }

    @Test
    void resourcesAreNotReadFromSharedAtRunTime() throws IOException {
        try (InputStream in = ConformanceTest.class.getClassLoader().getResourceAsStream("conformance/case-000.trace")) {
            assertTrue(in != null);
        }
    }
}
