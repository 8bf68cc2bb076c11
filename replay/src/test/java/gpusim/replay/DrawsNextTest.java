package gpusim.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.trace.Command;
import gpusim.trace.CommandList;
import gpusim.trace.TopCommand;
import gpusim.trace.Trace;
import gpusim.tracefile.TraceReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Which timestamps the replay writes inside the instance of the draw after them
 * (docs/replay.md, "Timestamps and rendering instances"): those a draw follows with only state,
 * queries and timestamps between.
 */
class DrawsNextTest {
    private static final String TRACE = String.join("\n",
            "gpusim-trace 1",
            "query_heap ts type=TIMESTAMP count=6",
            "query_heap qh type=OCCLUSION count=2",
            "buffer res size=64 state=COPY_DEST",
            "render_target rt width=16 height=16",
            "vertex_buffer vb",
            "v 0 0 0 1",
            "v 1 0 0 1",
            "v 0 1 0 1",
            "end",
            "pipeline_state p",
            "command_list cl type=DIRECT",
            "set_render_targets rt=rt",
            "set_vertex_buffer vb",
            "set_pipeline_state p",
            "begin_query qh OCCLUSION 0",
            "draw 3",
            "end_query qh OCCLUSION 0",
            "resolve_query_data qh OCCLUSION 0 1 res 0",
            "end_query ts TIMESTAMP 0",       // a draw follows: opened before it
            "set_viewport 0 0 8 8",
            "begin_query qh OCCLUSION 1",
            "end_query ts TIMESTAMP 1",       // the same draw follows
            "draw 3",
            "end_query qh OCCLUSION 1",
            "end_query ts TIMESTAMP 2",       // a resolve comes first
            "resolve_query_data qh OCCLUSION 1 1 res 8",
            "end_query ts TIMESTAMP 3",       // new targets come first
            "set_render_targets rt=rt",
            "draw 3",
            "end_query ts TIMESTAMP 4",       // a clear comes first
            "clear_render_target rt 0 0 0 0",
            "draw 3",
            "end_query ts TIMESTAMP 5",       // the list ends
            "resolve_query_data ts TIMESTAMP 0 6 res 16",
            "close",
            "execute cl",
            "");

    @Test
    void aTimestampOpensTheInstanceOfTheDrawAfterItOnly() {
        Trace t = TraceReader.parse("t.trace", TRACE, 1L << 30);
        List<Command> commands = null;
        for (TopCommand c : t.submissions()) {
            if (c instanceof TopCommand.Execute e) {
                CommandList l = e.lists().get(0);
                commands = l.commands();
            }
        }
        List<Boolean> opened = new ArrayList<>();
        for (int i = 0; i < commands.size(); i++) {
            if (commands.get(i) instanceof Command.EndQuery q && q.type() == gpusim.api.QueryType.TIMESTAMP) {
                opened.add(Replayer.drawsNext(commands, i + 1));
            }
        }
        assertEquals(List.of(true, true, false, false, false, false), opened);
    }
}
