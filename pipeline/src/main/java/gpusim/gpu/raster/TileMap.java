package gpusim.gpu.raster;

/**
 * Which depth block owns which screen tile. Tiles are {@code tileSize} pixels square;
 * tile (tx, ty) belongs to DB (tx + ty) mod dbCount, a diagonal interleave that spreads
 * any screen region evenly over the DBs (as AMD parts interleave their render back ends).
 */
public final class TileMap {
    public final int dbCount;
    public final int tileSize;
    public final int tileShift;

    public TileMap(int dbCount, int tileSize) {
        if (Integer.bitCount(tileSize) != 1) {
            throw new IllegalArgumentException("tile size must be a power of two");
        }
        this.dbCount = dbCount;
        this.tileSize = tileSize;
        this.tileShift = Integer.numberOfTrailingZeros(tileSize);
    }

    public int owner(int tx, int ty) {
        return (tx + ty) % dbCount;
    }

}
