package gpusim.gpu.ps;

import gpusim.config.ConfigKeys;
import gpusim.gpu.GpuContext;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.Stage;
import gpusim.gpu.query.QueryLayout;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.TileBatch;
import gpusim.gpu.work.Work;
import gpusim.sim.MemoryRequest;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Stat;
import java.util.ArrayDeque;
import java.util.List;

/**
 * The pixel stage: the shader array every DB region shares, as a clocked component. It
 * takes work from every DB in turn; a marker is acted on once every DB has delivered its
 * copy, and a DB that has delivered its copy is not read further until then, so that no
 * later fragment overtakes the marker. Counts PSInvocations (pixels with a sample that
 * passed depth/stencil, also for late-Z states, so that results do not depend on the
 * option). Costs ceil(quads x ps_cycles / shader.units) cycles a batch, where the quads are
 * those with a passing sample, or for a late-Z pipeline state (its shader runs before the
 * depth test) every quad with a covered sample. The colour backends are per region, charged by the DBs (a render back end is a DB
 * and a CB); the shading and colour writes themselves are done, region by region, by the
 * DB cores' {@link PixelShader}.
 */
public final class PixelStage extends Stage {
    private final List<BoundedQueue<Work>> in;
    private final Marker[] blockedOn;
    private int nextInput;
    private final ArrayDeque<TileBatch> pool;
    private final long shaderUnits;
    private final long defaultPsCycles;
    private final long[] counters;
    private final Stat.Scalar pixelsShaded;
    private final Stat.Scalar quadsShaded;

    public PixelStage(GpuContext ctx, List<BoundedQueue<Work>> in, ArrayDeque<TileBatch> pool,
                      gpusim.gpu.PipelineParams.ShaderParams p) {
        super(ctx, "ps", "pixel stage and colour backend: shading, blending, colour writes");
        this.in = in;
        this.blockedOn = new Marker[in.size()];
        this.pool = pool;
        this.shaderUnits = p.shaderUnits();
        this.defaultPsCycles = p.cyclesPerItem();
        this.counters = ctx.counters().value;
        this.pixelsShaded = stats.scalar("pixels_shaded", "pixels", "pixels shaded (PSInvocations)");
        this.quadsShaded = stats.scalar("quads_shaded", "quads", "2x2 quads the shader array ran: with a sample "
                + "passing depth/stencil, or for late-Z pipeline states with a covered sample");
    }

    @Override
    protected Work take(long now) {
        int n = in.size();
        for (int k = 0; k < n; k++) {
            int d = (nextInput + k) % n;
            if (blockedOn[d] != null) {
                continue;
            }
            Work w = in.get(d).peek(now);
            if (w != null) {
                in.get(d).pop(now);
                nextInput = (d + 1) % n;
                if (w instanceof Marker m) {
                    blockedOn[d] = m;
                }
                return w;
            }
        }
        return null;
    }

    @Override
    protected boolean inputPending() {
        for (BoundedQueue<Work> q : in) {
            if (!q.isEmpty()) {
                return true;
            }
        }
        for (Marker m : blockedOn) {
            if (m != null) {
                return true;
            }
        }
        return false;
    }

    @Override
    protected long process(Work w, long now) {
        if (w instanceof TileBatch tb) {
            counters[PipelineCounters.PS_INVOCATIONS] += tb.pixels;
            pixelsShaded.add(tb.pixels);
            gpusim.trace.PipelineState pso = tb.source.state.pso();
            long quads = pso.lateZ() ? tb.quadsCovered : tb.quads;
            quadsShaded.add(quads);
            long psCycles = pso.psCycles() >= 0 ? pso.psCycles() : defaultPsCycles;
            return ceilDiv(quads * psCycles, shaderUnits);
        }
        Marker m = (Marker) w;
        m.arrivals++;
        if (m.arrivals < in.size()) {
            return 1;
        }
        for (int d = 0; d < blockedOn.length; d++) {
            if (blockedOn[d] == m) {
                blockedOn[d] = null;
            }
        }
        switch (m.kind) {
            case STATS_SNAPSHOT: {
                if (!m.streamOut) {
                    m.snapshot[PipelineCounters.PS_INVOCATIONS] = counters[PipelineCounters.PS_INVOCATIONS];
                }
                long[] words = new long[m.fields + 1];
                if (!m.streamOut) {
                    System.arraycopy(m.snapshot, 0, words, 0, m.fields);
                } else {
                    // D3D12_QUERY_DATA_SO_STATISTICS order, counted by the stream-output unit.
                    words[0] = m.soWritten;
                    words[1] = m.soNeeded;
                }
                words[m.fields] = QueryLayout.WRITTEN;
                m.pendingWrites++;
                emitMemory(MemoryRequest.writeLongs(m.address, words, (r, t) -> {
                    m.pendingWrites--;
                    m.landedWrites++;
                    m.landedAt = Math.max(m.landedAt, t);
                }, m));
                return 1;
            }
            default:
                return 1;
        }
    }

    @Override
    protected void finished(Work w, long now) {
        if (w instanceof TileBatch tb) {
            tb.source = null;
            tb.done = null;
            pool.push(tb);
        }
    }
}
