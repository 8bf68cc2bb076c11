package gpusim.cli;

import static gpusim.cli.CliTest.gpusim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Queues, fences, copy-queue timestamps and video decode from the command line. */
class QueuesCliTest {
    static final Path EXAMPLE = Path.of("../examples/queues.trace");

    @TempDir
    Path tmp;

    @Test
    void theQueuesExampleRuns() throws IOException {
        Path json = tmp.resolve("r.json");
        CliTest.Outcome o = gpusim("run", EXAMPLE.toString(), "-q", "--json", json.toString());
        assertEquals(0, o.status(), o.err());
        JsonNode r = new ObjectMapper().readTree(json.toFile());
        JsonNode dumps = r.get("dumps");
        // The COPY queue copied the draw's occlusion result only after the DIRECT queue's signal.
        assertEquals(65536, dumps.get(0).get("values").get(0).asLong());
        JsonNode times = dumps.get(1).get("values");
        assertTrue(times.get(0).asLong() <= times.get(1).asLong(), "compute timestamps in order: " + times);
        assertTrue(times.get(2).asLong() <= times.get(3).asLong(), "copy timestamps in order: " + times);
        assertTrue(times.get(2).asLong() > times.get(1).asLong(), "the copy waited for the draw: " + times);
        JsonNode stats = dumps.get(2).get("values");
        // 8000 bytes at 16 cycles a byte (plus the bitstream read) is over the 100,000 cycles of a
        // 10000 fps frame: RATE_EXCEEDED (4); well within 29.97 fps: OK (0) with the heap's FrameRate.
        assertEquals(4, stats.get(0).asLong());
        assertEquals(0, stats.get(4).asLong());
        assertEquals(30000L | 1001L << 32, stats.get(6).asLong());
        assertEquals(0, stats.get(7).asLong());
        for (String engine : new String[] {"cp", "compute", "copy", "decode", "host"}) {
            assertTrue(r.get("stats").has(engine), engine);
        }
        assertTrue(r.get("stats").get("copy").get("fence_wait_cycles").get("value").asLong() > 0);
    }

    // CheckFeatureSupport(OPTIONS3).CopyQueueTimestampQueriesSupported FALSE: creating the heap fails.
    @Test
    void copyQueueTimestampHeapsNeedTheFeature() {
        CliTest.Outcome o = gpusim("run", EXAMPLE.toString(), "-q", "--set", "features.copy_queue_timestamps=off");
        assertEquals(2, o.status(), o.err());
        assertTrue(o.err().startsWith(EXAMPLE + ":18: COPY_QUEUE_TIMESTAMP_NOT_SUPPORTED: query heap cts is "
                + "COPY_QUEUE_TIMESTAMP"), o.err());
        assertFalse(o.err().contains("\tat "), o.err());
    }

    @Test
    void aWaitNoSignalSatisfiesIsRefusedAsADeadlock() throws IOException {
        Path t = tmp.resolve("d.trace");
        Files.writeString(t, "gpusim-trace 1\nfence f\nbuffer b size=8\ncommand_list c type=COPY\nclose\n"
                + "wait f 1 queue=COPY\nexecute c\ndump b\nsignal f 1\n");
        CliTest.Outcome o = gpusim("run", t.toString());
        assertEquals(2, o.status(), o.err());
        assertEquals(t + ":6: FENCE_WAIT_DEADLOCK: queue COPY waits for fence f to reach 1, but no signal submitted "
                + "before the dump at line 8 (which waits for every queue) brings it there (it reaches at most 0); "
                + "the queue would wait forever", o.err().strip());
    }
}
