package gpusim.scene;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The small model bundled as examples/tiny-city.gltf, authored here (licence: CC0, see
 * examples/tiny-city.LICENSE): a wall in front of two hidden boxes, a box in front, a
 * mirrored box, a fence drawn as a TRIANGLE_STRIP, a disc as an indexed TRIANGLE_FAN
 * under a parent node with a matrix, and a double-sided sign as a plain TRIANGLES list,
 * so that one file exercises every mode, indexed and not, node nesting, TRS and matrix
 * transforms, a mirroring scale and doubleSided. {@link #json} writes the file; {@link
 * #binary} the same buffer, for GLB and external-buffer variants.
 */
final class TinyCity {
    private TinyCity() {
    }

    /** The buffer: cube (8 positions, 36 u16 indices), fence strip (10), disc fan (10 positions, 10 u8 indices), sign (6). */
    static byte[] binary() {
        ByteBuffer b = ByteBuffer.allocate(bufferLength()).order(ByteOrder.LITTLE_ENDIAN);
        for (int c = 0; c < 8; c++) {
            b.putFloat((c & 1) - 0.5f).putFloat(((c >> 1) & 1) - 0.5f).putFloat(((c >> 2) & 1) - 0.5f);
        }
        for (int i : SceneTrace.BOX) {
            b.putShort((short) i);
        }
        for (int k = 0; k < 10; k++) { // fence: a zigzag strip, 1.6 long, heights 0..0.6, facing +z
            b.putFloat(-0.8f + 0.4f * (k / 2)).putFloat((k & 1) == 0 ? 0f : 0.6f).putFloat(0f);
        }
        b.putFloat(0).putFloat(0).putFloat(0); // disc: centre, then 9 rim points (the last closes it), facing +z
        for (int k = 0; k < 9; k++) {
            double a = 2 * Math.PI * k / 8;
            b.putFloat((float) (0.5 * Math.cos(a))).putFloat((float) (0.5 * Math.sin(a))).putFloat(0);
        }
        for (int k = 0; k < 10; k++) {
            b.put((byte) k);
        }
        b.put((byte) 0).put((byte) 0); // pad to 4
        float[] sign = {-0.4f, 0, 0, 0.4f, 0, 0, 0.4f, 0.5f, 0, -0.4f, 0, 0, 0.4f, 0.5f, 0, -0.4f, 0.5f, 0};
        for (float f : sign) {
            b.putFloat(f);
        }
        return b.array();
    }

    static int bufferLength() {
        return 96 + 72 + 120 + 120 + 12 + 72;
    }

    /** The glTF JSON with the buffer under {@code uri} (a data URI, a file name, or null for a GLB's BIN chunk). */
    static String json(String uri) throws Exception {
        ObjectMapper m = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        ObjectNode root = m.createObjectNode();
        root.putObject("asset").put("version", "2.0").put("generator", "gpusim TinyCity (scene tests)")
                .put("copyright", "CC0 1.0: dedicated to the public domain by the gpusim developers");
        root.put("scene", 0);
        ArrayNode roots = root.putArray("scenes").addObject().put("name", "tiny-city").putArray("nodes");
        for (int k : new int[] {0, 1, 2, 3, 4, 7, 8}) {
            roots.add(k);
        }
        ArrayNode nodes = root.putArray("nodes");
        node(nodes, "wall", 0, new double[] {0, 1, 0}, null, new double[] {4, 2, 0.2});
        node(nodes, "hidden-a", 1, new double[] {-1, 0.5, -2}, null, new double[] {0.8, 1, 0.8});
        node(nodes, "hidden-b", 2, new double[] {1.2, 0.4, -3}, null, new double[] {1, 0.8, 1});
        node(nodes, "front", 3, new double[] {2.2, 0.3, 2}, new double[] {0, Math.sin(Math.PI / 12), 0,
            Math.cos(Math.PI / 12)}, new double[] {0.6, 0.6, 0.6});
        ObjectNode group = node(nodes, "yard", -1, new double[] {-2.4, 0, 1.5}, null, null);
        group.putArray("children").add(5).add(6);
        node(nodes, "fence", 4, new double[] {0, 0, 0.4}, null, null);
        ObjectNode disc = node(nodes, "disc", 5, null, null, null);
        ArrayNode mat = disc.putArray("matrix"); // column-major: scale 1.2, translate (0.3, 1.1, 0)
        for (double v : new double[] {1.2, 0, 0, 0, 0, 1.2, 0, 0, 0, 0, 1.2, 0, 0.3, 1.1, 0, 1}) {
            mat.add(v);
        }
        node(nodes, "mirror", 6, new double[] {-0.6, 0.3, 2.6}, null, new double[] {-0.5, 0.6, 0.5});
        node(nodes, "sign", 7, new double[] {0.8, 0.1, 1.2}, null, null);
        ArrayNode meshes = root.putArray("meshes");
        mesh(meshes, "wall", 0, 1, 0, 4);
        mesh(meshes, "box-red", 0, 1, 1, 4);
        mesh(meshes, "box-green", 0, 1, 2, 4);
        mesh(meshes, "box-blue", 0, 1, 3, 4);
        mesh(meshes, "fence", 2, -1, 4, 5);
        mesh(meshes, "disc", 3, 4, 5, 6);
        mesh(meshes, "box-mirror", 0, 1, 1, 4);
        mesh(meshes, "sign", 5, -1, 6, 4);
        ArrayNode mats = root.putArray("materials");
        float[][] colours = {{0.6f, 0.6f, 0.6f, 1}, {0.9f, 0.2f, 0.2f, 1}, {0.2f, 0.8f, 0.3f, 1}, {0.2f, 0.3f, 0.9f, 1},
            {0.7f, 0.5f, 0.2f, 1}, {0.9f, 0.9f, 0.2f, 1}, {0.9f, 0.4f, 0.8f, 1}};
        for (int k = 0; k < colours.length; k++) {
            ObjectNode mm = mats.addObject().put("name", "m" + k);
            ArrayNode c = mm.putObject("pbrMetallicRoughness").putArray("baseColorFactor");
            for (float f : colours[k]) {
                c.add(f);
            }
            if (k >= 4) {
                mm.put("doubleSided", true);
            }
        }
        ArrayNode acc = root.putArray("accessors");
        int[][] v = {{0, 96}, {96, 72}, {168, 120}, {288, 120}, {408, 10}, {420, 72}};
        accessor(acc, 0, 0, 8, 5126, "VEC3", v[0][0]);
        accessor(acc, 1, 0, 36, 5123, "SCALAR", -1);
        accessor(acc, 2, 0, 10, 5126, "VEC3", v[2][0]);
        accessor(acc, 3, 0, 10, 5126, "VEC3", v[3][0]);
        accessor(acc, 4, 0, 10, 5121, "SCALAR", -1);
        accessor(acc, 5, 0, 6, 5126, "VEC3", v[5][0]);
        ArrayNode views = root.putArray("bufferViews");
        for (int[] x : v) {
            views.addObject().put("buffer", 0).put("byteOffset", x[0]).put("byteLength", x[1]);
        }
        ObjectNode buf = root.putArray("buffers").addObject().put("byteLength", bufferLength());
        if (uri != null) {
            buf.put("uri", uri);
        }
        return m.writeValueAsString(root) + "\n";
    }

    /** The bundled file: the buffer embedded as a base64 data URI. */
    static String embedded() throws Exception {
        return json("data:application/octet-stream;base64," + Base64.getEncoder().encodeToString(binary()));
    }

    /** The same model as a GLB container (JSON chunk, BIN chunk). */
    static byte[] glb() throws Exception {
        byte[] json = json(null).getBytes(StandardCharsets.UTF_8);
        int jl = (json.length + 3) & ~3;
        byte[] bin = binary();
        int bl = (bin.length + 3) & ~3;
        ByteBuffer b = ByteBuffer.allocate(12 + 8 + jl + 8 + bl).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(0x46546C67).putInt(2).putInt(b.capacity());
        b.putInt(jl).putInt(0x4E4F534A).put(json);
        for (int k = json.length; k < jl; k++) {
            b.put((byte) ' ');
        }
        b.putInt(bl).putInt(0x004E4942).put(bin);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(b.array(), 0, b.capacity());
        return out.toByteArray();
    }

    private static ObjectNode node(ArrayNode nodes, String name, int mesh, double[] t, double[] r, double[] s) {
        ObjectNode n = nodes.addObject().put("name", name);
        if (mesh >= 0) {
            n.put("mesh", mesh);
        }
        put(n, "translation", t);
        put(n, "rotation", r);
        put(n, "scale", s);
        return n;
    }

    private static void put(ObjectNode n, String key, double[] v) {
        if (v != null) {
            ArrayNode a = n.putArray(key);
            for (double d : v) {
                a.add(d);
            }
        }
    }

    private static void mesh(ArrayNode meshes, String name, int pos, int indices, int material, int mode) {
        ObjectNode p = meshes.addObject().put("name", name).putArray("primitives").addObject();
        p.putObject("attributes").put("POSITION", pos);
        if (indices >= 0) {
            p.put("indices", indices);
        }
        p.put("material", material).put("mode", mode);
    }

    /**
     * An accessor; a VEC3 of positions at byte {@code positions} of the buffer gets its exact
     * per-component min and max, as glTF 2.0 requires for POSITION (-1: no bounds).
     */
    private static void accessor(ArrayNode acc, int view, int off, int count, int type, String t, int positions) {
        ObjectNode a = acc.addObject().put("bufferView", view).put("byteOffset", off).put("count", count)
                .put("componentType", type).put("type", t);
        if (positions >= 0) {
            ByteBuffer b = ByteBuffer.wrap(binary()).order(ByteOrder.LITTLE_ENDIAN);
            float[] lo = {Float.MAX_VALUE, Float.MAX_VALUE, Float.MAX_VALUE};
            float[] hi = {-Float.MAX_VALUE, -Float.MAX_VALUE, -Float.MAX_VALUE};
            for (int i = 0; i < count; i++) {
                for (int k = 0; k < 3; k++) {
                    float f = b.getFloat(positions + off + 12 * i + 4 * k);
                    lo[k] = Math.min(lo[k], f);
                    hi[k] = Math.max(hi[k], f);
                }
            }
            ArrayNode mn = a.putArray("min");
            ArrayNode mx = a.putArray("max");
            for (int k = 0; k < 3; k++) {
                mn.add(lo[k]);
                mx.add(hi[k]);
            }
        }
    }
}
