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
        long quads = fb.quads;
        int writeMask = st.pso().colorWriteMask();
        int channelMask = ((writeMask & 1) != 0 ? 0xFF : 0) | ((writeMask & 2) != 0 ? 0xFF00 : 0)
                | ((writeMask & 4) != 0 ? 0xFF0000 : 0) | ((writeMask & 8) != 0 ? 0xFF000000 : 0);
        boolean blend = st.pso().blend() == BlendMode.ALPHA;
        boolean writes = rt != null && channelMask != 0;
        long written = 0;
        int planeTri = -1;
        for (int i = 0; i < n; i++) {
            int m = fb.mask[i];
            if (m == 0) {
                continue;
            }
            int t = fb.tri[i];
            int x = fb.xy[i] & 0xFFFF;
            int y = fb.xy[i] >>> 16;
            pixels++;
            if (!writes) {
                continue;
            }
            if (t != planeTri) {
                setupPlanes(src, t);
                planeTri = t;
            }
            writePixel(x, y, blend, rt, m, channelMask);
            written += Integer.bitCount(m);
        }
        counters[PipelineCounters.PS_INVOCATIONS] += pixels;
        pixelsShaded.add(pixels);
        quadsShaded.add(quads);
        samplesWritten.add(written);
        long psCycles = st.psCycles() >= 0 ? st.psCycles() : defaultPsCycles;
        return Math.max(ceilDiv(quads * psCycles, shaderUnits), ceilDiv(pixels, cbRate));
    }

    /**
     * Perspective-correct interpolation as plane equations over pixel position: with edge
     * functions e_k (barycentric weights up to a common factor), c/w and 1/w are linear in
     * screen space, so colour = (sum e_k c_k / w_k) / (sum e_k / w_k). Per triangle: the
     * coefficients of the five linear functions (r, g, b, a numerators and the denominator).
     * When the three 1/w are equal (no perspective), the colour itself is linear and the
     * divide is folded into the planes.
     */
    private final float[] plane = new float[15];
    private boolean affine;

    private void setupPlanes(TriBatch src, int t) {
        long[] e = src.edge;
        int eo = t * 9;
        double[] p = new double[15];
        float[] iwv = src.invW;
        affine = iwv[t * 3] == iwv[t * 3 + 1] && iwv[t * 3] == iwv[t * 3 + 2];
        for (int k = 0; k < 3; k++) {
            // e_k at pixel centre (x + 0.5, y + 0.5) in 1/256 units: A (256x + 128) + B (256y + 128) + C.
            double a = e[eo + k * 3] * 256.0;
            double b = e[eo + k * 3 + 1] * 256.0;
            double c = e[eo + k * 3] * 128.0 + e[eo + k * 3 + 1] * 128.0 + e[eo + k * 3 + 2];
            double iw = affine ? 1.0 : iwv[t * 3 + k];
            for (int ch = 0; ch < 5; ch++) {
                double v = ch < 4 ? src.color[t * 12 + k * 4 + ch] * iw : iw;
                p[ch * 3] += a * v;
                p[ch * 3 + 1] += b * v;
                p[ch * 3 + 2] += c * v;
            }
        }
        if (affine) {
            // sum of the edge functions is the constant 2 x area: divide once, here.
            double area = p[14];
            for (int i = 0; i < 12; i++) {
                p[i] /= area;
            }
        }
        for (int i = 0; i < 15; i++) {
            plane[i] = (float) p[i];
        }
    }

    /** Interpolates the colour at the pixel centre and writes it (blended, masked) to the passing samples. */
    private void writePixel(int x, int y, boolean blend, ColorSurface rt, int m, int channelMask) {
        float[] p = plane;
        float inv = 1f;
        if (!affine) {
            float d = p[12] * x + p[13] * y + p[14];
            inv = d == 0 ? 0 : 1f / d;
        }
        float r = (p[0] * x + p[1] * y + p[2]) * inv;
        float g = (p[3] * x + p[4] * y + p[5]) * inv;
        float b = (p[6] * x + p[7] * y + p[8]) * inv;
        float a = (p[9] * x + p[10] * y + p[11]) * inv;
        int base = (y * rt.width + x) * rt.samples;
        int[] rgba = rt.rgba;
        if (!blend && m == 1 && channelMask == -1) {
            rgba[base] = ColorSurface.pack(r, g, b, a);
            return;
        }
        int packed = ColorSurface.pack(r, g, b, a);
        while (m != 0) {
            int s = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            int idx = base + s;
            int dst = rgba[idx];
            int v = blend ? blendAlpha(r, g, b, a, dst) : packed;
            rgba[idx] = (dst & ~channelMask) | (v & channelMask);
        }
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
