package gpusim.gpu.ps;

import gpusim.api.BlendMode;
import gpusim.gpu.db.DccBlockForm;
import gpusim.gpu.work.DrawState;
import gpusim.gpu.db.SurfaceLayout;
import gpusim.gpu.work.TriBatch;

/**
 * The functional pixel shader and colour backend: the colour of a pixel, interpolated
 * perspective-correctly at the pixel centre, blended (off, or SRC_ALPHA / INV_SRC_ALPHA /
 * ADD on every channel) and written to the passing samples through the colour write mask.
 *
 * <p>Interpolation: with edge functions e_k (barycentric weights up to a common factor),
 * c/w and 1/w are linear in screen space, so colour = (sum e_k c_k / w_k) /
 * (sum e_k / w_k). Per triangle the five linear functions (r, g, b, a numerators and the
 * denominator) are set up once; when the three 1/w are equal (no perspective) the colour
 * itself is linear and the divide is folded into the planes.
 *
 * <p>Deferred colour (host-side only, never visible in a result): where a pixel's colour is
 * a plain overwrite (no blend, every channel written, one sample, the depth surface's
 * layout), what lands in the target is the colour of the last fragment that passed, so
 * the shader records only which triangle's planes that was ({@link ColorSurface#pending})
 * and computes the colour once, with the same arithmetic, when it is needed:
 * {@link #resolveDeferred} before a draw that reads or partly writes the target (blend,
 * a write mask, another layout), when the table of planes is full, and at the end of a
 * run. A pixel written directly (a flat fill, a clear, a write through {@link #shade})
 * drops what was deferred there. In an overdrawn frame most fragments are overwritten,
 * so most colours are never computed (stress-2k: 9.4 M passing fragments, 2 M pixels).
 */
public final class PixelShader {
    /** Planes a shader's table holds before it resolves what it deferred (1 MiB of floats). */
    static final int DEFERRED_PLANES = 16_384;
    private ColorSurface rt;
    private int channelMask;
    private boolean blend;
    private boolean writes;
    private TriBatch planeBatch;
    private int planeTri = -1;
    private final float[] plane = new float[15];
    private final double[] acc = new double[15];
    private boolean affine;
    /**
     * The current triangle's colour is the same at every pixel (affine, every channel's x and
     * y gradients zero): {@link #flatR} .. {@link #flatA} and {@link #flatPacked}, computed once.
     * p0 x + (p1 y + p2) with p0 and p1 zeros is p2, or a zero of either sign where p2 is one,
     * which packs and blends to the same bits (UNORM8 clamps -0 to 0; a blend adds the
     * destination's non-negative term to it), so the written words are those of {@link #write}'s
     * per-pixel arithmetic (host-side only).
     */
    private boolean flat;
    private float flatR;
    private float flatG;
    private float flatB;
    private float flatA;
    private int flatPacked;
    /** {@link #flatOver}'s last blend: the destination word and its result (valid for the current planes). */
    private boolean flatBlendValid;
    private int flatBlendDst;
    private int flatBlendOut;
    private boolean sameLayout;
    /** The deferred planes: 15 floats and the affine flag each; {@link #planeEntry} is the current one's index (-1: not stored). */
    private final float[] table = new float[DEFERRED_PLANES * 15];
    private final boolean[] tableAffine = new boolean[DEFERRED_PLANES];
    private int entries;
    private int planeEntry = -1;
    /** The tiles this shader has deferred pixels in: surface and tile index, in the order first deferred. */
    private ColorSurface[] deferredSurface = new ColorSurface[64];
    private int[] deferredTile = new int[64];
    private int deferredTiles;

    /** Whether the bound state writes any colour (a render target and a non-zero write mask). */
    public boolean writes() {
        return writes;
    }

    /** Binds the draw state of the pixels that follow. */
    public void begin(DrawState st) {
        rt = st.rt();
        // The depth loop's sample index is the colour surface's too when both share a layout.
        sameLayout = rt != null && st.ds() != null && rt.layout.sameShape(st.ds().layout);
        int writeMask = st.pso().colorWriteMask();
        channelMask = ((writeMask & 1) != 0 ? 0xFF : 0) | ((writeMask & 2) != 0 ? 0xFF00 : 0)
                | ((writeMask & 4) != 0 ? 0xFF0000 : 0) | ((writeMask & 8) != 0 ? 0xFF000000 : 0);
        blend = st.pso().blend() == BlendMode.ALPHA;
        writes = rt != null && channelMask != 0;
        planeBatch = null;
        planeTri = -1;
        if (writes && deferredTiles > 0 && !planesHoistable()) {
            // This draw reads what is in the target (blend) or writes part of it (a mask):
            // the deferred colours must be there first.
            resolveDeferred();
        }
    }

    /**
     * Shades pixel (x, y) of triangle {@code t} and writes the samples of {@code mask};
     * {@code depthIndex} is the pixel's first sample in the depth surface (-1 if none).
     */
    public void shade(TriBatch src, int t, int x, int y, int depthIndex, int mask) {
        // Kept tiny so the JIT inlines the check into the depth loop; the work is out of line.
        if (writes) {
            write(src, t, x, y, sameLayout ? depthIndex : rt.layout.pixel(x, y), mask);
        }
    }

    /**
     * Shades pixels x0 .. x0 + n - 1 of row y of triangle {@code t}, writing the samples
     * {@code masks[i]} of pixel x0 + i (0: not shaded), whose first sample is at rowBase +
     * x * samples in the depth surface: {@link #shade} of each, with the planes loaded and
     * the row's terms p1 y + p2 computed once (the same float operations, so the same words)
     * where the writes are plain (no blend, every channel, the depth surface's layout,
     * nothing deferred).
     */
    public void shadeMasks(TriBatch src, int t, int y, int x0, int n, int[] masks, int rowBase, int samples) {
        if (!writes) {
            return;
        }
        if (blend || channelMask != -1 || !sameLayout || rt.pending != null) {
            for (int i = 0; i < n; i++) {
                if (masks[i] != 0) {
                    int x = x0 + i;
                    write(src, t, x, y, sameLayout ? rowBase + x * samples : rt.layout.pixel(x, y), masks[i]);
                }
            }
            return;
        }
        float[] p = planes(src, t);
        int[] rgba = rt.rgba;
        if (flat) {
            int packed = flatPacked;
            for (int i = 0; i < n; i++) {
                int base = rowBase + (x0 + i) * samples;
                for (int m = masks[i]; m != 0; m &= m - 1) {
                    rgba[base + Integer.numberOfTrailingZeros(m)] = packed;
                }
            }
            return;
        }
        float r1 = p[1] * y + p[2];
        float g1 = p[4] * y + p[5];
        float b1 = p[7] * y + p[8];
        float a1 = p[10] * y + p[11];
        float d1 = p[13] * y + p[14];
        boolean aff = affine;
        for (int i = 0; i < n; i++) {
            int m = masks[i];
            if (m == 0) {
                continue;
            }
            int x = x0 + i;
            float inv = 1f;
            if (!aff) {
                float d = p[12] * x + d1;
                inv = d == 0 ? 0 : 1f / d;
            }
            int packed = ColorSurface.pack((p[0] * x + r1) * inv, (p[3] * x + g1) * inv,
                    (p[6] * x + b1) * inv, (p[9] * x + a1) * inv);
            int base = rowBase + x * samples;
            for (; m != 0; m &= m - 1) {
                rgba[base + Integer.numberOfTrailingZeros(m)] = packed;
            }
        }
    }

    /**
     * Shades single-sample pixels xs[0..n) (ascending) of row y of triangle {@code t}, whose
     * samples are at rowBase + x in the depth surface, writing all of each pixel's one sample.
     * The same arithmetic as {@link #shade}, with the planes hoisted out of the loop.
     */
    public void shadeRow(TriBatch src, int t, int y, int[] xs, int n, int rowBase) {
        if (!writes) {
            return;
        }
        if (xs[n - 1] - xs[0] == n - 1) {
            // The passing pixels of a row are usually one run, with no gaps.
            shadeSpan(src, t, y, xs[0], n, rowBase);
            return;
        }
        // A row with gaps (pixels that failed the test): shaded run by run, with the same
        // arithmetic, since each pixel's colour depends only on its own x.
        int first = 0;
        for (int i = 1; i <= n; i++) {
            if (i == n || xs[i] != xs[i - 1] + 1) {
                shadeSpan(src, t, y, xs[first], i - first, rowBase);
                first = i;
            }
        }
    }

    /**
     * Shades the single-sample pixels first .. first + n - 1 of row y of triangle {@code t}
     * (a run with no gaps), as {@link #shadeRow} does; the loop runs over x itself, with no
     * indirection, so the JIT can unroll it.
     */
    public void shadeSpan(TriBatch src, int t, int y, int first, int n, int rowBase) {
        if (!writes) {
            return;
        }
        int end = first + n;
        if (!planesHoistable()) {
            for (int x = first; x < end; x++) {
                write(src, t, x, y, sameLayout ? rowBase + x : rt.layout.pixel(x, y), 1);
            }
            return;
        }
        planes(src, t);
        defer(rowBase + first, rowBase + end);
    }

    /** Slots [from, to) of one tile take the current triangle's colour, deferred. */
    private void defer(int from, int to) {
        if (planeEntry < 0) {
            if (entries == DEFERRED_PLANES) {
                resolveDeferred();
            }
            System.arraycopy(plane, 0, table, entries * 15, 15);
            tableAffine[entries] = affine;
            planeEntry = entries++;
        }
        ColorSurface s = rt;
        java.util.Arrays.fill(s.pending, from, to, (char) (planeEntry + 1));
        // Deferred targets have one sample a pixel: a tile is tileSize^2 slots.
        int tile = from >> (2 * s.layout.tileShift);
        if (s.tileDeferred[tile] == 0) {
            s.tileDeferred[tile] = 1;
            if (deferredTiles == deferredTile.length) {
                deferredTile = java.util.Arrays.copyOf(deferredTile, deferredTiles * 2);
                deferredSurface = java.util.Arrays.copyOf(deferredSurface, deferredTiles * 2);
            }
            deferredSurface[deferredTiles] = s;
            deferredTile[deferredTiles++] = tile;
        }
    }

    /**
     * Computes every colour this shader deferred and stores it in its target, with the
     * arithmetic {@link #write} and the row loops use: the planes evaluated as
     * p0 x + (p1 y + p2), divided by the interpolated 1/w unless affine.
     */
    public void resolveDeferred() {
        for (int i = 0; i < deferredTiles; i++) {
            ColorSurface s = deferredSurface[i];
            int tile = deferredTile[i];
            s.tileDeferred[tile] = 0;
            SurfaceLayout l = s.layout;
            int slots = l.tileSlots();
            int base = tile * slots;
            int x0 = (tile % l.tilesX) << l.tileShift;
            int y0 = (tile / l.tilesX) << l.tileShift;
            char[] pend = s.pending;
            int[] rgba = s.rgba;
            for (int k = 0; k < slots; k++) {
                int id = pend[base + k];
                if (id != 0) {
                    pend[base + k] = 0;
                    rgba[base + k] = resolvedColor(id - 1, x0 + (k & (l.tileSize - 1)), y0 + (k >> l.tileShift));
                }
            }
        }
        deferredTiles = 0;
        java.util.Arrays.fill(deferredSurface, null);
        entries = 0;
        planeEntry = -1;
    }

    /**
     * compression.color: the form each block of {@code blockSlots} slots of tile (tx, ty) of
     * the bound target is stored in ({@link DccBlockForm}, from each block's channel ranges),
     * written to {@code out} from {@code at}, as the colour stands now: a deferred slot's
     * colour is computed, with {@link #resolveDeferred}'s arithmetic, but not stored (results
     * and the deferral are untouched). Host work only with the key on.
     */
    public void blockForms(int tx, int ty, int blockSlots, byte[] out, int at) {
        ColorSurface s = rt;
        SurfaceLayout l = s.layout;
        gpusim.gpu.db.SurfaceMemory m = s.memory;
        int base = l.tile(tx, ty);
        int slots = l.tileSlots();
        boolean deferred = s.tileDeferred != null && s.tileDeferred[ty * l.tilesX + tx] != 0;
        int x0 = tx << l.tileShift;
        int y0 = ty << l.tileShift;
        for (int from = 0, b = 0; from < slots; from += blockSlots, b++) {
            // Each channel's lowest and highest value over the block, every slot read once (a
            // byte a channel as the colour is packed, red lowest).
            int first = colorAt(s, base, from, x0, y0, deferred);
            int rLo = first & 0xFF;
            int gLo = first >>> 8 & 0xFF;
            int bLo = first >>> 16 & 0xFF;
            int aLo = first >>> 24;
            int rHi = rLo;
            int gHi = gLo;
            int bHi = bLo;
            int aHi = aLo;
            for (int k = from + 1; k < from + blockSlots; k++) {
                int c = colorAt(s, base, k, x0, y0, deferred);
                if (c == first) {
                    continue;
                }
                rLo = Math.min(rLo, c & 0xFF);
                rHi = Math.max(rHi, c & 0xFF);
                gLo = Math.min(gLo, c >>> 8 & 0xFF);
                gHi = Math.max(gHi, c >>> 8 & 0xFF);
                bLo = Math.min(bLo, c >>> 16 & 0xFF);
                bHi = Math.max(bHi, c >>> 16 & 0xFF);
                aLo = Math.min(aLo, c >>> 24);
                aHi = Math.max(aHi, c >>> 24);
                if (!m.dccPartial) {
                    break; // without partial compression only "one colour or not" decides the form
                }
            }
            int ranges = (rHi - rLo) | (gHi - gLo) << 8 | (bHi - bLo) << 16 | (aHi - aLo) << 24;
            out[at + b] = DccBlockForm.of(ranges, blockSlots, m.dccBlockBytes, m.dccMinBytes,
                    m.dccMaxCompressedBytes, m.dccPartial);
        }
    }

    /** Slot {@code k} of the tile at {@code base}: its colour, or (deferred, one sample a pixel) the one it will get. */
    private int colorAt(ColorSurface s, int base, int k, int x0, int y0, boolean deferred) {
        if (deferred) {
            int id = s.pending[base + k];
            if (id != 0) {
                SurfaceLayout l = s.layout;
                return resolvedColor(id - 1, x0 + (k & (l.tileSize - 1)), y0 + (k >> l.tileShift));
            }
        }
        return s.rgba[base + k];
    }

    private int resolvedColor(int entry, int x, int y) {
        float[] p = table;
        int o = entry * 15;
        float inv = 1f;
        if (!tableAffine[entry]) {
            float d = p[o + 12] * x + (p[o + 13] * y + p[o + 14]);
            inv = d == 0 ? 0 : 1f / d;
        }
        return ColorSurface.pack((p[o] * x + (p[o + 1] * y + p[o + 2])) * inv,
                (p[o + 3] * x + (p[o + 4] * y + p[o + 5])) * inv,
                (p[o + 6] * x + (p[o + 7] * y + p[o + 8])) * inv,
                (p[o + 9] * x + (p[o + 10] * y + p[o + 11])) * inv);
    }

    /**
     * Shades every pixel of the single-sample rectangle [x0..x1] x [y0..y1] of triangle
     * {@code t}, rows one after another, as {@link #shadeSpan} does row by row; the rows'
     * storage starts at layout.pixel(x0, y) - x0 + x (a tile region of the tiled layout).
     * The planes are set up and tested once for the rectangle.
     */
    public void shadeRect(TriBatch src, int t, int x0, int y0, int x1, int y1, gpusim.gpu.db.SurfaceLayout layout) {
        if (!writes) {
            return;
        }
        int n = x1 - x0 + 1;
        if (!planesHoistable()) {
            for (int y = y0; y < y1 + 1; y++) {
                shadeSpan(src, t, y, x0, n, layout.pixel(x0, y) - x0);
            }
            return;
        }
        if (flatAlongX(src, t)) {
            // One colour a row, stored with a plain loop (a tile row is a few pixels, too
            // short for a call to Arrays.fill to pay).
            int[] rgba = rt.rgba;
            for (int y = y0; y < y1 + 1; y++) {
                int c = rowColor(y);
                int from = layout.pixel(x0, y);
                for (int i = from; i < from + n; i++) {
                    rgba[i] = c;
                }
                rt.overwritten(from, from + n);
            }
            return;
        }
        for (int y = y0; y < y1 + 1; y++) {
            shadeSpan(src, t, y, x0, n, layout.pixel(x0, y) - x0);
        }
    }

    /**
     * Whether triangle {@code t}'s pixels are plain single-sample writes (as {@link #shadeRect}
     * hoists them) of a colour flat along x, so that each row has one colour,
     * {@link #rowColor}, stored at the depth surface's index of each pixel in {@link #target}.
     */
    public boolean flatAlongX(TriBatch src, int t) {
        if (!writes || !planesHoistable()) {
            return false;
        }
        float[] p = planes(src, t);
        // p0 x + p1y is exactly p1y for every x when p0 is a zero (see shadeSpan).
        return affine && p[0] == 0 && p[3] == 0 && p[6] == 0 && p[9] == 0;
    }

    /** Row y's colour, packed, for a triangle {@link #flatAlongX} accepted (its planes are loaded). */
    public int rowColor(int y) {
        float[] p = plane;
        return ColorSurface.pack(p[1] * y + p[2], p[4] * y + p[5], p[7] * y + p[8], p[10] * y + p[11]);
    }

    /**
     * Whether triangle {@code t}'s pixels are plain writes (no blend, every channel) of one
     * colour, {@link #flatColor}, the same at every pixel and sample (see {@link #flat}): a
     * kernel may then store that word itself, as {@link #write} would, and mark the slots
     * {@link #overwritten}.
     */
    public boolean plainFlat(TriBatch src, int t) {
        return flatWrites(src, t) && !blend && channelMask == -1;
    }

    /**
     * Whether triangle {@code t} writes one colour at every pixel (see {@link #flat}), plainly
     * or blended and through a write mask: each sample then takes {@link #flatOver} of what it holds.
     */
    public boolean flatWrites(TriBatch src, int t) {
        if (!writes) {
            return false;
        }
        planes(src, t);
        return flat;
    }

    /**
     * The word a sample holding {@code dst} takes from a {@link #flatWrites} triangle: its
     * colour, blended over dst if blending, through the write mask, as {@link #write} computes
     * it. A blend of one colour is a function of dst alone, so the last one is remembered (a
     * fill blends over a target of one colour).
     */
    public int flatOver(int dst) {
        int v = flatPacked;
        if (blend) {
            if (!flatBlendValid || dst != flatBlendDst) {
                flatBlendDst = dst;
                flatBlendOut = blendAlpha(flatR, flatG, flatB, flatA, dst);
                flatBlendValid = true;
            }
            v = flatBlendOut;
        }
        return (dst & ~channelMask) | (v & channelMask);
    }

    /** The packed colour of a triangle {@link #plainFlat} accepted. */
    public int flatColor() {
        return flatPacked;
    }

    /** The bound render target's layout. */
    public SurfaceLayout targetLayout() {
        return rt.layout;
    }

    /** Slots [from, to) of the bound target were written directly (see {@link ColorSurface#overwritten}). */
    public void overwritten(int from, int to) {
        rt.overwritten(from, to);
    }

    /** The bound render target's storage (for a caller writing {@link #rowColor} itself). */
    public int[] target() {
        return rt.rgba;
    }

    /** Whether a row can be shaded with the planes hoisted: plain writes of whole single-sample pixels, same layout. */
    private boolean planesHoistable() {
        return !blend && channelMask == -1 && sameLayout && rt.samples == 1;
    }

    /** The colour planes of triangle {@code t}, set up when it changes. */
    private float[] planes(TriBatch src, int t) {
        if (t != planeTri || src != planeBatch) {
            setupPlanes(src, t);
            planeTri = t;
            planeBatch = src;
        }
        return plane;
    }

    private void write(TriBatch src, int t, int x, int y, int base, int mask) {
        if (t != planeTri || src != planeBatch) {
            setupPlanes(src, t);
            planeTri = t;
            planeBatch = src;
        }
        int[] rgba = rt.rgba;
        if (flat) {
            if (blend) {
                for (int m = mask; m != 0; m &= m - 1) {
                    int idx = base + Integer.numberOfTrailingZeros(m);
                    rgba[idx] = flatOver(rgba[idx]);
                }
            } else {
                writeFlat(rgba, base, mask);
            }
            return;
        }
        // Evaluated as p0 x + (p1 y + p2), the order shadeRow uses, so both give the same colour.
        float[] p = plane;
        float inv = 1f;
        if (!affine) {
            float d = p[12] * x + (p[13] * y + p[14]);
            inv = d == 0 ? 0 : 1f / d;
        }
        float r = (p[0] * x + (p[1] * y + p[2])) * inv;
        float g = (p[3] * x + (p[4] * y + p[5])) * inv;
        float b = (p[6] * x + (p[7] * y + p[8])) * inv;
        float a = (p[9] * x + (p[10] * y + p[11])) * inv;
        int packed = ColorSurface.pack(r, g, b, a);
        if (!blend && mask == 1 && channelMask == -1) {
            rgba[base] = packed;
            if (rt.pending != null) {
                rt.pending[base] = 0; // written directly: nothing deferred here any more
            }
            return;
        }
        int m = mask;
        while (m != 0) {
            int s = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            int idx = base + s;
            int dst = rgba[idx];
            int v = blend ? blendAlpha(r, g, b, a, dst) : packed;
            rgba[idx] = (dst & ~channelMask) | (v & channelMask);
        }
    }

    /** {@link #write} of a {@link #flat} colour without blending: the packed colour into the samples of {@code mask}. */
    private void writeFlat(int[] rgba, int base, int mask) {
        int packed = flatPacked;
        if (mask == 1 && channelMask == -1) {
            rgba[base] = packed;
            if (rt.pending != null) {
                rt.pending[base] = 0; // written directly: nothing deferred here any more
            }
            return;
        }
        int keep = ~channelMask;
        int v = packed & channelMask;
        int m = mask;
        while (m != 0) {
            int s = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            int idx = base + s;
            rgba[idx] = (rgba[idx] & keep) | v;
        }
    }

    private void setupPlanes(TriBatch src, int t) {
        planeEntry = -1;
        long[] e = src.edge;
        int eo = t * 9;
        double[] p = acc;
        java.util.Arrays.fill(p, 0);
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
            // The edge functions sum to the constant 2 x area: divide once, here.
            double area = p[14];
            for (int i = 0; i < 12; i++) {
                p[i] /= area;
            }
        }
        for (int i = 0; i < 15; i++) {
            plane[i] = (float) p[i];
        }
        float[] q = plane;
        flat = affine && q[0] == 0 && q[1] == 0 && q[3] == 0 && q[4] == 0 && q[6] == 0 && q[7] == 0
                && q[9] == 0 && q[10] == 0;
        flatBlendValid = false;
        if (flat) {
            flatR = q[2];
            flatG = q[5];
            flatB = q[8];
            flatA = q[11];
            flatPacked = ColorSurface.pack(flatR, flatG, flatB, flatA);
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
