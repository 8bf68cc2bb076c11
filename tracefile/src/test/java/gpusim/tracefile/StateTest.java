package gpusim.tracefile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Buffer states in execution order (trace-format.md, "Resource states"). */
class StateTest {
    private static final String HEAD = "gpusim-trace 1\n"          // 1
            + "query_heap qh type=OCCLUSION count=2\n"               // 2
            + "buffer p size=16 state=PREDICATION\n"                 // 3
            + "buffer d size=16 state=COPY_DEST\n"                   // 4
            + "buffer c size=16\n";                                  // 5

    private static TraceException fails(String text) {
        return assertThrows(TraceException.class, () -> TestTraces.check(text, true));
    }

    @Test
    void everyBufferDecaysToCommonAfterAnExecute() {
        String text = HEAD
                + "command_list a type=DIRECT\n"                     // 6
                + "resource_barrier d COPY_DEST COPY_SOURCE\n"       // 7
                + "close\n"                                          // 8
                + "command_list b type=DIRECT\n"                     // 9
                + "close\n"                                          // 10
                + "execute b\n"                                      // 11: touches nothing, still decays
                + "execute a\n";                                     // 12
        TraceException e = fails(text);
        assertEquals(Rule.BARRIER_STATE_MISMATCH, e.rule());
        assertEquals(7, e.line());
        assertTrue(e.explanation().contains("execute at line 12"), e.explanation());
        assertTrue(e.explanation().contains("it is COMMON"), e.explanation());
        // Before any execute completes, the declared state holds.
        assertEquals(List.of(), TestTraces.check(text.replace("execute b\n", ""), true));
    }

    @Test
    void listsOfOneExecuteSeeNoDecay() {
        String lists = HEAD
                + "command_list a type=DIRECT\nresource_barrier c COMMON COPY_DEST\nclose\n"
                + "command_list b type=DIRECT\nresource_barrier c COPY_DEST COPY_SOURCE\nclose\n";
        assertEquals(List.of(), TestTraces.check(lists + "execute a b\n", true));
        TraceException e = fails(lists + "execute a\nexecute b\n");
        assertEquals(Rule.BARRIER_STATE_MISMATCH, e.rule());
        assertEquals(10, e.line());
    }

    @Test
    void commonIsPromotedAndReadStatesAccumulate() {
        // c: COMMON -> PREDICATION (promoted), + COPY_SOURCE (read, accumulates).
        String ok = HEAD + "buffer e size=16\n"
                + "command_list a type=DIRECT\n"
                + "set_predication c 0 EQUAL_ZERO\n"
                + "copy_buffer_region e 0 c 0 8\n"
                + "set_predication null\n"
                + "close\nexecute a\n";
        assertEquals(List.of(), TestTraces.check(ok, true));
        // A declared (not promoted) read state does not accumulate: p is PREDICATION by declaration.
        String declared = HEAD + "buffer e size=16\n"
                + "command_list a type=DIRECT\n"                     // 7
                + "set_predication p 0 EQUAL_ZERO\n"                 // 8
                + "copy_buffer_region e 0 p 0 8\n"                   // 9
                + "close\nexecute a\n";
        TraceException e = fails(declared);
        assertEquals(Rule.RESOURCE_STATE_CONFLICT, e.rule());
        assertEquals(9, e.line());
    }

    @Test
    void promotedWriteStateNeedsABarrier() {
        // Resolving into c promotes it to COPY_DEST; predicating on it then needs a barrier.
        String bad = HEAD
                + "command_list a type=DIRECT\n"                     // 6
                + "begin_query qh BINARY_OCCLUSION 0\n"              // 7
                + "end_query qh BINARY_OCCLUSION 0\n"                // 8
                + "resolve_query_data qh BINARY_OCCLUSION 0 1 c 0\n" // 9
                + "set_predication c 0 EQUAL_ZERO\n"                 // 10
                + "close\nexecute a\n";
        TraceException e = fails(bad);
        assertEquals(Rule.PREDICATION_STATE, e.rule());
        assertEquals(10, e.line());
        String good = bad.replace("set_predication c 0", "resource_barrier c COPY_DEST PREDICATION\nset_predication c 0");
        assertEquals(List.of(), TestTraces.check(good, true));
        // ... and in the next frame c has decayed to COMMON: promoted again, no barrier needed.
        assertEquals(List.of(), TestTraces.check(good + "execute a\n", true));
    }

    @Test
    void stateErrorInSecondListReportsItsLine() {
        String text = HEAD
                + "command_list a type=DIRECT\nresource_barrier d COPY_DEST COPY_SOURCE\nclose\n" // 6-8
                + "command_list b type=DIRECT\n"                                                  // 9
                + "copy_buffer_region d 0 c 0 8\n"                                                // 10
                + "close\n"                                                                       // 11
                + "execute a b\n";                                                                // 12
        TraceException e = fails(text);
        assertEquals(Rule.RESOURCE_STATE_CONFLICT, e.rule());
        assertEquals(10, e.line());
        assertTrue(e.explanation().contains("execute at line 12"));
    }

    @Test
    void neverEndedWarningOncePerResolveAndNotAfterAnEnd() {
        String text = HEAD
                + "command_list r type=DIRECT\nresolve_query_data qh OCCLUSION 0 2 c 0\nclose\n" // 6-8
                + "command_list q type=DIRECT\nbegin_query qh OCCLUSION 0\nend_query qh OCCLUSION 0\n"
                + "begin_query qh OCCLUSION 1\nend_query qh OCCLUSION 1\nclose\n"
                + "execute r\nexecute r\nexecute q\nexecute r\n";
        List<TraceWarning> w = TestTraces.check(text, true);
        assertEquals(1, w.size(), w.toString());
        assertEquals(7, w.get(0).line());
        assertEquals(Rule.QUERY_NEVER_ENDED, w.get(0).rule());
        assertTrue(w.get(0).message().startsWith("t.trace:7: QUERY_NEVER_ENDED: "));
        // Ended in an earlier execute: no warning.
        String after = text.replace("execute r\nexecute r\nexecute q\nexecute r\n", "execute q\nexecute r\n");
        assertEquals(List.of(), TestTraces.check(after, true));
    }

    @Test
    void firstErrorInTraceOrder() {
        // The execute at line 9 runs list a (state error at line 7) before list b (recorded
        // later, with a record-time error at line 11) exists.
        String text = HEAD
                + "command_list a type=DIRECT\nresource_barrier c COPY_DEST COMMON\nclose\n" // 6-8
                + "execute a\n"                                                           // 9
                + "command_list b type=DIRECT\nend_query qh OCCLUSION 0\nclose\n";        // 10-12
        TraceException e = fails(text);
        assertEquals(Rule.BARRIER_STATE_MISMATCH, e.rule());
        assertEquals(7, e.line());
    }
}
