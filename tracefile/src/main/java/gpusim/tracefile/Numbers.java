package gpusim.tracefile;

import java.nio.charset.StandardCharsets;

/**
 * Number parsing straight from the trace's bytes, without making a String per token
 * (the stress traces hold half a million floats; Float.parseFloat on substrings alone
 * would take most of the time budget). Results are exactly what the JDK gives:
 * floats are correctly rounded (checked against Float.parseFloat in NumbersTest).
 */
final class Numbers {
    private Numbers() {
    }

    /** Returned by {@link #parseLong} for a malformed or too large integer. */
    static final long BAD_LONG = Long.MIN_VALUE;

    private static final double[] POW10 = {
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    };
    /** Decimal digits are gathered while the mantissa is below this (so at most 18 of them). */
    private static final long MANTISSA_LIMIT = 100_000_000_000_000_000L;

    /**
     * Trace-format integer: optional sign, then decimal digits or {@code 0x} and hex digits.
     * Returns {@link #BAD_LONG} if malformed or outside the signed 64-bit range.
     */
    static long parseLong(byte[] b, int s, int e) {
        int i = s;
        boolean neg = false;
        if (i < e && (b[i] == '-' || b[i] == '+')) {
            neg = b[i] == '-';
            i++;
        }
        if (i >= e) {
            return BAD_LONG;
        }
        long v = 0;
        if (e - i > 2 && b[i] == '0' && b[i + 1] == 'x') {
            i += 2;
            for (; i < e; i++) {
                int d = hexDigit(b[i]);
                if (d < 0 || (v >>> 59) != 0) {
                    return BAD_LONG;
                }
                v = (v << 4) | d;
            }
            if (v < 0) {
                return BAD_LONG;
            }
        } else {
            for (; i < e; i++) {
                int d = b[i] - '0';
                if (d < 0 || d > 9) {
                    return BAD_LONG;
                }
                if (v > (Long.MAX_VALUE - d) / 10) {
                    return BAD_LONG;
                }
                v = v * 10 + d;
            }
        }
        return neg ? -v : v;
    }

    private static int hexDigit(byte c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    /**
     * Trace-format float: {@code [+-]? (D+ [. D*] | . D+) ([eE] [+-]? D+)?}, decimal only
     * (no hex floats, no NaN/Infinity, no f/d suffix). Returns NaN when malformed; an
     * infinity when the value overflows a float (callers refuse both). The result is the
     * correctly rounded float, exactly as {@link Float#parseFloat} gives.
     */
    static float parseFloat(byte[] b, int s, int e) {
        long r = scanFloat(b, s, e);
        return scanEnd(r) == e ? scanValue(r) : Float.NaN;
    }

    /** The end of the number {@link #scanFloat} found. */
    static int scanEnd(long scanned) {
        return (int) (scanned >>> 32);
    }

    /** The value {@link #scanFloat} found (NaN if the text there is not a number). */
    static float scanValue(long scanned) {
        return Float.intBitsToFloat((int) scanned);
    }

    /**
     * Reads the longest float of the trace format's syntax starting at {@code s} (not
     * beyond {@code limit}): returns its end and its value packed in a long (see
     * {@link #scanEnd}, {@link #scanValue}); the value is NaN if no number starts there or
     * an exponent has no digits. One pass, no allocation; the caller checks what follows.
     */
    static long scanFloat(byte[] b, int s, int limit) {
        int i = s;
        boolean neg = false;
        if (i < limit && (b[i] == '-' || b[i] == '+')) {
            neg = b[i] == '-';
            i++;
        }
        long m = 0;
        int exp10 = 0;
        int digits = 0;
        int c;
        while (i < limit && (c = b[i] - '0') >= 0 && c <= 9) {
            digits++;
            if (m < MANTISSA_LIMIT) {
                m = m * 10 + c;
            } else {
                exp10++; // digits past the 18th are dropped (see the error bound below)
            }
            i++;
        }
        if (i < limit && b[i] == '.') {
            i++;
            while (i < limit && (c = b[i] - '0') >= 0 && c <= 9) {
                digits++;
                if (m < MANTISSA_LIMIT) {
                    m = m * 10 + c;
                    exp10--;
                }
                i++;
            }
        }
        if (digits == 0) {
            return pack(i, Float.NaN);
        }
        if (i < limit && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            boolean eneg = false;
            if (i < limit && (b[i] == '-' || b[i] == '+')) {
                eneg = b[i] == '-';
                i++;
            }
            int x = 0;
            int xd = 0;
            while (i < limit && (c = b[i] - '0') >= 0 && c <= 9) {
                if (x < 100_000) {
                    x = x * 10 + c;
                }
                xd++;
                i++;
            }
            if (xd == 0) {
                return pack(i, Float.NaN);
            }
            exp10 += eneg ? -x : x;
        }
        if (m == 0) {
            return pack(i, neg ? -0.0f : 0.0f);
        }
        if (exp10 >= -22 && exp10 <= 22) {
            // Approximate in double: (double) m, one multiplication or division by an exact
            // power of ten, and the dropped digits (m >= 10^17 then) each err by at most
            // 2^-53, 2^-53 and 2^-56 relative: under 3 units in the last place of d. Floats
            // have 29 fewer bits than doubles, so unless d is within a few double ulps of a
            // midpoint between two floats, the decimal value and d round to the same float.
            double d = exp10 < 0 ? m / POW10[-exp10] : m * POW10[exp10];
            if (d >= Float.MIN_NORMAL && d <= Float.MAX_VALUE) {
                long low = Double.doubleToRawLongBits(d) & 0x1FFF_FFFFL;
                if (Math.abs(low - 0x1000_0000L) > 8) {
                    float f = (float) d;
                    return pack(i, neg ? -f : f);
                }
            }
        }
        // Rare: near a midpoint, subnormal, huge or tiny. The syntax is checked above, so the
        // JDK parser sees only a plain decimal.
        return pack(i, Float.parseFloat(new String(b, s, i - s, StandardCharsets.ISO_8859_1)));
    }

    private static long pack(int end, float value) {
        return ((long) end << 32) | (Float.floatToRawIntBits(value) & 0xFFFF_FFFFL);
    }
}
