package gpusim.scene;

/**
 * One thing an engine culls: a mesh primitive placed by its node's world transform (and,
 * when instanced, by its grid cell's offset). {@code model} is row-major (mesh space to
 * world space); {@code min}/{@code max} bound the transformed vertices in world space.
 * {@code mirrored}: the transform's determinant is negative, so the primitive's front faces
 * wind the other way (glTF 2.0 spec, 3.7.4).
 */
public record SceneObject(int id, String name, Primitive primitive, double[] model, double[] min, double[] max,
                          boolean mirrored) {
    /** The bounding box's centre. */
    public double[] centre() {
        return new double[] {(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2};
    }

    /** Half the bounding box's diagonal. */
    public double radius() {
        double dx = max[0] - min[0];
        double dy = max[1] - min[1];
        double dz = max[2] - min[2];
        return Math.sqrt(dx * dx + dy * dy + dz * dz) / 2;
    }
}
