package gpusim.tracefile;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import gpusim.trace.Resource;
import gpusim.trace.Trace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The streaming lexer: a file read through its 64 KiB window must give exactly what the
 * same text in memory gives, whatever falls on the window's edges.
 */
class LexerTest {
    /** A trace of about 1 MB with every kind of vertex line, comments, CRLF, and a line longer than the window. */
    private static String bigTrace(long seed) {
        Random r = new Random(seed);
        StringBuilder sb = new StringBuilder("gpusim-trace 1\r\nvertex_buffer vb\n");
        int n = 20000;
        for (int i = 0; i < n; i++) {
            switch (r.nextInt(6)) {
                case 0:
                    sb.append("v ").append(r.nextFloat()).append(' ').append(-r.nextFloat()).append(" 0.5 1\n");
                    break;
                case 1:
                    sb.append("  v\t1e-3 2E2 3. .25 0 0 1 1 # colour\r\n");
                    break;
                case 2:
                    sb.append("v ").append(r.nextDouble()).append(' ').append(r.nextInt(1000)).append(" -0 1 ")
                            .append(r.nextDouble()).append(" 1 0.25 ").append(r.nextFloat()).append('\n');
                    break;
                case 3:
                    sb.append("# a comment line between vertices\nv 1 2 3 4#tight comment\n");
                    break;
                case 4:
                    sb.append("\nv 0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8\r\n");
                    break;
                default:
                    sb.append("v 123456789012345678901234567890 1e-30 -7e37 1\n");
                    break;
            }
        }
        sb.append("end\nindex_buffer ib format=R32_UINT\ni");
        for (int i = 0; i < 30000; i++) { // one line of about 150 KB
            sb.append(' ').append(i % 17);
        }
        sb.append("\nend\n");
        return sb.toString();
    }

    @Test
    void fileAndMemoryGiveTheSameTrace(@TempDir Path dir) throws IOException {
        for (long seed = 1; seed <= 2; seed++) {
            String text = bigTrace(seed);
            Path f = dir.resolve("big" + seed + ".trace");
            Files.writeString(f, text, StandardCharsets.UTF_8);
            Trace fromFile = TraceReader.read(f, "big.trace", TestTraces.BUDGET);
            Trace fromText = TestTraces.parse(text);
            Resource.VertexBuffer a = fromFile.resources(Resource.VertexBuffer.class).get(0);
            Resource.VertexBuffer b = fromText.resources(Resource.VertexBuffer.class).get(0);
            assertEquals(b.vertexCount(), a.vertexCount());
            assertArrayEquals(b.data(), a.data());
            Resource.IndexBuffer ia = fromFile.resources(Resource.IndexBuffer.class).get(0);
            assertEquals(30000, ia.indexCount());
            assertArrayEquals(fromText.resources(Resource.IndexBuffer.class).get(0).indices(), ia.indices());
            assertEquals(fromText.resources(Resource.IndexBuffer.class).get(0).line(), ia.line());
        }
    }

    @Test
    void vertexValuesMatchTheJdk() {
        String text = "gpusim-trace 1\nvertex_buffer vb\nv 0.13436508178710938 -1.0715789794921875 3.4028235e38 1.4e-45\n"
                + "v 123456789012345678901234567890 1e-30 -7e37 1\nend\n";
        float[] d = TestTraces.parse(text).resources(Resource.VertexBuffer.class).get(0).data();
        assertEquals(Float.parseFloat("0.13436508178710938"), d[0]);
        assertEquals(Float.parseFloat("-1.0715789794921875"), d[1]);
        assertEquals(Float.MAX_VALUE, d[2]);
        assertEquals(Float.MIN_VALUE, d[3]);
        assertEquals(Float.parseFloat("123456789012345678901234567890"), d[8]);
        assertEquals(1e-30f, d[9]);
        assertEquals(-7e37f, d[10]);
    }

    @Test
    void errorLinesDeepInAFile(@TempDir Path dir) throws IOException {
        StringBuilder sb = new StringBuilder("gpusim-trace 1\r\nvertex_buffer vb\r\n");
        for (int i = 0; i < 50000; i++) {
            sb.append("v 0.5 0.5 0.5 1\r\n");
        }
        sb.append("v 0.5 0.5 bad 1\r\nend\r\n");
        Path f = dir.resolve("deep.trace");
        Files.writeString(f, sb.toString(), StandardCharsets.UTF_8);
        TraceException e = assertThrows(TraceException.class, () -> TraceReader.read(f, "deep.trace", TestTraces.BUDGET));
        assertEquals(Rule.BAD_NUMBER, e.rule());
        assertEquals(50003, e.line());
        assertEquals("deep.trace:50003: BAD_NUMBER: vertex component must be a decimal number, got 'bad'", e.getMessage());
    }

    @Test
    void unterminatedBlockAtTheEndOfABigFile(@TempDir Path dir) throws IOException {
        StringBuilder sb = new StringBuilder("gpusim-trace 1\nvertex_buffer vb\n");
        for (int i = 0; i < 20000; i++) {
            sb.append("v 0.5 0.5 0.5 1\n");
        }
        Path f = dir.resolve("open.trace");
        Files.writeString(f, sb.toString(), StandardCharsets.UTF_8);
        TraceException e = assertThrows(TraceException.class, () -> TraceReader.read(f, "open.trace", TestTraces.BUDGET));
        assertEquals(Rule.UNTERMINATED_BLOCK, e.rule());
        assertEquals(20002, e.line());
    }
}
