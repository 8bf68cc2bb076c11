package gpusim.scene;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Writes a scene as a trace (docs/trace-format.md, version 1 only: any conformant renderer
 * runs it) rendered the way an engine culls with occlusion queries (docs/workloads.md):
 * each frame is one DIRECT command list that clears, draws a depth pre-pass of the
 * frame's largest occluders, then draws the objects front to back and queries their
 * bounding boxes as {@link Culling} says, resolving the results into buffer {@code vis}
 * (one 64-bit word an object) that the next frame predicates on. Frames are bracketed by
 * TIMESTAMP queries resolved into {@code times}.
 *
 * <p>Geometry is stored once: a primitive's vertices in mesh space, drawn with {@code
 * set_transform} = projection x view x model; boxes in world space. With {@code exact},
 * every frame's transform is instead baked into the vertices, clipped to the near and far
 * planes and a guard band, and snapped to the 1/256-pixel grid with a power-of-two w and
 * depth on a 2^-16 grid, so every conformant renderer covers the same samples (as the
 * conformance traces are written).
 *
 * <p>The same writer also writes the exact visibility pass the statistics compare against
 * ({@link #writeVisibility}): every object drawn, then each one queried against the finished
 * depth buffer.
 */
public final class SceneTrace {
    /** Most vertices an --exact trace may bake (32 bytes each in the trace's memory). */
    public static final long MAX_EXACT_VERTICES = 1L << 24;
    /** Most frames x objects a trace may have (each a draw, a query and its heap slot). */
    public static final long MAX_QUERIES = 1L << 22;
    /** Most frames a trace may have. */
    public static final int MAX_FRAMES = 10_000;
    /** Guard band for --exact: x and y are clipped to +-4 w, so pixel positions stay well inside float precision. */
    private static final double GUARD = 4;

    /** Where the predicate of an object's draw comes from in a frame. */
    public static final int ALWAYS = 0;
    public static final int PREVIOUS = 1;
    public static final int SAME = 2;

    /** Box corner c has x = bit 0, y = bit 1, z = bit 2 (0 = min, 1 = max); 12 triangles, counter-clockwise seen from outside. */
    static final int[] BOX = boxIndices();

    public record Options(int frames, Culling culling, int width, int height, int samples, boolean exact,
                          int occluders, int groupSize) {
        public Options {
            if (frames < 1 || frames > MAX_FRAMES) {
                throw new SceneException("--frames " + frames + ": expected 1.." + MAX_FRAMES);
            }
            if (width < 1 || width > 16384 || height < 1 || height > 16384) {
                throw new SceneException("--width/--height " + width + "x" + height + ": expected 1..16384 each");
            }
            if (samples != 1 && samples != 2 && samples != 4 && samples != 8 && samples != 16) {
                throw new SceneException("--samples " + samples + ": expected 1, 2, 4, 8 or 16");
            }
            if (occluders < 0) {
                throw new SceneException("--occluders " + occluders + ": expected 0 or more");
            }
            if (groupSize < 2 || groupSize > 1024) {
                throw new SceneException("--group-size " + groupSize + ": expected 2..1024");
            }
        }
    }

    /**
     * What the trace does, for {@link CullingStats}: per frame, where each object's predicate
     * comes from ({@link #ALWAYS}, {@link #PREVIOUS} or {@link #SAME} frame's {@code vis}
     * word), the queries it issues, the {@code set_predication} reads and the pre-pass
     * occluders; {@code groupOf} maps objects to hierarchical groups (empty otherwise).
     */
    public record Plan(Culling culling, int frames, int objects, int groups, int[] groupOf, int[][] drawSource,
                       int[] queries, int[] predicationReads, int[] prepass) {
    }

    private final Scene scene;
    private final CameraPath camera;
    private final Options o;
    private final Writer w;
    private final int n;
    private final double[][] vp;
    private final double[][] boxMin;
    private final double[][] boxMax;
    private final List<int[]> groups;
    private final double[][] gMin;
    private final double[][] gMax;
    // non-exact geometry
    private int[] primBase;
    private int[] primIndex;
    private int boxBase;
    private int groupBoxBase;
    private int boxIndex;
    // exact geometry: [frame][object] start and count
    private int[][] objStart;
    private int[][] objCount;
    private int[][] boxStart;
    private int[][] boxCount;
    private int[][] gStart;
    private int[][] gCount;
    // recording state
    private String pso;
    private boolean transformIsVp;
    private boolean predicated;
    private int reads;

    private SceneTrace(Scene scene, CameraPath camera, Options o, Writer w) {
        this.scene = scene;
        this.camera = camera;
        this.o = o;
        this.w = w;
        this.n = scene.objects().size();
        double[] b = scene.bounds();
        double r = CameraPath.radius(b);
        vp = new double[o.frames()][];
        for (int f = 0; f < o.frames(); f++) {
            // Near and far planes fitted to the scene's bounds each frame (half the distance to the box when
            // the eye is outside it, 0.2% of the scene's radius inside), so that D32 depth keeps its precision
            // and a box 2% larger than its object stays in front of it after rounding.
            double[] e = camera.eyes().get(f);
            double dx = Math.max(0, Math.max(b[0] - e[0], e[0] - b[3]));
            double dy = Math.max(0, Math.max(b[1] - e[1], e[1] - b[4]));
            double dz = Math.max(0, Math.max(b[2] - e[2], e[2] - b[5]));
            double near = Math.max(0.002 * r, 0.5 * Math.sqrt(dx * dx + dy * dy + dz * dz));
            double far = 0;
            for (int k = 0; k < 8; k++) {
                double[] c = {(k & 1) == 0 ? b[0] : b[3], (k & 2) == 0 ? b[1] : b[4], (k & 4) == 0 ? b[2] : b[5]};
                far = Math.max(far, Math.sqrt(Mat4.dot(Mat4.sub(c, e), Mat4.sub(c, e))));
            }
            double[] proj = Mat4.perspective(Math.toRadians(60), (double) o.width() / o.height(), near,
                    Math.max(far * 1.05, near * 2));
            vp[f] = Mat4.mul(proj, camera.view(f));
        }
        boxMin = new double[n][];
        boxMax = new double[n][];
        for (int i = 0; i < n; i++) {
            SceneObject ob = scene.objects().get(i);
            // Inflated a little, so that a box never lies in the plane of its object's own faces
            // (a cube's box would otherwise tie with the cube's depth and fail a LESS test).
            double m = 0.02 * ob.radius() + 1e-4 * r;
            boxMin[i] = new double[] {ob.min()[0] - m, ob.min()[1] - m, ob.min()[2] - m};
            boxMax[i] = new double[] {ob.max()[0] + m, ob.max()[1] + m, ob.max()[2] + m};
        }
        groups = o.culling() == Culling.HIERARCHICAL ? cluster(o.groupSize()) : List.of();
        gMin = new double[groups.size()][];
        gMax = new double[groups.size()][];
        for (int g = 0; g < groups.size(); g++) {
            gMin[g] = new double[] {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
            gMax[g] = new double[] {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
            for (int i : groups.get(g)) {
                for (int k = 0; k < 3; k++) {
                    gMin[g][k] = Math.min(gMin[g][k], boxMin[i][k]);
                    gMax[g][k] = Math.max(gMax[g][k], boxMax[i][k]);
                }
            }
        }
    }

    /** Writes the culling trace of {@code scene} seen along {@code camera}. */
    public static Plan write(Scene scene, CameraPath camera, Options o, Writer out) throws IOException {
        SceneTrace t = new SceneTrace(scene, camera, o, out);
        t.checkSize();
        return t.writeCulling();
    }

    /** Writes the exact visibility pass of the same frames (see the class comment); its dumps are {@code vres}. */
    public static void writeVisibility(Scene scene, CameraPath camera, Options o, Writer out) throws IOException {
        SceneTrace t = new SceneTrace(scene, camera, o, out);
        t.checkSize();
        t.writeVisibilityPass();
    }

    private void checkSize() {
        if ((long) o.frames() * n > MAX_QUERIES) {
            throw new SceneException(scene.source() + ": " + o.frames() + " frames x " + n + " objects = "
                    + (long) o.frames() * n + " object draws and queries, more than the " + MAX_QUERIES
                    + " a trace may hold; use fewer frames or instances");
        }
        if (!o.exact()) {
            return;
        }
        long perFrame = 0;
        for (SceneObject ob : scene.objects()) {
            perFrame += 3L * ob.primitive().triangleCount() + BOX.length;
        }
        perFrame += (long) groups.size() * BOX.length;
        if (perFrame * o.frames() > MAX_EXACT_VERTICES) {
            throw new SceneException(scene.source() + ": --exact bakes about " + perFrame * o.frames() + " vertices ("
                    + perFrame + " a frame x " + o.frames() + " frames), more than " + MAX_EXACT_VERTICES
                    + "; use fewer frames or instances, or leave out --exact");
        }
    }

    // ---------------------------------------------------------------- resources

    private void header(String what) throws IOException {
        w.write("gpusim-trace 1\n");
        // The model's file name only, so the same model gives the same trace from any directory.
        w.write("# " + what + " of " + java.nio.file.Path.of(scene.source()).getFileName().toString().replace('\n', ' ')
                + "\n");
        w.write("# written by gpusim scene: " + n + " objects, " + scene.triangles() + " triangles, " + o.frames()
                + " frames, camera " + camera.name() + ", culling " + o.culling().label() + (o.exact() ? ", exact" : "")
                + ", " + o.width() + "x" + o.height() + " x" + o.samples() + "\n");
        w.write("# materials are flat base colours (glTF baseColorFactor); textures are not modelled\n");
        String s = o.samples() > 1 ? " samples=" + o.samples() : "";
        w.write("render_target rt width=" + o.width() + " height=" + o.height() + s + "\n");
        w.write("depth_stencil ds width=" + o.width() + " height=" + o.height() + s + " format=D32_FLOAT\n");
    }

    private void geometry() throws IOException {
        w.write("vertex_buffer geo\n");
        int v = 0;
        if (!o.exact()) {
            List<Primitive> prims = scene.primitives();
            primBase = new int[prims.size()];
            for (int p = 0; p < prims.size(); p++) {
                Primitive pr = prims.get(p);
                primBase[p] = v;
                float[] pos = pr.positions();
                String col = colour(pr.color());
                for (int k = 0; k < pos.length; k += 3) {
                    w.write("v " + pos[k] + " " + pos[k + 1] + " " + pos[k + 2] + " 1" + col + "\n");
                }
                v += pr.vertexCount();
            }
            boxBase = v;
            for (int i = 0; i < n; i++) {
                corners(boxMin[i], boxMax[i]);
            }
            v += 8 * n;
            groupBoxBase = v;
            for (int g = 0; g < groups.size(); g++) {
                corners(gMin[g], gMax[g]);
            }
            w.write("end\n");
            w.write("index_buffer idx format=R32_UINT\n");
            primIndex = new int[prims.size()];
            int ix = 0;
            for (int p = 0; p < prims.size(); p++) {
                primIndex[p] = ix;
                int[] t = prims.get(p).triangles();
                for (int k = 0; k < t.length; k += 3) {
                    w.write("i " + t[k] + " " + t[k + 1] + " " + t[k + 2] + "\n");
                }
                ix += t.length;
            }
            boxIndex = ix;
            for (int k = 0; k < BOX.length; k += 3) {
                w.write("i " + BOX[k] + " " + BOX[k + 1] + " " + BOX[k + 2] + "\n");
            }
            w.write("end\n");
            return;
        }
        int frames = o.frames();
        objStart = new int[frames][n];
        objCount = new int[frames][n];
        boxStart = new int[frames][n];
        boxCount = new int[frames][n];
        gStart = new int[frames][groups.size()];
        gCount = new int[frames][groups.size()];
        Baker baker = new Baker();
        for (int f = 0; f < frames; f++) {
            for (int i = 0; i < n; i++) {
                SceneObject ob = scene.objects().get(i);
                Primitive pr = ob.primitive();
                objStart[f][i] = v;
                objCount[f][i] = baker.bake(Mat4.mul(vp[f], ob.model()), pr.positions(), pr.triangles(),
                        colour(pr.color()));
                v += objCount[f][i];
            }
            for (int i = 0; i < n; i++) {
                boxStart[f][i] = v;
                boxCount[f][i] = baker.bake(vp[f], cornerArray(boxMin[i], boxMax[i]), BOX, "");
                v += boxCount[f][i];
            }
            for (int g = 0; g < groups.size(); g++) {
                gStart[f][g] = v;
                gCount[f][g] = baker.bake(vp[f], cornerArray(gMin[g], gMax[g]), BOX, "");
                v += gCount[f][g];
            }
        }
        if (v == 0) {
            w.write("v 0 0 0 1\n"); // an empty vertex buffer has no meaning in the format
        }
        w.write("end\n");
    }

    private static String colour(float[] c) {
        return " " + c[0] + " " + c[1] + " " + c[2] + " " + c[3];
    }

    private void corners(double[] min, double[] max) throws IOException {
        float[] c = cornerArray(min, max);
        for (int k = 0; k < 24; k += 3) {
            w.write("v " + c[k] + " " + c[k + 1] + " " + c[k + 2] + " 1\n");
        }
    }

    private static float[] cornerArray(double[] min, double[] max) {
        float[] c = new float[24];
        for (int k = 0; k < 8; k++) {
            c[3 * k] = (float) ((k & 1) == 0 ? min[0] : max[0]);
            c[3 * k + 1] = (float) ((k & 2) == 0 ? min[1] : max[1]);
            c[3 * k + 2] = (float) ((k & 4) == 0 ? min[2] : max[2]);
        }
        return c;
    }

    /**
     * Cull variants: 0 back faces, 1 mirrored transform, 2 double-sided. glTF's front faces are
     * counter-clockwise as the viewer sees them (glTF 2.0 spec, 3.7.2.1); the trace judges
     * winding in render-target space, where that is counter-clockwise too (the viewport's y
     * flip does not mirror the picture), so front is {@code front_ccw=on}
     * (D3D12_RASTERIZER_DESC.FrontCounterClockwise = TRUE); a mirroring transform turns it.
     */
    private static int cullVariant(SceneObject ob) {
        return ob.primitive().doubleSided() ? 2 : ob.mirrored() ? 1 : 0;
    }

    private static final String[] CULL = {"cull=BACK front_ccw=on", "cull=BACK", "cull=NONE"};

    private void pipelineStates(boolean visibility) throws IOException {
        for (int k = 0; k < 3; k++) {
            w.write("pipeline_state pre" + k + " " + CULL[k] + " color_write=0\n");
            if (visibility) {
                w.write("pipeline_state vis" + k + " " + CULL[k] + " depth_func=LESS_EQUAL depth_write=off color_write=0\n");
                w.write("pipeline_state cov" + k + " " + CULL[k] + " depth=off color_write=0\n");
            } else {
                w.write("pipeline_state obj" + k + " " + CULL[k] + " depth_func=LESS_EQUAL\n");
            }
        }
        w.write("pipeline_state box cull=BACK front_ccw=on depth_write=off color_write=0\n");
        // A box the near plane cuts is queried with the depth test off: whether any of it is in the view
        // (an engine would not query it at all and draw the object).
        w.write("pipeline_state box_near cull=NONE depth=off color_write=0\n");
        if (visibility) {
            w.write("pipeline_state box_cov cull=BACK front_ccw=on depth=off color_write=0\n");
        }
    }

    // ---------------------------------------------------------------- frames

    private Plan writeCulling() throws IOException {
        Culling c = o.culling();
        int frames = o.frames();
        int g = groups.size();
        header("Occlusion-culling trace");
        String type = c == Culling.OCCLUSION ? "OCCLUSION" : "BINARY_OCCLUSION";
        if (c.queries()) {
            w.write("query_heap occ type=OCCLUSION count=" + (long) frames * n + "\n");
            w.write("buffer vis size=" + 8L * n + "\n");
        }
        if (g > 0) {
            w.write("query_heap grp type=OCCLUSION count=" + (long) frames * g + "\n");
            w.write("buffer gvis size=" + 8L * g + "\n");
        }
        w.write("query_heap ts type=TIMESTAMP count=" + 2 * frames + "\n");
        w.write("buffer times size=" + 16L * frames + "\n");
        geometry();
        pipelineStates(false);
        int[][] source = new int[frames][n];
        int[] queries = new int[frames];
        int[] preds = new int[frames];
        int[] prepassCount = new int[frames];
        int[] groupOf = new int[g > 0 ? n : 0];
        for (int k = 0; k < g; k++) {
            for (int i : groups.get(k)) {
                groupOf[i] = k;
            }
        }
        for (int f = 0; f < frames; f++) {
            w.write("command_list frame" + f + " type=DIRECT\n");
            begin(f, true);
            int[] order = frontToBack(f);
            int[] occluders = occluders(f, order);
            prepassCount[f] = occluders.length;
            w.write("# depth pre-pass: the " + occluders.length + " largest occluders in view\n");
            for (int i : occluders) {
                usePso("pre" + cullVariant(scene.objects().get(i)));
                drawObject(f, i);
            }
            boolean visPredicated = false;
            if (c == Culling.BINARY) {
                w.write("# same-frame queries of every box against the pre-pass, then the draws predicated on them\n");
                queries[f] = queryBoxes(f, order, "occ", type, f * n, null);
                resolve("occ", type, f * n, n, "vis", false);
                w.write("resource_barrier vis COPY_DEST PREDICATION\n");
                for (int i : order) {
                    source[f][i] = SAME;
                }
                drawObjects(f, order, source[f]);
            } else {
                boolean prev = c.queries() && f > 0;
                for (int i : order) {
                    source[f][i] = prev ? PREVIOUS : ALWAYS;
                }
                if (prev) {
                    w.write("# objects, each predicated on its box's result of the previous frame\n");
                }
                drawObjects(f, order, source[f]);
                visPredicated = prev;
                if (c == Culling.HIERARCHICAL) {
                    w.write("# group boxes first; a group's member boxes only where the group's box is visible\n");
                    int[] gorder = new int[g];
                    for (int k = 0; k < g; k++) {
                        gorder[k] = k;
                    }
                    queries[f] = queryGroups(f, gorder);
                    resolve("grp", "BINARY_OCCLUSION", f * g, g, "gvis", false);
                    w.write("resource_barrier gvis COPY_DEST PREDICATION\n");
                    for (int k = 0; k < g; k++) {
                        predicate("gvis", 8L * k);
                        queries[f] += queryBoxes(f, groups.get(k), "occ", type, f * n, null);
                    }
                    predicateOff();
                    resolve("occ", type, f * n, n, "vis", visPredicated);
                } else if (c.queries()) {
                    w.write("# queries of every box against the finished depth buffer\n");
                    queries[f] = queryBoxes(f, order, "occ", type, f * n, null);
                    resolve("occ", type, f * n, n, "vis", visPredicated);
                }
            }
            end(f);
            preds[f] = reads;
        }
        for (int f = 0; f < frames; f++) {
            w.write("execute frame" + f + "\n");
            if (c.queries()) {
                w.write("dump vis\n");
            }
            if (g > 0) {
                w.write("dump gvis\n");
            }
        }
        return new Plan(c, frames, n, g, groupOf, source, queries, preds, prepassCount);
    }

    private void writeVisibilityPass() throws IOException {
        int frames = o.frames();
        header("Exact visibility pass (gpusim scene --stats)");
        w.write("query_heap vq type=OCCLUSION count=" + 3L * n + "\n");
        w.write("buffer vres size=" + 24L * n + "\n");
        w.write("query_heap ts type=TIMESTAMP count=" + 2 * frames + "\n");
        w.write("buffer times size=" + 16L * frames + "\n");
        geometry();
        pipelineStates(true);
        for (int f = 0; f < frames; f++) {
            w.write("command_list vframe" + f + " type=DIRECT\n");
            begin(f, false);
            int[] order = frontToBack(f);
            for (int i : order) {
                usePso("pre" + cullVariant(scene.objects().get(i)));
                drawObject(f, i);
            }
            w.write("# per object: visible samples (LESS_EQUAL against the finished depth), covered samples, "
                    + "its box's covered samples\n");
            for (int i = 0; i < n; i++) {
                int k = cullVariant(scene.objects().get(i));
                w.write("begin_query vq OCCLUSION " + 3 * i + "\n");
                usePso("vis" + k);
                drawObject(f, i);
                w.write("end_query vq OCCLUSION " + 3 * i + "\n");
                w.write("begin_query vq OCCLUSION " + (3 * i + 1) + "\n");
                usePso("cov" + k);
                drawObject(f, i);
                w.write("end_query vq OCCLUSION " + (3 * i + 1) + "\n");
                w.write("begin_query vq OCCLUSION " + (3 * i + 2) + "\n");
                usePso(nearCut(f, boxMin[i], boxMax[i]) ? "box_near" : "box_cov");
                drawBox(f, i, false);
                w.write("end_query vq OCCLUSION " + (3 * i + 2) + "\n");
            }
            resolve("vq", "OCCLUSION", 0, 3 * n, "vres", false);
            end(f);
        }
        for (int f = 0; f < frames; f++) {
            w.write("execute vframe" + f + "\n");
            w.write("dump vres\n");
        }
    }

    private void begin(int f, boolean colour) throws IOException {
        pso = null;
        transformIsVp = false;
        predicated = false;
        reads = 0;
        w.write("set_render_targets rt=rt ds=ds\n");
        w.write("set_viewport 0 0 " + o.width() + " " + o.height() + "\n");
        w.write("end_query ts TIMESTAMP " + 2 * f + "\n");
        if (colour) {
            w.write("clear_render_target rt 0.55 0.65 0.75 1\n");
        }
        w.write("clear_depth_stencil ds depth=1\n");
        w.write("set_vertex_buffer geo\n");
        if (!o.exact()) {
            w.write("set_index_buffer idx\n");
        }
    }

    private void end(int f) throws IOException {
        predicateOff();
        w.write("end_query ts TIMESTAMP " + (2 * f + 1) + "\n");
        w.write("resolve_query_data ts TIMESTAMP " + 2 * f + " 2 times " + 16L * f + "\n");
        w.write("close\n");
    }

    private void drawObjects(int f, int[] order, int[] source) throws IOException {
        for (int i : order) {
            if (source[i] != ALWAYS) {
                predicate("vis", 8L * i);
            }
            usePso("obj" + cullVariant(scene.objects().get(i)));
            drawObject(f, i);
        }
        predicateOff();
    }

    private int queryBoxes(int f, int[] members, String heap, String type, int base, Object unused) throws IOException {
        int q = 0;
        for (int i : members) {
            usePso(nearCut(f, boxMin[i], boxMax[i]) ? "box_near" : "box");
            w.write("begin_query " + heap + " " + type + " " + (base + i) + "\n");
            drawBox(f, i, false);
            w.write("end_query " + heap + " " + type + " " + (base + i) + "\n");
            q++;
        }
        return q;
    }

    private int queryGroups(int f, int[] gorder) throws IOException {
        int base = f * groups.size();
        for (int k : gorder) {
            usePso(nearCut(f, gMin[k], gMax[k]) ? "box_near" : "box");
            w.write("begin_query grp BINARY_OCCLUSION " + (base + k) + "\n");
            drawBox(f, k, true);
            w.write("end_query grp BINARY_OCCLUSION " + (base + k) + "\n");
        }
        return gorder.length;
    }

    private void resolve(String heap, String type, int start, int count, String buffer, boolean fromPredication)
            throws IOException {
        if (fromPredication) {
            w.write("resource_barrier " + buffer + " PREDICATION COPY_DEST\n");
        }
        w.write("resolve_query_data " + heap + " " + type + " " + start + " " + count + " " + buffer + " 0\n");
    }

    private void predicate(String buffer, long offset) throws IOException {
        w.write("set_predication " + buffer + " " + offset + " EQUAL_ZERO\n");
        predicated = true;
        reads++;
    }

    private void predicateOff() throws IOException {
        if (predicated) {
            w.write("set_predication null\n");
            predicated = false;
        }
    }

    private void usePso(String name) throws IOException {
        if (!name.equals(pso)) {
            w.write("set_pipeline_state " + name + "\n");
            pso = name;
        }
    }

    private void drawObject(int f, int i) throws IOException {
        SceneObject ob = scene.objects().get(i);
        if (o.exact()) {
            if (objCount[f][i] > 0) {
                w.write("draw " + objCount[f][i] + " start=" + objStart[f][i] + "\n");
            }
            return;
        }
        transform(Mat4.mul(vp[f], ob.model()));
        transformIsVp = false;
        int p = primitiveIndex(ob.primitive());
        w.write("draw_indexed " + ob.primitive().triangles().length + " start=" + primIndex[p] + " base_vertex="
                + primBase[p] + "\n");
    }

    private void drawBox(int f, int i, boolean group) throws IOException {
        if (o.exact()) {
            int count = group ? gCount[f][i] : boxCount[f][i];
            if (count > 0) {
                w.write("draw " + count + " start=" + (group ? gStart[f][i] : boxStart[f][i]) + "\n");
            }
            return;
        }
        if (!transformIsVp) {
            transform(vp[f]);
            transformIsVp = true;
        }
        w.write("draw_indexed 36 start=" + boxIndex + " base_vertex=" + ((group ? groupBoxBase : boxBase) + 8 * i) + "\n");
    }

    private java.util.IdentityHashMap<Primitive, Integer> primIds;

    private int primitiveIndex(Primitive p) {
        if (primIds == null) {
            primIds = new java.util.IdentityHashMap<>();
            for (int k = 0; k < scene.primitives().size(); k++) {
                primIds.put(scene.primitives().get(k), k);
            }
        }
        return primIds.get(p);
    }

    private void transform(double[] m) throws IOException {
        StringBuilder sb = new StringBuilder("set_transform");
        for (double d : m) {
            sb.append(' ').append((float) d);
        }
        w.write(sb.append('\n').toString());
    }

    /** True when a corner of the box lies behind the near plane (clip z < 0): the box's own depth test would be wrong. */
    private boolean nearCut(int f, double[] min, double[] max) {
        double[] c = new double[4];
        for (int k = 0; k < 8; k++) {
            Mat4.transform(vp[f], (k & 1) == 0 ? min[0] : max[0], (k & 2) == 0 ? min[1] : max[1],
                    (k & 4) == 0 ? min[2] : max[2], c);
            if (c[2] < 0) {
                return true;
            }
        }
        return false;
    }

    /** Objects by distance of their box centre from the eye, nearest first (ties by id). */
    private int[] frontToBack(int f) {
        double[] e = camera.eyes().get(f);
        double[] d = new double[n];
        Integer[] ids = new Integer[n];
        for (int i = 0; i < n; i++) {
            double[] c = scene.objects().get(i).centre();
            double[] v = Mat4.sub(c, e);
            d[i] = Mat4.dot(v, v);
            ids[i] = i;
        }
        Arrays.sort(ids, Comparator.<Integer>comparingDouble(i -> d[i]).thenComparingInt(i -> i));
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = ids[i];
        }
        return out;
    }

    /**
     * The frame's occluders: the objects in front of the camera (and not cut by the near
     * plane) that cover the largest solid angle, radius^2 / distance^2, up to {@code
     * occluders} of them, in front-to-back order.
     */
    private int[] occluders(int f, int[] order) {
        double[] e = camera.eyes().get(f);
        double[] score = new double[n];
        List<Integer> cand = new ArrayList<>();
        double[] c4 = new double[4];
        for (int i = 0; i < n; i++) {
            SceneObject ob = scene.objects().get(i);
            double[] c = ob.centre();
            Mat4.transform(vp[f], c[0], c[1], c[2], c4);
            if (c4[3] <= 0 || nearCut(f, boxMin[i], boxMax[i])) {
                continue;
            }
            double[] v = Mat4.sub(c, e);
            score[i] = ob.radius() * ob.radius() / Math.max(1e-30, Mat4.dot(v, v));
            cand.add(i);
        }
        cand.sort(Comparator.<Integer>comparingDouble(i -> -score[i]).thenComparingInt(i -> i));
        boolean[] chosen = new boolean[n];
        for (int k = 0; k < Math.min(o.occluders(), cand.size()); k++) {
            chosen[cand.get(k)] = true;
        }
        return Arrays.stream(order).filter(i -> chosen[i]).toArray();
    }

    /** Groups of at most {@code size} objects, by recursive median splits of box centres along the longest axis. */
    private List<int[]> cluster(int size) {
        List<int[]> out = new ArrayList<>();
        int[] all = new int[n];
        for (int i = 0; i < n; i++) {
            all[i] = i;
        }
        split(all, size, out);
        return out;
    }

    private void split(int[] ids, int size, List<int[]> out) {
        if (ids.length <= size) {
            out.add(ids);
            return;
        }
        double[] lo = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE};
        double[] hi = {-Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int i : ids) {
            double[] c = scene.objects().get(i).centre();
            for (int k = 0; k < 3; k++) {
                lo[k] = Math.min(lo[k], c[k]);
                hi[k] = Math.max(hi[k], c[k]);
            }
        }
        int axis = 0;
        for (int k = 1; k < 3; k++) {
            if (hi[k] - lo[k] > hi[axis] - lo[axis]) {
                axis = k;
            }
        }
        final int a = axis;
        Integer[] boxed = Arrays.stream(ids).boxed().toArray(Integer[]::new);
        Arrays.sort(boxed, Comparator.<Integer>comparingDouble(i -> scene.objects().get(i).centre()[a])
                .thenComparingInt(i -> i));
        int half = boxed.length / 2;
        split(Arrays.stream(boxed, 0, half).mapToInt(Integer::intValue).toArray(), size, out);
        split(Arrays.stream(boxed, half, boxed.length).mapToInt(Integer::intValue).toArray(), size, out);
    }

    private static int[] boxIndices() {
        // Faces as corner quads; each oriented so that its normal points away from the box centre.
        int[][] faces = {{0, 2, 6, 4}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 3, 7, 6}, {0, 1, 3, 2}, {4, 5, 7, 6}};
        int[] out = new int[36];
        int k = 0;
        for (int[] q : faces) {
            double[] a = corner(q[0]);
            double[] nrm = Mat4.cross(Mat4.sub(corner(q[1]), a), Mat4.sub(corner(q[2]), a));
            double[] out0 = Mat4.sub(a, new double[] {0.5, 0.5, 0.5});
            boolean outward = Mat4.dot(nrm, out0) > 0;
            int[] tri = outward ? new int[] {q[0], q[1], q[2], q[0], q[2], q[3]}
                    : new int[] {q[0], q[2], q[1], q[0], q[3], q[2]};
            System.arraycopy(tri, 0, out, k, 6);
            k += 6;
        }
        return out;
    }

    private static double[] corner(int c) {
        return new double[] {c & 1, (c >> 1) & 1, (c >> 2) & 1};
    }

    /**
     * Bakes triangles for --exact: transforms them to clip space, clips them to 0 <= z <= w
     * and the guard band, snaps x and y to 1/256 pixel (D3D's 8 sub-pixel bits) and z/w to
     * 2^-16, and writes them with w the power of two nearest the real one (so x/w is the
     * snapped value exactly). Returns the vertices written.
     */
    private final class Baker {
        private final double[][] poly = new double[16][4];
        private final double[][] tmp = new double[16][4];

        int bake(double[] m, float[] pos, int[] tris, String col) throws IOException {
            int written = 0;
            double[][] v = new double[3][4];
            for (int t = 0; t < tris.length; t += 3) {
                for (int k = 0; k < 3; k++) {
                    int p = tris[t + k] * 3;
                    Mat4.transform(m, pos[p], pos[p + 1], pos[p + 2], v[k]);
                }
                int cnt = clip(v);
                for (int k = 1; k + 1 < cnt; k++) {
                    emit(poly[0], col);
                    emit(poly[k], col);
                    emit(poly[k + 1], col);
                    written += 3;
                }
            }
            return written;
        }

        private int clip(double[][] v) {
            int cnt = 3;
            for (int k = 0; k < 3; k++) {
                System.arraycopy(v[k], 0, poly[k], 0, 4);
            }
            // Planes as a . (x y z w) >= 0.
            double[][] planes = {{0, 0, 1, 0}, {0, 0, -1, 1}, {1, 0, 0, GUARD}, {-1, 0, 0, GUARD},
                {0, 1, 0, GUARD}, {0, -1, 0, GUARD}};
            for (double[] pl : planes) {
                int out = 0;
                for (int k = 0; k < cnt; k++) {
                    double[] a = poly[k];
                    double[] b = poly[(k + 1) % cnt];
                    double da = pl[0] * a[0] + pl[1] * a[1] + pl[2] * a[2] + pl[3] * a[3];
                    double db = pl[0] * b[0] + pl[1] * b[1] + pl[2] * b[2] + pl[3] * b[3];
                    if (da >= 0) {
                        System.arraycopy(a, 0, tmp[out++], 0, 4);
                    }
                    if ((da >= 0) != (db >= 0)) {
                        double s = da / (da - db);
                        for (int c = 0; c < 4; c++) {
                            tmp[out][c] = a[c] + s * (b[c] - a[c]);
                        }
                        out++;
                    }
                }
                for (int k = 0; k < out; k++) {
                    System.arraycopy(tmp[k], 0, poly[k], 0, 4);
                }
                cnt = out;
                if (cnt < 3) {
                    return 0;
                }
            }
            return cnt;
        }

        private void emit(double[] c, String col) throws IOException {
            double wv = c[3];
            double px = Math.rint((c[0] / wv + 1) * o.width() / 2 * 256) / 256;
            double py = Math.rint((1 - c[1] / wv) * o.height() / 2 * 256) / 256;
            double z = Math.min(1, Math.max(0, Math.rint(c[2] / wv * 65536) / 65536));
            int e = Math.max(-20, Math.min(20, Math.getExponent(wv) + (wv / Math.scalb(1.0, Math.getExponent(wv)) > 1.5
                    ? 1 : 0)));
            float wq = Math.scalb(1f, e);
            float x = (float) (px * 2 / o.width() - 1) * wq;
            float y = (float) (1 - py * 2 / o.height()) * wq;
            float zz = (float) z * wq;
            w.write("v " + x + " " + y + " " + zz + " " + wq + col + "\n");
        }
    }
}
