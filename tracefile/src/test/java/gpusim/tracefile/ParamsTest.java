package gpusim.tracefile;

import gpusim.config.Config;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import gpusim.trace.Command;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trace parameters (trace-format.md, "Additions", "Trace parameters"): substitution gives
 * exactly the trace the substituted text gives, with the same line numbers; values given
 * by the caller replace defaults; malformed caller values are refused.
 */
class ParamsTest {
    /**
     * The whole trace as text, records by their components and arrays by their contents,
     * so that two parses can be compared for equality.
     */
    static String canon(Object o) {
        if (o instanceof Record r) {
            StringBuilder sb = new StringBuilder(r.getClass().getSimpleName()).append('(');
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                try {
                    sb.append(c.getName()).append('=').append(canon(c.getAccessor().invoke(r))).append(' ');
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
            }
            return sb.append(')').toString();
        }
        if (o instanceof List<?> l) {
            StringBuilder sb = new StringBuilder("[");
            for (Object x : l) {
                sb.append(canon(x)).append(", ");
            }
            return sb.append(']').toString();
        }
        if (o instanceof float[] f) {
            return Arrays.toString(f);
        }
        if (o instanceof int[] i) {
            return Arrays.toString(i);
        }
        return String.valueOf(o);
    }

    private static final String WITH_PARAMS = String.join("\n",
            "gpusim-trace 1",
            "param STRIDE=128",
            "param SIZE=0x400 # comments may follow, and ${NOT_SUBSTITUTED} in a comment is ignored",
            "param X=0.5",
            "param KIND=OCCLUSION",
            "param OPT=instances=2",
            "param N=3",
            "render_target rt width=64 height=32",
            "depth_stencil ds width=64 height=32",
            "query_heap qh type=${KIND} count=4",
            "buffer res${N} size=${SIZE}",
            "vertex_buffer vb",
            "v 0 0 0 1",
            "v ${X} 0 0 1",
            "v 0 ${X}${N} 0 1 1 1 1 1",
            "end",
            "index_buffer ib format=R16_UINT",
            "i 0 1 ${N}2",
            "end",
            "pipeline_state pso",
            "command_list cl type=DIRECT",
            "set_render_targets rt=rt ds=ds",
            "set_pipeline_state pso",
            "set_vertex_buffer vb",
            "begin_query qh ${KIND} 1",
            "draw ${N} ${OPT}",
            "end_query qh ${KIND} 1",
            "write_query OCCLUSION 0 0 res${N} 0x${N}0 ${STRIDE}",
            "close",
            "execute cl",
            "");

    /** WITH_PARAMS with every ${...} written out by hand, line for line. */
    private static String literal(String stride) {
        return WITH_PARAMS
                .replace("query_heap qh type=${KIND}", "query_heap qh type=OCCLUSION")
                .replace("buffer res${N} size=${SIZE}", "buffer res3 size=0x400")
                .replace("v ${X} 0 0 1", "v 0.5 0 0 1")
                .replace("v 0 ${X}${N} 0 1", "v 0 0.53 0 1")
                .replace("i 0 1 ${N}2", "i 0 1 32")
                .replace("_query qh ${KIND} 1", "_query qh OCCLUSION 1")
                .replace("draw ${N} ${OPT}", "draw 3 instances=2")
                .replace("res${N} 0x${N}0 ${STRIDE}", "res3 0x30 " + stride);
    }

    private static Trace parse(String text, Map<String, String> params) {
        return TraceReader.parse("t.trace", text, TestTraces.BUDGET, params);
    }

    @Test
    void substitutionGivesTheTraceOfTheSubstitutedText() {
        String expected = canon(parse(literal("128"), Map.of()));
        assertEquals(expected, canon(parse(WITH_PARAMS, Map.of())));
        // And the test compares something: another stride gives another trace.
        assertNotEquals(expected, canon(parse(literal("256"), Map.of())));
    }

    @Test
    void callerValuesReplaceDefaults() {
        Trace t = parse(WITH_PARAMS, Map.of("STRIDE", "256"));
        assertEquals(canon(parse(literal("256"), Map.of())), canon(t));
        Command.WriteQuery w = (Command.WriteQuery) t.commandLists().get(0).commands().get(6);
        assertEquals(256, w.stride());
        assertEquals(48, w.offset());
    }

    @Test
    void aFileReadThroughTheWindowSubstitutesTheSame(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("p.trace");
        Files.writeString(f, WITH_PARAMS);
        assertEquals(canon(parse(WITH_PARAMS, Map.of("N", "2", "STRIDE", "64"))),
                canon(TraceReader.read(f, "t.trace", TestTraces.BUDGET, Map.of("N", "2", "STRIDE", "64"))));
    }

    /**
     * About 400 KB of vertex, index and command lines that use parameters, so that many
     * substituted lines straddle the lexer's 64 KiB window: the file read through the window
     * gives exactly the trace the text in memory gives, and the same as the text written out.
     */
    @Test
    void substitutedLinesAcrossTheWindowEdges(@TempDir Path dir) throws IOException {
        StringBuilder p = new StringBuilder("gpusim-trace 1\nparam Z=0.5\nparam W=1\nparam I=7\nvertex_buffer vb\n");
        StringBuilder lit = new StringBuilder("gpusim-trace 1\nparam Z=0.5\nparam W=1\nparam I=7\nvertex_buffer vb\n");
        for (int i = 0; i < 8000; i++) {
            p.append("v ").append(i % 97).append(".25 -").append(i % 13).append(" ${Z} ${W}  # vertex ").append(i)
                    .append('\n');
            lit.append("v ").append(i % 97).append(".25 -").append(i % 13).append(" 0.5 1  # vertex ").append(i)
                    .append('\n');
        }
        p.append("end\nindex_buffer ib format=R32_UINT\n");
        lit.append("end\nindex_buffer ib format=R32_UINT\n");
        for (int i = 0; i < 6000; i++) {
            p.append("i ").append(i).append(" ${I} ").append(i % 5).append("${I}\r\n");
            lit.append("i ").append(i).append(" 7 ").append(i % 5).append("7\r\n");
        }
        p.append("end\n");
        lit.append("end\n");
        String text = p.toString();
        assertEquals(true, text.length() > 6 * 64 * 1024, "spans several windows");
        Path f = dir.resolve("big.trace");
        Files.writeString(f, text);
        String expected = canon(parse(lit.toString(), Map.of()));
        assertEquals(expected, canon(parse(text, Map.of())));
        assertEquals(expected, canon(TraceReader.read(f, "t.trace", TestTraces.BUDGET, Map.of())));
        assertNotEquals(expected, canon(TraceReader.read(f, "t.trace", TestTraces.BUDGET, Map.of("I", "8"))));
    }

    @Test
    void rulesApplyToTheSubstitutedTextAtTheRightLine() {
        String text = WITH_PARAMS + "dump res${N} offset=${SIZE}8\n"; // 0x4008: past the 0x400-byte buffer
        TraceException e = assertThrows(TraceException.class,
                () -> TestTraces.check(text, true));
        assertEquals(Rule.DUMP_RANGE, e.rule());
        assertEquals(text.lines().count(), e.line());
        // A stride the format refuses, given as a value: reported on the write_query's line.
        TraceException s = assertThrows(TraceException.class,
                () -> TraceValidator.validate(parse(WITH_PARAMS, Map.of("STRIDE", "32")), true, TraceValidator.Machine.of(Config.defaults())));
        assertEquals(Rule.WRITE_QUERY_STRIDE, s.rule());
        assertEquals(28, s.line());
        // A value that makes a bad number: the number rule, on the first line that uses it as a number
        // ('resx' on line 11 is a fine name; 'v 0 0.5x ...' on line 15 is not a float).
        TraceException n = assertThrows(TraceException.class, () -> parse(WITH_PARAMS, Map.of("N", "x")));
        assertEquals(Rule.BAD_NUMBER, n.rule(), n.getMessage());
        assertEquals(15, n.line());
    }

    @Test
    void aDollarWithoutABraceIsLeftAlone() {
        TraceException e = assertThrows(TraceException.class,
                () -> TestTraces.parse(TestTraces.PRELUDE + "buffer b$ size=8\n"));
        assertEquals(Rule.BAD_NAME, e.rule());
    }

    @Test
    void malformedCallerValuesAreRefusedBeforeReading() {
        for (Map<String, String> bad : List.of(Map.of("9x", "1"), Map.of("N", ""), Map.of("N", "1 2"),
                Map.of("N", "1#"), Map.of("N", "${M}"), Map.of("N", "a".repeat(TraceParams.MAX_TOKEN + 1)))) {
            assertThrows(IllegalArgumentException.class, () -> parse(WITH_PARAMS, bad), bad.toString());
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TraceParams.check(Map.of("N", "1 2")));
        assertEquals("N=1 2: the value holds 'a space', which would split or end the token it is pasted into",
                e.getMessage());
    }

    @Test
    void aTokenAtTheBoundIsAccepted() {
        String v = "a".repeat(TraceParams.MAX_TOKEN - 1);
        Trace t = parse(TestTraces.PRELUDE + "param L=" + v + "\nbuffer ${L}b size=8\n", Map.of());
        assertEquals(v + "b", t.resources().get(t.resources().size() - 1).name());
        assertEquals(Resource.Buffer.class, t.resources().get(t.resources().size() - 1).getClass());
    }
}
