package gpusim.scene;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import de.javagl.jgltf.model.AccessorByteData;
import de.javagl.jgltf.model.AccessorData;
import de.javagl.jgltf.model.AccessorFloatData;
import de.javagl.jgltf.model.AccessorIntData;
import de.javagl.jgltf.model.AccessorModel;
import de.javagl.jgltf.model.AccessorShortData;
import de.javagl.jgltf.model.GltfModel;
import de.javagl.jgltf.model.MaterialModel;
import de.javagl.jgltf.model.MeshModel;
import de.javagl.jgltf.model.MeshPrimitiveModel;
import de.javagl.jgltf.model.NodeModel;
import de.javagl.jgltf.model.SceneModel;
import de.javagl.jgltf.model.io.GltfModelReader;
import de.javagl.jgltf.model.v2.MaterialModelV2;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Reads a glTF 2.0 model (.gltf with external or embedded buffers, or .glb) into a {@link
 * Scene}, with JglTF. Before JglTF sees the file, its JSON is checked against everything
 * that would make reading it fail, allocate without bound or loop: the version (glTF 1.0
 * is refused), every buffer present and as long as it says, every buffer view and accessor
 * inside its buffer, counts below the limits, the node tree a tree. A broken file is a
 * {@link SceneException} with a one-line message, never a JglTF stack trace.
 *
 * <p>The default scene (or the first) is walked from its root nodes; each node's mesh
 * primitives become objects placed by the node's global transform. TRIANGLES,
 * TRIANGLE_STRIP and TRIANGLE_FAN primitives, indexed or not, are kept (strips and fans
 * as lists, glTF 2.0 spec 3.7.2.1); points and lines have no triangles and are counted
 * in {@link Scene#skipped()}.
 */
public final class GltfLoader {
    /** Largest model file, or external buffer file, read. */
    public static final long MAX_FILE_BYTES = 512L << 20;
    /** Largest element count of one accessor. */
    public static final int MAX_ACCESSOR_COUNT = 1 << 26;
    /** Most triangles of all distinct primitives together. */
    public static final long MAX_TRIANGLES = 1 << 24;
    /** Most nodes, and deepest node nesting. */
    public static final int MAX_NODES = 1 << 20;
    public static final int MAX_DEPTH = 512;

    private static final int GLB_MAGIC = 0x46546C67; // "glTF"
    private static final int CHUNK_JSON = 0x4E4F534A;
    private static final int CHUNK_BIN = 0x004E4942;
    private static final int FLOAT = 5126;
    /** Extensions a file may require that change nothing gpusim reads (geometry and base colour). */
    private static final Set<String> HARMLESS = Set.of("KHR_materials_unlit", "KHR_texture_transform",
            "KHR_materials_emissive_strength", "KHR_texture_basisu", "EXT_texture_webp");

    private GltfLoader() {
    }

    public static Scene load(Path file) {
        String name = file.toString();
        byte[] bytes = readBounded(file, name, "the model");
        JsonNode json;
        int binLength = -1;
        if (bytes.length >= 4 && le32(bytes, 0) == GLB_MAGIC) {
            if (bytes.length < 20) {
                throw fail(name, "GLB file shorter than its 12-byte header and first chunk header");
            }
            long version = le32(bytes, 4) & 0xFFFFFFFFL;
            if (version == 1) {
                throw fail(name, "binary glTF 1.0 (KHR_binary_glTF) is not supported; convert it to glTF 2.0");
            }
            if (version != 2) {
                throw fail(name, "GLB container version " + version + " is not supported (glTF 2.0 needed)");
            }
            long length = le32(bytes, 8) & 0xFFFFFFFFL;
            if (length > bytes.length) {
                throw fail(name, "GLB header says " + length + " bytes, the file has " + bytes.length);
            }
            long jsonLength = le32(bytes, 12) & 0xFFFFFFFFL;
            if (le32(bytes, 16) != CHUNK_JSON || 20 + jsonLength > length) {
                throw fail(name, "GLB first chunk is not a JSON chunk inside the file");
            }
            json = parseJson(name, bytes, 20, (int) jsonLength);
            long binAt = 20 + ((jsonLength + 3) & ~3L);
            if (binAt + 8 <= length && le32(bytes, (int) binAt + 4) == CHUNK_BIN) {
                long bl = le32(bytes, (int) binAt) & 0xFFFFFFFFL;
                if (binAt + 8 + bl > length) {
                    throw fail(name, "GLB BIN chunk of " + bl + " bytes runs past the end of the file");
                }
                binLength = (int) bl;
            }
        } else {
            int i = 0;
            if (bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB
                    && (bytes[2] & 0xFF) == 0xBF) {
                i = 3; // a UTF-8 byte order mark
            }
            while (i < bytes.length && Character.isWhitespace(bytes[i])) {
                i++;
            }
            if (i >= bytes.length || bytes[i] != '{') {
                throw fail(name, "not a glTF file (neither a GLB container nor a JSON object)");
            }
            json = parseJson(name, bytes, 0, bytes.length);
        }
        check(name, file, json, binLength);
        GltfModel model;
        // JglTF reports JSON that does not fit the schema (a string where a number belongs) through
        // java.util.logging and goes on; catch those reports instead of letting them print, and refuse.
        List<String> schemaErrors = new ArrayList<>();
        Handler catcher = new Handler() {
            @Override
            public void publish(LogRecord r) {
                if (r.getLevel().intValue() >= Level.WARNING.intValue()) {
                    schemaErrors.add(r.getMessage());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        JGLTF_LOG.setUseParentHandlers(false);
        JGLTF_LOG.addHandler(catcher);
        try {
            model = new GltfModelReader().read(file);
        } catch (IOException | RuntimeException e) {
            throw fail(name, "JglTF cannot read it: " + (schemaErrors.isEmpty() ? oneLine(e) : schemaError(schemaErrors)));
        } finally {
            JGLTF_LOG.removeHandler(catcher);
        }
        if (!schemaErrors.isEmpty()) {
            throw fail(name, "JglTF cannot read it: " + schemaError(schemaErrors));
        }
        try {
            return walk(name, model, json);
        } catch (SceneException e) {
            throw e;
        } catch (RuntimeException e) {
            throw fail(name, "cannot read its meshes: " + oneLine(e));
        }
    }

    /** JglTF's logger, held so that the handler set on it is not lost with a collected logger. */
    private static final Logger JGLTF_LOG = Logger.getLogger("de.javagl");

    private static String schemaError(List<String> errors) {
        String m = errors.get(0).replace("\n", " ").replaceAll(" at \\[Source: [^\\]]*\\]", "");
        return m.startsWith("Error: ") ? m.substring(7) : m;
    }

    private static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    static SceneException fail(String name, String why) {
        return new SceneException(name + ": " + why);
    }

    private static byte[] readBounded(Path file, String name, String what) {
        try {
            long size = Files.size(file);
            if (size > MAX_FILE_BYTES) {
                throw fail(name, what + " is " + size + " bytes, more than the " + MAX_FILE_BYTES + " read");
            }
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw fail(name, "no such file");
        } catch (IOException e) {
            throw fail(name, "cannot read " + what + ": " + oneLine(e));
        }
    }

    private static int le32(byte[] b, int at) {
        return ByteBuffer.wrap(b, at, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    }

    private static JsonNode parseJson(String name, byte[] bytes, int off, int len) {
        try {
            JsonNode n = new ObjectMapper().readTree(bytes, off, len);
            if (n == null || !n.isObject()) {
                throw fail(name, "not a glTF file (its JSON is not an object)");
            }
            return n;
        } catch (JsonProcessingException e) {
            throw fail(name, "not a glTF file (bad JSON at line " + e.getLocation().getLineNr() + ": "
                    + oneLine(e).replaceAll(" at \\[Source.*", "") + ")");
        } catch (IOException e) {
            throw fail(name, "cannot read its JSON: " + oneLine(e));
        }
    }

    // ---- structural checks, before JglTF allocates anything ----

    private static void check(String name, Path file, JsonNode j, int binLength) {
        JsonNode version = j.path("asset").path("version");
        if (!version.isTextual()) {
            throw fail(name, "no asset.version: not a glTF 2.0 file (glTF 1.0 files may lack it; convert them)");
        }
        String v = version.asText();
        if (v.startsWith("1.")) {
            throw fail(name, "glTF " + v + " is not supported; convert it to glTF 2.0");
        }
        if (!v.startsWith("2.")) {
            throw fail(name, "glTF version " + v + " is not supported (2.x needed)");
        }
        for (JsonNode e : j.path("extensionsRequired")) {
            if (!HARMLESS.contains(e.asText())) {
                throw fail(name, "requires extension " + e.asText() + ", which gpusim scene does not read");
            }
        }
        long[] bufferLength = checkBuffers(name, file, j, binLength);
        long[] viewLength = new long[j.path("bufferViews").size()];
        int i = 0;
        for (JsonNode bv : j.path("bufferViews")) {
            int b = index(name, bv, "buffer", bufferLength.length, "bufferViews[" + i + "]", true);
            long off = nonNegative(name, bv, "byteOffset", "bufferViews[" + i + "]");
            long len = nonNegative(name, bv, "byteLength", "bufferViews[" + i + "]");
            if (off + len > bufferLength[b]) {
                throw fail(name, "bufferViews[" + i + "] (bytes " + off + ".." + (off + len) + ") runs past buffers["
                        + b + "] (" + bufferLength[b] + " bytes)");
            }
            long stride = nonNegative(name, bv, "byteStride", "bufferViews[" + i + "]");
            if (bv.has("byteStride") && (stride < 4 || stride > 252 || stride % 4 != 0)) {
                throw fail(name, "bufferViews[" + i + "].byteStride " + stride + " is not a multiple of 4 in 4..252");
            }
            viewLength[i++] = len;
        }
        checkAccessors(name, j, viewLength);
        checkNodes(name, j);
        int accessors = j.path("accessors").size();
        int m = 0;
        for (JsonNode mesh : j.path("meshes")) {
            int p = 0;
            for (JsonNode prim : mesh.path("primitives")) {
                String where = "meshes[" + m + "].primitives[" + p + "]";
                JsonNode pos = prim.path("attributes").path("POSITION");
                if (!pos.canConvertToInt() || pos.asInt() < 0 || pos.asInt() >= accessors) {
                    throw fail(name, where + " has no valid POSITION accessor");
                }
                JsonNode a = j.path("accessors").get(pos.asInt());
                if (!"VEC3".equals(a.path("type").asText()) || a.path("componentType").asInt() != FLOAT) {
                    throw fail(name, where + ": POSITION accessor " + pos.asInt() + " is not VEC3 of FLOAT");
                }
                if (prim.has("indices")) {
                    int ix = index(name, prim, "indices", accessors, where, true);
                    JsonNode ia = j.path("accessors").get(ix);
                    int ct = ia.path("componentType").asInt();
                    if (!"SCALAR".equals(ia.path("type").asText()) || (ct != 5121 && ct != 5123 && ct != 5125)) {
                        throw fail(name, where + ": indices accessor " + ix
                                + " is not SCALAR of UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT");
                    }
                }
                long mode = prim.path("mode").asLong(4);
                if (mode < 0 || mode > 6) {
                    throw fail(name, where + ".mode " + mode + " is not a glTF primitive mode (0..6)");
                }
                p++;
            }
            m++;
        }
        if (j.has("scene")) {
            JsonNode sc = j.path("scene");
            int scenes = j.path("scenes").size();
            if (!sc.isIntegralNumber() || sc.asInt() < 0 || sc.asInt() >= scenes) {
                throw fail(name, "scene " + sc + " names no scene (the file has " + scenes + ")");
            }
        }
    }

    private static long[] checkBuffers(String name, Path file, JsonNode j, int binLength) {
        long[] length = new long[j.path("buffers").size()];
        int i = 0;
        for (JsonNode b : j.path("buffers")) {
            String where = "buffers[" + i + "]";
            long len = nonNegative(name, b, "byteLength", where);
            if (!b.has("byteLength") || len < 1) {
                throw fail(name, where + " has no byteLength of at least 1");
            }
            if (len > MAX_FILE_BYTES) {
                throw fail(name, where + ".byteLength " + len + " is more than the " + MAX_FILE_BYTES + " read");
            }
            JsonNode uri = b.path("uri");
            if (uri.isMissingNode()) {
                if (i != 0 || binLength < 0) {
                    throw fail(name, where + " has no uri and the file has no GLB BIN chunk for it");
                }
                if (binLength < len) {
                    throw fail(name, where + ": the GLB BIN chunk has " + binLength + " bytes, byteLength says " + len);
                }
            } else {
                String u = uri.asText();
                if (u.startsWith("data:")) {
                    int comma = u.indexOf(',');
                    if (comma < 0 || !u.substring(0, comma).endsWith(";base64")) {
                        throw fail(name, where + ": a data URI that is not base64");
                    }
                    long decoded = (u.length() - comma - 1) / 4 * 3;
                    if (decoded + 2 < len) {
                        throw fail(name, where + ": its data URI holds about " + decoded + " bytes, byteLength says "
                                + len);
                    }
                } else {
                    Path p;
                    try {
                        Path dir = file.toAbsolutePath().getParent();
                        p = dir.resolve(URLDecoder.decode(u.replace("+", "%2B"), StandardCharsets.UTF_8));
                    } catch (IllegalArgumentException e) { // InvalidPathException too
                        throw fail(name, where + ": bad uri " + u);
                    }
                    if (!Files.isRegularFile(p)) {
                        throw fail(name, where + ": missing buffer file " + u);
                    }
                    long size;
                    try {
                        size = Files.size(p);
                    } catch (IOException e) {
                        throw fail(name, where + ": cannot read buffer file " + u);
                    }
                    if (size < len) {
                        throw fail(name, where + ": buffer file " + u + " has " + size + " bytes, byteLength says "
                                + len);
                    }
                }
            }
            length[i++] = len;
        }
        return length;
    }

    private static void checkAccessors(String name, JsonNode j, long[] viewLength) {
        int i = 0;
        for (JsonNode a : j.path("accessors")) {
            String where = "accessors[" + i + "]";
            if (a.has("sparse")) {
                throw fail(name, where + " is sparse, which gpusim scene does not read");
            }
            long count = nonNegative(name, a, "count", where);
            if (count < 1 || count > MAX_ACCESSOR_COUNT) {
                throw fail(name, where + ".count " + count + " is outside 1.." + MAX_ACCESSOR_COUNT);
            }
            int comp = switch (a.path("componentType").asInt()) {
                case 5120, 5121 -> 1;
                case 5122, 5123 -> 2;
                case 5125, 5126 -> 4;
                default -> throw fail(name, where + ".componentType " + a.path("componentType") + " is not a glTF one");
            };
            int n = switch (a.path("type").asText()) {
                case "SCALAR" -> 1;
                case "VEC2" -> 2;
                case "VEC3" -> 3;
                case "VEC4", "MAT2" -> 4;
                case "MAT3" -> 9;
                case "MAT4" -> 16;
                default -> throw fail(name, where + ".type " + a.path("type") + " is not a glTF one");
            };
            if (a.has("bufferView")) {
                int v = index(name, a, "bufferView", viewLength.length, where, true);
                long off = nonNegative(name, a, "byteOffset", where);
                JsonNode view = j.path("bufferViews").get(v);
                long elem = (long) comp * n;
                long stride = view.has("byteStride") ? view.path("byteStride").asLong() : elem;
                long end = off + stride * (count - 1) + elem;
                if (end > viewLength[v]) {
                    throw fail(name, where + " (" + count + " elements of " + elem + " bytes from byte " + off
                            + ") reads past the end of bufferViews[" + v + "] (" + viewLength[v] + " bytes)");
                }
            }
            i++;
        }
    }

    private static void checkNodes(String name, JsonNode j) {
        int n = j.path("nodes").size();
        if (n > MAX_NODES) {
            throw fail(name, n + " nodes, more than the " + MAX_NODES + " read");
        }
        int[] parent = new int[n];
        java.util.Arrays.fill(parent, -1);
        int meshes = j.path("meshes").size();
        for (int i = 0; i < n; i++) {
            JsonNode node = j.path("nodes").get(i);
            if (node.has("mesh")) {
                index(name, node, "mesh", meshes, "nodes[" + i + "]", true);
            }
            for (JsonNode c : node.path("children")) {
                int k = c.asInt(-1);
                if (!c.canConvertToInt() || k < 0 || k >= n) {
                    throw fail(name, "nodes[" + i + "].children holds " + c + ", not a node index");
                }
                if (parent[k] >= 0 || k == i) {
                    throw fail(name, "nodes[" + k + "] has two parents (or is its own child): the nodes are not a tree");
                }
                parent[k] = i;
            }
        }
        // A cycle has no root: walking up from any node must reach one within n steps.
        for (int i = 0; i < n; i++) {
            int k = i;
            int steps = 0;
            while (parent[k] >= 0) {
                k = parent[k];
                if (++steps > Math.min(n, MAX_DEPTH)) {
                    throw fail(name, "nodes[" + i + "]: its ancestors form a cycle or nest deeper than " + MAX_DEPTH);
                }
            }
        }
        int s = 0;
        for (JsonNode scene : j.path("scenes")) {
            for (JsonNode r : scene.path("nodes")) {
                int k = r.asInt(-1);
                if (!r.canConvertToInt() || k < 0 || k >= n) {
                    throw fail(name, "scenes[" + s + "].nodes holds " + r + ", not a node index");
                }
            }
            s++;
        }
    }

    private static int index(String name, JsonNode o, String field, int size, String where, boolean required) {
        JsonNode v = o.path(field);
        if (v.isMissingNode() && !required) {
            return -1;
        }
        if (!v.canConvertToInt() || !v.isIntegralNumber() || v.asInt() < 0 || v.asInt() >= size) {
            throw fail(name, where + "." + field + " " + (v.isMissingNode() ? "is missing" : v + " is not an index below "
                    + size));
        }
        return v.asInt();
    }

    private static long nonNegative(String name, JsonNode o, String field, String where) {
        JsonNode v = o.path(field);
        if (v.isMissingNode()) {
            return 0;
        }
        if (!v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < 0) {
            throw fail(name, where + "." + field + " " + v + " is not a non-negative integer");
        }
        return v.asLong();
    }

    // ---- the walk, on JglTF's model ----

    private static Scene walk(String name, GltfModel model, JsonNode json) {
        List<SceneModel> scenes = model.getSceneModels();
        List<NodeModel> roots;
        if (scenes.isEmpty()) {
            roots = new ArrayList<>();
            for (NodeModel n : model.getNodeModels()) {
                if (n.getParent() == null) {
                    roots.add(n);
                }
            }
        } else {
            roots = scenes.get(json.has("scene") ? json.path("scene").asInt() : 0).getNodeModels();
        }
        Map<MeshPrimitiveModel, Primitive> made = new IdentityHashMap<>();
        List<Primitive> primitives = new ArrayList<>();
        List<SceneObject> objects = new ArrayList<>();
        int[] skipped = {0};
        long[] triangles = {0};
        List<NodeModel> stack = new ArrayList<>(roots);
        java.util.Collections.reverse(stack);
        while (!stack.isEmpty()) {
            NodeModel node = stack.remove(stack.size() - 1);
            double[] world = Mat4.fromColumnMajor(node.computeGlobalTransform(null));
            for (MeshModel mesh : node.getMeshModels()) {
                int p = 0;
                for (MeshPrimitiveModel pm : mesh.getMeshPrimitiveModels()) {
                    Primitive prim = made.get(pm);
                    if (prim == null && !made.containsKey(pm)) {
                        String pname = (mesh.getName() != null ? mesh.getName() : "mesh") + "." + p;
                        prim = primitive(name, pname, pm);
                        made.put(pm, prim);
                        if (prim == null) {
                            skipped[0]++;
                        } else {
                            triangles[0] += prim.triangleCount();
                            if (triangles[0] > MAX_TRIANGLES) {
                                throw fail(name, "more than " + MAX_TRIANGLES + " triangles");
                            }
                            primitives.add(prim);
                        }
                    }
                    p++;
                    if (prim == null) {
                        continue;
                    }
                    if (objects.size() >= Scene.MAX_OBJECTS) {
                        throw fail(name, "more than " + Scene.MAX_OBJECTS + " placed primitives");
                    }
                    objects.add(place(objects.size(), node, prim, world));
                }
            }
            List<NodeModel> children = new ArrayList<>(node.getChildren());
            java.util.Collections.reverse(children);
            stack.addAll(children);
        }
        if (objects.isEmpty()) {
            throw fail(name, "its scene has no triangles to draw" + (skipped[0] > 0 ? " (" + skipped[0]
                    + " point or line primitives, which are left out)" : ""));
        }
        return new Scene(name, primitives, objects, skipped[0]);
    }

    private static SceneObject place(int id, NodeModel node, Primitive prim, double[] world) {
        double[] min = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] max = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        double[] out = new double[4];
        float[] pos = prim.positions();
        for (int v = 0; v < pos.length; v += 3) {
            Mat4.transform(world, pos[v], pos[v + 1], pos[v + 2], out);
            for (int k = 0; k < 3; k++) {
                min[k] = Math.min(min[k], out[k]);
                max[k] = Math.max(max[k], out[k]);
            }
        }
        String n = node.getName() != null ? node.getName() : "node";
        return new SceneObject(id, n + "/" + prim.name(), prim, world, min, max, Mat4.det3(world) < 0);
    }

    /** The primitive's triangles, or null for points and lines. */
    private static Primitive primitive(String name, String pname, MeshPrimitiveModel pm) {
        int mode = pm.getMode();
        if (mode < 4) {
            return null;
        }
        AccessorModel posAcc = pm.getAttributes().get("POSITION");
        AccessorData pd = posAcc.getAccessorData();
        if (!(pd instanceof AccessorFloatData f)) {
            throw fail(name, pname + ": POSITION is not FLOAT");
        }
        int nv = posAcc.getCount();
        float[] positions = new float[nv * 3];
        for (int v = 0; v < nv; v++) {
            for (int c = 0; c < 3; c++) {
                float x = f.get(v, c);
                if (!Float.isFinite(x)) {
                    throw fail(name, pname + ": POSITION " + v + " is not finite (" + x + ")");
                }
                positions[v * 3 + c] = x;
            }
        }
        int[] order;
        if (pm.getIndices() != null) {
            AccessorModel ia = pm.getIndices();
            AccessorData d = ia.getAccessorData();
            order = new int[ia.getCount()];
            for (int k = 0; k < order.length; k++) {
                long ix = d instanceof AccessorByteData b ? b.getInt(k)
                        : d instanceof AccessorShortData s ? s.getInt(k)
                        : ((AccessorIntData) d).getLong(k);
                if (ix < 0 || ix >= nv) {
                    throw fail(name, pname + ": index " + k + " is " + ix + ", past the " + nv + " vertices of POSITION");
                }
                order[k] = (int) ix;
            }
        } else {
            order = new int[nv];
            for (int k = 0; k < nv; k++) {
                order[k] = k;
            }
        }
        int[] tris = triangles(order, mode);
        float[] color = {1, 1, 1, 1};
        boolean doubleSided = false;
        MaterialModel mm = pm.getMaterialModel();
        if (mm instanceof MaterialModelV2 m2) {
            float[] c = m2.getBaseColorFactor();
            if (c != null && c.length == 4) {
                for (int k = 0; k < 4; k++) {
                    color[k] = Float.isFinite(c[k]) ? Math.max(0, Math.min(1, c[k])) : 1;
                }
            }
            doubleSided = m2.isDoubleSided();
        }
        return new Primitive(pname, positions, tris, color, doubleSided);
    }

    /** Triangle lists from glTF modes 4 (list), 5 (strip) and 6 (fan), winding kept (glTF 2.0 spec 3.7.2.1). */
    static int[] triangles(int[] v, int mode) {
        int n = mode == 4 ? v.length / 3 : Math.max(0, v.length - 2);
        int[] t = new int[n * 3];
        for (int i = 0; i < n; i++) {
            int a;
            int b;
            int c;
            if (mode == 4) {
                a = v[3 * i];
                b = v[3 * i + 1];
                c = v[3 * i + 2];
            } else if (mode == 5) {
                // Strip: p_i = {v_i, v_(i + 1 + i % 2), v_(i + 2 - i % 2)}, the spec's order.
                a = v[i];
                b = v[i + 1 + (i & 1)];
                c = v[i + 2 - (i & 1)];
            } else {
                a = v[i + 1];
                b = v[i + 2];
                c = v[0];
            }
            t[3 * i] = a;
            t[3 * i + 1] = b;
            t[3 * i + 2] = c;
        }
        return t;
    }
}
