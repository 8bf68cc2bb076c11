package gpusim.gpu.ps;

import gpusim.api.BlendMode;
import gpusim.config.ConfigKeys;
import gpusim.gpu.GpuContext;
import gpusim.gpu.PipelineCounters;
import gpusim.gpu.Stage;
import gpusim.gpu.query.QueryLayout;
import gpusim.gpu.work.DrawState;
import gpusim.gpu.work.FragmentBatch;
import gpusim.gpu.work.Marker;
import gpusim.gpu.work.TriBatch;
import gpusim.gpu.work.Work;
import gpusim.memory.MemoryRequest;
import gpusim.sim.BoundedQueue;
import gpusim.sim.Stat;
import java.util.ArrayDeque;
import java.util.List;

/**
 * The pixel stage and colour backend: shades every pixel with a passing sample (colour
 * interpolated perspective-correctly at the pixel centre), blends (off, or SRC_ALPHA /
 * INV_SRC_ALPHA / ADD) and writes the passing samples through the colour write mask. It
 * takes work from every DB in turn; a marker is acted on once every DB has delivered its
 * copy, and a DB that has delivered its copy is not read further until then, so that no
 * later fragment overtakes the marker. Counts PSInvocations (pixels shaded). Costs
 * max(ceil(quads x ps_cycles / shader.units), ceil(pixels / cb.pixels_per_clock)) cycles a
 * batch.
 */
public final class PixelStage extends Stage {
    private final List<BoundedQueue<Work>> in;
    private final Marker[] blockedOn;
    private int nextInput;
    private final ArrayDeque<FragmentBatch> pool;
    private final long shaderUnits;
    private final long defaultPsCycles;
    private final long cbRate;
    private final long[] counters;
    private final Stat.Scalar pixelsShaded;
    private final Stat.Scalar quadsShaded;
    private final Stat.Scalar samplesWritten;

    public PixelStage(GpuContext ctx, List<BoundedQueue<Work>> in, ArrayDeque<FragmentBatch> pool) {
        super(ctx, "ps", "pixel stage and colour backend: shading, blending, colour writes");
        this.in = in;
        this.blockedOn = new Marker[in.size()];
        this.pool = pool;
        this.shaderUnits = ctx.config().get(ConfigKeys.SHADER_UNITS);
        this.defaultPsCycles = ctx.config().get(ConfigKeys.PS_CYCLES);
        this.cbRate = ctx.config().get(ConfigKeys.CB_PIXELS);
        this.counters = ctx.counters().value;
        this.pixelsShaded = stats.scalar("pixels_shaded", "pixels", "pixels shaded (PSInvocations)");
        this.quadsShaded = stats.scalar("quads_shaded", "quads", "2x2 quads with at least one shaded pixel");
        this.samplesWritten = stats.scalar("samples_written", "samples", "colour samples written");
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
        if (w instanceof FragmentBatch fb) {
            return shade(fb);
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
                }
                words[m.fields] = QueryLayout.WRITTEN;
                m.pendingWrites++;
                emitMemory(MemoryRequest.writeLongs(m.address, words, (r, t) -> {
                    m.pendingWrites--;
                    m.landedAt = Math.max(m.landedAt, t);
                }, m));
                return 1;
            }
            case CLEAR_COLOR: {
                ColorSurface rt = m.colorSurface;
                int v = ColorSurface.pack(m.rgba[0], m.rgba[1], m.rgba[2], m.rgba[3]);
                java.util.Arrays.fill(rt.rgba, v);
                return ceilDiv((long) rt.width * rt.height, cbRate * 4);
            }
            default:
                return 1;
        }
    }

    @Override
    protected void finished(Work w, long now) {
        if (w instanceof FragmentBatch fb) {
            fb.source = null;
            pool.push(fb);
        }
    }

    private long shade(FragmentBatch fb) {
        TriBatch src = fb.source;
        DrawState st = src.state;
        ColorSurface rt = st.rt();
        int n = fb.count;
        long pixels = 0;
        long quads = 0;
        int lastQuad = -1;
        int lastTri = -1;
        int writeMask = st.pso().colorWriteMask();
        int channelMask = ((writeMask & 1) != 0 ? 0xFF : 0) | ((writeMask & 2) != 0 ? 0xFF00 : 0)
                | ((writeMask & 4) != 0 ? 0xFF0000 : 0) | ((writeMask & 8) != 0 ? 0xFF000000 : 0);
        boolean blend = st.pso().blend() == BlendMode.ALPHA;
        boolean writes = rt != null && channelMask != 0;
        long written = 0;
        for (int i = 0; i < n; i++) {
            int m = fb.mask[i];
            if (m == 0) {
                continue;
            }
            int t = fb.tri[i];
            int x = fb.xy[i] & 0xFFFF;
            int y = fb.xy[i] >>> 16;
            int quad = ((y >> 1) << 15) | (x >> 1);
            if (quad != lastQuad || t != lastTri) {
                quads++;
                lastQuad = quad;
                lastTri = t;
            }
            pixels++;
            if (!writes) {
                continue;
            }
            int color = shadePixel(src, t, x, y, blend, rt, m, channelMask);
            written += Integer.bitCount(m);
        }
        counters[PipelineCounters.PS_INVOCATIONS] += pixels;
        pixelsShaded.add(pixels);
        quadsShaded.add(quads);
        samplesWritten.add(written);
        long psCycles = st.psCycles() >= 0 ? st.psCycles() : defaultPsCycles;
        return Math.max(ceilDiv(quads * psCycles, shaderUnits), ceilDiv(pixels, cbRate));
    }

    /** Interpolates the colour at the pixel centre and writes it (blended, masked) to the passing samples. */
    private static int shadePixel(TriBatch src, int t, int x, int y, boolean blend, ColorSurface rt, int m,
                                  int channelMask) {
        long px = (long) x * 256 + 128;
        long py = (long) y * 256 + 128;
        double w0 = 0, w1 = 0, w2 = 0;
        long[] e = src.edge;
        int eo = t * 9;
        double e0 = e[eo] * px + e[eo + 1] * py + e[eo + 2];
        double e1 = e[eo + 3] * px + e[eo + 4] * py + e[eo + 5];
        double e2 = e[eo + 6] * px + e[eo + 7] * py + e[eo + 8];
        w0 = e0 * src.invW[t * 3];
        w1 = e1 * src.invW[t * 3 + 1];
        w2 = e2 * src.invW[t * 3 + 2];
        double sum = w0 + w1 + w2;
        if (sum == 0) {
            sum = 1;
        }
        int co = t * 12;
        float[] c = src.color;
        float r = (float) ((w0 * c[co] + w1 * c[co + 4] + w2 * c[co + 8]) / sum);
        float g = (float) ((w0 * c[co + 1] + w1 * c[co + 5] + w2 * c[co + 9]) / sum);
        float b = (float) ((w0 * c[co + 2] + w1 * c[co + 6] + w2 * c[co + 10]) / sum);
        float a = (float) ((w0 * c[co + 3] + w1 * c[co + 7] + w2 * c[co + 11]) / sum);
        int packed = ColorSurface.pack(r, g, b, a);
        int base = (y * rt.width + x) * rt.samples;
        int[] rgba = rt.rgba;
        while (m != 0) {
            int s = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            int idx = base + s;
            int dst = rgba[idx];
            int v = packed;
            if (blend) {
                v = blendAlpha(r, g, b, a, dst);
            }
            rgba[idx] = (dst & ~channelMask) | (v & channelMask);
        }
        return packed;
    }

    /** SRC_ALPHA, INV_SRC_ALPHA, ADD on every channel, in float, then back to UNORM8. */
    private static int blendAlpha(float r, float g, float b, float a, int dst) {
        float sa = Math.max(0f, Math.min(1f, a));
        float ia = 1f - sa;
        float dr = (dst & 0xFF) / 255f;
        float dg = ((dst >>> 8) & 0xFF) / 255f;
        float db = ((dst >>> 16) & 0xFF) / 255f;
        float da = ((dst >>> 24) & 0xFF) / 255f;
        return ColorSurface.pack(r * sa + dr * ia, g * sa + dg * ia, b * sa + db * ia, a * sa + da * ia);
    }
}
