package gpusim.scene;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading glTF 2.0 with JglTF: the node walk, modes, transforms, materials; and every kind of broken file refused in one line. */
class GltfLoaderTest {
    @TempDir
    Path dir;

    @Test
    void bundledModelIsTheAuthoredOne() throws Exception {
        assertEquals(TinyCity.embedded(), Files.readString(Scenes.TINY_CITY));
    }

    @Test
    void walksNodesModesAndTransforms() {
        Scene s = Scenes.tinyCity();
        List<String> names = s.objects().stream().map(SceneObject::name).toList();
        assertEquals(List.of("wall/wall.0", "hidden-a/box-red.0", "hidden-b/box-green.0", "front/box-blue.0",
                "fence/fence.0", "disc/disc.0", "mirror/box-mirror.0", "sign/sign.0"), names);
        // 12 cube triangles; a 10-vertex strip is 8; a 10-index fan is 8; 6 listed vertices are 2.
        assertEquals(List.of(12, 12, 12, 12, 8, 8, 12, 2),
                s.objects().stream().map(o -> o.primitive().triangleCount()).toList());
        assertEquals(12 * 5 + 8 + 8 + 2, s.triangles());
        SceneObject wall = s.objects().get(0);
        assertArrayEquals(new double[] {-2, 0, -0.1}, wall.min(), 1e-6);
        assertArrayEquals(new double[] {2, 2, 0.1}, wall.max(), 1e-6);
        // The disc: parent translation (-2.4, 0, 1.5) then its own matrix (scale 1.2, move (0.3, 1.1, 0)).
        SceneObject disc = s.objects().get(5);
        assertArrayEquals(new double[] {-2.4 + 0.3 - 0.6, 1.1 - 0.6, 1.5}, disc.min(), 1e-6);
        assertArrayEquals(new double[] {-2.4 + 0.3 + 0.6, 1.1 + 0.6, 1.5}, disc.max(), 1e-6);
        // The fence under the same parent, translated (0, 0, 0.4).
        assertArrayEquals(new double[] {-3.2, 0, 1.9}, s.objects().get(4).min(), 1e-6);
        assertTrue(s.objects().get(6).mirrored());
        assertFalse(s.objects().get(3).mirrored());
        assertTrue(s.objects().get(7).primitive().doubleSided());
        assertArrayEquals(new float[] {0.9f, 0.2f, 0.2f, 1}, s.objects().get(1).primitive().color());
        // One cube primitive per mesh, shared by no other node: 8 distinct primitives.
        assertEquals(8, s.primitives().size());
    }

    @Test
    void stripsAndFansBecomeListsWithTheirWinding() {
        assertArrayEquals(new int[] {0, 1, 2, 1, 3, 2, 2, 3, 4}, GltfLoader.triangles(new int[] {0, 1, 2, 3, 4}, 5));
        assertArrayEquals(new int[] {1, 2, 0, 2, 3, 0}, GltfLoader.triangles(new int[] {0, 1, 2, 3}, 6));
        assertArrayEquals(new int[] {5, 6, 7}, GltfLoader.triangles(new int[] {5, 6, 7, 8}, 4));
    }

    @Test
    void glbAndExternalBuffersReadTheSame() throws Exception {
        Path glb = dir.resolve("city.glb");
        Files.write(glb, TinyCity.glb());
        Path gltf = dir.resolve("city.gltf");
        Files.writeString(gltf, TinyCity.json("city.bin"));
        Files.write(dir.resolve("city.bin"), TinyCity.binary());
        Scene ref = Scenes.tinyCity();
        for (Path p : List.of(glb, gltf)) {
            Scene s = GltfLoader.load(p);
            assertEquals(ref.objects().size(), s.objects().size(), p.toString());
            for (int i = 0; i < ref.objects().size(); i++) {
                assertArrayEquals(ref.objects().get(i).min(), s.objects().get(i).min(), p + " object " + i);
                assertArrayEquals(ref.objects().get(i).primitive().triangles(), s.objects().get(i).primitive().triangles());
            }
        }
    }

    @Test
    void instancingRepeatsObjectsOnTheGrid() {
        Scene s = Scenes.tinyCity();
        Scene grid = s.instanced(3, 2);
        assertEquals(6 * s.objects().size(), grid.objects().size());
        double[] b = s.bounds();
        double pitch = (b[3] - b[0]) * 1.25;
        assertEquals(s.objects().get(0).min()[0] - pitch, grid.objects().get(0).min()[0], 1e-9);
        assertEquals(s.primitives().size(), grid.primitives().size());
    }

    private String refuse(String file, byte[] bytes) throws Exception {
        Path p = dir.resolve(file);
        Files.write(p, bytes);
        SceneException e = assertThrows(SceneException.class, () -> GltfLoader.load(p));
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
        assertTrue(e.getMessage().startsWith(p.toString() + ": "), e.getMessage());
        return e.getMessage().substring(p.toString().length() + 2);
    }

    private String refuseJson(String json) throws Exception {
        return refuse("bad.gltf", json.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void refusesWhatIsNotGltf2() throws Exception {
        assertEquals("not a glTF file (neither a GLB container nor a JSON object)",
                refuse("x.gltf", "solid cube\nfacet normal 0 0 1\n".getBytes(StandardCharsets.UTF_8)));
        assertEquals("glTF 1.0 is not supported; convert it to glTF 2.0",
                refuseJson("{\"asset\": {\"version\": \"1.0\"}, \"meshes\": {}}"));
        assertEquals("no asset.version: not a glTF 2.0 file (glTF 1.0 files may lack it; convert them)",
                refuseJson("{\"meshes\": {}}"));
        byte[] glb1 = TinyCity.glb();
        glb1[4] = 1;
        assertEquals("binary glTF 1.0 (KHR_binary_glTF) is not supported; convert it to glTF 2.0", refuse("v1.glb", glb1));
        assertTrue(refuseJson("{\"asset\": {\"version\": \"2.0\"}, ").startsWith("not a glTF file (bad JSON at line 1"));
        assertEquals("no such file", assertThrows(SceneException.class,
                () -> GltfLoader.load(dir.resolve("none.glb"))).getMessage().replaceAll(".*: ", ""));
    }

    @Test
    void refusesMissingBuffersAndBadAccessors() throws Exception {
        String good = TinyCity.json("city.bin");
        assertEquals("buffers[0]: missing buffer file city.bin", refuseJson(good));
        Files.write(dir.resolve("city.bin"), new byte[100]);
        assertEquals("buffers[0]: buffer file city.bin has 100 bytes, byteLength says 492", refuseJson(good));
        Files.write(dir.resolve("city.bin"), TinyCity.binary());
        assertEquals("accessors[0] (8 elements of 12 bytes from byte 4) reads past the end of bufferViews[0] (96 bytes)",
                refuseJson(good.replaceFirst("\"byteOffset\" : 0", "\"byteOffset\" : 4")));
        assertEquals("accessors[1].count 1073741824 is outside 1..67108864",
                refuseJson(good.replace("\"count\" : 36", "\"count\" : 1073741824")));
        assertEquals("buffers[0].byteLength 99999999999 is more than the 536870912 read",
                refuseJson(good.replace("\"byteLength\" : 492", "\"byteLength\" : 99999999999")));
        assertEquals("bufferViews[5] (bytes 420..99420) runs past buffers[0] (492 bytes)",
                refuseJson(good.replace("\"byteLength\" : 72\n  } ]", "\"byteLength\" : 99000\n  } ]")));
        assertEquals("meshes[0].primitives[0] has no valid POSITION accessor",
                refuseJson(good.replaceFirst("\"POSITION\" : 0", "\"POSITION\" : 17")));
        assertEquals("nodes[5] has two parents (or is its own child): the nodes are not a tree",
                refuseJson(good.replace("\"children\" : [ 5, 6 ]", "\"children\" : [ 5, 5 ]")));
        assertEquals("requires extension KHR_draco_mesh_compression, which gpusim scene does not read",
                refuseJson(good.replaceFirst("\\{", "{\"extensionsRequired\": [\"KHR_draco_mesh_compression\"],")));
    }

    @Test
    void refusesIndicesPastTheVertices() throws Exception {
        byte[] bin = TinyCity.binary();
        bin[96] = 99; // the cube's first index
        Files.write(dir.resolve("city.bin"), bin);
        assertEquals("box-red.0: index 0 is 99, past the 8 vertices of POSITION",
                refuseJson(TinyCity.json("city.bin")).replace("wall.0", "box-red.0"));
    }

    @Test
    void readsTheAssimpTestModels() {
        // Debian's assimp-testmodels (.ci/run installs it): Khronos' 2CylinderEngine, 121,496 triangles.
        Path engine = Path.of("/usr/share/assimp/models/glTF2/2CylinderEngine-glTF-Binary/2CylinderEngine.glb");
        Scene s = GltfLoader.load(engine);
        assertEquals(115, s.objects().size());
        assertEquals(121_496, s.triangles());
        Path missing = Path.of("/usr/share/assimp/models/glTF2/MissingBin/BoxTextured.gltf");
        SceneException e = assertThrows(SceneException.class, () -> GltfLoader.load(missing));
        assertEquals(missing + ": buffers[0]: missing buffer file BoxTextured0.bin", e.getMessage());
        String dir = "/usr/share/assimp/models/glTF2/";
        String[][] broken = {
            {"RecursiveNodes/RecursiveNodes.gltf", "nodes[0]: its ancestors form a cycle or nest deeper than 512"},
            {"IndexOutOfRange/IndexOutOfRange.gltf", "Mesh.0: index 0 is 255, past the 24 vertices of POSITION"},
            {"TestNoRootNode/NoScene.gltf", "scene 0 names no scene (the file has 0)"},
            {"BoxWithInfinites-glTF-Binary/BoxWithInfinites.glb", "Mesh.0: POSITION 0 is not finite (-Infinity)"},
            {"draco/2CylinderEngine.gltf", "requires extension KHR_draco_mesh_compression, which gpusim scene does not read"},
            {"wrongTypes/badNumber.gltf", "JglTF cannot read it: Cannot deserialize value of type `java.lang.Float` from "
                + "String \"not a number\": not a valid `Float` value , JSON path .materials..normalTexture.scale"}};
        for (String[] b : broken) {
            SceneException x = assertThrows(SceneException.class, () -> GltfLoader.load(Path.of(dir + b[0])), b[0]);
            assertEquals(dir + b[0] + ": " + b[1], x.getMessage());
        }
    }

    @Test
    void refusesJsonThatDoesNotFitTheSchema() throws Exception {
        Files.write(dir.resolve("city.bin"), TinyCity.binary());
        String bad = TinyCity.json("city.bin").replaceFirst("\"doubleSided\" : true", "\"doubleSided\" : [ 1 ]");
        assertTrue(refuseJson(bad).startsWith("JglTF cannot read it: Cannot deserialize value of type"), bad);
    }
}
