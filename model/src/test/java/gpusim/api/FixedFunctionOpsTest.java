package gpusim.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** D3D12_COMPARISON_FUNC, D3D12_STENCIL_OP and D3D12_PREDICATION_OP semantics. */
class FixedFunctionOpsTest {

    // D3D12: the comparison is "source FUNC destination" (the incoming value on the left).
    // Rows: func; columns: source < dest, source == dest, source > dest.
    @Test
    void everyComparisonFunctionAgainstLessEqualGreater() {
        Object[][] table = {
            {ComparisonFunc.NEVER, false, false, false},
            {ComparisonFunc.LESS, true, false, false},
            {ComparisonFunc.EQUAL, false, true, false},
            {ComparisonFunc.LESS_EQUAL, true, true, false},
            {ComparisonFunc.GREATER, false, false, true},
            {ComparisonFunc.NOT_EQUAL, true, false, true},
            {ComparisonFunc.GREATER_EQUAL, false, true, true},
            {ComparisonFunc.ALWAYS, true, true, true},
        };
        assertEquals(ComparisonFunc.values().length, table.length);
        for (Object[] row : table) {
            ComparisonFunc f = (ComparisonFunc) row[0];
            assertEquals(row[1], f.test(5, 9), f + ": 5 vs 9");
            assertEquals(row[2], f.test(9, 9), f + ": 9 vs 9");
            assertEquals(row[3], f.test(9, 5), f + ": 9 vs 5");
        }
        // the argument order matters (incoming on the left)
        assertTrue(ComparisonFunc.LESS.test(0, 0xFFFFFF));
        assertFalse(ComparisonFunc.LESS.test(0xFFFFFF, 0));
    }

    // D3D12_STENCIL_OP: KEEP, ZERO, REPLACE (with the reference value), INCR_SAT / DECR_SAT clamp at
    // 255 / 0, INCR / DECR wrap, INVERT flips all eight bits.
    @Test
    void everyStencilOp() {
        assertEquals(77, StencilOp.KEEP.apply(77, 3));
        assertEquals(0, StencilOp.ZERO.apply(77, 3));
        assertEquals(3, StencilOp.REPLACE.apply(77, 3));
        assertEquals(0xAB, StencilOp.REPLACE.apply(0, 0xAB));
        assertEquals(78, StencilOp.INCR_SAT.apply(77, 3));
        assertEquals(255, StencilOp.INCR_SAT.apply(255, 3));
        assertEquals(76, StencilOp.DECR_SAT.apply(77, 3));
        assertEquals(0, StencilOp.DECR_SAT.apply(0, 3));
        assertEquals(78, StencilOp.INCR.apply(77, 3));
        assertEquals(0, StencilOp.INCR.apply(255, 3));
        assertEquals(76, StencilOp.DECR.apply(77, 3));
        assertEquals(255, StencilOp.DECR.apply(0, 3));
        assertEquals(0xB2, StencilOp.INVERT.apply(0x4D, 3));
        assertEquals(0xFF, StencilOp.INVERT.apply(0, 3));
        assertEquals(0, StencilOp.INVERT.apply(255, 3));
        for (StencilOp op : StencilOp.values()) {
            for (int v = 0; v < 256; v++) {
                int r = op.apply(v, 0x5A);
                assertTrue(r >= 0 && r <= 255, op + " on " + v + " gave " + r);
            }
        }
    }

    // Microsoft's definition: EQUAL_ZERO enables predication (commands are skipped) when the value is
    // zero; NOT_EQUAL_ZERO when it is not zero. The whole 64-bit value counts.
    @Test
    void predicationSkipsPerMicrosoftDefinition() {
        assertTrue(PredicationOp.EQUAL_ZERO.skips(0));
        assertFalse(PredicationOp.EQUAL_ZERO.skips(1));
        assertFalse(PredicationOp.EQUAL_ZERO.skips(1L << 32), "a high-word-only value is not zero");
        assertFalse(PredicationOp.EQUAL_ZERO.skips(Long.MIN_VALUE));
        assertFalse(PredicationOp.NOT_EQUAL_ZERO.skips(0));
        assertTrue(PredicationOp.NOT_EQUAL_ZERO.skips(1));
        assertTrue(PredicationOp.NOT_EQUAL_ZERO.skips(1L << 63));
        assertTrue(PredicationOp.NOT_EQUAL_ZERO.skips(-1));
    }
}
