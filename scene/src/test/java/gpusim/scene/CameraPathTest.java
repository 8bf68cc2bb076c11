package gpusim.scene;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Camera paths: the two built in, a file of eye and target lines, and the file's errors; the size bound of a trace. */
class CameraPathTest {
    @TempDir
    Path dir;

    static final double[] BOUNDS = {-1, 0, -1, 1, 2, 1};

    @Test
    void orbitAndFlythroughMoveEveryFrame() {
        CameraPath o = CameraPath.of("orbit", BOUNDS, 3);
        double r = Math.sqrt(12) / 2;
        assertArrayEquals(new double[] {1.6 * r * Math.cos(Math.toRadians(30)), 1 + 0.45 * r,
            1.6 * r * Math.sin(Math.toRadians(30))}, o.eyes().get(0), 1e-9);
        assertArrayEquals(new double[] {1.6 * r * Math.cos(Math.toRadians(33)), 1 + 0.45 * r,
            1.6 * r * Math.sin(Math.toRadians(33))}, o.eyes().get(1), 1e-9, "3 degrees a frame");
        CameraPath f = CameraPath.of("flythrough", BOUNDS, 2 * CameraPath.PERIOD + 1);
        assertEquals(-1 - 0.25 * r, f.eyes().get(0)[0], 1e-9);
        assertEquals(1 + 0.25 * r, f.eyes().get(CameraPath.PERIOD)[0], 1e-9, "across in PERIOD frames");
        assertEquals(-1 - 0.25 * r, f.eyes().get(2 * CameraPath.PERIOD)[0], 1e-9, "and back");
    }

    @Test
    void fileGivesAnEyeAndATargetALine() throws Exception {
        Path p = dir.resolve("cam.txt");
        Files.writeString(p, "# eye, target\n0 1 5  0 1 0\n\n1 1 5 0 1 0 # second\n2 1 5 0 1 0\n");
        CameraPath c = CameraPath.of(p.toString(), BOUNDS, 2);
        assertEquals(2, c.eyes().size());
        assertArrayEquals(new double[] {1, 1, 5}, c.eyes().get(1));
        assertEquals(p + ": 3 camera lines for 4 frames",
                assertThrows(SceneException.class, () -> CameraPath.of(p.toString(), BOUNDS, 4)).getMessage());
        Files.writeString(p, "0 1 5 0 1\n");
        assertEquals(p + ":1: expected EYE_X EYE_Y EYE_Z TARGET_X TARGET_Y TARGET_Z",
                assertThrows(SceneException.class, () -> CameraPath.of(p.toString(), BOUNDS, 1)).getMessage());
        Files.writeString(p, "0 1 5 0 1 NaN\n");
        assertEquals(p + ":1: NaN is not finite",
                assertThrows(SceneException.class, () -> CameraPath.of(p.toString(), BOUNDS, 1)).getMessage());
        Files.writeString(p, "0 1 5 0 1 5\n");
        assertEquals(p + ":1: the eye is the point looked at",
                assertThrows(SceneException.class, () -> CameraPath.of(p.toString(), BOUNDS, 1)).getMessage());
        assertEquals("--camera sideways: not orbit, flythrough or a readable file",
                assertThrows(SceneException.class, () -> CameraPath.of("sideways", BOUNDS, 1)).getMessage());
    }

    @Test
    void tracesAreBoundedBeforeWriting() {
        Scene s = Scenes.tinyCity().instanced(64, 64); // 32,768 objects
        SceneTrace.Options o = Scenes.options(Culling.PREDICATED, 200, 64, 64, 1, false);
        SceneException e = assertThrows(SceneException.class,
                () -> SceneTrace.write(s, CameraPath.of("orbit", s.bounds(), 200), o, new StringWriter()));
        assertEquals(Scenes.TINY_CITY + ": 200 frames x 32768 objects = 6553600 object draws and queries, more than "
                + "the 4194304 a trace may hold; use fewer frames or instances", e.getMessage());
        SceneTrace.Options exact = Scenes.options(Culling.PREDICATED, 100, 64, 64, 1, true);
        Scene big = Scenes.tinyCity().instanced(40, 40); // 1,600 cities of 3 x 78 + 8 x 36 = 522 vertices
        e = assertThrows(SceneException.class,
                () -> SceneTrace.write(big, CameraPath.of("orbit", big.bounds(), 100), exact, new StringWriter()));
        assertEquals(Scenes.TINY_CITY + ": --exact bakes about 83520000 vertices (835200 a frame x 100 frames), more "
                + "than 16777216; use fewer frames or instances, or leave out --exact", e.getMessage());
    }
}
