package gpusim.gpu.db;

import gpusim.memory.DeviceMemory;

/**
 * Where one depth-stencil or render-target surface lives in device memory (surfaces.in_memory):
 * its data tile by tile in {@link SurfaceLayout}'s order (a DB tile's samples contiguous,
 * {@link #tileBytes} a tile), for a depth-stencil a separate stencil plane (one byte a
 * sample, as AMD keeps stencil apart from depth: radeonsi's separate S surface), and a
 * metadata array of {@link #META_BYTES} per tile: HTILE for depth (HiZ bounds and compression
 * state in a 32-bit word per 8x8 tile, radeonsi's / PAL's HTILE), the colour metadata
 * (fast-clear state, CMASK-like) for a render target. Tile (tx, ty) is index ty x tilesX + tx
 * of each array.
 *
 * <p>The functional values stay in the surface's Java arrays (results never depend on
 * timing); these addresses time the back end's accesses. {@link #cleared} is the timing
 * side's compression state of each tile: cleared by a fast clear and not yet touched.
 */
public final class SurfaceMemory {
    /** Metadata bytes a tile: one 32-bit HTILE (or colour metadata) word. */
    public static final int META_BYTES = 4;

    public final long data;
    /** The stencil plane, or -1 when the format has none. */
    public final long stencil;
    public final long meta;
    public final int tilesX;
    public final int tiles;
    /** Data bytes of one tile (tileSize^2 x samples x bytes a sample). */
    public final int tileBytes;
    /** Stencil bytes of one tile (one a sample), 0 when the format has none. */
    public final int stencilTileBytes;
    public final int bytesPerSample;
    /** Bytes of a plane-compressed depth tile: the plane's three 32-bit coefficients, padded. */
    public static final int PLANE_BYTES = 16;
    /** Per tile: its depth is stored as one triangle's plane (compression.depth_planes). */
    public final java.util.BitSet planes = new java.util.BitSet();
    /** Per tile: a fast clear left it cleared and no access has touched it since. */
    public final java.util.BitSet cleared = new java.util.BitSet();

    /**
     * DCC keys (compression.color, render targets only): the key array's address, -1 without
     * colour compression. Block b of tile t is its bytes [b x dccBlockBytes, (b + 1) x
     * dccBlockBytes) (a tile's samples are contiguous, so a block is a run of them), its key
     * the dccKeyBytes at dccKeys + (t x dccBlocksPerTile + b) x dccKeyBytes: laid out tile by
     * tile like HTILE, a key a block as radeonsi's DCC buffer has one key byte a block.
     */
    public long dccKeys = -1;
    public int dccBlockBytes;
    public int dccBlocksPerTile;
    public int dccKeyBytes;
    /** The minimum and the maximum compressed block, in bytes, and whether blocks may be partially compressed. */
    public int dccMinBytes;
    public int dccMaxCompressedBytes;
    public boolean dccPartial;
    /** Per block (t x dccBlocksPerTile + b): how it is stored ({@link DccBlockForm}); all uncompressed at first. */
    public byte[] dccForm = new byte[0];
    /** At most this many DCC blocks a tile: a larger tile's key covers tileBytes / 64 (a tile record's forms, TileBatch#tileDcc). */
    public static final int MAX_DCC_BLOCKS = 64;

    private SurfaceMemory(DeviceMemory memory, SurfaceLayout l, int bytesPerSample, boolean stencil) {
        this.tilesX = l.tilesX;
        this.tiles = l.tilesX * l.tilesY;
        this.bytesPerSample = bytesPerSample;
        this.tileBytes = l.tileSlots() * bytesPerSample;
        this.data = memory.allocate((long) tiles * tileBytes);
        this.stencilTileBytes = stencil ? l.tileSlots() : 0;
        this.stencil = stencil ? memory.allocate((long) tiles * stencilTileBytes) : -1;
        this.meta = memory.allocate((long) tiles * META_BYTES);
    }

    /**
     * Places a depth-stencil surface: depth at its format's bytes a sample (D32_FLOAT_S8X24's
     * depth plane 4, its stencil in the separate plane), stencil planes for formats with stencil.
     */
    public static SurfaceMemory depth(DeviceMemory memory, SurfaceLayout l, gpusim.api.DepthFormat f) {
        return new SurfaceMemory(memory, l, Math.min(4, f.bytesPerSample()), f.hasStencil());
    }

    /** Places an RGBA8 render target: 4 bytes a sample. */
    public static SurfaceMemory color(DeviceMemory memory, SurfaceLayout l) {
        return new SurfaceMemory(memory, l, 4, false);
    }

    /**
     * Places this render target's DCC key array (compression.color): {@code keyBytes} a block
     * of {@code blockBytes} colour bytes (at least tileBytes / {@link #MAX_DCC_BLOCKS}, at most
     * a tile); blocks compress to whole {@code minBytes} (a constant one to one of them) and,
     * with {@code partial}, to at most {@code maxCompressedBytes}.
     */
    public void placeDcc(DeviceMemory memory, int blockBytes, int keyBytes, int minBytes, int maxCompressedBytes,
                         boolean partial) {
        dccBlockBytes = Math.min(tileBytes, Math.max(blockBytes, tileBytes / MAX_DCC_BLOCKS));
        dccBlocksPerTile = tileBytes / dccBlockBytes;
        dccKeyBytes = keyBytes;
        dccMinBytes = minBytes;
        dccMaxCompressedBytes = maxCompressedBytes;
        dccPartial = partial;
        dccForm = new byte[tiles * dccBlocksPerTile];
        dccKeys = memory.allocate((long) tiles * dccBlocksPerTile * keyBytes);
    }

    /** The bytes one of this target's DCC blocks takes stored in {@code form}. */
    public int dccStoredBytes(byte form) {
        return DccBlockForm.storedBytes(form, dccBlockBytes, dccMinBytes);
    }

    /** The device address of tile {@code tile}'s first DCC key. */
    public long dccKeyAddress(int tile) {
        return dccKeys + (long) tile * dccBlocksPerTile * dccKeyBytes;
    }

    /** The device address of tile {@code tile}'s data. */
    public long tileAddress(int tile) {
        return data + (long) tile * tileBytes;
    }

    public long stencilAddress(int tile) {
        return stencil + (long) tile * stencilTileBytes;
    }

    public long metaAddress(int tile) {
        return meta + (long) tile * META_BYTES;
    }
}
