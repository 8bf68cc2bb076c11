package gpusim.gpu.ia;

import gpusim.api.PrimitiveTopology;
import gpusim.config.ConfigKeys;
import gpusim.gpu.GpuContext;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.PipeStage;
import gpusim.gpu.work.DrawPacket;
import gpusim.gpu.work.GeomBatch;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.Work;
import gpusim.sim.BoundedQueue;

/**
 * Input assembly: turns a draw into batches of triangles (lists and strips, indexed or
 * not, instanced), finding each batch's unique vertices so that the vertex stage shades a
 * vertex shared within a batch once. Counts IAVertices and IAPrimitives. Costs
 * ceil(indices / ia.vertices_per_clock) cycles a batch.
 */
public final class InputAssembler extends PipeStage {
    public static final int BATCH_PRIMS = 32;

    private final long verticesPerClock;
    private final long[] counters;
    // Progress through the current draw.
    private long instance;
    private long prim;
    private long primsPerInstance;
    private final int[] hashKey = new int[256];
    private final int[] hashVal = new int[256];
    private final int[] hashGen = new int[256];
    private int gen;

    public InputAssembler(GpuContext ctx, BoundedQueue<Work> in) {
        super(ctx, "ia", "input assembly: vertex and index fetch, primitive assembly", in);
        this.verticesPerClock = ctx.config().get(ConfigKeys.IA_VERTS);
        this.counters = ctx.counters().value;
    }

    @Override
    protected Work take(long now) {
        Work w = super.take(now);
        if (w != null) {
            if (w instanceof DrawPacket d) {
                instance = 0;
                prim = 0;
                primsPerInstance = d.state().pso().topology().primitives(d.count());
                counters[PipelineCounters.IA_VERTICES] += d.count() * d.instances();
                counters[PipelineCounters.IA_PRIMITIVES] += primsPerInstance * d.instances();
            }
        }
        return w;
    }

    @Override
    protected boolean continues(Work w) {
        return w instanceof DrawPacket d && instance < d.instances() && primsPerInstance > 0;
    }

    @Override
    protected long process(Work w, long now) {
        if (w instanceof Marker m) {
            if (m.kind == Marker.Kind.STATS_SNAPSHOT) {
                m.snapshot[PipelineCounters.IA_VERTICES] = counters[PipelineCounters.IA_VERTICES];
                m.snapshot[PipelineCounters.IA_PRIMITIVES] = counters[PipelineCounters.IA_PRIMITIVES];
            }
            emit(out, m);
            return 1;
        }
        DrawPacket d = (DrawPacket) w;
        if (primsPerInstance == 0 || d.instances() == 0) {
            instance = d.instances();
            return 1;
        }
        GeomBatch b = new GeomBatch(d.drawId(), d.state(), BATCH_PRIMS);
        gen++;
        boolean strip = d.state().pso().topology() == PrimitiveTopology.TRIANGLE_STRIP;
        int[] indices = d.indexed() ? d.state().ib().indices() : null;
        int fetched = 0;
        while (b.primCount < BATCH_PRIMS && prim < primsPerInstance) {
            long first = strip ? prim : prim * 3;
            for (int k = 0; k < 3; k++) {
                long j = first + k;
                if (strip && (prim & 1) == 1 && k < 2) {
                    j = first + (1 - k); // odd strip triangles swap their first two vertices to keep the winding
                }
                long pos = d.start() + j;
                int vertex = indices != null ? (int) (Integer.toUnsignedLong(indices[(int) pos]) + d.baseVertex())
                        : (int) pos;
                b.prims[b.primCount * 3 + k] = local(b, vertex);
            }
            fetched += strip && b.primCount > 0 ? 1 : 3;
            b.primCount++;
            prim++;
        }
        if (prim == primsPerInstance) {
            prim = 0;
            instance++;
        }
        emit(out, b);
        return ceilDiv(fetched, verticesPerClock);
    }

    /** The batch-local slot of a source vertex, adding it if new (vertex reuse within a batch). */
    private int local(GeomBatch b, int vertex) {
        int h = (vertex * 0x9E3779B9) >>> 24;
        while (hashGen[h] == gen) {
            if (hashKey[h] == vertex) {
                return hashVal[h];
            }
            h = (h + 1) & 255;
        }
        hashGen[h] = gen;
        hashKey[h] = vertex;
        hashVal[h] = b.vertexCount;
        b.sourceVertex[b.vertexCount] = vertex;
        return b.vertexCount++;
    }
}
