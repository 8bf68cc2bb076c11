package gpusim.tracefile;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Splits the trace into lines and each line into tokens, by hand (no regex, no String
 * per line): spaces, tabs and carriage returns separate tokens, {@code #} starts a
 * comment to the end of the line, and lines without tokens are skipped (trace-format.md,
 * "Lexical rules"). Token bounds are kept in reused int arrays.
 *
 * <p>The bytes stream through a small window that is refilled at line starts, so a
 * multi-megabyte trace is never held whole: the window stays in cache, and a fresh JVM
 * does not pay page faults for a file-sized array. A line longer than the window grows it.
 *
 * <p>Trace parameters (the format's addition): on a line where a token holds {@code $},
 * every {@code ${NAME}} is replaced by the parameter's value here, before any command sees
 * the tokens, so every rule applies to the substituted text and errors keep their line
 * numbers. Such a line's tokens are rebuilt in a side buffer ({@link #bytes()} then
 * returns it); lines without {@code $}, the bulk of any trace, are not copied.
 */
final class Lexer {
    private static final int WINDOW = 64 * 1024;
    /** At a line start the window holds at least this many bytes, unless the input ends sooner. */
    private static final int RESERVE = 8 * 1024;
    /** The longest line accepted (a guard against a file without line breaks). */
    static final int MAX_LINE = 1 << 28;

    private final InputStream in;
    private byte[] buf;
    private int limit;
    private int pos;
    private boolean eof;
    private int nextLineNumber = 1;

    /** 1-based number of the current line. */
    int line;
    /** Number of tokens on the current line. */
    int count;
    /** Token i spans bytes [start[i], end[i]) of {@link #bytes()}. */
    int[] start = new int[16];
    int[] end = new int[16];

    /** Parameter values for {@code ${NAME}}; null: no substitution (the lexer on its own). */
    TraceParams params;
    /** The array the current line's tokens index: the window, or {@link #lineBuf} after substitution. */
    private byte[] cur;
    /** The current line's tokens after substitution. */
    private byte[] lineBuf = new byte[256];

    /** Streams {@code in}; I/O errors surface as {@link UncheckedIOException}. */
    Lexer(InputStream in) {
        this.in = in;
        this.buf = new byte[WINDOW];
        this.cur = buf;
        fill();
        skipBom();
    }

    /** Lexes bytes already in memory. */
    Lexer(byte[] text) {
        this.in = null;
        this.buf = text;
        this.cur = text;
        this.limit = text.length;
        this.eof = true;
        skipBom();
    }

    private void skipBom() {
        // A UTF-8 byte order mark is not part of the first token.
        if (limit >= 3 && (buf[0] & 0xFF) == 0xEF && (buf[1] & 0xFF) == 0xBB && (buf[2] & 0xFF) == 0xBF) {
            pos = 3;
        }
    }

    /**
     * The bytes the current line's tokens index. Valid until the next call of
     * {@link #next()} or {@link #vertexLine}, which may move or replace the window.
     */
    byte[] bytes() {
        return cur;
    }

    // ------------------------------------------------------------------ the window

    /** Reads until the window is full or the input ends. */
    private void fill() {
        try {
            while (limit < buf.length) {
                int r = in.read(buf, limit, buf.length - limit);
                if (r < 0) {
                    eof = true;
                    return;
                }
                limit += r;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Moves the current line to the start of the window (growing it if the line fills it) and reads more. */
    private void extend() {
        int keep = limit - pos;
        if (pos > 0) {
            System.arraycopy(buf, pos, buf, 0, keep);
        } else if (keep == buf.length) {
            if (buf.length >= MAX_LINE) {
                throw new LineTooLongException(nextLineNumber);
            }
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
        limit = keep;
        pos = 0;
        fill();
    }

    /** A line longer than {@link #MAX_LINE}; the reader reports it with the file name. */
    static final class LineTooLongException extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final int line;

        LineTooLongException(int line) {
            super(null, null, false, false);
            this.line = line;
        }
    }

    // ------------------------------------------------------------------ lines

    /** Advances to the next line that holds at least one token; false at the end of the input. */
    boolean next() {
        while (true) {
            if (!eof && limit - pos < RESERVE) {
                extend();
            }
            if (pos >= limit) {
                count = 0;
                return false;
            }
            final byte[] b = buf;
            int n = 0;
            int p = pos;
            boolean rescan = false;
            boolean dollar = false;
            while (true) {
                if (p >= limit) {
                    rescan = !eof;
                    break;
                }
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
                    continue; // ends at '\n' or at the window's end
                }
                int s = p;
                while (p < limit && (c = b[p]) != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '#') {
                    dollar |= c == '$';
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
            if (rescan) {
                // The line runs past the window: bring all of it in and scan it again.
                extend();
                continue;
            }
            line = nextLineNumber++;
            pos = p + 1; // past the '\n' (or past the end)
            if (n > 0) {
                count = n;
                cur = buf;
                // A param line's own text is its declaration (literal default), never substituted.
                if (dollar && params != null && !is(0, "param")) {
                    substitute();
                }
                return true;
            }
        }
    }

    /**
     * Fast path for the bulk of large traces: if the next line is a plain vertex line
     * ({@code v} and 4 or 8 well-formed finite floats, no comment), parses it into
     * {@code dst[off..off+7]}, makes it the current line and returns how many numbers it
     * held. Otherwise returns -1 and consumes nothing; the caller then takes the general
     * path ({@link #next()}), which also reports whatever is wrong with the line. One pass
     * over the bytes, no token arrays.
     */
    int vertexLine(float[] dst, int off) {
        if (!eof && limit - pos < RESERVE) {
            extend();
        }
        final byte[] b = buf;
        int p = pos;
        byte c;
        while (p < limit && ((c = b[p]) == ' ' || c == '\t' || c == '\r')) {
            p++;
        }
        if (p + 1 >= limit || b[p] != 'v' || ((c = b[p + 1]) != ' ' && c != '\t')) {
            return -1;
        }
        p += 2;
        int n = 0;
        while (true) {
            while (p < limit && ((c = b[p]) == ' ' || c == '\t' || c == '\r')) {
                p++;
            }
            if (p >= limit) {
                if (!eof) {
                    return -1; // the line runs past the window
                }
                break;
            }
            if (b[p] == '\n') {
                break;
            }
            if (n == 8) {
                return -1; // too many numbers
            }
            long r = Numbers.scanFloat(b, p, limit);
            float f = Numbers.scanValue(r);
            p = Numbers.scanEnd(r);
            if (p >= limit ? !eof : (c = b[p]) != ' ' && c != '\t' && c != '\r' && c != '\n') {
                return -1; // not a number, a comment, or the window's end
            }
            if (Float.isNaN(f) || Float.isInfinite(f)) {
                return -1;
            }
            dst[off + n++] = f;
        }
        if (n != 4 && n != 8) {
            return -1;
        }
        line = nextLineNumber++;
        count = 0;
        cur = buf;
        pos = p + 1;
        return n;
    }

    /**
     * Rebuilds the current line's tokens in {@link #lineBuf} with every {@code ${NAME}}
     * replaced by its value. A {@code $} not followed by {@code {} stays as it is (the
     * reader then reports whatever the token breaks). Tokens are bounded to
     * {@link TraceParams#MAX_TOKEN} bytes and the line to {@link #MAX_LINE}, so repeated use
     * of a long value cannot blow a small trace up without limit.
     */
    private void substitute() {
        final byte[] b = buf;
        int o = 0;
        for (int i = 0; i < count; i++) {
            int s = start[i];
            int e = end[i];
            int ts = o;
            int k = s;
            while (k < e) {
                byte c = b[k];
                if (c == '$' && k + 1 < e && b[k + 1] == '{') {
                    int close = k + 2;
                    while (close < e && b[close] != '}') {
                        close++;
                    }
                    if (close == e) {
                        throw params.error(line, Rule.PARAM_MALFORMED, "'${' without a closing '}' in "
                                + Args.quote(b, s, e));
                    }
                    byte[] v = params.lookup(new String(b, k + 2, close - k - 2, StandardCharsets.UTF_8), line,
                            b, s, e);
                    o = reserve(o, v.length);
                    System.arraycopy(v, 0, lineBuf, o, v.length);
                    o += v.length;
                    k = close + 1;
                } else {
                    o = reserve(o, 1);
                    lineBuf[o++] = c;
                    k++;
                }
                if (o - ts > TraceParams.MAX_TOKEN) {
                    throw params.error(line, Rule.PARAM_TOO_LONG, "token " + Args.quote(b, s, e) + " is longer than "
                            + TraceParams.MAX_TOKEN + " bytes after parameter substitution");
                }
            }
            start[i] = ts;
            end[i] = o;
            o = reserve(o, 1);
            lineBuf[o++] = ' '; // keeps the tokens apart, as in the window
        }
        cur = lineBuf;
    }

    /** Makes room for {@code more} bytes at {@code o} in {@link #lineBuf}; returns {@code o}. */
    private int reserve(int o, int more) {
        if (o + more > lineBuf.length) {
            if ((long) o + more > MAX_LINE) {
                throw params.error(line, Rule.PARAM_TOO_LONG, "line " + line + " is longer than " + MAX_LINE
                        + " bytes after parameter substitution");
            }
            lineBuf = Arrays.copyOf(lineBuf, (int) Math.min(MAX_LINE, Math.max(o + more, 2L * lineBuf.length)));
        }
        return o;
    }

    /** The number of the last line of the input (where end-of-file problems are reported). */
    int lastLine() {
        return Math.max(1, nextLineNumber - 1);
    }

    // ------------------------------------------------------------------ tokens of the current line

    /** True if token i is exactly the one ASCII character {@code c}. */
    boolean isChar(int i, char c) {
        return end[i] - start[i] == 1 && cur[start[i]] == c;
    }

    /** True if token i is exactly the ASCII word {@code w}. */
    boolean is(int i, String w) {
        int s = start[i];
        int len = end[i] - s;
        if (len != w.length()) {
            return false;
        }
        for (int k = 0; k < len; k++) {
            if (cur[s + k] != w.charAt(k)) {
                return false;
            }
        }
        return true;
    }

    /** Token i as a String (UTF-8; tokens are ASCII in any valid trace). */
    String text(int i) {
        return new String(cur, start[i], end[i] - start[i], StandardCharsets.UTF_8);
    }

    /** Index of the first '=' in token i, or -1. */
    int equalsAt(int i) {
        for (int k = start[i], e = end[i]; k < e; k++) {
            if (cur[k] == '=') {
                return k;
            }
        }
        return -1;
    }
}
