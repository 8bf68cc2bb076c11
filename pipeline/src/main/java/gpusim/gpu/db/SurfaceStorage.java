package gpusim.gpu.db;

/**
 * Where a surface's sample arrays come from: new arrays ({@link #FRESH}), or arrays an earlier run
 * of the same process left behind ({@code gpusim.gpu.SurfacePool}), cleared. Either way an array
 * starts zero-filled, so a run cannot tell them apart. Host-side only.
 */
public interface SurfaceStorage {
    /** A zero-filled int array of length {@code n}. */
    int[] ints(int n);

    /** A zero-filled byte array of length {@code n}. */
    byte[] bytes(int n);

    /** A zero-filled char array of length {@code n}. */
    char[] chars(int n);

    /** Takes back the arrays of a surface no longer used ({@code DepthSurface#recycle}, {@code ColorSurface#recycle}). */
    interface Recycler {
        void give(int[] a);

        void give(byte[] a);

        void give(char[] a);
    }

    /** New arrays every time. */
    SurfaceStorage FRESH = new SurfaceStorage() {
        @Override
        public int[] ints(int n) {
            return new int[n];
        }

        @Override
        public byte[] bytes(int n) {
            return new byte[n];
        }

        @Override
        public char[] chars(int n) {
            return new char[n];
        }
    };
}
