package gpusim.gpu.vs;

import gpusim.config.ConfigKeys;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.PipeStage;
import gpusim.gpu.StageWiring;
import gpusim.gpu.so.StreamOutUnit;
import gpusim.gpu.work.GeomBatch;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.SoStatisticsMarker;
import gpusim.gpu.work.SoTargets;
import gpusim.gpu.work.StatisticsMarker;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;
import gpusim.trace.Resource;

/**
 * The vertex stage: runs the trace's vertex "shader", clip = M x (x y z w) in 32-bit
 * floats with M row-major, and passes the colour through. Counts VSInvocations, one per
 * unique vertex of a batch. Its shading is booked on the shader engine free first,
 * ceil(vertices x vs_cycles / units per engine) cycles, contending with pixel waves
 * ({@link gpusim.gpu.se.ShaderArray}); the stage dispatches a batch a cycle and the batch
 * leaves, in order, {@code shader.latency} cycles after its booking ends.
 */
public final class VertexStage extends PipeStage {
    private final gpusim.gpu.se.ShaderArray shaders;
    private final long latency;
    private final long defaultVsCycles;
    private final long[] counters;
    /** The stream-output counters (SO statistics snapshots read them). */
    private final PipelineCounters pipeline;
    private final StreamOutUnit streamOut;

    public VertexStage(StageWiring wiring, PipelineCounters counters, BoundedQueue<Work> in,
                       gpusim.gpu.se.ShaderArray shaders,
                       gpusim.gpu.PipelineParams.ShaderParams p) {
        super(wiring, "vs", "vertex stage: vertex transform and attribute pass-through", in);
        this.shaders = shaders;
        this.latency = shaders.latency();
        this.defaultVsCycles = p.cyclesPerItem();
        this.counters = counters.value;
        this.pipeline = counters;
        this.streamOut = new StreamOutUnit(counters, this::emitMemory);
        stats.formula("so_vertices", "vertices", "vertices written to stream-output buffers",
                () -> (double) streamOut.verticesWritten());
    }

    @Override
    protected long process(Work w, long now) {
        if (w instanceof Marker m) {
            if (m instanceof SoTargets t) {
                // SOSetTargets reaches the stream-output unit behind every earlier draw.
                streamOut.bind(t.binding());
                return 1;
            }
            if (m instanceof StatisticsMarker s) {
                s.snapshot()[PipelineCounters.VS_INVOCATIONS] = counters[PipelineCounters.VS_INVOCATIONS];
            } else if (m instanceof SoStatisticsMarker s) {
                s.counts()[0] = pipeline.soWritten[s.stream()];
                s.counts()[1] = pipeline.soNeeded[s.stream()];
            }
            emit(out, m);
            return 1;
        }
        GeomBatch b = (GeomBatch) w;
        float[] m = b.state.transform();
        boolean identity = b.state.identityTransform();
        float[] src = b.state.vb().data();
        int fpv = Resource.VertexBuffer.FLOATS_PER_VERTEX;
        for (int i = 0; i < b.vertexCount; i++) {
            int s = b.sourceVertex[i] * fpv;
            float x = src[s];
            float y = src[s + 1];
            float z = src[s + 2];
            float wv = src[s + 3];
            int o = i * 4;
            if (identity) {
                b.position[o] = x;
                b.position[o + 1] = y;
                b.position[o + 2] = z;
                b.position[o + 3] = wv;
            } else {
                b.position[o] = m[0] * x + m[1] * y + m[2] * z + m[3] * wv;
                b.position[o + 1] = m[4] * x + m[5] * y + m[6] * z + m[7] * wv;
                b.position[o + 2] = m[8] * x + m[9] * y + m[10] * z + m[11] * wv;
                b.position[o + 3] = m[12] * x + m[13] * y + m[14] * z + m[15] * wv;
            }
            b.color[o] = src[s + 4];
            b.color[o + 1] = src[s + 5];
            b.color[o + 2] = src[s + 6];
            b.color[o + 3] = src[s + 7];
        }
        counters[PipelineCounters.VS_INVOCATIONS] += b.vertexCount;
        int pso = b.state.pso().vsCycles();
        long vsCycles = pso >= 0 ? pso : defaultVsCycles;
        // The batch's vertex waves take the units of the shader engine free first, shared with
        // pixel work; the stage only dispatches them (a cycle), so batches shade on several
        // engines at once and leave, in order, when their shading is done (+ shader.latency).
        long done = shaders.bookVertices(now, b.vertexCount * vsCycles) + latency;
        // Stream output sits after the vertex stage, before clipping; RasterizedStream decides
        // whether the batch goes on.
        if (streamOut.process(b)) {
            emit(out, b, done - now - 1);
        }
        return 1;
    }
}
