package gpusim.tracefile.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.config.Config;
import gpusim.tracefile.TraceReader;
import gpusim.tracefile.TraceValidator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The per-draw timestamp form on a stress trace of three draws, line for line (the stress-2k
 * form of the shared set is checked whole in cli's MicrobenchCommandTest).
 */
class PerDrawTimestampsTest {
    static final String STRESS = String.join("\n",
            "gpusim-trace 1",
            "# stress: 3 draws x 1 triangles, 64x32, 1 sample(s), seed 1",
            "render_target rt width=64 height=32 samples=1",
            "depth_stencil ds width=64 height=32 samples=1",
            "query_heap occ type=OCCLUSION count=3",
            "buffer res size=24 state=COPY_DEST",
            "pipeline_state pso cull=NONE depth_func=LESS",
            "vertex_buffer vb",
            "v -1 -1 0.5 1",
            "v 1 -1 0.5 1",
            "v -1 1 0.5 1",
            "end",
            "command_list cl type=DIRECT",
            "set_pipeline_state pso",
            "set_render_targets rt=rt ds=ds",
            "set_viewport 0 0 64 32",
            "clear_depth_stencil ds depth=1",
            "set_vertex_buffer vb",
            "begin_query occ OCCLUSION 0",
            "draw 3",
            "end_query occ OCCLUSION 0",
            "begin_query occ OCCLUSION 1",
            "draw 3",
            "end_query occ OCCLUSION 1",
            "begin_query occ OCCLUSION 2",
            "draw 3",
            "end_query occ OCCLUSION 2",
            "resolve_query_data occ OCCLUSION 0 3 res 0",
            "close",
            "execute cl",
            "dump res",
            "");

    @Test
    void aTimestampBeforeTheFirstDrawAndAfterEveryDraw() throws PerDrawTimestamps.NotApplicable {
        String expected = String.join("\n",
                "gpusim-trace 1",
                "# stress: 3 draws x 1 triangles, 64x32, 1 sample(s), seed 1",
                "render_target rt width=64 height=32 samples=1",
                "depth_stencil ds width=64 height=32 samples=1",
                "query_heap occ type=OCCLUSION count=3",
                "buffer res size=24 state=COPY_DEST",
                "pipeline_state pso cull=NONE depth_func=LESS",
                "vertex_buffer vb",
                "v -1 -1 0.5 1",
                "v 1 -1 0.5 1",
                "v -1 1 0.5 1",
                "end",
                "query_heap tsq type=TIMESTAMP count=4",
                "buffer tsb size=32 state=COPY_DEST",
                "command_list cl type=DIRECT",
                "set_pipeline_state pso",
                "set_render_targets rt=rt ds=ds",
                "set_viewport 0 0 64 32",
                "clear_depth_stencil ds depth=1",
                "set_vertex_buffer vb",
                "begin_query occ OCCLUSION 0",
                "end_query tsq TIMESTAMP 0",
                "draw 3",
                "end_query tsq TIMESTAMP 1",
                "end_query occ OCCLUSION 0",
                "begin_query occ OCCLUSION 1",
                "draw 3",
                "end_query tsq TIMESTAMP 2",
                "end_query occ OCCLUSION 1",
                "begin_query occ OCCLUSION 2",
                "draw 3",
                "end_query tsq TIMESTAMP 3",
                "end_query occ OCCLUSION 2",
                "resolve_query_data occ OCCLUSION 0 3 res 0",
                "resolve_query_data tsq TIMESTAMP 0 4 tsb 0",
                "close",
                "execute cl",
                "dump res",
                "dump tsb",
                "");
        String stamped = PerDrawTimestamps.apply(STRESS);
        assertEquals(expected, stamped);
        assertEquals(List.of(), TraceValidator.validate(TraceReader.parse("s.trace", stamped, 1L << 30), true,
                TraceValidator.Machine.of(Config.defaults())));
    }

    @Test
    void withoutADumpTheTimestampsAreTheLastLine() throws PerDrawTimestamps.NotApplicable {
        String stamped = PerDrawTimestamps.apply(STRESS.replace("dump res\n", ""));
        assertTrue(stamped.endsWith("execute cl\ndump tsb\n"), stamped);
    }

    @Test
    void tracesWithoutAPerDrawFormAreRefused() {
        assertEquals("no draws to time", assertThrows(PerDrawTimestamps.NotApplicable.class,
                () -> PerDrawTimestamps.apply(STRESS.replace("draw 3\n", ""))).getMessage());
        assertEquals("line 5: the trace already declares tsq", assertThrows(PerDrawTimestamps.NotApplicable.class,
                () -> PerDrawTimestamps.apply(STRESS.replace("query_heap occ", "query_heap tsq"))).getMessage());
        String twoLists = STRESS.replace("execute cl\n", "execute cl\ncommand_list c2 type=DIRECT\ndraw 3\nclose\n");
        assertTrue(assertThrows(PerDrawTimestamps.NotApplicable.class, () -> PerDrawTimestamps.apply(twoLists))
                .getMessage().contains("draws in a second command list"));
        assertEquals("the command list with the draws is not closed", assertThrows(PerDrawTimestamps.NotApplicable.class,
                () -> PerDrawTimestamps.apply(STRESS.replace("close\n", ""))).getMessage());
    }
}
