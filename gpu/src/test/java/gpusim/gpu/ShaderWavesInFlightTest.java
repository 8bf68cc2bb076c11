package gpusim.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.ComparisonFunc;
import gpusim.api.CullMode;
import gpusim.trace.CommandList;
import gpusim.trace.Resource;
import gpusim.trace.Trace;
import org.junit.jupiter.api.Test;

/**
 * shader.waves_in_flight: the waves a shader engine holds while they wait out shader.latency.
 * Unset, the 16-entry queues behind the shaders bound them, so a run of tiny draws (one vertex
 * batch and one pixel wave each) goes at a queue's capacity per shader.latency (Little's law);
 * set large enough, the latency is hidden and the other stages set the pace.
 */
class ShaderWavesInFlightTest {
    /** {@code draws} draws of one triangle holding pixel (2, 2)'s centre, each its own three vertices. */
    private static RunResult draws(int draws, String... config) {
        float[] tri = TraceBuilder.pixelTriangle16(2.125, 2.125, 3.0, 2.125, 2.125, 3.0);
        float[] all = new float[draws * 12];
        for (int i = 0; i < draws; i++) {
            System.arraycopy(tri, 0, all, i * 12, 12);
        }
        TraceBuilder t = new TraceBuilder();
        Resource.RenderTarget rt = t.renderTarget("rt", 16, 16, 1);
        Resource.Pso p = t.pso("p", new TraceBuilder.Pso().cull(CullMode.NONE).depth(false, false,
                ComparisonFunc.ALWAYS));
        TraceBuilder.ListBuilder l = t.list("l").targets(rt, null).pso(p).vb(t.vertices("vb", all));
        for (int i = 0; i < draws; i++) {
            l.draw(3, 3L * i, 1);
        }
        CommandList list = l.close();
        Trace trace = t.execute(list).build();
        String[] base = {"shader.latency=200", "cp.cycles_per_command=4", "vs.cycles=1", "ps.cycles=1"};
        String[] all2 = new String[base.length + config.length];
        System.arraycopy(base, 0, all2, 0, base.length);
        System.arraycopy(config, 0, all2, base.length, config.length);
        return TraceBuilder.run(trace, all2);
    }

    /** Cycles the draws from the 65th to the 192nd took, a draw. */
    private static double slope(String... config) {
        return (draws(192, config).cycles() - draws(64, config).cycles()) / 128.0;
    }

    @Test
    void unsetTheQueuesBehindTheShadersBoundTheWavesInFlight() {
        // 16 entries over some 200 cycles each (shader.latency and the issue): 12.6 cycles a draw.
        assertEquals(12.5625, slope(), 1e-9);
        assertEquals(12.5625, slope("shader.waves_in_flight=0"), 1e-9);
    }

    @Test
    void setTheShadersNoLongerSetThePace() {
        // 64 waves an engine: the shaders' latency is hidden; the stages around them set 6.4 cycles a draw.
        assertEquals(6.4375, slope("shader.waves_in_flight=64"), 1e-9);
        assertEquals(6.4375, slope("shader.waves_in_flight=256"), 1e-9);
    }

    @Test
    void theCapacitiesFollowTheKey() {
        PipelineParams.ShaderArrayParams unset = new PipelineParams.ShaderArrayParams(4, 16, 10, 8);
        assertEquals(16, unset.vertexQueueCapacity(16));
        assertEquals(16, unset.pixelQueueCapacity(16, 2));
        PipelineParams.ShaderArrayParams set = new PipelineParams.ShaderArrayParams(4, 16, 10, 8, 32);
        assertEquals(128, set.vertexQueueCapacity(16)); // 32 waves on each of 4 engines
        assertEquals(16, set.pixelQueueCapacity(16, 2)); // an engine's 32 shared by its 2 owners
        assertEquals(32, set.pixelQueueCapacity(16, 1));
    }
}
