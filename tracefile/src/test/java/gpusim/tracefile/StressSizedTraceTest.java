package gpusim.tracefile;

import gpusim.config.Config;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.trace.Resource;
import gpusim.trace.Trace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trace shaped like bench/stress-2k.trace (5 MB: 60,000 coloured vertices, 500 draws
 * with an occlusion query each) parses through the streaming window and validates, with
 * every vertex and draw in place. Its speed is measured by the JMH benchmark
 * {@code TraceParseBenchmark} in bench/, not here.
 */
class StressSizedTraceTest {
    static String stressLike() {
        Random r = new Random(1);
        StringBuilder sb = new StringBuilder(5_200_000);
        sb.append("gpusim-trace 1\nrender_target rt width=2048 height=1024 samples=1\n")
                .append("depth_stencil ds width=2048 height=1024 samples=1\n")
                .append("query_heap occ type=OCCLUSION count=500\nbuffer res size=4000 state=COPY_DEST\n")
                .append("pipeline_state pso cull=NONE depth_func=LESS\nvertex_buffer vb\n");
        for (int i = 0; i < 60000; i++) {
            sb.append("v ").append((r.nextInt(1 << 20) - (1 << 19)) / 524288.0).append(' ')
                    .append((r.nextInt(1 << 20) - (1 << 19)) / 524288.0).append(' ')
                    .append(r.nextInt(1 << 20) / 1048576.0).append(" 1 ")
                    .append(colour(r)).append(' ').append(colour(r)).append(' ').append(colour(r)).append(" 1\n");
        }
        sb.append("end\ncommand_list cl type=DIRECT\nset_render_targets rt=rt ds=ds\nset_viewport 0 0 2048 1024\n")
                .append("clear_depth_stencil ds depth=1\nset_vertex_buffer vb\nset_pipeline_state pso\n");
        for (int d = 0; d < 500; d++) {
            sb.append("begin_query occ OCCLUSION ").append(d).append("\ndraw 120 start=").append(d * 120)
                    .append("\nend_query occ OCCLUSION ").append(d).append('\n');
        }
        sb.append("resolve_query_data occ OCCLUSION 0 500 res 0\nclose\nexecute cl\ndump res\n");
        return sb.toString();
    }

    /** A colour component as the generator writes it: 0.xyz. */
    private static String colour(Random r) {
        int v = 1000 + r.nextInt(1000);
        return "0." + Integer.toString(v).substring(1);
    }

    @Test
    void stressSizedTraceParsesWhole(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("stress.trace");
        Files.writeString(f, stressLike(), StandardCharsets.UTF_8);
        Trace t = TraceReader.read(f, "stress.trace", TestTraces.BUDGET);
        assertEquals(0, TraceValidator.validate(t, true, TraceValidator.Machine.of(Config.defaults())).size());
        Resource.VertexBuffer vb = t.resources(Resource.VertexBuffer.class).get(0);
        assertEquals(60000, vb.vertexCount());
        // Spot-check the last vertex's colour alpha and the draw count of the only list.
        assertEquals(1.0f, vb.data()[60000 * Resource.VertexBuffer.FLOATS_PER_VERTEX - 1]);
        assertEquals(5 + 500 * 3 + 1, t.commandLists().get(0).commands().size());
    }
}
