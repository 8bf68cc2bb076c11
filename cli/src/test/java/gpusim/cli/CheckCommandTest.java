package gpusim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * How {@code gpusim check} sums up its traces, without a Vulkan device (ReplayCliTest runs the
 * command on one): a differing word decides the status; traces the device cannot run are
 * listed, not counted, unless the device could run none.
 */
class CheckCommandTest {
    @Test
    void theStatusSaysWhetherAWordDifferedAndWhetherAnythingRan() {
        // {traces, unsupported, differences that count, status}
        int[][] cases = {
            {3, 1, 2, 1}, {3, 0, 1, 1}, // a differing word, whatever the device could not run
            {3, 0, 0, 0}, {3, 2, 0, 0}, // unsupported traces are no difference
            {1, 1, 0, 5}, {4, 4, 0, 5}, // none ran: replay's unsupported status
        };
        for (int[] c : cases) {
            assertEquals(c[3], CheckCommand.exitStatus(c[0], c[1], c[2]), java.util.Arrays.toString(c));
        }
    }

    @Test
    void theLastLineNamesWhatWasNotCompared() {
        assertEquals("2 traces, 0 words differ", CheckCommand.totals(2, 0, 0, 0));
        assertEquals("3 traces, 1 words differ (and 4 implementation-defined pipeline statistics words); "
                + "2 unsupported by the device", CheckCommand.totals(3, 1, 4, 2));
        assertEquals("1 traces, 0 words differ; 1 unsupported by the device", CheckCommand.totals(1, 0, 0, 1));
    }
}
