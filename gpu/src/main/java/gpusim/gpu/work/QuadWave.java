package gpusim.gpu.work;

import gpusim.trace.PipelineState;

/**
 * A pixel wave: up to {@code ps.wave_quads} 2x2 quads of one depth block's tiles of one
 * triangle batch, as the DB hands them to its shader engine and the shader engine hands
 * them, shaded, to the DB's colour back end (AMD packs quads into 64-lane waves, 16 quads;
 * NVIDIA into 32-lane warps, 8 quads). It carries the figures each unit on its way charges
 * cycles for; the functional work (depth, stencil, shading, colour writes) was done by the
 * DB's core. Reused through a pool.
 */
public final class QuadWave implements Work {
    public int drawId;
    /** The render back end (DB and colour back end pair) whose tiles the quads are in. */
    public int rb;
    public PipelineState pso;
    /** Quads the shader engine runs. */
    public int quads;
    /** Colour samples the colour back end writes (0 when the draw writes no colour). */
    public int colorSamples;
    /** Samples the late depth/stencil test takes after shading (late-Z pipeline states only). */
    public int lateSamples;
    /** Depth samples the wave's passing samples write, and the surface's format (0 and null: none). */
    public int depthWrites;
    /** Samples of each pixel of the surfaces the wave's draw renders to (1 with none): a whole quad holds 4 x this. */
    public int samplesPerPixel = 1;
    public gpusim.api.DepthFormat depthFormat;
    /** The wave's samples were depth tested before shading (early Z with a depth test enabled). */
    public boolean depthTested;
    /**
     * The depth-stencil surface's format when the wave's samples were stencil tested before shading (its
     * ROP unit reads their stencil), else null; and whether they write it (a stencil write mask).
     */
    public gpusim.api.DepthFormat stencilFormat;
    public boolean stencilWrites;
    /**
     * rop.zcull_waits_for_writes: the wave's number among its ROP unit's waves that write depth
     * ({@link gpusim.gpu.db.DepthWriteHazard}), 0 when it writes none or the hazard is not modelled.
     */
    public long hazardSeq;
    /**
     * rop.ztest_pixels_per_clock: samples its ROP unit's depth half tested, in tiles whose depth is
     * stored uncompressed, since the unit's previous wave (those of steps that sent no wave included).
     */
    public long zTested;

    /**
     * Surfaces in memory: the render target the colour back end writes (null: no colour
     * traffic), and the wave's tiles with colour samples, {@code ty << 16 | tx} with the
     * samples written in each ({@link #tiles} of them), and with compression.color the form
     * each leaves its DCC blocks in ({@link TileBatch#tileDcc}): tile i's block b at
     * i x {@link gpusim.gpu.db.SurfaceMemory#MAX_DCC_BLOCKS} + b.
     */
    public gpusim.gpu.db.SurfaceMemory rt;
    public int tiles;
    public int[] tileAt = new int[4];
    public int[] tileSamples = new int[4];
    public byte[] tileDcc = new byte[4 * gpusim.gpu.db.SurfaceMemory.MAX_DCC_BLOCKS];

    /**
     * The colour back end's bookkeeping between issuing the wave's surface reads and writing
     * its samples (its prefetch window lets later waves' reads go out first): the read slot
     * (-1: reads not issued), whether each tile was fast-cleared when its reads were issued,
     * and with compression.color each written block's form before the wave, in read order.
     */
    public int readSlot = -1;
    public boolean[] tileWasCleared = new boolean[4];
    public byte[] dccBefore = new byte[4 * gpusim.gpu.db.SurfaceMemory.MAX_DCC_BLOCKS];

    /**
     * Adds a tile of colour samples to the wave (surfaces in memory); with compression.color,
     * {@code blocks} DCC block forms from {@code forms} at {@code from} (else {@code blocks} 0).
     */
    public void tile(int at, int samples, byte[] forms, int from, int blocks) {
        if (tiles == tileAt.length) {
            tileAt = java.util.Arrays.copyOf(tileAt, tiles * 2);
            tileSamples = java.util.Arrays.copyOf(tileSamples, tiles * 2);
            tileWasCleared = new boolean[tiles * 2];
            tileDcc = java.util.Arrays.copyOf(tileDcc, tiles * 2 * gpusim.gpu.db.SurfaceMemory.MAX_DCC_BLOCKS);
        }
        tileAt[tiles] = at;
        tileSamples[tiles] = samples;
        if (blocks > 0) {
            System.arraycopy(forms, from, tileDcc, tiles * gpusim.gpu.db.SurfaceMemory.MAX_DCC_BLOCKS, blocks);
        }
        tiles++;
    }

    public QuadWave set(int drawId, int rb, PipelineState pso, int quads, int colorSamples, int lateSamples) {
        this.rt = null;
        this.tiles = 0;
        this.readSlot = -1;
        this.drawId = drawId;
        this.rb = rb;
        this.pso = pso;
        this.quads = quads;
        this.colorSamples = colorSamples;
        this.lateSamples = lateSamples;
        this.depthWrites = 0;
        this.depthFormat = null;
        this.depthTested = false;
        this.stencilFormat = null;
        this.stencilWrites = false;
        this.hazardSeq = 0;
        this.zTested = 0;
        this.samplesPerPixel = 1;
        return this;
    }

    @Override
    public int drawId() {
        return drawId;
    }
}
