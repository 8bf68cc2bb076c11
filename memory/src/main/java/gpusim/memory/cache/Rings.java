package gpusim.memory.cache;

import gpusim.sim.MemoryRequest;

/** Growing the cache's rings ({@link HitPipeline}, {@link WriteBuffer}): a full ring copied in order, oldest first. */
final class Rings {
    private Rings() {
    }

    /** Ring {@code ring} (full, its oldest at {@code head}) copied in order to the start of {@code to}. */
    static MemoryRequest[] unwrap(MemoryRequest[] ring, int head, MemoryRequest[] to) {
        unwrap((Object) ring, ring.length, head, to);
        return to;
    }

    static long[] unwrap(long[] ring, int head, long[] to) {
        unwrap((Object) ring, ring.length, head, to);
        return to;
    }

    static boolean[] unwrap(boolean[] ring, int head, boolean[] to) {
        unwrap((Object) ring, ring.length, head, to);
        return to;
    }

    /** The ring array {@code ring} of {@code n} entries, oldest at {@code head}, copied in order to the start of {@code to}. */
    private static void unwrap(Object ring, int n, int head, Object to) {
        System.arraycopy(ring, head, to, 0, n - head);
        System.arraycopy(ring, 0, to, n - head, head);
    }
}
