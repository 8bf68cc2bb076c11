package gpusim.cli;

import static gpusim.cli.CliTest.gpusim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The ROP back end from the command line: what it refuses, and how. */
class RopCliTest {
    static final Path STUDY = Path.of("../examples/occlusion-study.trace");

    /**
     * The occlusion study writes per-DB counters at a stride with WriteQuery: on the ROP back
     * end, which keeps no per-unit counters in memory, its first write_query OCCLUSION is
     * refused as a trace error (exit 2, FILE:LINE: RULE: explanation, no stack trace).
     */
    @Test
    void writeQueryAtAStrideIsRefusedOnTheRops() {
        CliTest.Outcome o = gpusim("run", STUDY.toString(), "-q", "--set", "backend.kind=rops");
        assertEquals(2, o.status(), o.err());
        assertTrue(o.err().startsWith(STUDY + ":1581: WRITE_QUERY_NO_PER_UNIT_COUNTERS: write_query OCCLUSION "
                + "writes each depth block's counter at OFFSET + db x STRIDE, but backend.kind=rops sums its ROPs' "
                + "counts on chip into one report per query: that layout does not exist there"), o.err());
        assertFalse(o.err().contains("\tat "), o.err());
    }

    /** A sweep over the back ends validates each: the ROP combination is refused before anything runs. */
    @Test
    void aSweepOverTheBackEndsRefusesWriteQueryOnTheRops(@org.junit.jupiter.api.io.TempDir Path tmp) {
        Path out = tmp.resolve("out");
        CliTest.Outcome o = gpusim("sweep", STUDY.toString(), "--out", out.toString(), "--vary",
                "backend.kind=render_back_ends,rops");
        assertEquals(2, o.status(), o.err());
        assertTrue(o.err().startsWith("gpusim sweep: " + STUDY + ":1581: WRITE_QUERY_NO_PER_UNIT_COUNTERS: "), o.err());
        assertTrue(o.err().endsWith("(configuration backend.kind=rops)\n"), o.err());
        assertFalse(java.nio.file.Files.exists(out), "nothing ran");
    }

    /** More ROP units than can own screen tiles: a usage error naming the keys, no stack trace. */
    @Test
    void tooManyRopUnitsIsAUsageError() {
        CliTest.Outcome o = gpusim("run", "../examples/queues.trace", "-q", "--set", "backend.kind=rops",
                "--set", "rop.partitions=32", "--set", "rop.units_per_partition=2");
        assertEquals(2, o.status(), o.err());
        assertTrue(o.err().contains("rop.partitions x rop.units_per_partition = 32 x 2 = 64 ROP units, but at most "
                + "32 can own screen tiles"), o.err());
        assertFalse(o.err().contains("\tat "), o.err());
    }
}
