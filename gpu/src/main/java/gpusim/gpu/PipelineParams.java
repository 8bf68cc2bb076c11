package gpusim.gpu;

import gpusim.config.Config;
import gpusim.config.ConfigKey;
import gpusim.config.ConfigKeys;
import gpusim.memory.cache.CacheParams;

/**
 * The timing parameters of each block of the pipeline, as typed records built once from the
 * configuration (gem5's per-object parameters): a block takes its own record and never reads
 * configuration keys itself, so what a block depends on is written in one place and a test
 * can build a block with exactly the parameters it means. Every field is a configuration key
 * (units in {@link ConfigKeys}; `gpusim config` lists them).
 */
public record PipelineParams(CommandProcessorParams cp, InputAssemblyParams ia, ShaderParams vs,
                             PrimitiveParams setup, RasterParams raster, DepthBlockParams db, ShaderArrayParams shaders,
                             ColorBackEndParams cb, int waveQueueDepth, SurfaceParams surfaces,
                             EndOfPipeParams eop, boolean flushAtHostSync) {

    /**
     * The end of the pipe: the fewest cycles between two end-of-pipe timestamps being written
     * ({@code timestamp.interval_cycles}; 0: as soon as each arrives).
     */
    public record EndOfPipeParams(long timestampIntervalCycles) {
    }

    /**
     * A queue engine: command decode, polls, dispatch width, clocks, frame decode, binary early
     * out, where timestamps take the clock, the query commands' costs, and whether a clear waits
     * for the pipe on both sides ({@code cp.clear_waits}).
     */
    public record CommandProcessorParams(long cyclesPerCommand, long pollCycles, long shaderUnits, long clockHz,
                                         long timestampHz, long decodeCyclesPerByte, boolean binaryEarlyOut,
                                         TimestampAt timestampAt, QueryCosts queryCosts, boolean clearWaits) {
    }

    /**
     * The command processor's own cost of the query commands, in cycles beyond
     * {@code cp.cycles_per_command} ({@code cp.query_cycles}, {@code cp.timestamp_cycles},
     * {@code cp.resolve_*}); all 0 by default. A resolve takes one of three paths by its query
     * count, each a launch and a cost a query: the front end's own copy ({@link #serial}), the
     * compute copy's small form ({@link #small}) and the compute copy ({@link #compute}).
     */
    public record QueryCosts(long queryCycles, long timestampCycles, ResolvePath serial, ResolvePath small,
                             ResolvePath compute) {
        /** The path a ResolveQueryData of {@code queries} queries takes. */
        public ResolvePath resolvePath(long queries) {
            if (queries <= serial.maxQueries()) {
                return serial;
            }
            return queries <= small.maxQueries() ? small : compute;
        }

        /** The cost of resolving {@code queries} queries in one ResolveQueryData. */
        public long resolve(long queries) {
            return resolvePath(queries).cycles(queries);
        }
    }

    /**
     * One way of copying a resolve's results: taken by resolves of at most {@code maxQueries}
     * queries that no earlier path took; it costs {@code launchCycles} + N x {@code cyclesPerQuery}.
     */
    public record ResolvePath(long maxQueries, long launchCycles, long cyclesPerQuery) {
        public long cycles(long queries) {
            return launchCycles + cyclesPerQuery * queries;
        }
    }

    /** Where a DIRECT queue's EndQuery(TIMESTAMP) takes the clock ({@code timestamp.at}). */
    public enum TimestampAt {
        /** An end-of-pipe event: written once all earlier work has left the pipe; the CP goes on (D3D12's). */
        BOTTOM_OF_PIPE,
        /** Written when the command processor reaches it, earlier work still in flight (Vulkan's TOP_OF_PIPE stage). */
        TOP_OF_PIPE,
        /** The command processor waits for the pipe and memory to drain, then writes it (a serializing timestamp). */
        DRAIN
    }

    /** Input assembly: vertices fetched a cycle, items that may wait for their fetched data. */
    public record InputAssemblyParams(long verticesPerClock, int fetchWindow) {
    }

    /** A shader stage: the units it uses and its cost per item (vertex or quad) when the pipeline state sets none. */
    public record ShaderParams(long shaderUnits, long cyclesPerItem) {
    }

    /** Clip and setup: primitives a cycle, and setup's initiation interval (cycles between such groups). */
    public record PrimitiveParams(long primsPerClock, long setupIntervalCycles) {
    }

    /** The rasterizer front (binning): triangles a cycle. */
    public record RasterParams(long trisPerClock) {
    }

    /**
     * A depth block: the rates of its units, which work in step on a tile (scan converter,
     * HiZ, early depth/stencil: colour-writing, depth-only and test-only rates, and a stencil
     * test's rate where it has one: 0 for the render back ends, whose DB tests stencil at the
     * draw's rate), its pipeline latency,
     * and the quads it packs into one pixel wave. {@code pipelined}: the depth test's rate holds
     * across steps (the part of a cycle a step's test leaves is carried to the next, as a ROP
     * unit's depth half does); false: each step's test cycles rounded up (the render back ends' DBs).
     */
    public record DepthBlockParams(long scanSamplesPerClock, long hizTilesPerClock, long samplesPerClock,
                                   long depthOnlySamplesPerClock, long testOnlySamplesPerClock,
                                   long stencilSamplesPerClock, long latency, int waveQuads,
                                   long uncoveredSamplesPerClock, boolean pipelined) {
        /** A depth block whose steps' test cycles are rounded up. */
        public DepthBlockParams(long scanSamplesPerClock, long hizTilesPerClock, long samplesPerClock,
                                long depthOnlySamplesPerClock, long testOnlySamplesPerClock,
                                long stencilSamplesPerClock, long latency, int waveQuads,
                                long uncoveredSamplesPerClock) {
            this(scanSamplesPerClock, hizTilesPerClock, samplesPerClock, depthOnlySamplesPerClock,
                    testOnlySamplesPerClock, stencilSamplesPerClock, latency, waveQuads, uncoveredSamplesPerClock,
                    false);
        }

        /** The rate of a draw that writes no colour, no depth and no stencil (the depth-only rate unless set). */
        public long testOnlyRate() {
            return testOnlySamplesPerClock > 0 ? testOnlySamplesPerClock : depthOnlySamplesPerClock;
        }

        /** The rate of a draw with the stencil test on whose own rate is {@code rate}: the lower of the two. */
        public long withStencil(long rate) {
            return stencilSamplesPerClock > 0 ? Math.min(rate, stencilSamplesPerClock) : rate;
        }

        /** The rate of the samples of tiles beyond HiZ's coverage in a draw whose own rate is {@code rate}: the lower of the two. */
        public long uncovered(long rate) {
            return uncoveredSamplesPerClock > 0 ? Math.min(rate, uncoveredSamplesPerClock) : rate;
        }
    }

    /** The shader engines: how many, the units in all (split evenly), a wave's latency, the default quad cost. */
    public record ShaderArrayParams(int engines, long units, long latency, long psCyclesPerQuad) {
        /** Units of one engine (at least one). */
        public long unitsPerEngine() {
            return Math.max(1, units / engines);
        }
    }

    /**
     * A colour back end: late depth/stencil rate, opaque and blended colour rates, latency, and
     * the rates of the depth writes it makes after a wave's colour ({@link DepthWriteRates#OFF}:
     * they overlap the colour, as in the render back ends, where the DB writes depth).
     *
     * @param wholeQuads the colour and depth-write rates count every sample of each quad with a
     *                   passing sample, not only the passing ones (the ROP back end's rop.whole_quads)
     * @param zropSamplesPerClock the rate at which the unit's depth half takes a depth-tested wave's
     *                   samples in series with its colour (rop.zrop_samples_per_clock; 0: none)
     * @param pipelined  a wave's cycles are its samples over the rates with the part of a cycle left
     *                   over carried to the next wave (a ROP unit's rates hold across waves); false:
     *                   each wave's cycles rounded up (the render back ends' colour blocks)
     * @param ztestPixelsPerClock the rate at which the unit's depth half reads and compares the
     *                   depth of the pixels it tested, in series with its colour (rop.ztest_pixels_per_clock;
     *                   0: none)
     */
    public record ColorBackEndParams(long lateSamplesPerClock, long samplesPerClock, long blendSamplesPerClock,
                                     long latency, DepthWriteRates depthWrites, boolean wholeQuads,
                                     long zropSamplesPerClock, boolean pipelined, long ztestPixelsPerClock) {
        /** A colour block that rounds each wave's cycles up and has no depth half in series. */
        public ColorBackEndParams(long lateSamplesPerClock, long samplesPerClock, long blendSamplesPerClock,
                                  long latency, DepthWriteRates depthWrites, boolean wholeQuads) {
            this(lateSamplesPerClock, samplesPerClock, blendSamplesPerClock, latency, depthWrites, wholeQuads, 0,
                    false, 0);
        }
    }

    /**
     * Depth writes in series with colour (the ROP back end's rop.depth_write_samples_per_clock*):
     * samples a cycle for a D32_FLOAT surface and for the other formats (0: the D32 rate); all 0: off.
     */
    public record DepthWriteRates(long d32, long d16, long d24s8, long d32s8) {
        public static final DepthWriteRates OFF = new DepthWriteRates(0, 0, 0, 0);

        /** The rate for surfaces of {@code format}; 0 when depth writes overlap the colour. */
        public long rate(gpusim.api.DepthFormat format) {
            long r = switch (format) {
                case D16_UNORM -> d16;
                case D24_UNORM_S8_UINT -> d24s8;
                case D32_FLOAT_S8X24_UINT -> d32s8;
                default -> d32;
            };
            return r > 0 ? r : d32;
        }
    }

    /**
     * DCC-style colour compression (compression.color, with surfaces in memory): the colour
     * bytes one key covers, the bytes a constant block is stored in (the minimum compressed
     * block), the key's bytes, whether blocks of varying colour may be partially compressed,
     * and the largest compressed block.
     */
    public record ColorCompressionParams(int blockBytes, int constantBytes, int metaBytes, boolean partial,
                                         int maxCompressedBytes) {
    }

    /**
     * Surfaces in memory: whether the render back ends' surface accesses go through
     * memory, each RB's depth and colour cache, the prefetch window of a DB, and the
     * compressions. {@code dbCache}, {@code cbCache} and {@code color} are null when
     * {@code inMemory} is off; {@code color} also when compression.color is off.
     */
    public record SurfaceParams(boolean inMemory, int tilesInFlight, int wavesInFlight, CacheParams dbCache, CacheParams cbCache,
                                boolean fastClear, boolean depthPlanes, ColorCompressionParams color,
                                boolean flushAtEnd) {
        static SurfaceParams of(Config c) {
            if (!c.flag(ConfigKeys.SURFACES_IN_MEMORY)) {
                return new SurfaceParams(false, c.getInt(ConfigKeys.SURFACES_TILES_IN_FLIGHT),
                        c.getInt(ConfigKeys.SURFACES_WAVES_IN_FLIGHT), null, null,
                        c.flag(ConfigKeys.COMPRESSION_FAST_CLEAR), c.flag(ConfigKeys.COMPRESSION_DEPTH_PLANES), null,
                        false);
            }
            return new SurfaceParams(true, c.getInt(ConfigKeys.SURFACES_TILES_IN_FLIGHT),
                    c.getInt(ConfigKeys.SURFACES_WAVES_IN_FLIGHT),
                    cache(c, "db.cache", ConfigKeys.DB_CACHE_SIZE, ConfigKeys.DB_CACHE_WAYS, ConfigKeys.DB_CACHE_LINE,
                            ConfigKeys.DB_CACHE_POLICY, ConfigKeys.DB_CACHE_MSHRS, ConfigKeys.DB_CACHE_HIT_LATENCY,
                            ConfigKeys.DB_CACHE_SECTOR_BYTES, ConfigKeys.DB_CACHE_BYTE_MASKS),
                    cache(c, "cb.cache", ConfigKeys.CB_CACHE_SIZE, ConfigKeys.CB_CACHE_WAYS, ConfigKeys.CB_CACHE_LINE,
                            ConfigKeys.CB_CACHE_POLICY, ConfigKeys.CB_CACHE_MSHRS, ConfigKeys.CB_CACHE_HIT_LATENCY,
                            ConfigKeys.CB_CACHE_SECTOR_BYTES, ConfigKeys.CB_CACHE_BYTE_MASKS),
                    c.flag(ConfigKeys.COMPRESSION_FAST_CLEAR), c.flag(ConfigKeys.COMPRESSION_DEPTH_PLANES),
                    !c.flag(ConfigKeys.COMPRESSION_COLOR) ? null : new ColorCompressionParams(
                            c.getInt(ConfigKeys.COMPRESSION_COLOR_BLOCK_BYTES),
                            c.getInt(ConfigKeys.COMPRESSION_COLOR_CONSTANT_BYTES),
                            c.getInt(ConfigKeys.COMPRESSION_COLOR_META_BYTES),
                            c.flag(ConfigKeys.COMPRESSION_COLOR_PARTIAL),
                            c.getInt(ConfigKeys.COMPRESSION_COLOR_MAX_COMPRESSED_BYTES)),
                    c.flag(ConfigKeys.SURFACES_FLUSH_AT_END));
        }

        private static CacheParams cache(Config c, String name, ConfigKey size, ConfigKey ways, ConfigKey line,
                                         ConfigKey policy, ConfigKey mshrs, ConfigKey hitLatency, ConfigKey sector,
                                         ConfigKey byteMasks) {
            try {
                return new CacheParams(c.get(size), c.getInt(ways), c.getInt(line), c.get(policy) == 0,
                        c.getInt(mshrs), c.get(hitLatency), c.getInt(sector), c.flag(byteMasks));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(name + ".*: " + e.getMessage(), e);
            }
        }
    }

    public static PipelineParams of(Config c) {
        return new PipelineParams(
                new CommandProcessorParams(c.get(ConfigKeys.CP_CYCLES), c.get(ConfigKeys.POLL_CYCLES),
                        c.get(ConfigKeys.SHADER_UNITS), c.get(ConfigKeys.CLOCK_MHZ) * 1_000_000L,
                        c.get(ConfigKeys.TIMESTAMP_HZ), c.get(ConfigKeys.DECODE_CYCLES_PER_BYTE),
                        c.flag(ConfigKeys.DB_BINARY_EARLY_OUT),
                        TimestampAt.values()[(int) c.get(ConfigKeys.TIMESTAMP_AT)],
                        new QueryCosts(c.get(ConfigKeys.CP_QUERY_CYCLES), c.get(ConfigKeys.CP_TIMESTAMP_CYCLES),
                                new ResolvePath(c.get(ConfigKeys.CP_RESOLVE_SERIAL_MAX_QUERIES),
                                        c.get(ConfigKeys.CP_RESOLVE_SERIAL_CYCLES),
                                        c.get(ConfigKeys.CP_RESOLVE_SERIAL_CYCLES_PER_QUERY)),
                                new ResolvePath(c.get(ConfigKeys.CP_RESOLVE_SMALL_MAX_QUERIES),
                                        c.get(ConfigKeys.CP_RESOLVE_SMALL_CYCLES),
                                        c.get(ConfigKeys.CP_RESOLVE_SMALL_CYCLES_PER_QUERY)),
                                new ResolvePath(Long.MAX_VALUE, c.get(ConfigKeys.CP_RESOLVE_CYCLES),
                                        c.get(ConfigKeys.CP_RESOLVE_CYCLES_PER_QUERY))),
                        c.flag(ConfigKeys.CP_CLEAR_WAITS)),
                new InputAssemblyParams(c.get(ConfigKeys.IA_VERTS), c.getInt(ConfigKeys.IA_FETCH_WINDOW)),
                new ShaderParams(c.get(ConfigKeys.SHADER_UNITS), c.get(ConfigKeys.VS_CYCLES)),
                new PrimitiveParams(c.get(ConfigKeys.SETUP_PRIMS), c.get(ConfigKeys.SETUP_INTERVAL)),
                new RasterParams(c.get(ConfigKeys.RASTER_TRIS)),
                new DepthBlockParams(c.get(ConfigKeys.RASTER_SAMPLES), c.get(ConfigKeys.HIZ_TILES),
                        c.get(ConfigKeys.DB_SAMPLES), c.get(ConfigKeys.DB_DEPTH_ONLY_SAMPLES),
                        c.get(ConfigKeys.DB_TEST_ONLY_SAMPLES), 0, c.get(ConfigKeys.DB_LATENCY),
                        c.getInt(ConfigKeys.PS_WAVE_QUADS), c.get(ConfigKeys.HIZ_UNCOVERED_SAMPLES)),
                new ShaderArrayParams(c.getInt(ConfigKeys.SHADER_ENGINES), c.get(ConfigKeys.SHADER_UNITS),
                        c.get(ConfigKeys.SHADER_LATENCY), c.get(ConfigKeys.PS_CYCLES)),
                new ColorBackEndParams(c.get(ConfigKeys.DB_LATE_SAMPLES), c.get(ConfigKeys.CB_SAMPLES),
                        c.get(ConfigKeys.CB_BLEND_SAMPLES), c.get(ConfigKeys.CB_LATENCY), DepthWriteRates.OFF, false),
                c.getInt(ConfigKeys.QUEUE_WAVES), SurfaceParams.of(c),
                new EndOfPipeParams(c.get(ConfigKeys.TIMESTAMP_INTERVAL)),
                c.flag(ConfigKeys.MEMORY_FLUSH_AT_HOST_SYNC));
    }
}
