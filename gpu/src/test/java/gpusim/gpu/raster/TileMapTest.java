package gpusim.gpu.raster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Tile ownership: the patterns, the enable mask, and the iteration tables agree with {@link TileMap#owner}. */
class TileMapTest {

    @Test
    void patternsFollowTheirDefinitions() {
        TileMap rows = new TileMap(4, 8, TileMap.Pattern.ROWS, -1L);
        TileMap cb = new TileMap(4, 8, TileMap.Pattern.CHECKERBOARD, -1L);
        for (int ty = 0; ty < 20; ty++) {
            for (int tx = 0; tx < 20; tx++) {
                assertEquals(ty % 4, rows.owner(tx, ty));
                assertEquals((tx + ty) % 4, cb.owner(tx, ty));
            }
        }
        // Two DBs in a checkerboard: the colours of a chess board.
        TileMap two = new TileMap(2, 16, TileMap.Pattern.CHECKERBOARD, -1L);
        assertEquals(0, two.owner(0, 0));
        assertEquals(1, two.owner(1, 0));
        assertEquals(1, two.owner(0, 1));
    }

    @Test
    void onlyEnabledDbsOwnTilesInTheirIndexOrder() {
        // DBs 0 and 2 of 4 enabled: the pattern chooses among them as if there were two.
        TileMap m = new TileMap(4, 8, TileMap.Pattern.CHECKERBOARD, 0b0101);
        assertEquals(2, m.enabledCount());
        assertTrue(m.enabled(0));
        assertFalse(m.enabled(1));
        for (int ty = 0; ty < 10; ty++) {
            for (int tx = 0; tx < 10; tx++) {
                assertEquals((tx + ty) % 2 == 0 ? 0 : 2, m.owner(tx, ty));
            }
        }
        assertFalse(m.ownsAny(1, 0, 0, 100, 100));
        assertEquals(Integer.MAX_VALUE, m.firstOwned(3, 0, 0));
    }

    @Test
    void hashedSpreadsTilesOverEveryDbEvenly() {
        for (int n = 1; n <= 16; n++) {
            TileMap m = new TileMap(n, 8, TileMap.Pattern.HASHED, -1L);
            int[] count = new int[n];
            for (int ty = 0; ty < 64; ty++) {
                for (int tx = 0; tx < 64; tx++) {
                    count[m.owner(tx, ty)]++;
                }
            }
            for (int d = 0; d < n; d++) {
                // 4096 tiles over n DBs: each within 25% of its share.
                assertTrue(Math.abs(count[d] - 4096.0 / n) <= 0.25 * 4096 / n, n + " DBs: DB " + d + " owns " + count[d]);
            }
        }
    }

    @Test
    void iterationAndRangeTestsAgreeWithOwnerEverywhere() {
        for (TileMap.Pattern p : TileMap.Pattern.values()) {
            for (long mask : new long[] {-1L, 0b1011L, 0b100000L}) {
                for (int n : new int[] {1, 3, 4, 6, 7}) {
                    if ((mask & ((1L << n) - 1)) == 0) {
                        continue;
                    }
                    TileMap m = new TileMap(n, 8, p, mask);
                    for (int d = 0; d < n; d++) {
                        for (int ty = 0; ty < 70; ty += 3) {
                            // Walking the owned columns visits exactly the tiles owner() gives d.
                            int tx = m.firstOwned(d, 5, ty);
                            for (int x = 5; x < 140; x++) {
                                if (m.owner(x, ty) == d) {
                                    assertEquals(x, tx, p + " n=" + n + " d=" + d + " row " + ty);
                                    tx = m.nextOwned(d, tx, ty);
                                }
                            }
                        }
                        for (int[] r : new int[][] {{0, 0, 0, 0}, {3, 5, 4, 5}, {10, 2, 12, 9}, {0, 0, 70, 70}}) {
                            boolean any = false;
                            for (int ty = r[1]; ty <= r[3]; ty++) {
                                for (int tx = r[0]; tx <= r[2]; tx++) {
                                    any |= m.owner(tx, ty) == d;
                                }
                            }
                            assertEquals(any, m.ownsAny(d, r[0], r[1], r[2], r[3]), p + " n=" + n + " d=" + d);
                        }
                    }
                }
            }
        }
    }

    @Test
    void aMaskEnablingNoDbIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TileMap(4, 8, TileMap.Pattern.ROWS, 0b110000));
        assertTrue(e.getMessage().contains("enables none"), e.getMessage());
    }
}
