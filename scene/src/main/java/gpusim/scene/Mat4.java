package gpusim.scene;

/**
 * 4x4 matrices as 16 doubles, row-major (m[r * 4 + c]), as {@code set_transform} takes them:
 * clip = M x (x y z w). glTF stores matrices column-major (glTF 2.0 spec, 3.5.3); {@link
 * #fromColumnMajor} converts.
 */
final class Mat4 {
    private Mat4() {
    }

    static double[] identity() {
        double[] m = new double[16];
        m[0] = m[5] = m[10] = m[15] = 1;
        return m;
    }

    static double[] fromColumnMajor(float[] c) {
        double[] m = new double[16];
        for (int r = 0; r < 4; r++) {
            for (int k = 0; k < 4; k++) {
                m[r * 4 + k] = c[k * 4 + r];
            }
        }
        return m;
    }

    static double[] translation(double x, double y, double z) {
        double[] m = identity();
        m[3] = x;
        m[7] = y;
        m[11] = z;
        return m;
    }

    static double[] mul(double[] a, double[] b) {
        double[] m = new double[16];
        for (int r = 0; r < 4; r++) {
            for (int c = 0; c < 4; c++) {
                double s = 0;
                for (int k = 0; k < 4; k++) {
                    s += a[r * 4 + k] * b[k * 4 + c];
                }
                m[r * 4 + c] = s;
            }
        }
        return m;
    }

    /** M x (x y z 1), all four components into {@code out}. */
    static void transform(double[] m, double x, double y, double z, double[] out) {
        for (int r = 0; r < 4; r++) {
            out[r] = m[r * 4] * x + m[r * 4 + 1] * y + m[r * 4 + 2] * z + m[r * 4 + 3];
        }
    }

    /** The determinant of the upper-left 3x3: negative when the transform mirrors (glTF 2.0 spec, 3.7.4: winding flips). */
    static double det3(double[] m) {
        return m[0] * (m[5] * m[10] - m[6] * m[9]) - m[1] * (m[4] * m[10] - m[6] * m[8])
                + m[2] * (m[4] * m[9] - m[5] * m[8]);
    }

    /**
     * A right-handed look-at view (camera looking down -z, y up), as glTF cameras are
     * defined (glTF 2.0 spec, 3.10).
     */
    static double[] lookAt(double[] eye, double[] target, double[] up) {
        double[] f = normalize(sub(target, eye));
        double[] s = normalize(cross(f, up));
        double[] u = cross(s, f);
        return new double[] {
            s[0], s[1], s[2], -dot(s, eye),
            u[0], u[1], u[2], -dot(u, eye),
            -f[0], -f[1], -f[2], dot(f, eye),
            0, 0, 0, 1};
    }

    /**
     * A right-handed perspective projection to Direct3D clip space (0 <= z <= w, the
     * trace format's rasterization rules): the {@code D3DXMatrixPerspectiveFovRH} matrix,
     * transposed for column vectors.
     */
    static double[] perspective(double fovY, double aspect, double near, double far) {
        double f = 1 / Math.tan(fovY / 2);
        return new double[] {
            f / aspect, 0, 0, 0,
            0, f, 0, 0,
            0, 0, far / (near - far), near * far / (near - far),
            0, 0, -1, 0};
    }

    static double[] sub(double[] a, double[] b) {
        return new double[] {a[0] - b[0], a[1] - b[1], a[2] - b[2]};
    }

    static double[] cross(double[] a, double[] b) {
        return new double[] {a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]};
    }

    static double dot(double[] a, double[] b) {
        return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    }

    static double[] normalize(double[] a) {
        double l = Math.sqrt(dot(a, a));
        return l == 0 ? new double[] {0, 0, -1} : new double[] {a[0] / l, a[1] / l, a[2] / l};
    }
}
