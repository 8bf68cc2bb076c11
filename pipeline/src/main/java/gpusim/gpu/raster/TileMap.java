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

    /** The first tile column at or after {@code tx0} in row {@code ty} that DB {@code db} owns (then every dbCount-th). */
    public int firstOwned(int db, int tx0, int ty) {
        int k = Math.floorMod(db - tx0 - ty, dbCount);
        return tx0 + k;
    }

    /**
     * Whether DB {@code db} owns any tile of the tile range [tx0..tx1] x [ty0..ty1]. With the
     * diagonal interleave, a range whose width plus height is more than dbCount touches
     * every DB.
     */
    public boolean ownsAny(int db, int tx0, int ty0, int tx1, int ty1) {
        if ((tx1 - tx0 + 1) + (ty1 - ty0) >= dbCount) {
            return true;
        }
        for (int ty = ty0; ty <= ty1; ty++) {
            if (firstOwned(db, tx0, ty) <= tx1) {
                return true;
            }
        }
        return false;
    }

}
