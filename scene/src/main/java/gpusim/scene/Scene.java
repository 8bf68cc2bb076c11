package gpusim.scene;

import java.util.ArrayList;
import java.util.List;

/**
 * A glTF scene ready to be drawn: its distinct primitives (geometry is stored once, however
 * many nodes or grid cells place it) and the objects that place them. {@code skipped} counts
 * primitives of modes that have no triangles (points, lines), which are left out.
 */
public record Scene(String source, List<Primitive> primitives, List<SceneObject> objects, int skipped) {
    /** Most objects a scene may have after instancing (each is a query a frame). */
    public static final int MAX_OBJECTS = 1 << 18;

    /** The bounds of every object, {min x, min y, min z, max x, max y, max z}. */
    public double[] bounds() {
        double[] b = {Double.MAX_VALUE, Double.MAX_VALUE, Double.MAX_VALUE,
            -Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (SceneObject o : objects) {
            for (int k = 0; k < 3; k++) {
                b[k] = Math.min(b[k], o.min()[k]);
                b[k + 3] = Math.max(b[k + 3], o.max()[k]);
            }
        }
        return b;
    }

    public long triangles() {
        long n = 0;
        for (SceneObject o : objects) {
            n += o.primitive().triangleCount();
        }
        return n;
    }

    /**
     * The scene repeated on an {@code nx} x {@code nz} grid in the x-z plane (y is up in
     * glTF), one cell a quarter of the scene's extent apart, centred on the original: a
     * city of occluders from one model. The geometry is shared; only transforms differ.
     */
    public Scene instanced(int nx, int nz) {
        if (nx < 1 || nz < 1) {
            throw new SceneException("--instances " + nx + "x" + nz + ": both counts must be at least 1");
        }
        if ((long) nx * nz * objects.size() > MAX_OBJECTS) {
            throw new SceneException(source + ": " + objects.size() + " objects x " + nx + "x" + nz + " instances = "
                    + (long) nx * nz * objects.size() + " objects, more than the " + MAX_OBJECTS + " a trace may query");
        }
        if (nx == 1 && nz == 1) {
            return this;
        }
        double[] b = bounds();
        double px = (b[3] - b[0]) * 1.25;
        double pz = (b[5] - b[2]) * 1.25;
        List<SceneObject> out = new ArrayList<>(objects.size() * nx * nz);
        for (int gz = 0; gz < nz; gz++) {
            for (int gx = 0; gx < nx; gx++) {
                double ox = (gx - (nx - 1) / 2.0) * px;
                double oz = (gz - (nz - 1) / 2.0) * pz;
                double[] t = Mat4.translation(ox, 0, oz);
                for (SceneObject o : objects) {
                    double[] min = {o.min()[0] + ox, o.min()[1], o.min()[2] + oz};
                    double[] max = {o.max()[0] + ox, o.max()[1], o.max()[2] + oz};
                    out.add(new SceneObject(out.size(), o.name() + "@" + gx + "," + gz, o.primitive(),
                            Mat4.mul(t, o.model()), min, max, o.mirrored()));
                }
            }
        }
        return new Scene(source, primitives, out, skipped);
    }
}
