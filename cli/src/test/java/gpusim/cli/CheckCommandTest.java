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
    void aDifferingWordIsStatusOneWhateverTheDeviceCouldNotRun() {
        assertEquals(1, CheckCommand.exitStatus(3, 1, 2));
        assertEquals(1, CheckCommand.exitStatus(3, 0, 1));
    }

    @Test
    void unsupportedTracesAreNoDifference() {
        assertEquals(0, CheckCommand.exitStatus(3, 0, 0));
        assertEquals(0, CheckCommand.exitStatus(3, 2, 0));
    }

    @Test
    void aDeviceThatCouldRunNoTraceIsReplaysUnsupportedStatus() {
        assertEquals(5, CheckCommand.exitStatus(1, 1, 0));
        assertEquals(5, CheckCommand.exitStatus(4, 4, 0));
    }

    @Test
    void theLastLineNamesWhatWasNotCompared() {
        assertEquals("2 traces, 0 words differ", CheckCommand.totals(2, 0, 0, 0));
        assertEquals("3 traces, 1 words differ (and 4 implementation-defined pipeline statistics words); "
                + "2 unsupported by the device", CheckCommand.totals(3, 1, 4, 2));
        assertEquals("1 traces, 0 words differ; 1 unsupported by the device", CheckCommand.totals(1, 0, 0, 1));
    }
}
