package gpusim.gpu.db;

import gpusim.api.StencilOp;
import gpusim.gpu.ps.PixelShader;
import gpusim.gpu.raster.ScanConverter;
import gpusim.gpu.work.TriBatch;

/**
 * {@link TileKernel#GENERAL}: any sample count, stencil, no depth-stencil surface: the
 * region row by row with the scan converter's incremental row walk, each pixel's covered
 * samples tested together, a depth-only test without stencil; the same arithmetic and the
 * same figures as {@link ReferenceTileKernel}.
 */
final class GeneralTileKernel {
    private final DepthTestState s;
    private final ScanConverter scan;
    private final PixelShader shader;
    private RegionCounts out;
    /** {@link #flat} found the colour a plain write ({@link PixelShader#plainFlat}), not a blend or a masked one. */
    private boolean plainColour;
    /** The quad columns (relative to x0 / 2) of the last {@link #row} with a covered sample. */
    private long rowCoveredBits;
    /** {@link #flatZRow}'s passing samples of each pixel of its row (0: none). */
    private int[] passMasks = new int[64];

    GeneralTileKernel(DepthTestState s, ScanConverter scan, PixelShader shader) {
        this.s = s;
        this.scan = scan;
        this.shader = shader;
    }

    /** Region [x0..x1] x [y0..y1] of triangle {@code t}; {@code accept}: every sample is covered ({@code full}). */
    void run(TriBatch src, int t, int x0, int y0, int x1, int y1, boolean accept, int full, RegionCounts out) {
        this.out = out;
        if (accept && flat(src, t, x0, x1, full)) {
            flatRun(x0, y0, x1, y1, full);
            return;
        }
        DepthSurface ds = s.ds;
        // The stress traces' case (one depth a triangle, no stencil, no overdraw count): a
        // row's tests first, then its shading in one call (flatZRow).
        boolean flatZ = ds != null && ds.overdraw == null && !s.stencilOn && s.depthOn && s.flatDepth;
        if (flatZ && passMasks.length < x1 - x0 + 1) {
            passMasks = new int[x1 - x0 + 1];
        }
        long quads = 0;
        long coveredQuads = 0;
        long quadBits = 0;
        long coveredBits = 0;
        for (int y = y0; y < y1 + 1; y++) {
            if ((y & 1) == 0) {
                // A new row of 2x2 quads: count the quads the previous one shaded and those it covered.
                quads += Long.bitCount(quadBits);
                coveredQuads += Long.bitCount(coveredBits);
                quadBits = 0;
                coveredBits = 0;
            }
            quadBits |= flatZ ? flatZRow(src, t, y, x0, x1, accept, full) : row(src, t, y, x0, x1, accept, full);
            coveredBits |= rowCoveredBits;
        }
        out.quads += quads + Long.bitCount(quadBits);
        out.coveredQuads += coveredQuads + Long.bitCount(coveredBits);
    }

    /**
     * Whether the fully covered region x0..x1 (of one tile) of triangle {@code t} can take
     * {@link #flatRun}: no overdraw recording, a depth test (if any) of a
     * {@link DepthTestState#flatDepth} plane, and no colour or one flat colour
     * ({@link PixelShader#flatWrites}) written to every sample of a pixel, the region's rows
     * contiguous in the target (one tile of its layout).
     */
    private boolean flat(TriBatch src, int t, int x0, int x1, int full) {
        DepthSurface ds = s.ds;
        if (ds != null && (ds.overdraw != null || s.depthOn && !s.flatDepth)) {
            return false;
        }
        if (!shader.writes()) {
            return true;
        }
        if (!shader.flatWrites(src, t)) {
            return false;
        }
        plainColour = shader.plainFlat(src, t);
        SurfaceLayout cl = shader.targetLayout();
        return cl.samples == Integer.bitCount(full) && (x0 >> cl.tileShift) == (x1 >> cl.tileShift);
    }

    /**
     * {@link #run} of a fully covered region that {@link #flat} accepted, with the same words
     * and figures (host-side only): every sample is covered; without a depth test every one
     * passes and a row's colour is one run of the target; with one, each sample compares the
     * plane's one encoded depth (and runs the stencil test, {@link #testPixel}, where it is on)
     * and a passing sample takes the one colour (blended over what
     * it holds, through the write mask, where the state says so: {@link PixelShader#flatOver}).
     */
    private void flatRun(int x0, int y0, int x1, int y1, int full) {
        DepthSurface ds = s.ds;
        boolean stencil = s.stencilOn;
        boolean test = ds != null && (s.depthOn || stencil);
        int n = x1 - x0 + 1;
        int perPixel = Integer.bitCount(full);
        boolean colour = shader.writes();
        int[] rgba = colour ? shader.target() : null;
        int packed = colour ? shader.flatColor() : 0;
        SurfaceLayout cl = colour ? shader.targetLayout() : null;
        int[] depth = s.depth;
        int q = s.flatQ;
        int funcCode = s.funcCode;
        boolean depthWrite = s.depthWrite;
        boolean lateZ = s.lateZ;
        int samples = s.samples;
        int quadBase = x0 >> 1;
        int quadColumns = (x1 >> 1) - quadBase + 1;
        long rowQuads = quadColumns >= 64 ? -1L : (1L << quadColumns) - 1;
        long quads = 0;
        long coveredQuads = 0;
        long quadBits = 0;
        long coveredBits = 0;
        long passed = 0;
        long shaded = 0;
        for (int y = y0; y < y1 + 1; y++) {
            if ((y & 1) == 0) {
                quads += Long.bitCount(quadBits);
                coveredQuads += Long.bitCount(coveredBits);
                quadBits = 0;
                coveredBits = 0;
            }
            if (lateZ) {
                coveredBits = rowQuads;
            }
            int cBase = colour ? cl.pixel(x0, y) : 0;
            int dBase = test ? s.layout.pixel(x0, y) : 0;
            if (!stencil) {
                // The row's samples are contiguous: where all pass (no depth test, or a layer
                // over what is behind it) or none does (a layer behind), the row is stored or
                // skipped whole.
                int slots = n * perPixel;
                int passing = test ? passing(funcCode, q, depth, dBase, dBase + slots) : slots;
                if (passing == 0) {
                    continue;
                }
                if (passing == slots) {
                    if (test && depthWrite) {
                        java.util.Arrays.fill(depth, dBase, dBase + slots, q);
                    }
                    passed += slots;
                    shaded += n;
                    quadBits = rowQuads;
                    if (colour && plainColour) {
                        java.util.Arrays.fill(rgba, cBase, cBase + slots, packed);
                        shader.overwritten(cBase, cBase + slots);
                    } else if (colour) {
                        for (int c = cBase; c < cBase + slots; c++) {
                            rgba[c] = shader.flatOver(rgba[c]);
                        }
                    }
                    continue;
                }
            }
            for (int i = 0; i < n; i++) {
                int base = dBase + i * samples;
                int pass = 0;
                if (stencil) {
                    // The stencil test and its operations per sample, the depth the plane's one (testPixel).
                    pass = testPixel(base, 0, full);
                } else {
                    for (int smp = 0; smp < perPixel; smp++) {
                        if (DepthTestState.compare(funcCode, q, depth[base + smp])) {
                            if (depthWrite) {
                                depth[base + smp] = q;
                            }
                            pass |= 1 << smp;
                        }
                    }
                }
                if (pass == 0) {
                    continue;
                }
                passed += Integer.bitCount(pass);
                shaded++;
                quadBits |= 1L << (((x0 + i) >> 1) - quadBase);
                if (colour) {
                    int c = cBase + i * perPixel;
                    for (int m = pass; m != 0; m &= m - 1) {
                        int idx = c + Integer.numberOfTrailingZeros(m);
                        rgba[idx] = plainColour ? packed : shader.flatOver(rgba[idx]);
                    }
                    if (plainColour && perPixel == 1) {
                        shader.overwritten(c, c + 1);
                    }
                }
            }
        }
        if (test && depthWrite && passed > 0) {
            RegionCounts o = out;
            o.writtenMin = Math.min(o.writtenMin, q);
            o.writtenMax = Math.max(o.writtenMax, q);
        }
        out.quads += quads + Long.bitCount(quadBits);
        out.coveredQuads += coveredQuads + Long.bitCount(coveredBits);
        out.covered += (long) n * perPixel * (y1 - y0 + 1);
        out.passed += passed;
        out.shaded += shaded;
    }

    /** How many of the stored depths {@code depth[from..to)} the depth {@code q} passes under function {@code func} (D3D12 value). */
    static int passing(int func, int q, int[] depth, int from, int to) {
        int n = 0;
        switch (func) {
            case 2: // LESS
                for (int i = from; i < to; i++) {
                    n += q < depth[i] ? 1 : 0;
                }
                return n;
            case 4: // LESS_EQUAL
                for (int i = from; i < to; i++) {
                    n += q <= depth[i] ? 1 : 0;
                }
                return n;
            case 5: // GREATER
                for (int i = from; i < to; i++) {
                    n += q > depth[i] ? 1 : 0;
                }
                return n;
            case 7: // GREATER_EQUAL
                for (int i = from; i < to; i++) {
                    n += q >= depth[i] ? 1 : 0;
                }
                return n;
            default:
                for (int i = from; i < to; i++) {
                    n += DepthTestState.compare(func, q, depth[i]) ? 1 : 0;
                }
                return n;
        }
    }

    /**
     * Tests, counts and shades pixels x0..x1 of row y of triangle t (one DB tile); returns
     * the bits of the quad columns (relative to x0 / 2) with a shaded pixel.
     */
    private long row(TriBatch src, int t, int y, int x0, int x1, boolean accept, int full) {
        if (!accept) {
            scan.rowStart(x0, y);
        }
        DepthSurface ds = s.ds;
        int samples = s.samples;
        boolean lateZ = s.lateZ;
        double zRow = s.rowDepth(y);
        double dzdx = s.dzdx;
        double originX = s.originX;
        int rowBase = ds == null ? 0 : s.layout.pixel(x0, y) - x0 * samples;
        int quadBase = x0 >> 1;
        long quadBits = 0;
        long coveredBits = 0;
        long covered = 0;
        long passed = 0;
        long shaded = 0;
        int[] od = ds == null ? null : ds.overdraw;
        int odBase = rowBase / samples; // rowBase is a whole number of pixels
        for (int x = x0; x < x1 + 1; x++) {
            int m = accept ? full : scan.nextMask();
            if (m == 0) {
                continue;
            }
            covered += Integer.bitCount(m);
            if (lateZ) {
                coveredBits |= 1L << ((x >> 1) - quadBase);
            }
            if (od != null) {
                od[odBase + x]++;
            }
            int pass = ds == null ? m : testPixel(rowBase + x * samples, zRow + dzdx * (x - originX), m);
            if (pass != 0) {
                passed += Integer.bitCount(pass);
                shaded++;
                shader.shade(src, t, x, y, ds == null ? -1 : rowBase + x * samples, pass);
                quadBits |= 1L << ((x >> 1) - quadBase);
            }
        }
        out.covered += covered;
        out.passed += passed;
        out.shaded += shaded;
        rowCoveredBits = coveredBits;
        return quadBits;
    }

    /**
     * {@link #row} for a depth test of one flat depth without stencil or overdraw recording
     * (host-side only: the same tests, figures and words): the row's pixels are tested first,
     * each pixel's passing samples kept, and then shaded together
     * ({@link PixelShader#shadeMasks}), the shader's planes and row terms set up once a row
     * instead of checked once a pixel.
     */
    private long flatZRow(TriBatch src, int t, int y, int x0, int x1, boolean accept, int full) {
        int[] masks = passMasks;
        if (!accept) {
            scan.rowStart(x0, y);
            scan.rowMasks(x1 - x0 + 1, masks);
        }
        int samples = s.samples;
        boolean lateZ = s.lateZ;
        int rowBase = s.layout.pixel(x0, y) - x0 * samples;
        int[] depth = s.depth;
        int q = s.flatQ;
        int funcCode = s.funcCode;
        boolean depthWrite = s.depthWrite;
        int quadBase = x0 >> 1;
        long quadBits = 0;
        long coveredBits = 0;
        long covered = 0;
        long passed = 0;
        long shaded = 0;
        for (int x = x0; x < x1 + 1; x++) {
            int m = accept ? full : masks[x - x0];
            int pass = 0;
            if (m != 0) {
                covered += Integer.bitCount(m);
                if (lateZ) {
                    coveredBits |= 1L << ((x >> 1) - quadBase);
                }
                int base = rowBase + x * samples;
                while (m != 0) {
                    int smp = Integer.numberOfTrailingZeros(m);
                    m &= m - 1;
                    if (DepthTestState.compare(funcCode, q, depth[base + smp])) {
                        if (depthWrite) {
                            depth[base + smp] = q;
                        }
                        pass |= 1 << smp;
                    }
                }
                if (pass != 0) {
                    passed += Integer.bitCount(pass);
                    shaded++;
                    quadBits |= 1L << ((x >> 1) - quadBase);
                }
            }
            masks[x - x0] = pass;
        }
        if (shaded > 0) {
            if (depthWrite) {
                RegionCounts o = out;
                o.writtenMin = Math.min(o.writtenMin, q);
                o.writtenMax = Math.max(o.writtenMax, q);
            }
            shader.shadeMasks(src, t, y, x0, x1 - x0 + 1, masks, rowBase, samples);
        }
        out.covered += covered;
        out.passed += passed;
        out.shaded += shaded;
        rowCoveredBits = coveredBits;
        return quadBits;
    }

    /**
     * Depth/stencil-tests the covered samples {@code m} of the pixel whose first sample is at
     * {@code base}; {@code zPixel} is the plane at the pixel's corner. Returns the passing samples.
     */
    private int testPixel(int base, double zPixel, int m) {
        if (!s.stencilOn) {
            return depthOnly(base, zPixel, m);
        }
        int[] depth = s.depth;
        byte[] stencil = s.stencil;
        int ref = s.ref;
        int readMask = s.readMask;
        int writeMask = s.writeMask;
        int pass = 0;
        while (m != 0) {
            int smp = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            int idx = base + smp;
            int q = 0;
            boolean depthPass = true;
            if (s.depthOn) {
                q = s.flatDepth ? s.flatQ : s.encode(s.clamp(zPixel + s.sampleDz[smp]));
                depthPass = s.func.test(q, depth[idx]);
            }
            int stored = stencil[idx] & 0xFF;
            boolean stencilPass = s.face.func().test(ref & readMask, stored & readMask);
            StencilOp op = !stencilPass ? s.face.failOp() : !depthPass ? s.face.depthFailOp() : s.face.passOp();
            if (op != StencilOp.KEEP) {
                int nv = op.apply(stored, ref);
                stencil[idx] = (byte) ((stored & ~writeMask) | (nv & writeMask));
            }
            if (!stencilPass || !depthPass) {
                continue;
            }
            if (s.depthWrite) {
                write(idx, q);
            }
            pass |= 1 << smp;
        }
        return pass;
    }

    /** The common case without stencil: depth test (if enabled) and write. */
    private int depthOnly(int base, double zPixel, int m) {
        if (!s.depthOn) {
            return m;
        }
        if (s.flatDepth) {
            return flatDepthOnly(base, m);
        }
        int[] depth = s.depth;
        double[] sampleDz = s.sampleDz;
        int funcCode = s.funcCode;
        boolean depthWrite = s.depthWrite;
        int pass = 0;
        while (m != 0) {
            int smp = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            int idx = base + smp;
            int q = s.encode(s.clamp(zPixel + sampleDz[smp]));
            if (DepthTestState.compare(funcCode, q, depth[idx])) {
                if (depthWrite) {
                    write(idx, q);
                }
                pass |= 1 << smp;
            }
        }
        return pass;
    }

    /** {@link #depthOnly} for a flat plane: every sample's depth is {@link DepthTestState#flatQ}. */
    private int flatDepthOnly(int base, int m) {
        int[] depth = s.depth;
        int q = s.flatQ;
        int funcCode = s.funcCode;
        boolean depthWrite = s.depthWrite;
        int pass = 0;
        while (m != 0) {
            int smp = Integer.numberOfTrailingZeros(m);
            m &= m - 1;
            int idx = base + smp;
            if (DepthTestState.compare(funcCode, q, depth[idx])) {
                if (depthWrite) {
                    depth[idx] = q;
                }
                pass |= 1 << smp;
            }
        }
        if (pass != 0 && depthWrite) {
            RegionCounts o = out;
            if (q < o.writtenMin) {
                o.writtenMin = q;
            }
            if (q > o.writtenMax) {
                o.writtenMax = q;
            }
        }
        return pass;
    }

    private void write(int idx, int q) {
        s.depth[idx] = q;
        RegionCounts o = out;
        if (q < o.writtenMin) {
            o.writtenMin = q;
        }
        if (q > o.writtenMax) {
            o.writtenMax = q;
        }
    }
}
