package gpusim.tracefile;

import gpusim.config.SimKeys;
import gpusim.trace.Trace;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * WriteQuery(OCCLUSION) writes one 64-bit counter per DB at OFFSET + db x STRIDE (the Xbox One XDK's WriteQuery):
 * the last DB's result must fit in the buffer, so the check depends on the DB count.
 */
class WriteQueryRangeTest {
    // 512 bytes: at stride 256, DBs 0 and 1 fit (last result at 256..263), DB 3 would write at 768.
    static final String TRACE = TestTraces.direct("buffer wq size=512",
            "write_query OCCLUSION 0 0 wq 0 256");

    @Test
    void everyDbResultMustFitTheBuffer() {
        Trace t = TraceReader.parse("wq.trace", TRACE, TestTraces.BUDGET);
        assertEquals(0, TraceValidator.validate(t, true, new TraceValidator.Machine(2, true, SimKeys.MAX_VERTICES.defaultValue())).size());
        TraceException e = assertThrows(TraceException.class, () -> TraceValidator.validate(t, true, new TraceValidator.Machine(4, true, SimKeys.MAX_VERTICES.defaultValue())));
        assertEquals(Rule.WRITE_QUERY_RANGE, e.rule());
        assertEquals("write_query OCCLUSION 0 0 wq 0 256",
                TRACE.lines().skip(e.line() - 1).findFirst().orElse("").trim());
    }
}
