package gpusim.memory.dram;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Cycle-exact service of known access patterns. Every expected cycle is derived in the
 * comments from the small, distinct timing below (not from the presets, so that each
 * constraint shows up as its own number).
 */
class DramControllerTest {
    // burst 2, tCL 10, tCWL 4, tRCD 8, tRP 6, tRAS 20, tRTP 3, tWR 5, tCCDS 2, tCCDL 3,
    // tRRDS 2, tRRDL 3, tFAW 16, tWTRS 4, tWTRL 6, tRTW 2, tREFI 1000, tRFC 50
    static final DramTiming T = new DramTiming(1000, 2, 10, 4, 8, 6, 20, 3, 5, 2, 3, 2, 3, 16, 4, 6, 2, 1000, 50);
    // 2 bank groups x 4 banks, 4 accesses a row, 32 B an access
    static final DramAddressMap MAP = new DramAddressMap(2, 4, 4, 32);

    private final List<long[]> done = new ArrayList<>();

    private DramController controller(PagePolicy policy) {
        return new DramController(T, MAP, policy, 16);
    }

    private static long addr(long row, int group, int bank) {
        return MAP.address(row, group, bank, 0);
    }

    /** Completion cycles indexed by tag. */
    private long[] drain(DramController c, int n) {
        done.clear();
        c.drain((tag, cycle) -> done.add(new long[] {tag, cycle}));
        long[] byTag = new long[n];
        for (long[] d : done) {
            byTag[(int) d[0]] = d[1];
        }
        assertEquals(n, done.size());
        return byTag;
    }

    @Test
    void addressMapDecodesRowColumnBankGroupLowestFirst() {
        long a = MAP.address(5, 1, 3, 2);
        // access index = ((5 * 4 + 2) * 4 + 3) * 2 + 1 = 183
        assertEquals(183L * 32, a);
        assertEquals(1, MAP.group(a));
        assertEquals(1 + 2 * 3, MAP.bank(a));
        assertEquals(2, MAP.column(a));
        assertEquals(5, MAP.row(a));
        assertEquals(MAP.bank(a), MAP.bank(a + 31));
    }

    @Test
    void rowMissOnIdleBankCostsRcdPlusClPlusBurst() {
        DramController c = controller(PagePolicy.OPEN);
        c.enqueue(0, addr(0, 0, 0), false, 0);
        // ACT at 0, RD at tRCD = 8, data done 8 + tCL 10 + burst 2 = 20
        assertEquals(20, drain(c, 1)[0]);
        assertEquals(1, c.rowMisses());
        assertEquals(1, c.activates());
    }

    @Test
    void rowHitCostsClPlusBurst() {
        DramController c = controller(PagePolicy.OPEN);
        c.enqueue(0, addr(0, 0, 0), false, 0);
        c.enqueue(100, MAP.address(0, 0, 0, 3), false, 1);
        long[] d = drain(c, 2);
        // the row opened by the first stays open: RD at 100, done 100 + tCL 10 + burst 2
        assertEquals(112, d[1]);
        assertEquals(1, c.rowHits());
        assertEquals(1, c.activates());
    }

    @Test
    void rowConflictCostsRpPlusRcdPlusClPlusBurst() {
        DramController c = controller(PagePolicy.OPEN);
        c.enqueue(0, addr(0, 0, 0), false, 0);
        c.enqueue(100, addr(1, 0, 0), false, 1);
        long[] d = drain(c, 2);
        // PRE at 100 (tRAS ended at 20), ACT at 100 + tRP 6, RD 8 later at 114, done 114 + 12
        assertEquals(126, d[1]);
        assertEquals(1, c.rowConflicts());
    }

    @Test
    void closedPagePrechargesAfterEveryAccess() {
        DramController open = controller(PagePolicy.OPEN);
        DramController closed = controller(PagePolicy.CLOSED);
        for (DramController c : new DramController[] {open, closed}) {
            c.enqueue(0, addr(0, 0, 0), false, 0);
            c.enqueue(0, MAP.address(0, 0, 0, 1), false, 1);
        }
        // open: a hit, RD at max(tRCD 8 + tCCDL 3 = 11), done 11 + 12 = 23
        assertArrayEquals(new long[] {20, 23}, drain(open, 2));
        // closed: PRE at tRAS 20, ACT at 20 + tRP 6 = 26, RD at 34, done 46
        assertArrayEquals(new long[] {20, 46}, drain(closed, 2));
        assertEquals(0, closed.rowHits());
        assertEquals(2, closed.rowMisses());
    }

    @Test
    void streamsToBanksInOtherGroupsOverlap() {
        DramController c = controller(PagePolicy.OPEN);
        c.enqueue(0, addr(0, 0, 0), false, 0);
        c.enqueue(0, addr(0, 1, 0), false, 1);
        c.enqueue(0, addr(1, 0, 0), false, 2);
        long[] d = drain(c, 3);
        // first: ACT 0, RD 8, done 20. Second (other group): ACT at tRRDS 2, RD at
        // max(2 + 8, 8 + tCCDS 2) = 10, done 22: two misses in 22 cycles, not 40.
        assertEquals(20, d[0]);
        assertEquals(22, d[1]);
        // third, same bank as the first but another row: PRE at tRAS 20, ACT at 26
        // (tRRDL from the ACT at 0 long past), RD at 34, done 46 -- a conflict serialises
        assertEquals(46, d[2]);
        assertEquals(1, c.bankAccesses(MAP.bank(addr(0, 1, 0))));
        assertEquals(2, c.bankAccesses(0));
    }

    @Test
    void frFcfsServesAYoungerRowHitBeforeAnOlderConflict() {
        DramController c = controller(PagePolicy.OPEN);
        List<Integer> order = new ArrayList<>();
        c.enqueue(0, addr(0, 0, 0), false, 0);
        c.enqueue(100, addr(1, 0, 0), false, 1); // older, other row: a conflict
        c.enqueue(100, MAP.address(0, 0, 0, 2), false, 2); // younger, open row: a hit
        long[] cycles = new long[3];
        c.drain((tag, cycle) -> {
            order.add(tag);
            cycles[tag] = cycle;
        });
        assertEquals(List.of(0, 2, 1), order);
        // hit: RD at 100, done 112; it moves the bank's PRE to RD + tRTP = 103
        assertEquals(112, cycles[2]);
        // conflict: PRE 103, ACT 109, RD 117, done 129
        assertEquals(129, cycles[1]);
        assertEquals(1, c.rowHits());
        assertEquals(1, c.rowConflicts());
        assertEquals(1, c.rowMisses());
    }

    @Test
    void fawLimitsTheFifthActivate() {
        DramController c = controller(PagePolicy.OPEN);
        c.enqueue(0, addr(0, 0, 0), false, 0);
        c.enqueue(0, addr(0, 1, 0), false, 1);
        c.enqueue(0, addr(0, 0, 1), false, 2);
        c.enqueue(0, addr(0, 1, 1), false, 3);
        c.enqueue(0, addr(0, 0, 2), false, 4);
        // ACTs alternate groups, tRRDS 2 apart: 0, 2, 4, 6; RDs at 8, 10, 12, 14 -> 20..26.
        // The fifth ACT would be at 8 but waits for the first + tFAW 16 = 16: RD 24, done 36.
        assertArrayEquals(new long[] {20, 22, 24, 26, 36}, drain(c, 5));
    }

    @Test
    void readAfterWriteWaitsForWtr() {
        DramController same = controller(PagePolicy.OPEN);
        same.enqueue(0, addr(0, 0, 0), true, 0);
        same.enqueue(0, MAP.address(0, 0, 0, 1), false, 1);
        // WR at 8, data 12..14 (tCWL 4, burst 2); RD (same group) at 14 + tWTRL 6 = 20, done 32
        assertArrayEquals(new long[] {14, 32}, drain(same, 2));

        DramController other = controller(PagePolicy.OPEN);
        other.enqueue(0, addr(0, 0, 0), true, 0);
        other.enqueue(0, addr(0, 1, 0), false, 1);
        // RD in the other group: ACT 2, tRCD gives 10, but 14 + tWTRS 4 = 18; done 30
        assertArrayEquals(new long[] {14, 30}, drain(other, 2));
    }

    @Test
    void writeAfterReadWaitsForTheBusTurnaround() {
        DramController c = controller(PagePolicy.OPEN);
        c.enqueue(0, addr(0, 0, 0), false, 0);
        c.enqueue(0, MAP.address(0, 0, 0, 1), true, 1);
        // read data ends at 20; the write's data may start at 20 + tRTW 2 = 22, so WR at
        // 22 - tCWL 4 = 18 (later than tCCDL's 11); done 18 + 4 + 2 = 24
        assertArrayEquals(new long[] {20, 24}, drain(c, 2));
        assertEquals(1, c.writes());
        assertEquals(1, c.reads());
        assertEquals(4, c.dataCycles());
    }

    @Test
    void refreshStallsARequestAndClosesTheRow() {
        DramController c = controller(PagePolicy.OPEN);
        c.enqueue(0, addr(0, 0, 0), false, 0);
        c.enqueue(1000, MAP.address(0, 0, 0, 1), false, 1);
        long[] d = drain(c, 2);
        // refresh due at tREFI 1000: the open bank precharges at 1000, the refresh starts at
        // 1000 + tRP 6 and ends at 1056; the row is closed, so ACT 1056, RD 1064, done 1076
        // (a hit at 1000 without refresh would have been done at 1012)
        assertEquals(1076, d[1]);
        assertEquals(1, c.refreshes());
        assertEquals(0, c.rowHits());
    }

    // The same two reads with refresh "none": nothing closes the row, so the second is a row hit at 1000,
    // RD 1000, done 1000 + tCL 10 + burst 2 = 1012.
    @Test
    void withoutRefreshTheRowStaysOpen() {
        DramController c = new DramController(T, MAP, PagePolicy.OPEN, 16, "frfcfs", "none");
        c.enqueue(0, addr(0, 0, 0), false, 0);
        c.enqueue(1000, MAP.address(0, 0, 0, 1), false, 1);
        assertEquals(1012, drain(c, 2)[1]);
        assertEquals(0, c.refreshes());
        assertEquals(1, c.rowHits());
    }

    @Test
    void aRequestBeforeTheRefreshIsDueIsNotStalled() {
        DramController c = controller(PagePolicy.OPEN);
        c.enqueue(0, addr(0, 0, 0), false, 0);
        c.enqueue(999, MAP.address(0, 0, 0, 1), false, 1);
        // a hit at 999: done 999 + 12
        assertEquals(1011, drain(c, 2)[1]);
        assertEquals(0, c.refreshes());
    }

    @Test
    void refreshesDueWhileIdleAreAllCounted() {
        DramController c = controller(PagePolicy.OPEN);
        c.enqueue(0, addr(0, 0, 0), false, 0);
        c.enqueue(5010, addr(0, 0, 0), false, 1);
        // refreshes due at 1000, 2000, 3000, 4000, 5000; the last runs 5000..5050, so the
        // request (a miss: refresh closed the row) ACTs at 5050, RD 5058, done 5070
        assertEquals(5070, drain(c, 2)[1]);
        assertEquals(5, c.refreshes());
    }

    @Test
    void advanceOnlyDecidesWhatIsDue() {
        DramController c = controller(PagePolicy.OPEN);
        c.enqueue(0, addr(0, 0, 0), false, 0);
        c.enqueue(50, addr(0, 1, 0), false, 1);
        done.clear();
        assertEquals(1, c.advance(49, (tag, cycle) -> done.add(new long[] {tag, cycle})));
        assertEquals(1, c.queued());
        assertEquals(1, c.advance(50, (tag, cycle) -> done.add(new long[] {tag, cycle})));
        // second: ACT 50, RD 58, done 70
        assertEquals(70, done.get(1)[1]);
    }

    @Test
    void presetsGiveTheirDatasheetMissLatency() {
        DramController hbm = new DramController(DramTiming.HBM3, DramAddressMap.HBM3, PagePolicy.OPEN, 4);
        hbm.enqueue(0, 0, false, 0);
        hbm.enqueue(200, 32 * DramAddressMap.HBM3.banks(), false, 1);
        // HBM3: tRCD 23 + tCL 23 + burst 2 = 48 nCK (30 ns at 625 ps); a hit 23 + 2 later
        assertArrayEquals(new long[] {48, 225}, drain(hbm, 2));
        DramController gddr = new DramController(DramTiming.GDDR6, DramAddressMap.GDDR6, PagePolicy.OPEN, 4);
        gddr.enqueue(0, 0, false, 0);
        // GDDR6: tRCD 26 + tCL 24 + burst 2 = 52 nCK
        assertEquals(52, drain(gddr, 1)[0]);
    }

    @Test
    void badParametersAndOverflowAreRefused() {
        assertThrows(IllegalArgumentException.class,
                () -> new DramTiming(1000, 0, 10, 4, 8, 6, 20, 3, 5, 2, 3, 2, 3, 16, 4, 6, 2, 1000, 50));
        assertThrows(IllegalArgumentException.class,
                () -> new DramTiming(1000, 2, 10, 4, 8, 6, 20, 3, 5, 2, 3, 2, 3, 16, 4, 6, 2, 100, 100));
        assertThrows(IllegalArgumentException.class, () -> new DramAddressMap(3, 4, 4, 32));
        assertThrows(IllegalArgumentException.class, () -> new DramController(T, MAP, PagePolicy.OPEN, 0));
        DramController c = new DramController(T, MAP, PagePolicy.OPEN, 1);
        c.enqueue(5, 0, false, 0);
        assertThrows(IllegalStateException.class, () -> c.enqueue(6, 0, false, 1));
        DramController d = controller(PagePolicy.OPEN);
        d.enqueue(5, 0, false, 0);
        assertThrows(IllegalArgumentException.class, () -> d.enqueue(4, 0, false, 1));
        assertThrows(IllegalArgumentException.class, () -> d.enqueue(6, -32, false, 1));
    }
}
