package gpusim.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A rate held across items, by hand. */
class CycleCarryTest {
    // 16 samples at 3 a cycle are 5 1/3 cycles, counted as 5,592,405 parts of 2^20 (the third of a part
    // truncated): 5, then 5 (10 2/3 in all), then 5 again, since the three items come to one part short of
    // 16 cycles; the fourth brings 21 (21 1/3). Rounding each item up would take 4 x 6 = 24.
    @Test
    void thePartOfACycleAnItemLeavesGoesToTheNext() {
        CycleCarry c = new CycleCarry();
        long p = CycleCarry.parts(16, 3);
        assertEquals(5_592_405, p);
        assertEquals(5, c.spend(p));
        assertEquals(5, c.spend(p));
        assertEquals(5, c.spend(p));
        assertEquals(6, c.spend(p));
    }

    // At a power-of-two rate a part is exact: 3 samples at 4 a cycle, four times, are 3 cycles.
    @Test
    void powerOfTwoRatesAreExact() {
        CycleCarry c = new CycleCarry();
        long sum = 0;
        for (int i = 0; i < 4; i++) {
            sum += c.spend(CycleCarry.parts(3, 4));
        }
        assertEquals(3, sum);
    }

    // Dropped, the part left is lost: 1/3 of a cycle, then 2/3, is no whole cycle.
    @Test
    void aDroppedCarryStartsAgainFromNothing() {
        CycleCarry c = new CycleCarry();
        assertEquals(0, c.spend(CycleCarry.parts(2, 3)));
        c.drop();
        assertEquals(0, c.spend(CycleCarry.parts(2, 3)));
        assertEquals(1, c.spend(CycleCarry.parts(2, 3)));
    }
}
