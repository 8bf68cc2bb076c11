package gpusim.gpu.rop;

import gpusim.config.BackEndKind;
import gpusim.config.Config;
import gpusim.config.ConfigKey;
import gpusim.config.KeyGroup;
import gpusim.gpu.PipelineParams;
import gpusim.memory.MemorySystem;

/**
 * The ROP back end's parameters, read once from the {@code rop.*} keys (declared here): how
 * many memory partitions carry ROP units and how many each, the
 * crossbar between the shader engines and the ROPs, each ROP unit's depth and colour rates
 * and latency, and the latency of the on-chip sum of the ROPs' occlusion counts.
 */
public record RopParams(int partitions, int unitsPerPartition, long crossbarLatency, long crossbarQuadsPerClock,
                        long zSamplesPerClock, long depthOnlySamplesPerClock, long testOnlySamplesPerClock,
                        long stencilSamplesPerClock,
                        long colorSamplesPerClock, long blendSamplesPerClock, long latency, long reportLatency,
                        PipelineParams.DepthWriteRates depthWrites, boolean wholeQuads, long zropSamplesPerClock,
                        boolean zcullWaitsForWrites, long ztestPixelsPerClock, long reportCycles,
                        long stencilSamplesPerClockD32s8, PipelineParams.StencilRates stencil,
                        boolean clearAtWriteRate) {
    // ---- Configuration keys (KEYS lists them) ----
    public static final ConfigKey ROP_PARTITIONS = ConfigKey.range("rop.partitions", 0, 0, 32, "partitions",
            "backend.kind=rops: memory partitions with ROP units (0: one per memory channel, memory.channels); "
                    + "rop.partitions x rop.units_per_partition units own the screen tiles (at most 32)");
    public static final ConfigKey ROP_UNITS_PER_PARTITION = ConfigKey.range("rop.units_per_partition", 1, 1, 32,
            "units", "backend.kind=rops: ROP units in each memory partition; ROP u is in partition "
                    + "u / rop.units_per_partition");
    public static final ConfigKey ROP_CROSSBAR_LATENCY = ConfigKey.range("rop.crossbar_latency", 8, 0, 100_000,
            "cycles", "backend.kind=rops: cycles a shaded wave takes across the crossbar from the shader engines "
                    + "to its ROP, beyond its occupancy");
    public static final ConfigKey ROP_CROSSBAR_QUADS = ConfigKey.range("rop.crossbar_quads_per_clock", 16, 1, 4096,
            "quads/cycle", "backend.kind=rops: crossbar width: shaded 2x2 quads it carries a cycle, all ROPs "
                    + "together");
    public static final ConfigKey ROP_Z_SAMPLES = ConfigKey.range("rop.z_samples_per_clock", 16, 1, 4096,
            "samples/cycle", "backend.kind=rops: depth/stencil test rate of one ROP unit (early, and late for "
                    + "late_z pipeline states)");
    public static final ConfigKey ROP_DEPTH_ONLY_SAMPLES = ConfigKey.range("rop.depth_only_samples_per_clock", 32, 1,
            4096, "samples/cycle", "backend.kind=rops: depth/stencil test rate of one ROP unit for a draw that "
                    + "writes no colour");
    public static final ConfigKey ROP_TEST_ONLY_SAMPLES = ConfigKey.range("rop.test_only_samples_per_clock", 0, 0,
            4096, "samples/cycle", "backend.kind=rops: depth/stencil test rate of one ROP unit for a draw that writes "
                    + "nothing (no colour, depth or stencil); 0 = rop.depth_only_samples_per_clock");
    public static final ConfigKey ROP_STENCIL_SAMPLES = ConfigKey.range("rop.stencil_samples_per_clock", 0, 0,
            4096, "samples/cycle", "backend.kind=rops: depth/stencil test rate of one ROP unit for a draw with the "
                    + "stencil test on, whatever it writes (the depth and stencil planes are both read): the "
                    + "lower of it and the draw's own test rate applies; 0 = the draw's own test rate");
    public static final ConfigKey ROP_STENCIL_SAMPLES_D32S8 = ConfigKey.range("rop.stencil_samples_per_clock_d32s8", 0,
            0, 4096, "samples/cycle", "backend.kind=rops: rop.stencil_samples_per_clock for a D32_FLOAT_S8X24_UINT "
                    + "surface, whose stencil is a plane of its own; 0 = rop.stencil_samples_per_clock");
    public static final ConfigKey ROP_STENCIL_READ_SAMPLES = ConfigKey.range("rop.stencil_read_samples_per_clock", 0, 0,
            4096, "samples/cycle", "backend.kind=rops: rate at which one ROP unit reads the stored stencil of the "
                    + "samples of a wave whose draw has the stencil test on (a D24_UNORM_S8_UINT surface), in series "
                    + "with the unit's colour and depth writes; 0 = none");
    public static final ConfigKey ROP_STENCIL_READ_SAMPLES_D32S8 = ConfigKey.range(
            "rop.stencil_read_samples_per_clock_d32s8", 0, 0, 4096, "samples/cycle", "backend.kind=rops: "
                    + "rop.stencil_read_samples_per_clock for a D32_FLOAT_S8X24_UINT surface; 0 = "
                    + "rop.stencil_read_samples_per_clock");
    public static final ConfigKey ROP_STENCIL_WRITE_SAMPLES = ConfigKey.range("rop.stencil_write_samples_per_clock", 0,
            0, 4096, "samples/cycle", "backend.kind=rops: rate at which one ROP unit writes the stencil of the "
                    + "samples of a wave whose draw writes stencil (a stencil write mask; a D24_UNORM_S8_UINT "
                    + "surface), beyond their read, in series with the unit's colour and depth writes; 0 = none");
    public static final ConfigKey ROP_STENCIL_WRITE_SAMPLES_D32S8 = ConfigKey.range(
            "rop.stencil_write_samples_per_clock_d32s8", 0, 0, 4096, "samples/cycle", "backend.kind=rops: "
                    + "rop.stencil_write_samples_per_clock for a D32_FLOAT_S8X24_UINT surface; 0 = "
                    + "rop.stencil_write_samples_per_clock");
    public static final ConfigKey ROP_COLOR_SAMPLES = ConfigKey.range("rop.color_samples_per_clock", 8, 1, 4096,
            "samples/cycle", "backend.kind=rops: colour write rate of one ROP unit (opaque)");
    public static final ConfigKey ROP_BLEND_SAMPLES = ConfigKey.range("rop.blend_samples_per_clock", 4, 1, 4096,
            "samples/cycle", "backend.kind=rops: colour rate of one ROP unit for a blending pipeline state");
    public static final ConfigKey ROP_DEPTH_WRITE_SAMPLES = ConfigKey.range("rop.depth_write_samples_per_clock", 0, 0,
            4096, "samples/cycle", "backend.kind=rops: rate of one ROP unit's depth writes (D32_FLOAT) in a pass that "
                    + "also writes colour, charged after the wave's colour (the unit's colour and depth halves share "
                    + "one path to memory); 0 = depth writes overlap colour");
    public static final ConfigKey ROP_DEPTH_WRITE_SAMPLES_D16 = ConfigKey.range("rop.depth_write_samples_per_clock_d16",
            0, 0, 4096, "samples/cycle", "backend.kind=rops: rop.depth_write_samples_per_clock for D16_UNORM; "
                    + "0 = rop.depth_write_samples_per_clock");
    public static final ConfigKey ROP_DEPTH_WRITE_SAMPLES_D24S8 = ConfigKey.range(
            "rop.depth_write_samples_per_clock_d24s8", 0, 0, 4096, "samples/cycle", "backend.kind=rops: "
                    + "rop.depth_write_samples_per_clock for D24_UNORM_S8_UINT; 0 = rop.depth_write_samples_per_clock");
    public static final ConfigKey ROP_DEPTH_WRITE_SAMPLES_D32S8 = ConfigKey.range(
            "rop.depth_write_samples_per_clock_d32s8", 0, 0, 4096, "samples/cycle", "backend.kind=rops: "
                    + "rop.depth_write_samples_per_clock for D32_FLOAT_S8X24_UINT; 0 = rop.depth_write_samples_per_clock");
    public static final ConfigKey ROP_ZROP_SAMPLES = ConfigKey.range("rop.zrop_samples_per_clock", 0, 0, 4096,
            "samples/cycle", "backend.kind=rops: rate at which one ROP unit's depth half (ZROP) takes the samples of "
                    + "a depth-tested wave that also writes colour, in series with the colour half (CROP) and before the "
                    + "wave's depth writes: a depth-tested colour fill that leaves the depth as it was still pays it; "
                    + "0 = none");
    public static final ConfigKey ROP_WHOLE_QUADS = ConfigKey.flag("rop.whole_quads", false,
            "backend.kind=rops: a ROP unit's colour and depth-write rates count every sample of each 2x2 quad that has a "
                    + "passing sample (a shaded quad crosses to the ROP with its coverage mask and takes a whole quad's "
                    + "slots), not only the passing samples; off: passing samples only");
    public static final ConfigKey ROP_ZCULL_WAITS_FOR_WRITES = ConfigKey.flag("rop.zcull_waits_for_writes", false,
            "backend.kind=rops: a ROP unit's coarse depth test (NVIDIA's ZCULL) learns a screen tile's depth only from the "
                    + "unit's own depth writes, so a tile it would reject waits for the waves carrying earlier writes to "
                    + "that tile: those of an earlier draw until the colour half has written them, those of the same draw "
                    + "until the unit's depth work has reached them (the wave's depth work in the unit's order, without "
                    + "its trip through the shader); rejected work stays in order behind the writes it depends on instead "
                    + "of running ahead of them; never changes results");
    public static final ConfigKey ROP_ZTEST_PIXELS = ConfigKey.range("rop.ztest_pixels_per_clock", 0, 0, 4096,
            "pixels/cycle", "backend.kind=rops: rate at which one ROP unit's depth half reads and compares the stored depth "
                    + "of the pixels it tests (passing or not, every sample of a pixel at once), in series with the unit's "
                    + "colour and depth writes, charged on its next colour wave; pixels of tiles whose depth is stored "
                    + "compressed (fast-cleared, or one plane; compression.*, surfaces.in_memory) and depth tests ALWAYS "
                    + "cost nothing; 0 = none");
    public static final ConfigKey ROP_REPORT_CYCLES = ConfigKey.range("rop.report_cycles", 1, 1, 100_000, "cycles",
            "backend.kind=rops: cycles a ROP unit spends on an occlusion query's begin or end report (its ZPASS "
                    + "count taken and released behind the unit's earlier writes), in series with its waves: the "
                    + "query's cost at the end of the pipe, where the draws around it wait for it; 1 = no more "
                    + "than any other marker");
    public static final ConfigKey ROP_CLEAR_AT_WRITE_RATE = ConfigKey.flag("rop.clear_at_write_rate", false,
            "backend.kind=rops: a ROP unit writes a clear's every sample at its write rate for the surface, as it writes "
                    + "a fill: a depth clear at rop.depth_write_samples_per_clock* of the surface's format (where those are "
                    + "set), a colour clear at rop.color_samples_per_clock, every sample of a multisampled target; off: a "
                    + "fast clear at four times the unit's test or colour rate, a colour target's pixels only");
    public static final ConfigKey ROP_LATENCY = ConfigKey.range("rop.latency", 16, 0, 100_000, "cycles",
            "backend.kind=rops: pipeline latency of each half of a ROP unit (its depth unit to the shader "
                    + "engine, its colour unit to the end of the pipe), beyond its occupancy");
    public static final ConfigKey ROP_REPORT_LATENCY = ConfigKey.range("rop.report_latency", 32, 1, 100_000, "cycles",
            "backend.kind=rops: cycles from an occlusion marker leaving the last ROP to the on-chip sum of every "
                    + "ROP's counter being written as the query's one report");

    /** The ROP back end's keys (read with backend.kind=rops); its rule: at most 32 ROP units own tiles. */
    public static final KeyGroup KEYS = KeyGroup.of(320, "ROP back end", ROP_PARTITIONS, ROP_UNITS_PER_PARTITION,
                    ROP_CROSSBAR_LATENCY, ROP_CROSSBAR_QUADS, ROP_Z_SAMPLES, ROP_DEPTH_ONLY_SAMPLES,
                    ROP_TEST_ONLY_SAMPLES, ROP_STENCIL_SAMPLES, ROP_STENCIL_SAMPLES_D32S8, ROP_STENCIL_READ_SAMPLES,
                    ROP_STENCIL_READ_SAMPLES_D32S8, ROP_STENCIL_WRITE_SAMPLES, ROP_STENCIL_WRITE_SAMPLES_D32S8,
                    ROP_COLOR_SAMPLES, ROP_BLEND_SAMPLES,
                    ROP_DEPTH_WRITE_SAMPLES, ROP_DEPTH_WRITE_SAMPLES_D16, ROP_DEPTH_WRITE_SAMPLES_D24S8,
                    ROP_DEPTH_WRITE_SAMPLES_D32S8, ROP_ZROP_SAMPLES, ROP_WHOLE_QUADS, ROP_ZCULL_WAITS_FOR_WRITES,
                    ROP_ZTEST_PIXELS, ROP_REPORT_CYCLES, ROP_CLEAR_AT_WRITE_RATE, ROP_LATENCY, ROP_REPORT_LATENCY)
            .withRules(c -> {
                if (BackEndKind.of(c) == BackEndKind.ROPS) {
                    tileOwners(c);
                }
            });
    // ---- end of the configuration keys ----

    /** The most tile owners a tile map has (its owner table holds a byte per tile, DepthBlockCore a lane each). */
    public static final int MAX_UNITS = BackEndKind.MAX_TILE_OWNERS;

    public RopParams {
        if ((long) partitions * unitsPerPartition > MAX_UNITS) {
            throw new IllegalArgumentException("rop.partitions x rop.units_per_partition = " + partitions + " x "
                    + unitsPerPartition + " ROP units; at most " + MAX_UNITS + " own screen tiles");
        }
    }

    /** {@code rop.partitions} 0 means one partition per memory channel. */
    public static RopParams of(Config c) {
        int partitions = c.getInt(ROP_PARTITIONS);
        if (partitions == 0) {
            partitions = c.getInt(MemorySystem.MEMORY_CHANNELS);
        }
        return new RopParams(partitions, c.getInt(ROP_UNITS_PER_PARTITION),
                c.get(ROP_CROSSBAR_LATENCY), c.get(ROP_CROSSBAR_QUADS),
                c.get(ROP_Z_SAMPLES), c.get(ROP_DEPTH_ONLY_SAMPLES),
                c.get(ROP_TEST_ONLY_SAMPLES), c.get(ROP_STENCIL_SAMPLES),
                c.get(ROP_COLOR_SAMPLES), c.get(ROP_BLEND_SAMPLES), c.get(ROP_LATENCY),
                c.get(ROP_REPORT_LATENCY),
                new PipelineParams.DepthWriteRates(c.get(ROP_DEPTH_WRITE_SAMPLES),
                        c.get(ROP_DEPTH_WRITE_SAMPLES_D16), c.get(ROP_DEPTH_WRITE_SAMPLES_D24S8),
                        c.get(ROP_DEPTH_WRITE_SAMPLES_D32S8)),
                c.flag(ROP_WHOLE_QUADS), c.get(ROP_ZROP_SAMPLES), c.flag(ROP_ZCULL_WAITS_FOR_WRITES),
                c.get(ROP_ZTEST_PIXELS), c.get(ROP_REPORT_CYCLES), c.get(ROP_STENCIL_SAMPLES_D32S8),
                new PipelineParams.StencilRates(c.get(ROP_STENCIL_READ_SAMPLES), c.get(ROP_STENCIL_READ_SAMPLES_D32S8),
                        c.get(ROP_STENCIL_WRITE_SAMPLES), c.get(ROP_STENCIL_WRITE_SAMPLES_D32S8)),
                c.flag(ROP_CLEAR_AT_WRITE_RATE));
    }

    /**
     * The ROP units of configuration {@code c}, the screen-tile owners: rop.partitions x
     * rop.units_per_partition (rop.partitions 0: one per memory channel); throws
     * {@link IllegalArgumentException} when there are more than {@link BackEndKind#MAX_TILE_OWNERS}.
     */
    public static int tileOwners(Config c) {
        long partitions = c.get(ROP_PARTITIONS) == 0 ? c.get(MemorySystem.MEMORY_CHANNELS) : c.get(ROP_PARTITIONS);
        long count = partitions * c.get(ROP_UNITS_PER_PARTITION);
        if (count > BackEndKind.MAX_TILE_OWNERS) {
            throw new IllegalArgumentException("backend.kind=rops: rop.partitions x rop.units_per_partition = "
                    + partitions + " x " + c.get(ROP_UNITS_PER_PARTITION) + " = " + count
                    + " ROP units, but at most " + BackEndKind.MAX_TILE_OWNERS + " can own screen tiles");
        }
        return (int) count;
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
                db.uncoveredSamplesPerClock(), true, stencilSamplesPerClockD32s8,
                clearAtWriteRate && depthWrites.d32() > 0 ? depthWrites : null);
    }

    /**
     * A ROP unit's colour half, in the colour back end's terms: late Z at its depth rate, then
     * colour, then (with rop.depth_write_samples_per_clock) the wave's depth writes: on NVIDIA
     * hardware one ROP unit does both the colour (CROP) and the depth (ZROP) work of its screen
     * tiles; the H200's fills show their costs adding, not overlapping (docs/calibration.md).
     * With rop.whole_quads a wave's quads count whole at both rates: the H200's per-draw times
     * follow the quads with passing samples more closely than those samples (docs/calibration.md,
     * "The `h200` preset"). Its rates hold across waves (the part of a cycle a wave leaves
     * is carried to the next), and with rop.zrop_samples_per_clock a depth-tested wave's samples
     * pass the depth half in series with the colour: the H100's fill sweep measured a
     * depth-tested fill that leaves the depth unchanged 1.11 times as long as the same fill
     * without depth, at 1, 2, 4 and 8 samples alike (data/replay/h100/mechanisms). With
     * rop.ztest_pixels_per_clock the pixels the depth half tested since the last wave (passing or
     * failing, in tiles whose depth is stored uncompressed) are read and compared in series too
     * (docs/calibration-mechanisms.md, "The ZROP's test in series").
     */
    public PipelineParams.ColorBackEndParams color() {
        return new PipelineParams.ColorBackEndParams(zSamplesPerClock, colorSamplesPerClock, blendSamplesPerClock,
                latency, depthWrites, wholeQuads, zropSamplesPerClock, true, ztestPixelsPerClock, reportCycles, stencil,
                clearAtWriteRate);
    }
}
