import jdk.incubator.vector.*;
import java.util.SplittableRandom;

/**
 * Cold-process comparison of the flat-depth row test of DepthOnlyTileKernel.runFlat (a LESS
 * test of one depth against a row span of at most 8 pixels within an 8 x 8 tile, the passing
 * pixels written and listed for shading, their quads marked) written as scalar Java and with the
 * Vector API (jdk.incubator.vector, 8 int lanes, the span as a mask). Not part of the build; see
 * docs/performance.md ("The Vector API on the row test") for the commands and figures.
 *
 * <p>Usage: java --add-modules jdk.incubator.vector RowVectorExperiment.java s|v ROWS
 */
public class RowVectorExperiment {
    static final VectorSpecies<Integer> S = IntVector.SPECIES_256;
    static int[] d = new int[2048 * 1024];
    static int[] xs = new int[8];

    static long scalar(int rowBase, int first, int last, int q) {
        int run = 0; long bits = 0;
        for (int x = first; x < last + 1; x++) {
            int idx = rowBase + x;
            if (q < d[idx]) { d[idx] = q; xs[run++] = x; bits |= 1L << (x >> 1); }
        }
        return run + (bits << 8);
    }

    static long vector(int rowBase, int first, int last, int q) {
        // the tile row [rowBase + (first & ~7), +8), lanes first..last
        int base = rowBase + (first & ~7);
        int lo = first & 7, hi = (last & 7) + 1;
        VectorMask<Integer> span = VectorMask.fromLong(S, ((1L << hi) - 1) & ~((1L << lo) - 1));
        IntVector v = IntVector.fromArray(S, d, base);
        VectorMask<Integer> pass = v.compare(VectorOperators.GT, q).and(span);
        IntVector.broadcast(S, q).intoArray(d, base, pass);
        long m = pass.toLong();
        int run = 0; long bits = 0;
        while (m != 0) { int l = Long.numberOfTrailingZeros(m); m &= m - 1; int x = (first & ~7) + l; xs[run++] = x; bits |= 1L << (x >> 1); }
        return run + (bits << 8);
    }

    public static void main(String[] a) {
        boolean vec = a[0].equals("v");
        int calls = Integer.parseInt(a[1]);
        java.util.Arrays.fill(d, Integer.MAX_VALUE);
        SplittableRandom r = new SplittableRandom(1);
        long t0 = System.nanoTime(), sum = 0;
        for (int i = 0; i < calls; i++) {
            int tx = r.nextInt(16), y = r.nextInt(64);
            int first = tx * 8 + r.nextInt(8); int last = Math.min(tx * 8 + 7, first + r.nextInt(8));
            int rowBase = y * 2048;
            int q = r.nextInt(1 << 30);
            sum += vec ? vector(rowBase, first, last, q) : scalar(rowBase, first, last, q);
        }
        System.out.println((vec ? "vector " : "scalar ") + calls + " rows " + (System.nanoTime() - t0) / 1000000 + " ms (" + sum + ")");
    }
}
