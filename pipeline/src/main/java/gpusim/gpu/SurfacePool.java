package gpusim.gpu;

import gpusim.gpu.db.DepthSurface;
import gpusim.gpu.db.SurfaceStorage;
import gpusim.gpu.ps.ColorSurface;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Surface sample arrays passed from one run to the next in a process that runs many traces
 * (`correlate`, `calibrate`, `sweep`): a run's render targets and depth-stencil surfaces are
 * handed back when its caller is done with its result ({@link #recycle}), and a later run of the
 * same surface size takes them cleared instead of new ones. Host-side only: a taken array is
 * zero-filled, as a new one is. On the 2-core machines here a new array's pages cost far more
 * than clearing warm ones: faulting in and zeroing the calibration set's surfaces, and the
 * collections their garbage caused, were about a fifth of a `correlate` run's CPU
 * (docs/performance.md, "Surface arrays passed between runs").
 *
 * <p>Holds at most {@code capacityBytes}: an array given back to a full pool displaces the ones
 * held longest (a set's sizes change from case to case; the newest arrays are the likeliest to be
 * asked for next), and one larger than the pool is left to the collector. Thread-safe: the runs of
 * a pool's process share it.
 */
public final class SurfacePool implements SurfaceStorage, SurfaceStorage.Recycler {
    private final long capacityBytes;
    private long heldBytes;
    private final Map<Integer, ArrayDeque<int[]>> ints = new HashMap<>();
    private final Map<Integer, ArrayDeque<byte[]>> bytes = new HashMap<>();
    private final Map<Integer, ArrayDeque<char[]>> chars = new HashMap<>();
    /** Every array held, oldest first (identity: the evictions' order). */
    private final ArrayDeque<Object> age = new ArrayDeque<>();

    public SurfacePool(long capacityBytes) {
        this.capacityBytes = capacityBytes;
    }

    /** A pool for this JVM: a sixteenth of the heap, at most 256 MiB (runs' memory budgets leave that room). */
    public static SurfacePool forHeap() {
        return new SurfacePool(Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 16));
    }

    /** Bytes the pool holds now. */
    public synchronized long heldBytes() {
        return heldBytes;
    }

    @Override
    public int[] ints(int n) {
        int[] a = take(ints, n, 4L * n);
        if (a == null) {
            return new int[n];
        }
        Arrays.fill(a, 0);
        return a;
    }

    @Override
    public byte[] bytes(int n) {
        byte[] a = take(bytes, n, n);
        if (a == null) {
            return new byte[n];
        }
        Arrays.fill(a, (byte) 0);
        return a;
    }

    @Override
    public char[] chars(int n) {
        char[] a = take(chars, n, 2L * n);
        if (a == null) {
            return new char[n];
        }
        Arrays.fill(a, (char) 0);
        return a;
    }

    @Override
    public void give(int[] a) {
        put(ints, a, a.length, 4L * a.length);
    }

    @Override
    public void give(byte[] a) {
        put(bytes, a, a.length, a.length);
    }

    @Override
    public void give(char[] a) {
        put(chars, a, a.length, 2L * a.length);
    }

    /**
     * Takes back the surfaces of a finished run whose result the caller no longer reads (its
     * colour and depth targets are cleared for other runs).
     */
    public void recycle(RunResult r) {
        for (ColorSurface s : r.colorTargets()) {
            s.recycle(this);
        }
        for (DepthSurface s : r.depthTargets()) {
            s.recycle(this);
        }
    }

    private synchronized <T> T take(Map<Integer, ArrayDeque<T>> m, int n, long size) {
        ArrayDeque<T> q = m.get(n);
        T a = q == null ? null : q.pollLast();
        if (a != null) {
            heldBytes -= size;
            age.removeFirstOccurrence(a);
        }
        return a;
    }

    private synchronized <T> void put(Map<Integer, ArrayDeque<T>> m, T a, int n, long size) {
        if (size > capacityBytes) {
            return;
        }
        while (heldBytes + size > capacityBytes) {
            evictOldest();
        }
        heldBytes += size;
        m.computeIfAbsent(n, k -> new ArrayDeque<>()).add(a);
        age.add(a);
    }

    /** Drops the array held longest. */
    private void evictOldest() {
        Object a = age.poll();
        if (a instanceof int[] i) {
            ints.get(i.length).removeFirstOccurrence(i);
            heldBytes -= 4L * i.length;
        } else if (a instanceof byte[] b) {
            bytes.get(b.length).removeFirstOccurrence(b);
            heldBytes -= b.length;
        } else if (a instanceof char[] c) {
            chars.get(c.length).removeFirstOccurrence(c);
            heldBytes -= 2L * c.length;
        }
    }
}
