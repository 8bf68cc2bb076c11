package gpusim.gpu.rop;

import gpusim.config.Config;
import gpusim.config.ConfigKeys;
import gpusim.gpu.PipelineParams;

/**
 * The ROP back end's parameters, read once from the {@code rop.*} keys (units in
 * {@link ConfigKeys}): how many memory partitions carry ROP units and how many each, the
 * crossbar between the shader engines and the ROPs, each ROP unit's depth and colour rates
 * and latency, and the latency of the on-chip sum of the ROPs' occlusion counts.
 */
public record RopParams(int partitions, int unitsPerPartition, long crossbarLatency, long crossbarQuadsPerClock,
                        long zSamplesPerClock, long depthOnlySamplesPerClock, long testOnlySamplesPerClock,
                        long stencilSamplesPerClock,
                        long colorSamplesPerClock, long blendSamplesPerClock, long latency, long reportLatency,
                        PipelineParams.DepthWriteRates depthWrites, boolean wholeQuads, long zropSamplesPerClock,
                        boolean zcullWaitsForWrites, long ztestPixelsPerClock) {
    /** The most tile owners a tile map has (its owner table holds a byte per tile, DepthBlockCore a lane each). */
    public static final int MAX_UNITS = gpusim.config.BackEndKind.MAX_TILE_OWNERS;

    public RopParams {
        if ((long) partitions * unitsPerPartition > MAX_UNITS) {
            throw new IllegalArgumentException("rop.partitions x rop.units_per_partition = " + partitions + " x "
                    + unitsPerPartition + " ROP units; at most " + MAX_UNITS + " own screen tiles");
        }
    }

    /** {@code rop.partitions} 0 means one partition per memory channel. */
    public static RopParams of(Config c) {
        int partitions = c.getInt(ConfigKeys.ROP_PARTITIONS);
        if (partitions == 0) {
            partitions = c.getInt(ConfigKeys.MEMORY_CHANNELS);
        }
        return new RopParams(partitions, c.getInt(ConfigKeys.ROP_UNITS_PER_PARTITION),
                c.get(ConfigKeys.ROP_CROSSBAR_LATENCY), c.get(ConfigKeys.ROP_CROSSBAR_QUADS),
                c.get(ConfigKeys.ROP_Z_SAMPLES), c.get(ConfigKeys.ROP_DEPTH_ONLY_SAMPLES),
                c.get(ConfigKeys.ROP_TEST_ONLY_SAMPLES), c.get(ConfigKeys.ROP_STENCIL_SAMPLES),
                c.get(ConfigKeys.ROP_COLOR_SAMPLES), c.get(ConfigKeys.ROP_BLEND_SAMPLES), c.get(ConfigKeys.ROP_LATENCY),
                c.get(ConfigKeys.ROP_REPORT_LATENCY),
                new PipelineParams.DepthWriteRates(c.get(ConfigKeys.ROP_DEPTH_WRITE_SAMPLES),
                        c.get(ConfigKeys.ROP_DEPTH_WRITE_SAMPLES_D16), c.get(ConfigKeys.ROP_DEPTH_WRITE_SAMPLES_D24S8),
                        c.get(ConfigKeys.ROP_DEPTH_WRITE_SAMPLES_D32S8)),
                c.flag(ConfigKeys.ROP_WHOLE_QUADS), c.get(ConfigKeys.ROP_ZROP_SAMPLES),
                c.flag(ConfigKeys.ROP_ZCULL_WAITS_FOR_WRITES), c.get(ConfigKeys.ROP_ZTEST_PIXELS));
    }

    /** ROP units in all: the screen-tile owners. */
    public int units() {
        return partitions * unitsPerPartition;
    }

    /** The memory partition ROP unit {@code u} sits in. */
    public int partitionOf(int u) {
        return u / unitsPerPartition;
    }

    /**
     * A ROP unit's depth half, in the depth block's terms: the scan converter and the
     * tile-bounds test (NVIDIA's ZCULL) keep the raster and HiZ rates; the depth/stencil
     * test runs at the ROP's own rates, and the unit packs waves as the DBs do.
     */
    public PipelineParams.DepthBlockParams depth(PipelineParams.DepthBlockParams db) {
        return new PipelineParams.DepthBlockParams(db.scanSamplesPerClock(), db.hizTilesPerClock(), zSamplesPerClock,
                depthOnlySamplesPerClock, testOnlySamplesPerClock, stencilSamplesPerClock, latency, db.waveQuads(),
                db.uncoveredSamplesPerClock(), true);
    }

    /**
     * A ROP unit's colour half, in the colour back end's terms: late Z at its depth rate, then
     * colour, then (with rop.depth_write_samples_per_clock) the wave's depth writes: on NVIDIA
     * hardware one ROP unit does both the colour (CROP) and the depth (ZROP) work of its screen
     * tiles; the H200's fills show their costs adding, not overlapping (docs/calibration.md).
     * With rop.whole_quads a wave's quads count whole at both rates: the H200's per-draw times
     * follow the quads with passing samples more closely than those samples (docs/calibration.md,
     * "Whole quads at the ROP"). Its rates hold across waves (the part of a cycle a wave leaves
     * is carried to the next), and with rop.zrop_samples_per_clock a depth-tested wave's samples
     * pass the depth half in series with the colour: the H100's fill sweep measured a
     * depth-tested fill that leaves the depth unchanged 1.11 times as long as the same fill
     * without depth, at 1, 2, 4 and 8 samples alike (data/replay/h100/mechanisms). With
     * rop.ztest_pixels_per_clock the pixels the depth half tested since the last wave (passing or
     * failing, in tiles whose depth is stored uncompressed) are read and compared in series too
     * (docs/calibration.md, "The ZROP's test in series").
     */
    public PipelineParams.ColorBackEndParams color() {
        return new PipelineParams.ColorBackEndParams(zSamplesPerClock, colorSamplesPerClock, blendSamplesPerClock,
                latency, depthWrites, wholeQuads, zropSamplesPerClock, true, ztestPixelsPerClock);
    }
}
