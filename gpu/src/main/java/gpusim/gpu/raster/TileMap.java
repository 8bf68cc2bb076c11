package gpusim.gpu.raster;

/**
 * Which depth block owns which screen tile. Tiles are {@code tileSize} pixels square. Only
 * enabled DBs own tiles: the ownership pattern picks one of the n enabled DBs, in order of
 * their index, for tile (tx, ty):
 * <ul>
 * <li>{@link Pattern#ROWS}: ty mod n (whole tile rows interleaved);</li>
 * <li>{@link Pattern#CHECKERBOARD}: (tx + ty) mod n, a diagonal interleave that spreads any
 * screen region evenly over the DBs (a checkerboard for n = 2);</li>
 * <li>{@link Pattern#HASHED}: an XOR-and-multiply hash of (tx mod 64, ty mod 64), mod n,
 * the way AMD parts swizzle screen tiles over render back ends so that regular screen
 * structures do not all land on one of them.</li>
 * </ul>
 * Each pattern repeats every {@link #periodX} columns and {@link #periodY} rows, so the
 * map is a small owner table plus, per DB, the distance from any column of the period to
 * the next column that DB owns in that row: iterating over a DB's tiles of a row costs one
 * table read per owned tile, whatever the pattern.
 */
public final class TileMap {
    /** The ownership patterns, in the order of the {@code db.pattern} configuration key's choices. */
    public enum Pattern { ROWS, CHECKERBOARD, HASHED }

    private static final int HASH_PERIOD = 64;

    /** Physical DB count (enabled or not): the number of counter slots a query has. */
    public final int dbCount;
    public final int tileSize;
    public final int tileShift;
    public final Pattern pattern;
    /** The enabled DBs, in index order. */
    private final int[] enabled;
    public final int periodX;
    public final int periodY;
    /** owner[ry * periodX + rx]: the DB owning tiles at (rx, ry) modulo the period. */
    private final byte[] owner;
    /**
     * next[db][ry * periodX + rx]: columns from rx to the next column db owns in row ry
     * (0 if it owns rx itself), or -1 if db owns no tile of that row.
     */
    private final short[][] next;
    private final int step;

    /** Every DB enabled, in the diagonal (checkerboard) pattern. */
    public TileMap(int dbCount, int tileSize) {
        this(dbCount, tileSize, Pattern.CHECKERBOARD, -1L);
    }

    /**
     * @param enabledMask bit d set: DB d is enabled; bits at or above dbCount are ignored.
     * @throws IllegalArgumentException if no DB below dbCount is enabled, or the tile size is not a power of two
     */
    public TileMap(int dbCount, int tileSize, Pattern pattern, long enabledMask) {
        if (Integer.bitCount(tileSize) != 1) {
            throw new IllegalArgumentException("tile size must be a power of two");
        }
        if (dbCount < 1 || dbCount > 32) {
            throw new IllegalArgumentException("db.count must be 1..32, got " + dbCount);
        }
        long mask = enabledMask & ((1L << dbCount) - 1);
        if (mask == 0) {
            throw new IllegalArgumentException("db.enabled 0x" + Long.toHexString(enabledMask)
                    + " enables none of the " + dbCount + " DBs (db.count)");
        }
        this.dbCount = dbCount;
        this.tileSize = tileSize;
        this.tileShift = Integer.numberOfTrailingZeros(tileSize);
        this.pattern = pattern;
        this.enabled = new int[Long.bitCount(mask)];
        for (int d = 0, k = 0; d < dbCount; d++) {
            if ((mask >>> d & 1) != 0) {
                enabled[k++] = d;
            }
        }
        int n = enabled.length;
        switch (pattern) {
            case ROWS -> {
                periodX = 1;
                periodY = n;
            }
            case CHECKERBOARD -> {
                periodX = n;
                periodY = n;
            }
            default -> {
                periodX = HASH_PERIOD;
                periodY = HASH_PERIOD;
            }
        }
        step = pattern == Pattern.ROWS ? 1 : pattern == Pattern.CHECKERBOARD ? n : 0;
        owner = new byte[periodX * periodY];
        for (int ry = 0; ry < periodY; ry++) {
            for (int rx = 0; rx < periodX; rx++) {
                owner[ry * periodX + rx] = (byte) enabled[slot(rx, ry, n)];
            }
        }
        next = new short[dbCount][];
        for (int d : enabled) {
            short[] t = new short[periodX * periodY];
            for (int ry = 0; ry < periodY; ry++) {
                for (int rx = 0; rx < periodX; rx++) {
                    int k = 0;
                    while (k < periodX && owner[ry * periodX + (rx + k) % periodX] != d) {
                        k++;
                    }
                    t[ry * periodX + rx] = (short) (k < periodX ? k : -1);
                }
            }
            next[d] = t;
        }
    }

    /** The pattern's choice among n enabled DBs for a tile at (rx, ry) of the period. */
    private int slot(int rx, int ry, int n) {
        switch (pattern) {
            case ROWS:
                return ry % n;
            case CHECKERBOARD:
                return (rx + ry) % n;
            default: {
                // A fixed integer mix of the tile coordinates (xorshift-multiply), so that
                // tiles spread over the DBs with no regular stripes; deterministic.
                int h = (rx * 0x9E3779B1) ^ (ry * 0x85EBCA77);
                h ^= h >>> 15;
                h *= 0x2C1B3C6D;
                h ^= h >>> 12;
                return Math.floorMod(h, n);
            }
        }
    }

    public int owner(int tx, int ty) {
        return owner[(ty % periodY) * periodX + tx % periodX];
    }

    public boolean enabled(int db) {
        return next[db] != null; // only enabled DBs get an iteration table
    }

    /** The number of enabled DBs. */
    public int enabledCount() {
        return enabled.length;
    }

    /**
     * The first tile column at or after {@code tx0} (non-negative) in row {@code ty} that DB
     * {@code db} owns, or {@link Integer#MAX_VALUE} if it owns none of that row.
     */
    public int firstOwned(int db, int tx0, int ty) {
        short[] t = next[db];
        if (t == null) {
            return Integer.MAX_VALUE;
        }
        int k = t[(ty % periodY) * periodX + tx0 % periodX];
        return k < 0 ? Integer.MAX_VALUE : tx0 + k;
    }

    /**
     * The next tile column after {@code tx}, which DB {@code db} owns in row {@code ty}, that it
     * owns. Rows and checkerboard patterns step by a constant (1, or the number of enabled
     * DBs); only the hashed pattern reads the table (no divisions per tile in the common case).
     */
    public int nextOwned(int db, int tx, int ty) {
        return step != 0 ? tx + step : firstOwned(db, tx + 1, ty);
    }

    /** Columns between a DB's tiles in a row it owns, when constant (rows: 1, checkerboard: n); 0 for hashed. */
    public int step() {
        return step;
    }

    /** Whether DB {@code db} owns any tile of the tile range [tx0..tx1] x [ty0..ty1]. */
    public boolean ownsAny(int db, int tx0, int ty0, int tx1, int ty1) {
        if (next[db] == null) {
            return false;
        }
        if (pattern == Pattern.CHECKERBOARD && (tx1 - tx0 + 1) + (ty1 - ty0) >= periodX) {
            // With the diagonal interleave a range whose width plus height exceeds n touches every enabled DB.
            return true;
        }
        // The pattern repeats every periodY rows: more rows than that add nothing.
        int rows = Math.min(ty1 - ty0 + 1, periodY);
        for (int ty = ty0; ty < ty0 + rows; ty++) {
            if (firstOwned(db, tx0, ty) <= tx1) {
                return true;
            }
        }
        return false;
    }
}
