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
    void frontFacesAreTheOnesFacingTheCamera(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        // One single-sided cube (glTF: counter-clockwise seen from outside), looked at from above and in front.
        SceneObject cube = Scenes.tinyCity().objects().get(3);
        Scene s = new Scene("cube", List.of(cube.primitive()), List.of(cube), 0);
        java.nio.file.Path cam = dir.resolve("cam.txt");
        double[] eye = {3.2, 2.0, 5.0};
        java.nio.file.Files.writeString(cam, eye[0] + " " + eye[1] + " " + eye[2] + " 2.2 0.3 2\n");
        SceneTrace.Options o = new SceneTrace.Options(1, Culling.NONE, 160, 96, 1, true, 0, 2);
        java.io.StringWriter w = new java.io.StringWriter();
        SceneTrace.write(s, CameraPath.of(cam.toString(), s.bounds(), 1), o, w);
        List<String> lines = w.toString().lines().toList();
        String pso = lines.stream().filter(l -> l.startsWith("pipeline_state obj0 ")).findFirst().orElseThrow();
        boolean frontCcw = pso.contains("front_ccw=on");
        List<double[]> v = lines.stream().filter(l -> l.startsWith("v ")).map(l -> {
            String[] t = l.split(" ");
            double ww = Double.parseDouble(t[4]);
            // render-target position, y down (docs/trace-format.md, "Rasterization rules")
            return new double[] {(Double.parseDouble(t[1]) / ww + 1) * 80, (1 - Double.parseDouble(t[2]) / ww) * 48};
        }).toList();
        int[] tris = cube.primitive().triangles();
        float[] pos = cube.primitive().positions();
        int facing = 0;
        for (int t = 0; t < tris.length / 3; t++) {
            double[][] p = new double[3][4];
            for (int k = 0; k < 3; k++) {
                int i = tris[3 * t + k] * 3;
                Mat4.transform(cube.model(), pos[i], pos[i + 1], pos[i + 2], p[k]);
            }
            double[] nrm = Mat4.cross(Mat4.sub(p[1], p[0]), Mat4.sub(p[2], p[0]));
            boolean towardEye = Mat4.dot(nrm, Mat4.sub(eye, p[0])) > 0;
            double[] a = v.get(3 * t);
            double[] b = v.get(3 * t + 1);
            double[] c = v.get(3 * t + 2);
            // positive: clockwise in render-target space (y down), as the trace format judges winding
            double area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
            boolean front = frontCcw ? area < 0 : area > 0;
            assertEquals(towardEye, front, "triangle " + t);
            facing += towardEye ? 1 : 0;
        }
        assertEquals(6, facing, "three faces of the cube face the eye");
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
