package gpusim.memory;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The GPU's byte-addressable device memory, holding every buffer and query heap. Pages
 * are allocated on first write, so a large, untouched resource costs no host memory;
 * unwritten bytes read as zero (D3D12 committed resources here start zero-filled).
 * Multi-byte values are little-endian, as the API sees them.
 */
public final class DeviceMemory {
    public static final int PAGE_BITS = 16;
    public static final int PAGE_SIZE = 1 << PAGE_BITS;
    private static final VarHandle LONG_LE =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final long alignment;
    private byte[][] pages = new byte[16][];
    private long top;

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

    private byte[] page(long addr, boolean create) {
        long p = addr >>> PAGE_BITS;
        if (p >= pages.length) {
            if (!create) {
                return null;
            }
            byte[][] n = new byte[(int) Math.max(p + 1, pages.length * 2L)][];
            System.arraycopy(pages, 0, n, 0, pages.length);
            pages = n;
        }
        byte[] page = pages[(int) p];
        if (page == null && create) {
            page = new byte[PAGE_SIZE];
            pages[(int) p] = page;
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

    /** Copies {@code n} bytes of {@code src} to {@code addr}. */
    public void write(long addr, byte[] src, int srcOff, int n) {
        while (n > 0) {
            int off = (int) (addr & (PAGE_SIZE - 1));
            int chunk = Math.min(n, PAGE_SIZE - off);
            System.arraycopy(src, srcOff, page(addr, true), off, chunk);
            addr += chunk;
            srcOff += chunk;
            n -= chunk;
        }
    }
}
