package gpusim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stream-output trace file through {@code gpusim run --json}: SO_STATISTICS_STREAM0/1/3,
 * WriteQuery SO statistics, PIPELINE_STATISTICS1, the filled sizes and the streamed bytes,
 * exactly, and the same on other machine shapes.
 */
class StreamOutputTraceTest {
    @TempDir
    Path tmp;

    static final float[][] QUAD = {
        {-1, 1, 0.5f, 1, 1, 0, 0, 1},
        {1, 1, 0.5f, 1, 0, 1, 0, 1},
        {1, -1, 0.5f, 1, 0, 0, 1, 1},
    };

    static String text() throws IOException {
        try (InputStream in = StreamOutputTraceTest.class.getClassLoader()
                .getResourceAsStream("streamout/stream-output.trace")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    JsonNode run(String... extra) throws IOException {
        String text = text();
        Path trace = tmp.resolve("stream-output.trace");
        Files.writeString(trace, text);
        Path json = tmp.resolve("r.json");
        String[] args = new String[4 + extra.length];
        args[0] = "run";
        args[1] = trace.toString();
        args[2] = "--json";
        args[3] = json.toString();
        System.arraycopy(extra, 0, args, 4, extra.length);
        CliTest.Outcome o = CliTest.gpusim(args);
        assertEquals(0, o.status(), o.err());
        return new ObjectMapper().readTree(json.toFile()).get("dumps");
    }

    static long[] values(JsonNode dump) {
        long[] v = new long[dump.get("values").size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = Long.parseUnsignedLong(dump.get("values").get(i).asText());
        }
        return v;
    }

    static void put(ByteBuffer b, int offset, float[] vertex) {
        for (int k = 0; k < 8; k++) {
            b.putFloat(offset + 4 * k, vertex[k]);
        }
    }

    @Test
    void resultsFilledSizesAndStreamedBytesAreExact() throws IOException {
        JsonNode d = run();
        assertArrayEquals(new long[] {1, 4, 1, 2, 0, 0}, values(d.get(0)),
                "stream 0: 1 of 4 written; stream 1: 1 of 2; stream 3: nothing");
        assertArrayEquals(new long[] {18, 6, 18, 0, 0, 4, 4, 512, 0, 0, 0, 0, 0, 0}, values(d.get(1)),
                "PIPELINE_STATISTICS1: stream 1 is not rasterized (CInvocations 4, of stream 0's draw)");
        assertArrayEquals(new long[] {1, 4, 1, 2}, values(d.get(2)), "WriteQuery SO_STATISTICS_STREAM0, 1");
        assertArrayEquals(new long[] {96L | 192L << 32}, values(d.get(3)), "filled sizes 96 and 192 as u32s");
        ByteBuffer expect = ByteBuffer.allocate(384).order(ByteOrder.LITTLE_ENDIAN);
        for (int v = 0; v < 3; v++) {
            put(expect, 32 * v, QUAD[v]);
            put(expect, 160 + 64 * v, QUAD[v]);
        }
        ByteBuffer got = ByteBuffer.allocate(384).order(ByteOrder.LITTLE_ENDIAN);
        got.asLongBuffer().put(values(d.get(4)));
        assertArrayEquals(expect.array(), got.array());
    }

    // Bad input never crashes (as BadInputTest, on the stream-output commands and options): the
    // mutated trace runs or is refused with FILE:LINE: RULE, with and without the debug layer.
    @Test
    void mutatedStreamOutputTracesRunOrAreRefusedCleanly() throws IOException {
        java.util.Random r = new java.util.Random(4);
        String base = text();
        int refused = 0;
        for (int n = 0; n < 80; n++) {
            String text = BadInputTest.mutate(base, r);
            Path p = tmp.resolve("so" + n + ".trace");
            Files.writeString(p, text);
            CliTest.Outcome o = n % 2 == 0
                    ? CliTest.gpusim("run", p.toString(), "-q", "--set", "sim.deadlock_cycles=200000")
                    : CliTest.gpusim("run", p.toString(), "-q", "--no-debug-layer", "--set", "sim.deadlock_cycles=200000");
            org.junit.jupiter.api.Assertions.assertTrue(o.status() == 0 || o.status() == 2,
                    "mutation " + n + ": status " + o.status() + "\n" + o.err() + "\n--- trace:\n" + text);
            org.junit.jupiter.api.Assertions.assertFalse(o.err().contains("\tat ") || o.err().contains("Exception"),
                    "mutation " + n + " printed a stack trace:\n" + o.err());
            if (o.status() == 2) {
                refused++;
                org.junit.jupiter.api.Assertions.assertTrue(o.err().startsWith(p + ":"), o.err());
            }
        }
        org.junit.jupiter.api.Assertions.assertTrue(refused > 10, "the mutations should break rules often: " + refused);
    }

    @Test
    void machineShapeDoesNotChangeResults() throws IOException {
        JsonNode base = run();
        assertEquals(base, run("--set", "db.count=1", "--set", "queue.depth=1"));
        assertEquals(base, run("--preset", "desktop", "--no-debug-layer"));
    }
}
