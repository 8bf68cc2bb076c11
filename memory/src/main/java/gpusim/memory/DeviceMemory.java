package gpusim.memory;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The GPU's byte-addressable device memory, holding every buffer and query heap. Pages
 * are allocated on first write, so a large, untouched resource costs no host memory;
 * unwritten bytes read as zero (D3D12 committed resources here start zero-filled).
 * Multi-byte values are little-endian, as the API sees them.
 *
 * <p>Contents given at load ({@link #writeFloats}, {@link #writeInts}: vertex and index
 * buffers) are written into a page when the page is first touched, not when they are
 * given: the bytes read are the same, and a run that never reads them (input assembly
 * fetches are timed, not read) neither converts nor allocates them.
 */
public final class DeviceMemory {
    public static final int PAGE_BITS = 16;
    public static final int PAGE_SIZE = 1 << PAGE_BITS;
    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final long alignment;
    private byte[][] pages = new byte[16][];
    private long top;
    /** Contents not yet written into their pages (see {@link #writeFloats}). */
    private final java.util.ArrayList<Lazy> lazy = new java.util.ArrayList<>();
    private long lazyLo = Long.MAX_VALUE;
    private long lazyHi = Long.MIN_VALUE;

    /** {@code count} elements of {@code bytes} bytes each (the bits of data[i]) at addr, little-endian. */
    private record Lazy(long addr, long end, Object data, int bytes) {
        int bits(int i) {
            return data instanceof float[] f ? Float.floatToRawIntBits(f[i]) : ((int[]) data)[i];
        }
    }

    /** @param alignment placement alignment of every allocation, a power of two */
    public DeviceMemory(long alignment) {
        if (alignment <= 0 || Long.bitCount(alignment) != 1) {
            throw new IllegalArgumentException("alignment must be a power of two");
        }
        this.alignment = alignment;
    }

    /**
     * Places {@code size} bytes at the next multiple of the alignment after everything placed
     * so far and returns that address (a bump allocator: resources live for the whole run).
     * A zero-size allocation still takes one byte, so every resource has an address of its own.
     */
    public long allocate(long size) {
        long addr = (top + alignment - 1) & -alignment;
        top = addr + Math.max(size, 1);
        return addr;
    }

    /** Bytes of address space allocated so far. */
    public long allocated() {
        return top;
    }

    public long alignment() {
        return alignment;
    }

    /**
     * Writes data[0 .. count) as little-endian 32-bit floats at {@code addr}, as
     * {@link #write} of their bytes would; the array must not change afterwards (its values
     * are written into a page when the page is first touched).
     */
    public void writeFloats(long addr, float[] data, int count) {
        writeLazily(new Lazy(addr, addr + 4L * count, data, 4));
    }

    /**
     * Writes the low {@code bytes} (1, 2 or 4) bytes of each of data[0 .. count) at
     * {@code addr}, little-endian, as {@link #writeFloats} does.
     */
    public void writeInts(long addr, int[] data, int count, int bytes) {
        if (bytes != 1 && bytes != 2 && bytes != 4) {
            throw new IllegalArgumentException("bytes must be 1, 2 or 4");
        }
        writeLazily(new Lazy(addr, addr + (long) bytes * count, data, bytes));
    }

    private void writeLazily(Lazy z) {
        if (z.end <= z.addr) {
            return;
        }
        // Pages that already exist take their part now; the others when first touched.
        for (long p = z.addr >>> PAGE_BITS; p <= (z.end - 1) >>> PAGE_BITS; p++) {
            if (p < pages.length && pages[(int) p] != null) {
                fill(z, pages[(int) p], p << PAGE_BITS);
            }
        }
        lazy.add(z);
        lazyLo = Math.min(lazyLo, z.addr);
        lazyHi = Math.max(lazyHi, z.end);
    }

    /** Writes the part of z that falls in the page at base. */
    private static void fill(Lazy z, byte[] page, long base) {
        long from = Math.max(z.addr, base);
        long to = Math.min(z.end, base + PAGE_SIZE);
        for (long a = from; a < to; ) {
            long rel = a - z.addr;
            int i = (int) (rel / z.bytes);
            int k = (int) (rel % z.bytes);
            int v = z.bits(i);
            if (k == 0 && a + z.bytes <= to) {
                int off = (int) (a - base);
                for (int b = 0; b < z.bytes; b++) {
                    page[off + b] = (byte) (v >>> (8 * b));
                }
                a += z.bytes;
            } else {
                page[(int) (a - base)] = (byte) (v >>> (8 * k));
                a++;
            }
        }
    }

    /** The page p, created with its lazily given contents, or null when it has none. */
    private byte[] materialize(long p, boolean create) {
        long base = p << PAGE_BITS;
        byte[] page = null;
        if (base < lazyHi && base + PAGE_SIZE > lazyLo) {
            for (Lazy z : lazy) {
                if (z.addr < base + PAGE_SIZE && z.end > base) {
                    if (page == null) {
                        page = install(p);
                    }
                    fill(z, page, base);
                }
            }
        }
        return page == null && create ? install(p) : page;
    }

    private byte[] install(long p) {
        if (p >= pages.length) {
            byte[][] n = new byte[(int) Math.max(p + 1, pages.length * 2L)][];
            System.arraycopy(pages, 0, n, 0, pages.length);
            pages = n;
        }
        byte[] page = new byte[PAGE_SIZE];
        pages[(int) p] = page;
        return page;
    }

    private byte[] page(long addr, boolean create) {
        long p = addr >>> PAGE_BITS;
        if (p >= pages.length) {
            if (!lazy.isEmpty()) {
                return materialize(p, create);
            }
            if (!create) {
                return null;
            }
            byte[][] n = new byte[(int) Math.max(p + 1, pages.length * 2L)][];
            System.arraycopy(pages, 0, n, 0, pages.length);
            pages = n;
        }
        byte[] page = pages[(int) p];
        if (page == null) {
            if (!lazy.isEmpty()) {
                return materialize(p, create);
            }
            if (create) {
                page = new byte[PAGE_SIZE];
                pages[(int) p] = page;
            }
        }
        return page;
    }

    public long readLong(long addr) {
        int off = (int) (addr & (PAGE_SIZE - 1));
        if (off <= PAGE_SIZE - 8) {
            byte[] page = page(addr, false);
            return page == null ? 0 : (long) LONG_LE.get(page, off);
        }
        long v = 0;
        for (int i = 7; i >= 0; i--) {
            v = (v << 8) | (readByte(addr + i) & 0xFF);
        }
        return v;
    }

    public void writeLong(long addr, long value) {
        int off = (int) (addr & (PAGE_SIZE - 1));
        if (off <= PAGE_SIZE - 8) {
            LONG_LE.set(page(addr, true), off, value);
            return;
        }
        for (int i = 0; i < 8; i++) {
            writeByte(addr + i, (byte) (value >>> (8 * i)));
        }
    }

    public byte readByte(long addr) {
        byte[] page = page(addr, false);
        return page == null ? 0 : page[(int) (addr & (PAGE_SIZE - 1))];
    }

    public void writeByte(long addr, byte value) {
        page(addr, true)[(int) (addr & (PAGE_SIZE - 1))] = value;
    }

    /** Copies {@code n} bytes from {@code addr} into {@code dst}. */
    public void read(long addr, byte[] dst, int dstOff, int n) {
        while (n > 0) {
            int off = (int) (addr & (PAGE_SIZE - 1));
            int chunk = Math.min(n, PAGE_SIZE - off);
            byte[] page = page(addr, false);
            if (page == null) {
                java.util.Arrays.fill(dst, dstOff, dstOff + chunk, (byte) 0);
            } else {
                System.arraycopy(page, off, dst, dstOff, chunk);
            }
            addr += chunk;
            dstOff += chunk;
            n -= chunk;
        }
    }

    /**
     * Copies {@code n} bytes of {@code src} to {@code addr}. Zeros bound for a page that does
     * not exist (and has no contents given at load) change nothing, since such a page reads as
     * zero: no page is made for them. Surfaces in memory write only zeros (their values live in
     * Java arrays), and making their pages cost each run tens of megabytes of young-generation
     * copying and page faults.
     */
    public void write(long addr, byte[] src, int srcOff, int n) {
        while (n > 0) {
            int off = (int) (addr & (PAGE_SIZE - 1));
            int chunk = Math.min(n, PAGE_SIZE - off);
            byte[] page = page(addr, false);
            if (page != null) {
                System.arraycopy(src, srcOff, page, off, chunk);
            } else if (!zeros(src, srcOff, chunk)) {
                System.arraycopy(src, srcOff, page(addr, true), off, chunk);
            }
            addr += chunk;
            srcOff += chunk;
            n -= chunk;
        }
    }

    /** Whether src[off .. off + n) are all zero. */
    private static boolean zeros(byte[] src, int off, int n) {
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            if ((long) LONG_LE.get(src, off + i) != 0) {
                return false;
            }
        }
        for (; i < n; i++) {
            if (src[off + i] != 0) {
                return false;
            }
        }
        return true;
    }
}
