package gpusim.scene;

/**
 * One glTF mesh primitive as the trace draws it: its POSITION values (x y z per vertex, in
 * the mesh's own space), its triangles as a list of vertex index triples (strips and fans
 * already turned into lists, glTF 2.0 spec 3.7.2.1), and its flat colour, the material's
 * {@code baseColorFactor} (textures are not modelled: the trace format has none).
 */
public record Primitive(String name, float[] positions, int[] triangles, float[] color, boolean doubleSided) {
    public int vertexCount() {
        return positions.length / 3;
    }

    public int triangleCount() {
        return triangles.length / 3;
    }
}
