package gpusim.scene;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gpusim.gpu.RunResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * The traces {@code scene --exact} writes give the modelled GPU exactly the dumps an
 * independent software pass ({@link SoftwareRenderer}) gives, for every culling variant,
 * with 1 and 4 samples; the bundled example trace is the writer's output and its expected
 * dumps are the software pass's.
 */
class SceneTraceTest {
    static final SceneTrace.Options EXAMPLE = Scenes.options(Culling.PREDICATED, 6, 320, 180, 4, true);

    @ParameterizedTest
    @EnumSource(Culling.class)
    void exactTracesMatchTheSoftwarePass(Culling c) throws Exception {
        Scene s = Scenes.tinyCity();
        for (int samples : new int[] {1, 4}) {
            String t = Scenes.trace(s, Scenes.options(c, 4, 160, 96, samples, true));
            RunResult r = Scenes.run("tiny-" + c, t);
            List<List<Long>> sw = Scenes.words(SoftwareRenderer.run(t));
            assertEquals(sw, Scenes.dumps(r), c + " x" + samples);
            int expected = c == Culling.NONE ? 0 : c == Culling.HIERARCHICAL ? 8 : 4;
            assertEquals(expected, sw.size(), "dumps: vis (and gvis) after each frame");
        }
    }

    @Test
    void exactVisibilityPassMatchesTheSoftwarePass() throws Exception {
        Scene s = Scenes.tinyCity();
        String t = Scenes.visibility(s, Scenes.options(Culling.PREDICATED, 3, 160, 96, 4, true));
        List<List<Long>> sw = Scenes.words(SoftwareRenderer.run(t));
        assertEquals(sw, Scenes.dumps(Scenes.run("tiny-vis", t)));
        // The wall is always in view and covers samples; its box covers more than it does.
        for (List<Long> frame : sw) {
            assertTrue(frame.get(0) > 0 && frame.get(1) >= frame.get(0) && frame.get(2) > frame.get(1), frame.toString());
        }
    }

    @Test
    void bundledExampleIsTheWritersOutputAndItsExpectedDumpsTheSoftwarePass() throws Exception {
        String t = Scenes.trace(Scenes.tinyCity(), EXAMPLE);
        assertEquals(Scenes.read(Scenes.EXAMPLES.resolve("scene-tiny-city.trace")), t);
        JsonNode expected = new ObjectMapper().readTree(Scenes.EXAMPLES.resolve("scene-tiny-city.expected.json").toFile());
        List<List<Long>> want = new ArrayList<>();
        for (JsonNode d : expected.path("dumps")) {
            assertEquals("vis", d.path("buffer").asText());
            List<Long> v = new ArrayList<>();
            d.path("values").forEach(x -> v.add(x.asLong()));
            want.add(v);
        }
        assertEquals(6, want.size());
        assertEquals(want, Scenes.words(SoftwareRenderer.run(t)));
        assertEquals(want, Scenes.dumps(Scenes.run("scene-tiny-city.trace", t)));
    }

    @Test
    void nonExactTracesRunAndPredicateOnThePreviousFrame() throws Exception {
        Scene s = Scenes.tinyCity().instanced(2, 2);
        String t = Scenes.trace(s, Scenes.options(Culling.PREDICATED, 3, 160, 96, 1, false));
        RunResult r = Scenes.run("tiny-2x2", t);
        assertEquals(3, r.dumps().size());
        long predicationReads = t.lines().filter(l -> l.startsWith("set_predication vis")).count();
        assertEquals(2L * s.objects().size(), predicationReads, "every object, in frames 1 and 2");
        assertEquals(3L * s.objects().size(), t.lines().filter(l -> l.startsWith("begin_query occ")).count());
    }
}
