package gpusim.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gpusim.config.Config;
import gpusim.harness.ConformanceTest;
import gpusim.replay.ReplayException;
import gpusim.replay.ReplayResult;
import gpusim.replay.Replayer;
import gpusim.replay.VulkanDevice;
import gpusim.trace.Trace;
import gpusim.tracefile.TraceReader;
import gpusim.tracefile.TraceValidator;
import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every conformance case and the predication example through {@code gpusim replay} on a real
 * Vulkan device (CI: Mesa's lavapipe, which .ci/run installs) gives exactly the expected dumps,
 * word for word. Without a Vulkan device these tests fail in CI (CI=true) and are skipped
 * elsewhere, as the Slurm tests are.
 */
class ReplayConformanceTest {
    private static VulkanDevice device;
    private static Replayer replayer;

    @BeforeAll
    static void open() {
        try {
            device = VulkanDevice.open(null);
            replayer = new Replayer(device);
        } catch (ReplayException e) {
            String why = "no Vulkan device for the replay tests: " + e.getMessage();
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail(why + "; in CI the replay tests must run (.ci/run installs lavapipe)");
            }
            Assumptions.abort(why);
        }
    }

    @AfterAll
    static void close() {
        if (replayer != null) {
            replayer.close();
        }
        if (device != null) {
            device.close();
        }
    }

    static Stream<Arguments> cases() {
        return ConformanceTest.cases();
    }

    static Trace trace(String name, String text) {
        Config config = Config.defaults();
        Trace t = TraceReader.parse(name + ".trace", text, config.get(TraceReader.MEMORY_BUDGET));
        TraceValidator.validate(t, true, TraceValidator.Machine.of(config));
        return t;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void replayGivesTheExpectedDumps(String name) throws IOException {
        ReplayResult r = replayer.run(trace(name, ConformanceTest.resource(name + ".trace")));
        JsonNode expected = new ObjectMapper().readTree(ConformanceTest.resource(name + ".expected.json"))
                .get("dumps");
        assertEquals(expected.size(), r.dumps().size(), name + ": number of dumps");
        for (int i = 0; i < expected.size(); i++) {
            JsonNode values = expected.get(i).get("values");
            long[] want = new long[values.size()];
            for (int j = 0; j < want.length; j++) {
                want[j] = values.get(j).bigIntegerValue().longValue();
            }
            assertEquals(expected.get(i).get("buffer").asText(), r.dumps().get(i).buffer(), name + " dump " + i);
            assertArrayEquals(want, r.dumps().get(i).values(), name + " dump " + i);
        }
    }

    /** Timestamps come back in the order written, as device ticks, and t1 - t0 of a draw is positive. */
    @Test
    void timestampsAreDeviceTicksInOrder() {
        String text = """
                gpusim-trace 1
                query_heap ts type=TIMESTAMP count=2
                buffer tsres size=16 state=COPY_DEST
                render_target rt width=64 height=64
                vertex_buffer vb
                v -1 -1 0.5 1
                v -1 3 0.5 1
                v 3 -1 0.5 1
                end
                pipeline_state p cull=NONE
                command_list cl type=DIRECT
                set_render_targets rt=rt
                set_vertex_buffer vb
                set_pipeline_state p
                end_query ts TIMESTAMP 0
                draw 3
                end_query ts TIMESTAMP 1
                resolve_query_data ts TIMESTAMP 0 2 tsres 0
                close
                execute cl
                dump tsres
                """;
        ReplayResult r = replayer.run(trace("ts", text));
        assertEquals(2, r.timestamps().size());
        long t0 = r.timestamps().get(0).ticks();
        long t1 = r.timestamps().get(1).ticks();
        assertTrue(t1 > t0, "t1 " + t1 + " after t0 " + t0);
        // The resolve wrote the same ticks into the buffer (masked to the valid bits).
        assertArrayEquals(new long[] {t0, t1}, r.dumps().get(0).values());
        assertEquals(0, r.timestamps().get(0).index());
        assertEquals(17, r.timestamps().get(1).line());
    }

    /**
     * Fences order the device's one queue: the COPY queue's wait comes first in the trace, but its
     * copy must see the DIRECT queue's resolve, signalled after it (a serial replay in trace order
     * would copy 0).
     */
    @Test
    void aWaitRunsAfterTheSignalItWaitsFor() {
        String text = """
                gpusim-trace 1
                fence f
                render_target rt width=64 height=64
                query_heap q type=OCCLUSION count=1
                buffer src size=8
                buffer dst size=8
                vertex_buffer vb
                v -1 -1 0.5 1
                v -1 3 0.5 1
                v 3 -1 0.5 1
                end
                pipeline_state p cull=NONE depth=off
                command_list c1 type=COPY
                copy_buffer_region dst 0 src 0 8
                close
                command_list d1 type=DIRECT
                set_render_targets rt=rt
                set_vertex_buffer vb
                set_pipeline_state p
                begin_query q OCCLUSION 0
                draw 3
                end_query q OCCLUSION 0
                resolve_query_data q OCCLUSION 0 1 src 0
                close
                wait f 1 queue=COPY
                execute c1 queue=COPY
                execute d1
                signal f 1 queue=DIRECT
                dump dst
                """;
        ReplayResult r = replayer.run(trace("fence", text));
        assertArrayEquals(new long[] {64 * 64}, r.dumps().get(0).values());
    }

    /** Per-unit counters have no Vulkan translation: refused before anything runs, with the line. */
    @Test
    void writeQueryIsRefusedWithItsLine() {
        String text = """
                gpusim-trace 1
                buffer res size=4096
                command_list cl type=DIRECT
                write_query OCCLUSION 0 0 res 0 64
                close
                execute cl
                dump res count=1
                """;
        ReplayException e = assertThrows(ReplayException.class, () -> replayer.run(trace("wq", text)));
        assertEquals(ReplayException.Kind.NOT_TRANSLATABLE, e.kind());
        assertTrue(e.getMessage().startsWith("line 4: write_query"), e.getMessage());
        assertEquals(6, e.kind().exitStatus());
    }
}
