package gpusim.tracefile;

import static gpusim.tracefile.TestTraces.direct;
import static gpusim.tracefile.TestTraces.list;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * For every rule, a small trace that breaks it (and nothing before it): the error must
 * name exactly that rule and the line marked {@code # <-}. Debug-layer cases must pass
 * cleanly with the debug layer off.
 */
class RuleTest {
    /** {@code copyQueueTimestamps}: features.copy_queue_timestamps, as the CLI passes it to the validator. */
    /** {@code perUnitCounters}: false for backend.kind=rops (no per-unit occlusion counters for WriteQuery). */
    record Case(String label, Rule rule, String text, boolean copyQueueTimestamps, boolean perUnitCounters) {
        Case(String label, Rule rule, String text) {
            this(label, rule, text, true, true);
        }

        Case(String label, Rule rule, String text, boolean copyQueueTimestamps) {
            this(label, rule, text, copyQueueTimestamps, true);
        }

        @Override
        public String toString() {
            return label;
        }
    }

    private static Case c(Rule rule, String text) {
        return new Case(rule.name(), rule, text);
    }

    private static Case c(Rule rule, String variant, String text) {
        return new Case(rule.name() + " (" + variant + ")", rule, text);
    }

    private static final String DECODER = "video_decoder_heap vd width=64 height=64 bitrate=1000000 framerate=30\n"
            + "query_heap vq type=VIDEO_DECODE_STATISTICS count=1";

    private static final String P = TestTraces.PRELUDE;
    private static final String M = " " + TestTraces.MARK;

    static List<Case> cases() {
        List<Case> l = new ArrayList<>();
        // ------------------------------------------------------------ format
        l.add(c(Rule.MISSING_HEADER, "render_target rt width=1 height=1" + M + "\n"));
        l.add(c(Rule.MISSING_HEADER, "comments only", "# nothing here" + M + "\n"));
        l.add(c(Rule.BAD_VERSION, "# a comment first\n\ngpusim-trace 2" + M + "\n"));
        l.add(c(Rule.UNKNOWN_COMMAND, P + "frobnicate 1" + M + "\n"));
        l.add(c(Rule.UNKNOWN_COMMAND, "case matters", P + "BUFFER b size=8" + M + "\n"));
        l.add(c(Rule.WRONG_ARITY, direct("", "draw" + M)));
        l.add(c(Rule.WRONG_ARITY, "vertex", P + "vertex_buffer v2\nv 1 2 3" + M + "\nend\n"));
        l.add(c(Rule.WRONG_ARITY, "viewport 5", direct("", "set_viewport 0 0 8 8 0" + M)));
        l.add(c(Rule.BAD_NUMBER, direct("", "draw 3x" + M)));
        l.add(c(Rule.BAD_NUMBER, "float", direct("", "clear_render_target rt 0 0 1e 1" + M)));
        l.add(c(Rule.BAD_NUMBER, "no hex floats", direct("", "clear_render_target rt 0 0 0x1 1" + M)));
        l.add(c(Rule.BAD_NUMBER, "float overflow", P + "vertex_buffer v2\nv 1 2 3 1e39" + M + "\nend\n"));
        l.add(c(Rule.BAD_NUMBER, "NaN", P + "vertex_buffer v2\nv 1 2 NaN 1" + M + "\nend\n"));
        l.add(c(Rule.BAD_NUMBER, "int overflow", P + "buffer b size=99999999999999999999" + M + "\n"));
        l.add(c(Rule.BAD_OPTION, direct("", "draw 3 begin=1" + M)));
        l.add(c(Rule.BAD_OPTION, "twice", direct("", "draw 3 start=0 start=1" + M)));
        l.add(c(Rule.BAD_OPTION, "malformed", direct("", "draw 3 =4" + M)));
        l.add(c(Rule.BAD_OPTION, "positional after option", direct("", "draw start=0 3" + M)));
        l.add(c(Rule.MISSING_OPTION, P + "buffer b heap=UPLOAD" + M + "\n"));
        l.add(c(Rule.BAD_ENUM, P + "buffer b size=8 heap=SYSTEM" + M + "\n"));
        l.add(c(Rule.BAD_ENUM, "boolean", P + "pipeline_state p2 depth=yes" + M + "\n"));
        l.add(c(Rule.BAD_ENUM, "list type", P + "command_list c2 type=BUNDLE" + M + "\nclose\n"));
        l.add(c(Rule.BAD_ENUM, "case matters", P + "pipeline_state p2 cull=none" + M + "\n"));
        l.add(c(Rule.BAD_NAME, P + "buffer 9b size=8" + M + "\n"));
        l.add(c(Rule.BAD_NAME, "reserved", P + "buffer null size=8" + M + "\n"));
        l.add(c(Rule.DUPLICATE_NAME, P + "pipeline_state res" + M + "\n"));
        l.add(c(Rule.UNDEFINED_NAME, direct("", "set_vertex_buffer nope" + M)));
        l.add(c(Rule.UNDEFINED_NAME, "defined later", P + "dump later" + M + "\nbuffer later size=8\n"));
        l.add(c(Rule.WRONG_RESOURCE_KIND, direct("", "set_vertex_buffer ib" + M)));
        l.add(c(Rule.WRONG_RESOURCE_KIND, "execute a buffer", P + "execute res" + M + "\n"));
        l.add(c(Rule.UNTERMINATED_BLOCK, P + "vertex_buffer v2\nv 0 0 0 1\nbuffer x size=8" + M + "\n"));
        l.add(c(Rule.UNTERMINATED_BLOCK, "at end of file", P + "index_buffer i2 format=R32_UINT\ni 0 1 2" + M + "\n"));
        l.add(c(Rule.LIST_NOT_CLOSED, P + "command_list c2 type=DIRECT\ndraw 0\n# the end" + M + "\n"));
        l.add(c(Rule.NOT_IN_LIST, P + "draw 3" + M + "\n"));
        l.add(c(Rule.NOT_IN_LIST, "close", P + "close" + M + "\n"));
        l.add(c(Rule.NOT_IN_BLOCK, P + "v 0 0 0 1" + M + "\n"));
        l.add(c(Rule.NOT_AT_TOP_LEVEL, direct("", "buffer b size=8" + M)));
        l.add(c(Rule.VALUE_OUT_OF_RANGE, direct("", "set_stencil_ref 256" + M)));
        l.add(c(Rule.VALUE_OUT_OF_RANGE, "viewport depth", direct("", "set_viewport 0 0 8 8 0 1.5" + M)));
        l.add(c(Rule.VALUE_OUT_OF_RANGE, "viewport width", direct("", "set_viewport 0 0 0 8" + M)));
        l.add(c(Rule.VALUE_OUT_OF_RANGE, "scissor", direct("", "set_scissor 8 0 4 8" + M)));
        l.add(c(Rule.VALUE_OUT_OF_RANGE, "color_write", P + "pipeline_state p2 color_write=16" + M + "\n"));
        l.add(c(Rule.VALUE_OUT_OF_RANGE, "stencil mask", P + "pipeline_state p2 stencil_read_mask=-1" + M + "\n"));
        l.add(c(Rule.VALUE_OUT_OF_RANGE, "depth clear", direct("", "clear_depth_stencil ds depth=2" + M)));
        l.add(c(Rule.VALUE_OUT_OF_RANGE, "R16 index", P + "index_buffer i2 format=R16_UINT\ni 0 65536" + M + "\nend\n"));
        l.add(c(Rule.VALUE_OUT_OF_RANGE, "negative count", direct("", "draw -3" + M)));
        l.add(c(Rule.VALUE_OUT_OF_RANGE, "buffer size 0", P + "buffer b size=0" + M + "\n"));
        l.add(c(Rule.TEXTURE_TOO_LARGE, P + "render_target big width=16385 height=1" + M + "\n"));
        l.add(c(Rule.TEXTURE_TOO_LARGE, "zero", P + "depth_stencil d0 width=8 height=0" + M + "\n"));
        // 16384 x 16384 x 8 samples is 2^31 samples: past the model's 2^30 a surface, whatever the budget.
        l.add(c(Rule.TEXTURE_TOO_LARGE, "samples", P + "render_target huge width=16384 height=16384 samples=8" + M + "\n"));
        l.add(c(Rule.BAD_SAMPLE_COUNT, P + "render_target r3 width=8 height=8 samples=3" + M + "\n"));
        l.add(c(Rule.MEMORY_BUDGET_EXCEEDED, P + "buffer huge size=99999999999999" + M + "\n"));
        l.add(c(Rule.MEMORY_BUDGET_EXCEEDED, "render target",
                P + "render_target huge width=16384 height=16384 samples=4" + M + "\n"));
        l.add(c(Rule.MEMORY_BUDGET_EXCEEDED, "query heap", P + "query_heap big type=OCCLUSION count=100000000" + M + "\n"));
        // 3 x (2^32 - 1) vertices against sim.max_vertices = 2^31: refused at the execute, before running.
        l.add(c(Rule.WORK_LIMIT_EXCEEDED, P + "command_list c2 type=DIRECT\nset_pipeline_state pso\nset_vertex_buffer vb\n"
                + "draw 3 instances=4294967295\nclose\nexecute c2" + M + "\n"));
        l.add(c(Rule.WORK_LIMIT_EXCEEDED, "executed again", P + "command_list c2 type=DIRECT\nset_pipeline_state pso\n"
                + "set_vertex_buffer vb\ndraw 3 instances=400000000\nclose\nexecute c2\nexecute c2" + M + "\n"));
        l.add(c(Rule.NO_PIPELINE_STATE, P + "command_list c2 type=DIRECT\nset_vertex_buffer vb\ndraw 3" + M
                + "\nclose\n"));
        l.add(c(Rule.NO_VERTEX_BUFFER, P + "command_list c2 type=DIRECT\nset_pipeline_state pso\ndraw 3" + M
                + "\nclose\n"));
        l.add(c(Rule.NO_INDEX_BUFFER, P + "command_list c2 type=DIRECT\nset_pipeline_state pso\nset_vertex_buffer vb\n"
                + "draw_indexed 3" + M + "\nclose\n"));
        l.add(c(Rule.VERTEX_OUT_OF_RANGE, direct("", "draw 3 start=1" + M)));
        l.add(c(Rule.VERTEX_OUT_OF_RANGE, "indexed", direct("", "draw_indexed 3 base_vertex=1" + M)));
        l.add(c(Rule.VERTEX_OUT_OF_RANGE, "negative base", direct("", "draw_indexed 3 base_vertex=-1" + M)));
        l.add(c(Rule.INDEX_OUT_OF_RANGE, direct("", "draw_indexed 3 start=1" + M)));
        l.add(c(Rule.TARGET_SAMPLE_MISMATCH, direct("", "set_render_targets rt=rt4 ds=ds" + M)));
        l.add(c(Rule.CLEAR_STENCIL_NO_STENCIL, direct("", "clear_depth_stencil ds stencil=0" + M)));
        l.add(c(Rule.EXECUTE_LIST_TYPE, direct("", "draw 3").replace("execute cl\n", "execute cl queue=COMPUTE" + M + "\n")));
        l.add(c(Rule.DUMP_RANGE, direct("") + "dump res offset=64 count=1" + M + "\n"));
        l.add(c(Rule.DUMP_RANGE, "offset past end", direct("") + "dump res offset=72" + M + "\n"));
        l.add(c(Rule.DUMP_TOO_LARGE, direct("buffer big size=268435456") + "dump big" + M + "\n"));
        l.add(c(Rule.COPY_RANGE, direct("buffer src size=8", "copy_buffer_region res 60 src 0 8" + M)));
        l.add(c(Rule.WRITE_QUERY_RANGE, direct("", "write_query TIMESTAMP 0 0 res 64 64" + M)));
        l.add(c(Rule.BAD_OPTION, "so option without so_stream", P + "pipeline_state p2 so_stride=64" + M + "\n"));
        l.add(c(Rule.BAD_ENUM, "rasterized stream", P + "pipeline_state p2 so_stream=1 so_rasterized_stream=4" + M + "\n"));
        l.add(c(Rule.VALUE_OUT_OF_RANGE, "so_stream", P + "pipeline_state p2 so_stream=4" + M + "\n"));
        l.add(c(Rule.WRONG_ARITY, "so view cut short", direct("", "set_so_targets res 0 32 res" + M)));
        l.add(c(Rule.WRONG_ARITY, "five so views", direct("", "set_so_targets null null null null null" + M)));
        l.add(c(Rule.SO_TARGET_RANGE, direct("", "set_so_targets res 0 65 res 0" + M)));
        l.add(c(Rule.SO_TARGET_RANGE, "offset past the end", direct("", "set_so_targets null res 72 8 res 0" + M)));
        l.add(c(Rule.SO_TARGET_RANGE, "filled size", direct("", "set_so_targets res 0 32 res 62" + M)));
        // ------------------------------------------------------------ trace parameters (the format's addition)
        l.add(c(Rule.PARAM_MALFORMED, P + "param 9x=1" + M + "\n"));
        l.add(c(Rule.PARAM_MALFORMED, "no value", P + "param N" + M + "\n"));
        l.add(c(Rule.PARAM_MALFORMED, "empty value", P + "param N=" + M + "\n"));
        l.add(c(Rule.PARAM_MALFORMED, "two tokens", P + "param N=1 M=2" + M + "\n"));
        l.add(c(Rule.PARAM_MALFORMED, "default refers to a parameter", P + "param A=1\nparam B=${A}" + M + "\n"));
        l.add(c(Rule.PARAM_MALFORMED, "unclosed", direct("param N=3", "draw ${N" + M)));
        l.add(c(Rule.PARAM_MALFORMED, "bad name in use", direct("param N=3", "draw ${N-1}" + M)));
        l.add(c(Rule.PARAM_DUPLICATE, P + "param N=3\nparam N=4" + M + "\n"));
        l.add(c(Rule.PARAM_UNDEFINED, direct("", "draw ${N}" + M)));
        l.add(c(Rule.PARAM_UNDEFINED, "declared later", direct("", "draw ${N}" + M) + "param N=3\n"));
        l.add(c(Rule.PARAM_UNDEFINED, "in the header", "gpusim-trace ${V}" + M + "\nparam V=1\n"));
        l.add(c(Rule.PARAM_TOO_LONG, P + "param L=" + "a".repeat(3000) + "\nbuffer ${L}${L} size=8" + M + "\n"));
        l.add(c(Rule.NOT_AT_TOP_LEVEL, "param in a list", direct("", "param N=3" + M)));
        l.add(c(Rule.FENCE_WAIT_DEADLOCK, P + "fence f\ncommand_list c2 type=COPY\nclose\nwait f 1 queue=COPY" + M
                + "\nexecute c2\n"));
        l.add(c(Rule.FENCE_WAIT_DEADLOCK, "signal after wait_idle", P + "fence f initial=1\nwait f 2" + M
                + "\nsignal f 1 queue=COPY\nwait_idle\nsignal f 2 queue=COMPUTE\n"));
        l.add(c(Rule.FENCE_WAIT_DEADLOCK, "two queues wait on each other", P + "fence a\nfence b\n"
                + "wait a 1 queue=COMPUTE" + M + "\nsignal b 1 queue=COMPUTE\nwait b 1 queue=COPY\nsignal a 1 queue=COPY\n"));
        l.add(c(Rule.DECODE_LIST_COMMAND, list("VIDEO_DECODE", DECODER, "dispatch 1 1 1" + M)));
        l.add(c(Rule.DECODE_LIST_COMMAND, "decode on a DIRECT list", direct(DECODER, "decode_frame vd 100" + M)));
        l.add(c(Rule.DECODE_BITSTREAM_RANGE, list("VIDEO_DECODE", DECODER, "decode_frame vd 100 bitstream=res" + M)));
        // ------------------------------------------------------------ D3D12 core runtime
        l.add(c(Rule.QUERY_HEAP_TYPE_INVALID, P + "query_heap q2 type=BINARY_OCCLUSION count=1" + M + "\n"));
        l.add(c(Rule.QUERY_HEAP_COUNT_ZERO, P + "query_heap q2 type=OCCLUSION count=0" + M + "\n"));
        l.add(c(Rule.QUERY_TYPE_INVALID, direct("", "begin_query qh 9 0" + M)));
        l.add(c(Rule.QUERY_TYPE_HEAP_MISMATCH, direct("", "begin_query qh PIPELINE_STATISTICS 0" + M)));
        l.add(c(Rule.QUERY_TYPE_LIST_MISMATCH, list("COMPUTE", "", "begin_query qh OCCLUSION 0" + M)));
        l.add(c(Rule.QUERY_TYPE_LIST_MISMATCH, "copy timestamp", list("COPY", "", "end_query ts TIMESTAMP 0" + M)));
        l.add(c(Rule.BEGIN_ON_TIMESTAMP, direct("", "begin_query ts TIMESTAMP 0" + M)));
        l.add(c(Rule.QUERY_SPANS_LISTS, P + "command_list c2 type=DIRECT\nbegin_query qh OCCLUSION 1\nclose" + M + "\n"));
        l.add(c(Rule.QUERY_INDEX_OUT_OF_RANGE, direct("", "begin_query qh OCCLUSION 4" + M, "end_query qh OCCLUSION 4")));
        l.add(c(Rule.QUERY_INDEX_OUT_OF_RANGE, "negative", direct("", "end_query ts TIMESTAMP -1" + M)));
        l.add(c(Rule.RESOLVE_DEST_NOT_BUFFER, direct("", "resolve_query_data qh OCCLUSION 0 1 rt 0" + M)));
        l.add(c(Rule.RESOLVE_OFFSET_ALIGNMENT, direct("", "resolve_query_data qh OCCLUSION 0 1 res 4" + M)));
        l.add(c(Rule.RESOLVE_RANGE, direct("", "resolve_query_data qh OCCLUSION 2 3 res 0" + M)));
        l.add(c(Rule.RESOLVE_BUFFER_OVERFLOW, direct("", "resolve_query_data qh OCCLUSION 0 4 res 40" + M)));
        l.add(c(Rule.PREDICATION_NOT_BUFFER, direct("", "set_predication vb 0 EQUAL_ZERO" + M)));
        l.add(c(Rule.PREDICATION_OFFSET_ALIGNMENT, direct("", "set_predication res 4 EQUAL_ZERO" + M)));
        l.add(c(Rule.PREDICATION_OFFSET_RANGE, direct("", "set_predication res 64 EQUAL_ZERO" + M)));
        l.add(c(Rule.PREDICATION_OP_INVALID, direct("", "set_predication res 0 LESS" + M)));
        l.add(c(Rule.WRITE_QUERY_TYPE, direct("", "write_query TIMESTAMP_DISJOINT 0 0 res 0 64" + M)));
        l.add(c(Rule.WRITE_QUERY_INDEX, direct("", "write_query OCCLUSION 2 0 res 0 64" + M)));
        l.add(c(Rule.WRITE_QUERY_OFFSET_ALIGNMENT, direct("", "write_query OCCLUSION 0 0 res 4 64" + M)));
        l.add(c(Rule.WRITE_QUERY_STRIDE, direct("", "write_query OCCLUSION 0 0 res 0 32" + M)));
        l.add(c(Rule.WRITE_QUERY_FLAGS, direct("", "write_query OCCLUSION 0 0x4 res 0 64" + M)));
        l.add(new Case("WRITE_QUERY_NO_PER_UNIT_COUNTERS", Rule.WRITE_QUERY_NO_PER_UNIT_COUNTERS,
                direct("", "write_query TIMESTAMP 0 0 res 0 64", "write_query OCCLUSION 0 0 res 0 64" + M), true, false));
        l.add(c(Rule.SO_STRIDE_INVALID, P + "pipeline_state p2 so_stream=0 so_stride=34" + M + "\n"));
        l.add(c(Rule.SO_STRIDE_INVALID, "smaller than a vertex", P + "pipeline_state p2 so_stream=0 so_stride=16" + M + "\n"));
        l.add(c(Rule.SO_STRIDE_INVALID, "over 2048", P + "pipeline_state p2 so_stream=3 so_stride=2052" + M + "\n"));
        l.add(new Case("COPY_QUEUE_TIMESTAMP_NOT_SUPPORTED", Rule.COPY_QUEUE_TIMESTAMP_NOT_SUPPORTED,
                list("COPY", "query_heap cq type=COPY_QUEUE_TIMESTAMP count=2" + M, "end_query cq TIMESTAMP 0"), false));
        l.add(c(Rule.BEGIN_ON_VIDEO_DECODE_STATISTICS, list("VIDEO_DECODE", DECODER, "decode_frame vd 100",
                "begin_query vq VIDEO_DECODE_STATISTICS 0" + M, "end_query vq VIDEO_DECODE_STATISTICS 0")));
        // ------------------------------------------------------------ D3D12 debug layer
        l.add(c(Rule.QUERY_BEGUN_TWICE, direct("", "begin_query qh OCCLUSION 0", "begin_query qh OCCLUSION 0" + M,
                "end_query qh OCCLUSION 0")));
        l.add(c(Rule.QUERY_END_WITHOUT_BEGIN, direct("", "end_query qh OCCLUSION 0" + M)));
        l.add(c(Rule.QUERY_TYPE_BEGIN_END_MISMATCH, direct("", "begin_query qh OCCLUSION 0",
                "end_query qh BINARY_OCCLUSION 0" + M)));
        l.add(c(Rule.RESOLVE_ACTIVE_QUERY, direct("", "begin_query qh OCCLUSION 0",
                "resolve_query_data qh OCCLUSION 0 1 res 0" + M, "end_query qh OCCLUSION 0")));
        l.add(c(Rule.RESOLVE_DEST_STATE, direct("buffer r2 size=8 state=COPY_SOURCE", "begin_query qh OCCLUSION 0",
                "end_query qh OCCLUSION 0", "resolve_query_data qh OCCLUSION 0 1 r2 0" + M)));
        l.add(c(Rule.PREDICATION_STATE, direct("buffer p size=8 state=COPY_DEST", "set_predication p 0 EQUAL_ZERO" + M)));
        l.add(c(Rule.BARRIER_STATE_MISMATCH, direct("", "resource_barrier res COPY_DEST COPY_SOURCE" + M)));
        l.add(c(Rule.RESOURCE_STATE_CONFLICT, direct("buffer src size=8 state=COPY_DEST",
                "copy_buffer_region res 0 src 0 8" + M)));
        l.add(c(Rule.RESOURCE_STATE_CONFLICT, "write state does not accumulate", direct("buffer src size=8",
                "copy_buffer_region src 0 res 0 8", "copy_buffer_region res 0 src 0 8" + M)));
        l.add(c(Rule.SO_TARGET_ALIGNMENT, direct("", "set_so_targets res 2 32 res 0" + M)));
        l.add(c(Rule.SO_TARGET_ALIGNMENT, "filled size", direct("", "set_so_targets null res 0 32 res 6" + M)));
        l.add(c(Rule.SO_TARGET_STATE, direct("buffer sob size=64 state=COPY_DEST\npipeline_state sop so_stream=0",
                "set_pipeline_state sop", "set_so_targets sob 0 64 res 0", "draw 3" + M)));
        l.add(c(Rule.SO_TARGET_STATE, "promoted by a copy", direct("buffer sob size=64\npipeline_state sop so_stream=2 so_slot=1",
                "set_pipeline_state sop", "copy_buffer_region res 0 sob 0 8", "set_so_targets null sob 0 64 sob 60",
                "draw_indexed 3" + M)));
        l.add(c(Rule.COPY_SAME_RESOURCE, direct("", "copy_buffer_region res 0 res 8 8" + M)));
        l.add(c(Rule.WRONG_LIST_TYPE, list("COMPUTE", "", "clear_render_target rt 0 0 0 1" + M)));
        l.add(c(Rule.WRONG_LIST_TYPE, "dispatch on copy", list("COPY", "", "dispatch 1 1 1" + M)));
        l.add(c(Rule.QUERY_NEVER_ENDED, direct("", "resolve_query_data qh OCCLUSION 0 1 res 0" + M)));
        return l;
    }

    static Stream<Case> allCases() {
        return cases().stream();
    }

    static Stream<Case> debugCases() {
        return cases().stream().filter(k -> k.rule().isDebugLayer());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("allCases")
    void reportsRuleAndLine(Case k) {
        int line = TestTraces.markedLine(k.text());
        if (k.rule().isWarning()) {
            List<TraceWarning> w = TestTraces.check(k.text(), true);
            assertEquals(1, w.size(), "warnings: " + w);
            assertEquals(k.rule(), w.get(0).rule());
            assertEquals(line, w.get(0).line(), w.get(0).message());
            return;
        }
        TraceException e = assertThrows(TraceException.class,
                () -> TestTraces.check(k.text(), true, k.copyQueueTimestamps(), k.perUnitCounters()));
        assertEquals(k.rule(), e.rule(), e.getMessage());
        assertEquals(line, e.line(), e.getMessage());
        assertEquals("t.trace:" + line + ": " + k.rule().name() + ": " + e.explanation(), e.getMessage());
    }

    /** The CLI's --no-debug-layer: the same traces run without error (or warning). */
    @ParameterizedTest(name = "{0}")
    @MethodSource("debugCases")
    void debugRulesAreSkippedWithoutTheDebugLayer(Case k) {
        assertEquals(List.of(), TestTraces.check(k.text(), false));
    }

    @Test
    void everyRuleHasACase() {
        Set<Rule> covered = EnumSet.noneOf(Rule.class);
        for (Case k : cases()) {
            covered.add(k.rule());
        }
        covered.add(Rule.UNREADABLE_FILE); // unreadableFile below
        covered.add(Rule.PARAM_UNKNOWN); // unknownParameterValue below
        Set<Rule> missing = EnumSet.complementOf(EnumSet.copyOf(covered));
        assertTrue(missing.isEmpty(), "rules without a test case: " + missing);
    }

    @Test
    void unreadableFile(@TempDir Path dir) {
        TraceException e = assertThrows(TraceException.class,
                () -> TraceReader.read(dir.resolve("missing.trace"), "missing.trace", TestTraces.BUDGET));
        assertEquals(Rule.UNREADABLE_FILE, e.rule());
        assertEquals(0, e.line());
        assertTrue(e.getMessage().startsWith("missing.trace:0: UNREADABLE_FILE: "), e.getMessage());
    }

    /** A value for a parameter the trace does not declare: reported at the last line, naming the declared ones. */
    @Test
    void unknownParameterValue() {
        String text = TestTraces.PRELUDE + "param STRIDE=64\nparam N=1\n# end\n";
        TraceException e = assertThrows(TraceException.class,
                () -> TraceReader.parse("t.trace", text, TestTraces.BUDGET, Map.of("STRDE", "128")));
        assertEquals(Rule.PARAM_UNKNOWN, e.rule());
        assertEquals(text.lines().count(), e.line());
        assertEquals("t.trace:" + e.line() + ": PARAM_UNKNOWN: a value is given for parameter STRDE but the trace "
                + "declares no 'param STRDE=...' (declared: STRIDE, N)", e.getMessage());
    }

    @Test
    void emptyTraceIsMissingItsHeader() {
        TraceException e = assertThrows(TraceException.class, () -> TestTraces.parse(""));
        assertEquals(Rule.MISSING_HEADER, e.rule());
        assertEquals(1, e.line());
    }
}
