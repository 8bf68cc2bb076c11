package gpusim.memory.dram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** All-bank refresh by hand, with DramControllerTest's timing: tRP 6, tREFI 1000, tRFC 50. */
class AllBankRefreshTest {
    static final DramTiming T = DramControllerTest.T;

    // Nothing before tREFI. At decision 1000 the first is due: bank 0 is open (earliest PRE 1010), so it
    // precharges at 1010 and the refresh starts tRP later, 1016, and ends at 1066: every bank is closed with
    // its next ACT at 1066 (bank 1, idle with earliest ACT 900, adds nothing).
    @Test
    void aRefreshClosesOpenBanksAndHoldsTheirActs() {
        DramRefresh r = DramRefresh.named("all_bank", T);
        DramBank[] b = {new DramBank(0), new DramBank(1)};
        b[0].openRow = 4;
        b[0].earliestPrecharge = 1010;
        b[1].earliestAct = 900;
        r.before(999, b);
        assertEquals(0, r.refreshes());
        r.before(1000, b);
        assertEquals(1, r.refreshes());
        assertEquals(1, r.precharges());
        assertEquals(DramBank.NO_ROW, b[0].openRow);
        assertEquals(1066, b[0].earliestAct);
        assertEquals(1066, b[1].earliestAct);
    }

    // Idle until decision 4500: the refreshes due at 1000, 2000, 3000 and 4000 are all taken (4), the
    // last, due at 4000 with every bank closed, ending at 4050; the next is due at 5000.
    @Test
    void refreshesDueWhileIdleAreCountedAndOnlyTheLastTimed() {
        DramRefresh r = DramRefresh.named("all_bank", T);
        DramBank[] b = {new DramBank(0)};
        r.before(4500, b);
        assertEquals(4, r.refreshes());
        assertEquals(0, r.precharges());
        assertEquals(4050, b[0].earliestAct);
        r.before(4999, b);
        assertEquals(4, r.refreshes());
        r.before(5000, b);
        assertEquals(5, r.refreshes());
        assertThrows(IllegalArgumentException.class, () -> DramRefresh.named("per_bank", T));
    }
}
