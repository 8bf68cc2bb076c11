package gpusim.traces;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Splits the trace's bytes into lines and each line into tokens, by hand (no regex,
 * no String per line): spaces, tabs and carriage returns separate tokens, {@code #}
 * starts a comment to the end of the line, and lines without tokens are skipped
 * (trace-format.md, "Lexical rules"). Token bounds are kept in reused int arrays.
 */
final class Lexer {
    private final byte[] buf;
    private final int limit;
    private int pos;
    private int nextLineNumber = 1;

    /** 1-based number of the current line. */
    int line;
    /** Number of tokens on the current line. */
    int count;
    /** Token i spans bytes [start[i], end[i]). */
    int[] start = new int[16];
    int[] end = new int[16];

    Lexer(byte[] buf) {
        this.buf = buf;
        this.limit = buf.length;
        // A UTF-8 byte order mark is not part of the first token.
        if (limit >= 3 && (buf[0] & 0xFF) == 0xEF && (buf[1] & 0xFF) == 0xBB && (buf[2] & 0xFF) == 0xBF) {
            pos = 3;
        }
    }

    byte[] bytes() {
        return buf;
    }

    /** Advances to the next line that holds at least one token; false at the end of the text. */
    boolean next() {
        final byte[] b = buf;
        while (pos < limit) {
            line = nextLineNumber++;
            int n = 0;
            int p = pos;
            while (p < limit) {
                byte c = b[p];
                if (c == '\n') {
                    break;
                }
                if (c == ' ' || c == '\t' || c == '\r') {
                    p++;
                    continue;
                }
                if (c == '#') {
                    while (p < limit && b[p] != '\n') {
                        p++;
                    }
                    break;
                }
                int s = p;
                while (p < limit && (c = b[p]) != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '#') {
                    p++;
                }
                if (n == start.length) {
                    start = Arrays.copyOf(start, n * 2);
                    end = Arrays.copyOf(end, n * 2);
                }
                start[n] = s;
                end[n] = p;
                n++;
            }
            pos = p + 1; // past the '\n' (or past the end)
            if (n > 0) {
                count = n;
                return true;
            }
        }
        count = 0;
        return false;
    }

    /** The number of the last line of the text (where end-of-file problems are reported). */
    int lastLine() {
        return Math.max(1, nextLineNumber - 1);
    }

    /** True if token i is exactly the one ASCII character {@code c}. */
    boolean isChar(int i, char c) {
        return end[i] - start[i] == 1 && buf[start[i]] == c;
    }

    /** True if token i is exactly the ASCII word {@code w}. */
    boolean is(int i, String w) {
        int s = start[i];
        int len = end[i] - s;
        if (len != w.length()) {
            return false;
        }
        for (int k = 0; k < len; k++) {
            if (buf[s + k] != w.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** Token i as a String (UTF-8; tokens are ASCII in any valid trace). */
    String text(int i) {
        return new String(buf, start[i], end[i] - start[i], StandardCharsets.UTF_8);
    }

    /** Index of the first '=' in token i, or -1. */
    int equalsAt(int i) {
        for (int k = start[i], e = end[i]; k < e; k++) {
            if (buf[k] == '=') {
                return k;
            }
        }
        return -1;
    }
}
