package gpusim.gpu.db;

/**
 * Tiled storage order for per-sample surfaces: the screen is cut into square tiles of
 * {@code tileSize} pixels (the DB tile size), each tile's pixels stored together row by
 * row, each pixel's samples together. A DB's tile is then one contiguous block of memory,
 * so DBs working on neighbouring tiles never share a host cache line, and a tile's
 * samples are close together. Edge tiles are padded to the full tile.
 */
public final class SurfaceLayout {
    public final int width;
    public final int height;
    public final int samples;
    public final int tileSize;
    public final int tileShift;
    public final int tilesX;
    public final int tilesY;

    public SurfaceLayout(int width, int height, int samples, int tileSize) {
        if (Integer.bitCount(tileSize) != 1) {
            throw new IllegalArgumentException("tile size must be a power of two");
        }
        this.width = width;
        this.height = height;
        this.samples = samples;
        this.tileSize = tileSize;
        this.tileShift = Integer.numberOfTrailingZeros(tileSize);
        this.tilesX = (width + tileSize - 1) >> tileShift;
        this.tilesY = (height + tileSize - 1) >> tileShift;
    }

    /** Whether a pixel has the same index in both layouts. */
    public boolean sameShape(SurfaceLayout o) {
        return tilesX == o.tilesX && tileSize == o.tileSize && samples == o.samples;
    }

    /** Number of sample slots, padding included. */
    public int size() {
        return Math.multiplyExact(Math.multiplyExact(tilesX * tilesY, tileSize * tileSize), samples);
    }

    /** Index of sample 0 of pixel (x, y); the pixel's samples follow it, and pixel x + 1 of the same tile row follows them. */
    public int pixel(int x, int y) {
        int tile = (y >> tileShift) * tilesX + (x >> tileShift);
        int within = ((y & (tileSize - 1)) << tileShift) + (x & (tileSize - 1));
        return ((tile << (2 * tileShift)) + within) * samples;
    }

    /** Index of the first sample of tile (tx, ty); the tile's tileSize^2 x samples slots follow. */
    public int tile(int tx, int ty) {
        return ((ty * tilesX + tx) << (2 * tileShift)) * samples;
    }

    public int tileSlots() {
        return (tileSize * tileSize) * samples;
    }
}
