package gpusim.gpu.ps;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ColorSurfaceTest {
    /** The formula unorm8 had before it compared instead of calling Math.max/min (same words required). */
    private static int clampedByMathMinMax(float c) {
        return (int) (Math.min(Math.max(c, 0f), 1f) * 255.0f + 0.5f);
    }

    @Test
    void unorm8RoundsHalvesUpAndClamps() {
        assertEquals(0, ColorSurface.unorm8(0f));
        assertEquals(255, ColorSurface.unorm8(1f));
        assertEquals(128, ColorSurface.unorm8(0.5f)); // 127.5 + 0.5
        assertEquals(1, ColorSurface.unorm8(0.5f / 255f)); // exactly half a step rounds up
        assertEquals(0, ColorSurface.unorm8(-3f));
        assertEquals(255, ColorSurface.unorm8(7f));
        assertEquals(0, ColorSurface.unorm8(Float.NaN));
        assertEquals(0, ColorSurface.unorm8(-0f));
        assertEquals(0, ColorSurface.unorm8(Float.NEGATIVE_INFINITY));
        assertEquals(255, ColorSurface.unorm8(Float.POSITIVE_INFINITY));
        // R in the low byte: 0.25 -> 64 (63.75 + 0.5), 1 -> 255, -1 -> 0, 0.5 -> 128.
        assertEquals(0x8000FF40, ColorSurface.pack(0.25f, 1f, -1f, 0.5f));
    }

    @Test
    void unorm8EqualsTheMathMinMaxFormulaForEveryFloatInAndAroundTheUnitRange() {
        // Every 97th float from 0 to 2 and its negation (all of them would take too long for a
        // unit test), each step boundary (k + 0.5) / 255 and each k / 255 with their neighbours,
        // and the special values.
        for (int bits = Float.floatToRawIntBits(0f); bits <= Float.floatToRawIntBits(2f); bits += 97) {
            float c = Float.intBitsToFloat(bits);
            assertEquals(clampedByMathMinMax(c), ColorSurface.unorm8(c), () -> "c = " + c);
            assertEquals(clampedByMathMinMax(-c), ColorSurface.unorm8(-c), () -> "c = " + -c);
        }
        for (int k = 0; k <= 255; k++) {
            float edge = (k + 0.5f) / 255f;
            for (float c : new float[] {edge, Math.nextUp(edge), Math.nextDown(edge), k / 255f,
                    Math.nextUp(k / 255f), Math.nextDown(k / 255f)}) {
                assertEquals(clampedByMathMinMax(c), ColorSurface.unorm8(c), () -> "c = " + c);
            }
        }
        for (float c : new float[] {Float.NaN, Float.intBitsToFloat(0x7fc00001), Float.intBitsToFloat(0xffc00000),
                -0f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE,
                Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY}) {
            assertEquals(clampedByMathMinMax(c), ColorSurface.unorm8(c), () -> "c = " + c);
        }
    }
}
