package gpusim.tracefile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The hand-written number parsers agree with the JDK, bit for bit, and refuse what the format refuses. */
class NumbersTest {
    private static float f(String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        return Numbers.parseFloat(b, 0, b.length);
    }

    private static long l(String s) {
        byte[] b = s.getBytes(StandardCharsets.US_ASCII);
        return Numbers.parseLong(b, 0, b.length);
    }

    private static void same(String s) {
        float want = Float.parseFloat(s);
        assertEquals(Float.floatToRawIntBits(want), Float.floatToRawIntBits(f(s)), s);
    }

    @Test
    void floatsAreCorrectlyRounded() {
        Random r = new Random(42);
        for (int k = 0; k < 40_000; k++) {
            String s;
            switch (k % 5) {
                case 0:
                    s = Double.toString(r.nextDouble() * Math.pow(10, r.nextInt(20) - 10)).replace("E", "e");
                    break;
                case 1: { // exact decimal expansions of floats
                    float x = Float.intBitsToFloat(r.nextInt());
                    if (!Float.isFinite(x)) {
                        continue;
                    }
                    s = new BigDecimal(x).toPlainString();
                    break;
                }
                case 2: { // midpoints between neighbouring floats, exact and rounded to a few digits
                    float x = Math.abs(Float.intBitsToFloat(r.nextInt()));
                    if (!Float.isFinite(x) || x == Float.MAX_VALUE) {
                        continue;
                    }
                    BigDecimal mid = new BigDecimal(x).add(new BigDecimal(Math.nextUp(x))).divide(BigDecimal.valueOf(2));
                    s = (r.nextBoolean() ? mid : mid.round(new MathContext(1 + r.nextInt(20)))).toString()
                            .replace("E+", "e").replace("E", "e");
                    break;
                }
                case 3:
                    s = (r.nextBoolean() ? "-" : "") + r.nextInt(100000) + "."
                            + Long.toString(1_000_000_000_000_000_000L + Math.abs(r.nextLong() % 1_000_000_000_000_000_000L))
                            .substring(1, 2 + r.nextInt(18));
                    break;
                default:
                    s = (Math.abs(r.nextLong()) % 100_000_000_000L) + "e" + (r.nextInt(90) - 45);
                    break;
            }
            same(s);
        }
    }

    @Test
    void floatEdgeCases() {
        for (String s : new String[] {"0", "-0", "1.", ".5", "+1", "1E5", "1e-5", "3.4028235e38", "3.4028236e38",
            "1.4e-45", "7e-46", "1e-50", "0.000000000000000000000000000000000000000000001", "16777217",
            "0.1", "100000000000000000000000000000000000000", "1.17549435e-38", "1.1754942e-38"}) {
            same(s);
        }
        assertTrue(Float.isInfinite(f("3.5e38")));
        assertTrue(Float.isInfinite(f("1e400")));
    }

    @Test
    void malformedFloatsAreNaN() {
        for (String s : new String[] {"", "-", "+", ".", "1e", "1e+", "e5", "0x1", "NaN", "Infinity", "1f", "1.0d",
            "1..2", "--1", "1e5.5", "1,5", " 1", "1 "}) {
            assertTrue(Float.isNaN(f(s)), "'" + s + "'");
        }
    }

    @Test
    void integers() {
        assertEquals(16, l("0x10"));
        assertEquals(255, l("0xfF"));
        assertEquals(-5, l("-5"));
        assertEquals(7, l("+7"));
        assertEquals(Long.MAX_VALUE, l("9223372036854775807"));
        assertEquals(Long.MAX_VALUE, l("0x7FFFFFFFFFFFFFFF"));
        for (String s : new String[] {"", "-", "+", "0x", "0xg", "9223372036854775808", "0x8000000000000000",
            "0x10000000000000000", "1.0", "1e3", "12a", "0X10"}) {
            assertEquals(Numbers.BAD_LONG, l(s), "'" + s + "'");
        }
    }
}
