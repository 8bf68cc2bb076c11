package gpusim.memory;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** DeviceMemory: sparse, zero-filled, byte-addressable, little-endian. */
class DeviceMemoryTest {
    private static final int P = DeviceMemory.PAGE_SIZE;

    // D3D12 committed resources here start zero-filled; pages are made on first write only.
    @Test
    void untouchedMemoryReadsAsZeroAnywhere() {
        DeviceMemory m = new DeviceMemory(256);
        assertEquals(0, m.readLong(0));
        assertEquals(0, m.readLong(5L << 30));
        assertEquals(0, m.readByte((3L << 30) + 17));
        byte[] dst = {9, 9, 9, 9, 9, 9};
        m.read(40L * P - 3, dst, 0, 6);
        assertArrayEquals(new byte[6], dst);
        m.writeByte(100, (byte) 1);
        assertEquals(0, m.readLong(7L * P), "another page stays zero");
    }

    // Zeros written where no page exists make none (the page reads as zero anyway), but zeros
    // over bytes that are there, already written or given at load, still land.
    @Test
    void zerosLandOverContentsAndReadAsZeroElsewhere() {
        DeviceMemory m = new DeviceMemory(256);
        m.write(3L * P - 4, new byte[8], 0, 8);
        byte[] dst = {9, 9, 9, 9, 9, 9, 9, 9};
        m.read(3L * P - 4, dst, 0, 8);
        assertArrayEquals(new byte[8], dst);
        m.writeLong(5L * P, -1L);
        m.write(5L * P + 2, new byte[3], 0, 3);
        assertEquals(0xFFFFFF000000FFFFL, m.readLong(5L * P));
        m.writeInts(9L * P + 8, new int[] {0x11223344, 0x55667788}, 2, 4);
        m.write(9L * P + 9, new byte[2], 0, 2);
        assertEquals(0x5566778811000044L, m.readLong(9L * P + 8), "zeros over contents given at load");
        m.write(11L * P - 2, new byte[] {0, 0, 0, 7}, 0, 4);
        assertEquals(7, m.readByte(11L * P + 1), "a chunk with a non-zero byte makes its page");
        assertEquals(0, m.readByte(11L * P - 1));
    }

    // Multi-byte values are little-endian, as the API sees them.
    @Test
    void longsAreLittleEndian() {
        DeviceMemory m = new DeviceMemory(8);
        m.writeLong(16, 0x0102030405060708L);
        for (int i = 0; i < 8; i++) {
            assertEquals(8 - i, m.readByte(16 + i), "byte " + i);
        }
        m.write(64, new byte[] {(byte) 0xEF, (byte) 0xCD, (byte) 0xAB, (byte) 0x89, 0x67, 0x45, 0x23, 0x01}, 0, 8);
        assertEquals(0x0123456789ABCDEFL, m.readLong(64));
        m.writeLong(128, -1L);
        assertEquals(-1L, m.readLong(128));
        assertEquals(0xFF, m.readLong(128 + 7) & 0xFFFFFFFFFFL, "only the top byte of the word is at +7");
        assertEquals(0xFFL, m.readLong(135));
    }

    @Test
    void unalignedLongsRoundTrip() {
        DeviceMemory m = new DeviceMemory(8);
        m.writeLong(3, 0x1122334455667788L);
        assertEquals(0x1122334455667788L, m.readLong(3));
        assertEquals((byte) 0x88, m.readByte(3));
        assertEquals(0, m.readByte(2));
        assertEquals(0, m.readByte(11));
        assertEquals(0x2233445566778800L, m.readLong(2));
    }

    // A long that straddles two pages is split byte by byte, both ways, including when the second
    // page has never been written.
    @Test
    void pageCrossingLongsRoundTrip() {
        DeviceMemory m = new DeviceMemory(8);
        for (int k = 1; k < 8; k++) {
            long addr = (long) k * P - k; // k bytes in the first page, 8 - k in the second
            long v = 0x8877665544332211L * k;
            m.writeLong(addr, v);
            assertEquals(v, m.readLong(addr), "straddle at " + k);
            for (int i = 0; i < 8; i++) {
                assertEquals((byte) (v >>> (8 * i)), m.readByte(addr + i));
            }
        }
        DeviceMemory half = new DeviceMemory(8);
        half.writeByte(20L * P - 1, (byte) 0x7F); // only the first page exists
        assertEquals(0x7FL, half.readLong(20L * P - 1));
        assertEquals(0x7F00L, half.readLong(20L * P - 2));
    }

    @Test
    void byteArraysCrossPages() {
        DeviceMemory m = new DeviceMemory(8);
        byte[] src = new byte[3 * P + 100];
        for (int i = 0; i < src.length; i++) {
            src[i] = (byte) (i * 31 + 7);
        }
        long base = 2L * P - 50;
        m.write(base, src, 0, src.length);
        byte[] back = new byte[src.length];
        m.read(base, back, 0, back.length);
        assertArrayEquals(src, back);
        assertEquals(src[50], m.readByte(2L * P));
        byte[] part = new byte[10];
        m.read(base + 45, part, 2, 8);
        for (int i = 0; i < 8; i++) {
            assertEquals(src[45 + i], part[2 + i]);
        }
    }

    // Placement: every allocation starts at the next multiple of the alignment; a zero-size one still
    // takes an address of its own.
    @Test
    void allocationsAreAlignedAndDisjoint() {
        DeviceMemory m = new DeviceMemory(256);
        assertEquals(0, m.allocate(10));
        assertEquals(256, m.allocate(256));
        assertEquals(512, m.allocate(0));
        assertEquals(768, m.allocate(1));
        assertEquals(769, m.allocated());
        DeviceMemory m64k = new DeviceMemory(65536);
        m64k.allocate(1);
        assertEquals(65536, m64k.allocate(8));
    }

    @Test
    void alignmentMustBeAPowerOfTwo() {
        assertThrows(IllegalArgumentException.class, () -> new DeviceMemory(24));
        assertThrows(IllegalArgumentException.class, () -> new DeviceMemory(0));
        assertThrows(IllegalArgumentException.class, () -> new DeviceMemory(-8));
    }

    // Contents given at load (vertex and index buffers) read exactly as the same bytes
    // written eagerly would, across page edges, at odd addresses, with pages written
    // before and after they are given, and through every read path.
    @Test
    void lazilyWrittenContentsReadAsEagerlyWrittenBytes() {
        java.util.Random rnd = new java.util.Random(7);
        float[] f = new float[3 * P / 4 + 5];
        for (int i = 0; i < f.length; i++) {
            f[i] = rnd.nextFloat() * 1000 - 500;
        }
        int[] ints = new int[P / 2 + 3];
        for (int i = 0; i < ints.length; i++) {
            ints[i] = rnd.nextInt();
        }
        for (int bytes : new int[] {1, 2, 4}) {
            long fa = 2L * P - 6;
            long ia = 5L * P + 3;
            DeviceMemory lazy = new DeviceMemory(1);
            DeviceMemory eager = new DeviceMemory(1);
            for (DeviceMemory m : new DeviceMemory[] {lazy, eager}) {
                m.writeByte(2L * P + 11, (byte) 0x5A); // a page that exists before the contents
            }
            lazy.writeFloats(fa, f, f.length);
            lazy.writeInts(ia, ints, ints.length, bytes);
            for (int i = 0; i < f.length; i++) {
                int v = Float.floatToRawIntBits(f[i]);
                for (int b = 0; b < 4; b++) {
                    eager.writeByte(fa + 4L * i + b, (byte) (v >>> (8 * b)));
                }
            }
            for (int i = 0; i < ints.length; i++) {
                for (int b = 0; b < bytes; b++) {
                    eager.writeByte(ia + (long) bytes * i + b, (byte) (ints[i] >>> (8 * b)));
                }
            }
            for (DeviceMemory m : new DeviceMemory[] {lazy, eager}) {
                m.writeLong(4L * P - 4, 0x1122334455667788L); // over lazy contents, across a page edge
            }
            byte[] a = new byte[8 * P];
            byte[] b = new byte[8 * P];
            lazy.read(0, a, 0, a.length);
            eager.read(0, b, 0, b.length);
            assertArrayEquals(b, a, "bytes " + bytes);
            DeviceMemory lazy2 = new DeviceMemory(1);
            lazy2.writeFloats(fa, f, f.length);
            lazy2.writeInts(ia, ints, ints.length, bytes);
            lazy2.writeLong(4L * P - 4, 0x1122334455667788L);
            for (long addr = 0; addr < 8L * P; addr += 997) {
                assertEquals(eager.readByte(addr), lazy2.readByte(addr), "byte at " + addr);
                assertEquals(eager.readLong(addr), lazy2.readLong(addr), "long at " + addr);
            }
        }
    }
}
