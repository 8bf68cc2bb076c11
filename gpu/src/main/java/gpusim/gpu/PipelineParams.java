package gpusim.gpu;

import gpusim.config.ChoiceKey;
import gpusim.config.Config;
import gpusim.config.ConfigKey;
import gpusim.config.KeyGroup;
import gpusim.config.SharedKeys;
import gpusim.gpu.db.HizParams;
import gpusim.gpu.raster.TileMap;
import gpusim.memory.L2Params;
import gpusim.memory.cache.CacheParams;

/**
 * The timing parameters of each block of the pipeline, as typed records built once from the
 * configuration (gem5's per-object parameters): a block takes its own record and never reads
 * configuration keys itself, so what a block depends on is written in one place and a test
 * can build a block with exactly the parameters it means. Every field is a configuration key,
 * declared here (or, for a key another unit shares, beside that unit's record: the clock in
 * SharedKeys, hierarchical Z's rates in HizParams, memory.flush_at_host_sync in L2Params);
 * gpusim config lists them all.
 */
public record PipelineParams(CommandProcessorParams cp, InputAssemblyParams ia, ShaderParams vs,
                             PrimitiveParams setup, RasterParams raster, DepthBlockParams db, ShaderArrayParams shaders,
                             ColorBackEndParams cb, int waveQueueDepth, SurfaceParams surfaces,
                             EndOfPipeParams eop, boolean flushAtHostSync) {
    // ---- Configuration keys (KEYS lists them) ----
    public static final ConfigKey TIMESTAMP_HZ = ConfigKey.range("timestamp.frequency_hz", 100_000_000L, 1,
            10_000_000_000L, "Hz", "timestamp counter frequency, as GetTimestampFrequency reports it");
    public static final ChoiceKey<TimestampAt> TIMESTAMP_AT = ConfigKey.choice("timestamp.at", TimestampAt.BOTTOM_OF_PIPE,
            "where a DIRECT queue's EndQuery(TIMESTAMP) takes the clock: bottom_of_pipe = an end-of-pipe event "
                    + "written once all earlier work has finished, the command processor going on (D3D12, "
                    + "radeonsi's EVENT_WRITE_EOP); top_of_pipe = when the command processor reaches it; drain = "
                    + "the command processor waits for the pipe to drain first (a serializing timestamp); never "
                    + "changes a result other than the timestamps");
    public static final ConfigKey TIMESTAMP_INTERVAL = ConfigKey.range("timestamp.interval_cycles", 0, 0, 1_000_000,
            "cycles", "the end of the pipe writes an end-of-pipe timestamp at least this long after the one before "
                    + "(it takes one such event that often), while the work behind it goes on; 0 = each is written "
                    + "as soon as all earlier work has finished");
    public static final ConfigKey DB_TILE = ConfigKey.oneOf("db.tile", 8, new long[] {8, 16, 32}, "pixels",
            "edge of the square screen tile a DB owns");
    public static final ChoiceKey<TileMap.Pattern> DB_PATTERN = ConfigKey.choice("db.pattern", TileMap.Pattern.CHECKERBOARD,
            "which enabled DB owns screen tile (tx, ty): rows = ty mod n, checkerboard = (tx + ty) mod n, "
                    + "hashed = an XOR hash of the tile coordinates mod n (n enabled DBs)");
    public static final ConfigKey DB_ENABLED = ConfigKey.mask("db.enabled", 0xFFFF_FFFFL, 0xFFFF_FFFFL, "mask",
            "bit d set: DB d is enabled (bits at or above db.count are ignored; at least one DB must be enabled); "
                    + "a disabled DB owns no tiles");
    public static final ConfigKey DB_BINARY_EARLY_OUT = ConfigKey.flag("db.binary_early_out", false,
            "a DB stops exact counting for a BINARY_OCCLUSION query once one sample passed; never changes results");
    public static final ConfigKey CP_CYCLES = ConfigKey.range("cp.cycles_per_command", 2, 1, 10_000, "cycles",
            "command processor cost to decode one command");
    public static final ConfigKey POLL_CYCLES = ConfigKey.range("cp.poll_cycles", 16, 1, 100_000, "cycles",
            "interval at which the command processor re-reads memory while waiting on a value (WAIT_REG_MEM)");
    public static final ConfigKey IA_VERTS = ConfigKey.range("ia.vertices_per_clock", 4, 1, 1024, "vertices/cycle",
            "input assembly vertex fetch rate");
    public static final ConfigKey IA_FETCH_WINDOW = ConfigKey.oneOf("ia.fetch_window", 16,
            new long[] {1, 2, 4, 8, 16, 32, 64, 128}, "items",
            "input assembly prefetch window: batches (and markers between them) that may wait for their index and "
                    + "vertex data at once, so memory latency overlaps the assembly of later batches");
    public static final ConfigKey SHADER_UNITS = ConfigKey.range("shader.units", 16, 1, 4096, "units",
            "shader units in all, shared by vertex and pixel shading (split evenly between the "
                    + "shader.engines)");
    public static final ConfigKey VS_CYCLES = ConfigKey.range("vs.cycles", 8, 0, 100_000, "cycles/vertex",
            "vertex shading cost per vertex when a pipeline state does not set vs_cycles");
    public static final ConfigKey PS_CYCLES = ConfigKey.range("ps.cycles", 8, 0, 100_000, "cycles/quad",
            "pixel shading cost per 2x2 quad when a pipeline state does not set ps_cycles");
    public static final ConfigKey SETUP_PRIMS = ConfigKey.range("setup.prims_per_clock", 1, 1, 64, "primitives/cycle",
            "clip, cull and setup rate");
    public static final ConfigKey SETUP_INTERVAL = ConfigKey.range("setup.interval_cycles", 1, 1, 1000, "cycles",
            "initiation interval of triangle setup: cycles between groups of setup.prims_per_clock triangles that "
                    + "survive clipping and culling (1: a group every cycle). More than 1 for a GPU with little "
                    + "fixed-function graphics, such as the H100/H200, of whose TPCs only two can run graphics "
                    + "shaders (NVIDIA's H100 whitepaper); culled triangles never reach setup");
    public static final ConfigKey RASTER_TRIS = ConfigKey.range("raster.tris_per_clock", 1, 1, 64, "triangles/cycle",
            "rasterizer binning rate: triangles sent on to the depth blocks' scan converters");
    public static final ConfigKey RASTER_SAMPLES = ConfigKey.range("raster.samples_per_clock", 64, 1, 4096,
            "samples/cycle", "scan-conversion rate of each depth block's scan converter (sample positions of the "
                    + "tiles a triangle does not trivially miss)");
    public static final ConfigKey DB_SAMPLES = ConfigKey.range("db.samples_per_clock", 16, 1, 4096, "samples/cycle",
            "early depth/stencil test rate of one DB (covered samples tested before pixel shading)");
    public static final ConfigKey DB_LATE_SAMPLES = ConfigKey.range("db.late_samples_per_clock", 8, 1, 4096,
            "samples/cycle", "late depth/stencil test rate of one render back end: covered samples of late_z pipeline "
                    + "states, tested as the shaded waves come back from the shader engine");
    public static final ConfigKey DB_DEPTH_ONLY_SAMPLES = ConfigKey.range("db.depth_only_samples_per_clock", 32, 1,
            4096, "samples/cycle", "early depth/stencil test rate of one DB for a draw that writes no colour (no "
                    + "render target, or color_write=0): depth-only passes run at a higher rate");
    public static final ConfigKey DB_TEST_ONLY_SAMPLES = ConfigKey.range("db.test_only_samples_per_clock", 0, 0,
            4096, "samples/cycle", "early depth/stencil test rate of one DB for a draw that writes nothing: no colour, "
                    + "no depth (depth_write=off or depth off), no stencil (a visibility probe: the occlusion query "
                    + "passes of an occlusion-culling engine); 0 = db.depth_only_samples_per_clock");
    public static final ConfigKey DB_LATENCY = ConfigKey.range("db.latency", 16, 0, 100_000, "cycles",
            "pipeline latency of a depth block: from a tile entering its HiZ and early depth units to its quads "
                    + "reaching the shader engine's queue, beyond its occupancy");
    public static final ConfigKey SHADER_ENGINES = ConfigKey.range("shader.engines", 4, 1, 64, "engines",
            "shader engines: shader.units are split evenly between them; render back end d sends its pixel waves "
                    + "to engine d x engines / db.count; vertex work goes to whichever engine is free first");
    public static final ConfigKey SHADER_LATENCY = ConfigKey.range("shader.latency", 64, 0, 100_000, "cycles",
            "pipeline latency of a shader engine: from a wave's last issue cycle to its results leaving "
                    + "(export), beyond its occupancy");
    public static final ConfigKey SHADER_WAVES_IN_FLIGHT = ConfigKey.range("shader.waves_in_flight", 0, 0, 1 << 16,
            "waves", "waves a shader engine holds from their issue to their results leaving (shader.latency): the "
                    + "resident warps or waves of its cores. Each engine's vertex batches and each tile owner's pixel "
                    + "waves wait there, so the queue from the vertex stage to the clipper holds this many a shader "
                    + "engine and the queue from a shader engine to each of its tile owners' colour back ends (or "
                    + "crossbar) this many shared among them (at least 1); 0: queue.depth and queue.waves, so that those "
                    + "queues' capacity bounds the waves in the shaders' pipe (at most capacity / (shader.latency + "
                    + "issue) waves a cycle)");
    public static final ConfigKey PS_WAVE_QUADS = ConfigKey.oneOf("ps.wave_quads", 16, new long[] {1, 2, 4, 8, 16, 32},
            "quads", "2x2 quads a depth block packs into one pixel wave for its shader engine (16: a 64-lane AMD "
                    + "wave; 8: a 32-thread NVIDIA warp); the unit of work between DB, shader engine and colour "
                    + "back end");
    public static final ConfigKey CB_SAMPLES = ConfigKey.range("cb.samples_per_clock", 8, 1, 4096, "samples/cycle",
            "colour back end write rate of one render back end: colour samples written a cycle (opaque)");
    public static final ConfigKey CB_BLEND_SAMPLES = ConfigKey.range("cb.blend_samples_per_clock", 4, 1, 4096,
            "samples/cycle", "colour back end rate for a blending pipeline state: each sample is read, blended and "
                    + "written");
    public static final ConfigKey CB_LATENCY = ConfigKey.range("cb.latency", 16, 0, 100_000, "cycles",
            "pipeline latency of a colour back end: from a wave entering its late depth test and blender to its "
                    + "samples being written, beyond its occupancy");
    public static final ConfigKey SURFACES_IN_MEMORY = ConfigKey.flag("surfaces.in_memory", true,
            "depth, stencil, HTILE and colour surfaces live at device addresses: every tile a DB tests reads and "
                    + "writes its depth (and stencil, HTILE) and the colour back end writes (and, blending, reads) "
                    + "its colour through the RB's depth and colour caches; off: an approximation, surface accesses "
                    + "take no memory time (unit tests use it to isolate a unit's own cycles); never changes results");
    public static final ConfigKey SURFACES_FLUSH_AT_END = ConfigKey.flag("surfaces.flush_at_end", false,
            "with surfaces.in_memory, at the end of a run every render back end's depth and colour cache writes "
                    + "its dirty lines back (radeonsi's and PAL's DB / CB cache flush-and-invalidate event before "
                    + "the host reads a surface), before the L2 flush of l2.flush_at_end; the run ends when they "
                    + "have landed; off: dirty lines are left in the caches, no cycles charged");
    public static final ConfigKey SURFACES_TILES_IN_FLIGHT = ConfigKey.range("surfaces.tiles_in_flight", 16, 1, 1024,
            "tiles", "tile records a depth block may have surface reads outstanding for, ahead of the tile it tests "
                    + "(its prefetch window; a step of more tiles than this ends early)");
    public static final ConfigKey SURFACES_WAVES_IN_FLIGHT = ConfigKey.range("surfaces.waves_in_flight", 8, 1, 1024,
            "waves", "shaded waves a colour back end may have surface reads outstanding for (a blend's destination "
                    + "colour, DCC keys), its own wave and those queued behind it that have arrived: its prefetch "
                    + "window, so that the reads of later waves overlap the wave being written");
    public static final ConfigKey DB_CACHE_SIZE = ConfigKey.range("db.cache.size", 32768, 64, 1L << 20, "bytes",
            "depth cache of each render back end (depth, stencil and HTILE lines): ways x line x a power of two sets; at "
                    + "most 1 MiB (GCN's are kilobytes; with 32 units the caches then hold at most 64 MiB of host memory)");
    public static final ConfigKey DB_CACHE_WAYS = ConfigKey.range("db.cache.ways", 4, 1, 64, "ways",
            "associativity of the depth cache (LRU)");
    public static final ConfigKey DB_CACHE_LINE = ConfigKey.oneOf("db.cache.line", 256,
            new long[] {32, 64, 128, 256}, "bytes", "line size of the depth cache (256: an 8 x 8 D32 tile at one "
                    + "sample is one line)");
    public static final ConfigKey DB_CACHE_SECTOR_BYTES = ConfigKey.oneOf("db.cache.sector_bytes", 0,
            new long[] {0, 32, 64, 128, 256}, "bytes", "sectors of each depth cache line: valid, fetched and written back per sector "
                    + "(a write covering whole sectors fetches nothing; only dirty sectors are written back); "
                    + "0 or db.cache.line: whole lines; at most db.cache.line");
    public static final ConfigKey DB_CACHE_BYTE_MASKS = ConfigKey.flag("db.cache.byte_masks", false,
            "a valid and a dirty bit per byte of each depth cache line, as the GFX9+ L2 keeps (see l2.byte_masks): "
                    + "%s; write_back only (ignored by write_through); off: a partial write fetches first"
                    .formatted(CacheParams.BYTE_MASKS_MEANING));
    public static final ChoiceKey<CacheParams.WritePolicy> DB_CACHE_POLICY = ConfigKey.choice("db.cache.policy", CacheParams.WritePolicy.WRITE_BACK,
            "depth cache write policy: write_back = write-allocate, dirty lines written back when evicted; "
                    + "write_through = every write goes to memory, write misses do not allocate");
    public static final ConfigKey DB_CACHE_MSHRS = ConfigKey.range("db.cache.mshrs", 32, 1, 4096, "lines",
            "miss status holding registers of the depth cache: lines it may be fetching (or writing back) at once");
    public static final ConfigKey DB_CACHE_HIT_LATENCY = ConfigKey.range("db.cache.hit_latency", 4, 1, 100_000,
            "cycles", "depth cache hit latency (also the lookup a miss pays before its fetch goes to memory)");
    public static final ConfigKey CB_CACHE_SIZE = ConfigKey.range("cb.cache.size", 32768, 64, 1L << 20, "bytes",
            "colour cache of each render back end (colour and colour metadata lines): ways x line x a power of two "
                    + "sets");
    public static final ConfigKey CB_CACHE_WAYS = ConfigKey.range("cb.cache.ways", 4, 1, 64, "ways",
            "associativity of the colour cache (LRU)");
    public static final ConfigKey CB_CACHE_LINE = ConfigKey.oneOf("cb.cache.line", 256,
            new long[] {32, 64, 128, 256}, "bytes", "line size of the colour cache (256: an 8 x 8 RGBA8 tile at one "
                    + "sample is one line)");
    public static final ConfigKey CB_CACHE_SECTOR_BYTES = ConfigKey.oneOf("cb.cache.sector_bytes", 0,
            new long[] {0, 32, 64, 128, 256}, "bytes", "sectors of each colour cache line: valid, fetched and written back per sector "
                    + "(a write covering whole sectors, e.g. a 32-byte compressed colour block, fetches nothing; "
                    + "only dirty sectors are written back); 0 or cb.cache.line: whole lines; at most cb.cache.line");
    public static final ConfigKey CB_CACHE_BYTE_MASKS = ConfigKey.flag("cb.cache.byte_masks", false,
            "a valid and a dirty bit per byte of each colour cache line, as the GFX9+ L2 keeps (see l2.byte_masks): "
                    + "%s; write_back only (ignored by write_through); off: a partial write fetches first"
                    .formatted(CacheParams.BYTE_MASKS_MEANING));
    public static final ChoiceKey<CacheParams.WritePolicy> CB_CACHE_POLICY = ConfigKey.choice("cb.cache.policy", CacheParams.WritePolicy.WRITE_BACK,
            "colour cache write policy: write_back = write-allocate, dirty lines written back when evicted; "
                    + "write_through = every write goes to memory, write misses do not allocate");
    public static final ConfigKey CB_CACHE_MSHRS = ConfigKey.range("cb.cache.mshrs", 32, 1, 4096, "lines",
            "miss status holding registers of the colour cache");
    public static final ConfigKey CB_CACHE_HIT_LATENCY = ConfigKey.range("cb.cache.hit_latency", 4, 1, 100_000,
            "cycles", "colour cache hit latency (also the lookup a miss pays before its fetch goes to memory)");
    public static final ConfigKey COMPRESSION_FAST_CLEAR = ConfigKey.flag("compression.fast_clear", true,
            "with surfaces.in_memory: a depth or colour clear writes only the tiles' metadata (HTILE / colour "
                    + "metadata, 4 bytes a tile) and marks them cleared; a cleared tile's first access reads no "
                    + "data (radeonsi's fast clears); off: a clear writes every byte of its tiles");
    public static final ConfigKey COMPRESSION_DEPTH_PLANES = ConfigKey.flag("compression.depth_planes", true,
            "with surfaces.in_memory: a tile whose every sample one triangle wrote stores that triangle's depth "
                    + "plane (16 bytes) instead of its samples, read back as 16 bytes, until a partial write expands it "
                    + "(HTILE's plane-compressed depth, radeonsi/PAL)");
    // Colour compression, AMD's DCC (delta colour compression): radeonsi si_state.c programs
    // CB_COLOR0_DCC_CONTROL with MAX_UNCOMPRESSED_BLOCK_SIZE 256B and MIN_COMPRESSED_BLOCK_SIZE
    // 32B on discrete GPUs (64B on APUs, whose DIMMs' request granularity is 64 bytes: the amdvlk
    // comment there; RADV's get_dcc_min_compressed_block_size the same); one key byte a block
    // (si_pipe.h's si_clear_code: DCC_CLEAR_COLOR_REG is 0x20 in each key byte, DCC_UNCOMPRESSED 0xFF).
    public static final ConfigKey COMPRESSION_COLOR = ConfigKey.flag("compression.color", false,
            "with surfaces.in_memory: DCC-style colour compression: each render target gets a DCC key array "
                    + "(compression.color.meta_bytes a block of compression.color.block_bytes); a block whose samples "
                    + "are all one colour (a clear, a flat fill) moves only its key and a "
                    + "compression.color.constant_bytes payload, a block of slowly varying colour (with "
                    + "compression.color.partial) the whole payloads its delta code needs, other blocks their bytes as "
                    + "without; never changes results");
    public static final ConfigKey COMPRESSION_COLOR_BLOCK_BYTES = ConfigKey.oneOf("compression.color.block_bytes", 256,
            new long[] {64, 128, 256}, "bytes", "uncompressed colour bytes one DCC key covers (the block granularity; "
                    + "radeonsi's MAX_UNCOMPRESSED_BLOCK_SIZE_256B; at most a tile, and at least a 64th of one)");
    public static final ConfigKey COMPRESSION_COLOR_CONSTANT_BYTES = ConfigKey.oneOf(
            "compression.color.constant_bytes", 32, new long[] {32, 64}, "bytes",
            "the minimum compressed DCC block (radeonsi's MIN_BLOCK_SIZE_32B on discrete GPUs, 64B on APUs): a "
                    + "constant (one-colour) block is stored in and read back as one, a partially compressed one in "
                    + "whole ones");
    // DCC stores blocks of slowly varying colour in fewer bytes too (GPUOpen, "Getting the most
    // out of Delta Color Compression"), up to MAX_COMPRESSED_BLOCK_SIZE: 256B unless the surface
    // needs independent 64B / 128B blocks (ac_surface.c; si_state.c programs CB_COLOR0_DCC_CONTROL).
    public static final ConfigKey COMPRESSION_COLOR_PARTIAL = ConfigKey.flag("compression.color.partial", true,
            "with compression.color: a block of varying colour is stored in the bytes a delta code of it needs "
                    + "(a base colour and 4-bit widths, then each sample's four deltas from the channels' minima at "
                    + "their ranges' widths; DccBlockForm), rounded up to whole compression.color.constant_bytes, when "
                    + "that fits compression.color.max_compressed_bytes and is smaller than the block; off: only "
                    + "constant blocks compress");
    public static final ConfigKey COMPRESSION_COLOR_MAX_COMPRESSED_BYTES = ConfigKey.oneOf(
            "compression.color.max_compressed_bytes", 256, new long[] {64, 128, 256}, "bytes",
            "largest compressed DCC block (radeonsi's MAX_COMPRESSED_BLOCK_SIZE: 256B, or 64B / 128B for "
                    + "independent blocks); a block whose delta code needs more is stored uncompressed");
    public static final ConfigKey COMPRESSION_COLOR_META_BYTES = ConfigKey.range("compression.color.meta_bytes", 1, 1, 4,
            "bytes", "DCC metadata (key) bytes per block, read and written by the colour back end through its cache");
    public static final ConfigKey QUEUE_WAVES = ConfigKey.range("queue.waves", 16, 1, 1 << 16, "waves",
            "capacity of each queue carrying pixel waves (depth block to shader engine, shader engine to colour "
                    + "back end), in waves");
    public static final ConfigKey QUEUE_DEPTH = ConfigKey.range("queue.depth", 16, 1, 1 << 16, "entries",
            "capacity of each queue between pipeline stages");
    public static final ConfigKey QUEUE_LATENCY = ConfigKey.range("queue.latency", 1, 1, 1000, "cycles",
            "cycles an entry takes to cross a queue between pipeline stages");
    public static final ConfigKey DECODE_CYCLES_PER_BYTE = ConfigKey.range("decode.cycles_per_byte", 16, 1, 100_000,
            "cycles/byte", "video decode engine: cycles to decode one byte of compressed bitstream (a frame of B bytes "
                    + "takes B x this cycles after its bitstream is read; 16 at 1 GHz is 500 Mbit/s)");
    public static final ConfigKey CP_CLEAR_WAITS = ConfigKey.flag("cp.clear_waits", false,
            "a depth-stencil or render-target clear is a pass of its own: it starts once earlier work has left the pipe "
                    + "and later work starts once it has finished (a clear done by a copy or compute engine behind barriers, "
                    + "as radeonsi's compute clears are followed by a CS partial flush and the replay's --clears transfer "
                    + "records them); off: the clear is a marker in the pipe, overlapping the work around it; never changes "
                    + "results");
    public static final ConfigKey CP_CLEAR_CYCLES = ConfigKey.range("cp.clear_cycles", 0, 0, 10_000_000, "cycles",
            "cycles of the queue engine beyond cp.cycles_per_command that a depth-stencil or render-target clear takes "
                    + "after its marker (with cp.clear_waits, after the pipe has drained behind it): the work around a "
                    + "clear that is no sample's, such as the end and start of a render pass and the image's layout "
                    + "transitions and barriers when the clear is a transfer; 0 = none");
    // Each is cycles of the queue engine beyond cp.cycles_per_command, spent after the command's
    // last step (its marker sent, its results written), so the next command waits for them. 0 (the
    // default) adds nothing: every golden stays cycle-exact. On NVIDIA hardware each of these is a
    // sequence of pushbuffer methods, not one packet: nvk_query_pool.c's BeginQuery/EndQuery write a
    // report semaphore (NV9097 SET_REPORT_SEMAPHORE_A..D, REPORT_ZPASS_PIXEL_CNT64), a timestamp is a
    // four-word report at the end of the pipe, and nvk_CmdCopyQueryPoolResults waits on each query's
    // availability word (a semaphore acquire, with WAIT) and runs a compute pass that reads each
    // query's reports and writes end - begin (nvk_meta_copy_query_pool_results). The H200 set's facts:
    // back-to-back timestamps ~640 ns apart and an empty begin/end query pair 21.5 ns (its README). A
    // resolve is not one line from 1 to 4096 queries: an H100 takes 4.3 us + 525 ns x N up to 8, 4.5 us
    // + 36 ns x N from 16 to 256 and 9.6 us + 15 ns x N from 512 on (data/replay/h100/mechanisms), so
    // the resolve has three paths (below).
    public static final ConfigKey CP_QUERY_CYCLES = ConfigKey.range("cp.query_cycles", 0, 0, 100_000, "cycles",
            "command processor cost of a BeginQuery or EndQuery (occlusion, binary occlusion, statistics), after "
                    + "its marker is sent, beyond cp.cycles_per_command");
    public static final ConfigKey CP_TIMESTAMP_CYCLES = ConfigKey.range("cp.timestamp_cycles", 0, 0, 100_000,
            "cycles", "command processor cost of an EndQuery(TIMESTAMP), after its end-of-pipe event is sent (or "
                    + "its value written), beyond cp.cycles_per_command");
    // A resolve takes one of three paths by its query count N: N <= cp.resolve_serial_max_queries, the
    // front end copies the queries itself, one after another (nvk's MME macro nvk_mme_copy_queries
    // reads each query's reports through the MME data FIFO and stores the difference: a memory round
    // trip a query); N <= cp.resolve_small_max_queries, a compute copy in its small form; any other N,
    // the compute copy (nvk_meta_copy_query_pool_results: one dispatch of a copy shader, a thread a
    // query). Each path costs its launch + N x its cost a query. With both limits 0 (the default)
    // every resolve takes the last path, cp.resolve_cycles + N x cp.resolve_cycles_per_query.
    public static final ConfigKey CP_RESOLVE_CYCLES = ConfigKey.range("cp.resolve_cycles", 0, 0, 100_000, "cycles",
            "command processor cost of a ResolveQueryData that takes the compute copy (more queries than "
                    + "cp.resolve_serial_max_queries and cp.resolve_small_max_queries), once its results are written, "
                    + "beyond cp.cycles_per_command and cp.resolve_cycles_per_query: the copy's launch");
    public static final ConfigKey CP_RESOLVE_CYCLES_PER_QUERY = ConfigKey.range("cp.resolve_cycles_per_query", 0, 0,
            10_000, "cycles/query", "command processor cost of a ResolveQueryData that takes the compute copy, for "
                    + "each query it resolves (the copy of one query's result), beyond its memory traffic");
    public static final ConfigKey CP_RESOLVE_SERIAL_MAX_QUERIES = ConfigKey.range("cp.resolve_serial_max_queries", 0,
            0, 1 << 20, "queries", "a ResolveQueryData of at most this many queries is copied by the front end "
                    + "itself, one query after another (cp.resolve_serial_cycles + N x "
                    + "cp.resolve_serial_cycles_per_query); 0: never");
    public static final ConfigKey CP_RESOLVE_SERIAL_CYCLES = ConfigKey.range("cp.resolve_serial_cycles", 0, 0,
            100_000, "cycles", "command processor cost of a ResolveQueryData that the front end copies itself, once "
                    + "its results are written, beyond cp.cycles_per_command: the path's setup");
    public static final ConfigKey CP_RESOLVE_SERIAL_CYCLES_PER_QUERY = ConfigKey.range(
            "cp.resolve_serial_cycles_per_query", 0, 0, 100_000, "cycles/query", "command processor cost of a "
                    + "ResolveQueryData that the front end copies itself, for each query: reading its reports and "
                    + "writing its result, one query after another");
    public static final ConfigKey CP_RESOLVE_SMALL_MAX_QUERIES = ConfigKey.range("cp.resolve_small_max_queries", 0, 0,
            1 << 20, "queries", "a ResolveQueryData of more queries than cp.resolve_serial_max_queries and at most "
                    + "this many takes the compute copy's small form (cp.resolve_small_cycles + N x "
                    + "cp.resolve_small_cycles_per_query); 0: never");
    public static final ConfigKey CP_RESOLVE_SMALL_CYCLES = ConfigKey.range("cp.resolve_small_cycles", 0, 0, 100_000,
            "cycles", "command processor cost of a ResolveQueryData that takes the compute copy's small form, once "
                    + "its results are written, beyond cp.cycles_per_command: its launch");
    public static final ConfigKey CP_RESOLVE_SMALL_CYCLES_PER_QUERY = ConfigKey.range(
            "cp.resolve_small_cycles_per_query", 0, 0, 10_000, "cycles/query", "command processor cost of a "
                    + "ResolveQueryData that takes the compute copy's small form, for each query it resolves");

    /**
     * The pipeline's keys; its rules: db.enabled enables at least one of the back end's tile
     * owners, and each surface cache's shape (cache keys are checked even with
     * surfaces.in_memory off, so that a preset is valid whichever way it is switched).
     */
    public static final KeyGroup KEYS = KeyGroup.of(300, "pipeline", TIMESTAMP_HZ, TIMESTAMP_AT, TIMESTAMP_INTERVAL,
                    DB_TILE, DB_PATTERN, DB_ENABLED, DB_BINARY_EARLY_OUT, CP_CYCLES, POLL_CYCLES, IA_VERTS,
                    IA_FETCH_WINDOW, SHADER_UNITS, VS_CYCLES, PS_CYCLES, SETUP_PRIMS, SETUP_INTERVAL, RASTER_TRIS,
                    RASTER_SAMPLES, DB_SAMPLES, DB_LATE_SAMPLES, DB_DEPTH_ONLY_SAMPLES, DB_TEST_ONLY_SAMPLES,
                    DB_LATENCY, SHADER_ENGINES, SHADER_LATENCY, SHADER_WAVES_IN_FLIGHT, PS_WAVE_QUADS, CB_SAMPLES, CB_BLEND_SAMPLES,
                    CB_LATENCY, SURFACES_IN_MEMORY, SURFACES_FLUSH_AT_END, SURFACES_TILES_IN_FLIGHT,
                    SURFACES_WAVES_IN_FLIGHT, DB_CACHE_SIZE, DB_CACHE_WAYS, DB_CACHE_LINE, DB_CACHE_SECTOR_BYTES,
                    DB_CACHE_BYTE_MASKS, DB_CACHE_POLICY, DB_CACHE_MSHRS, DB_CACHE_HIT_LATENCY, CB_CACHE_SIZE,
                    CB_CACHE_WAYS, CB_CACHE_LINE, CB_CACHE_SECTOR_BYTES, CB_CACHE_BYTE_MASKS, CB_CACHE_POLICY,
                    CB_CACHE_MSHRS, CB_CACHE_HIT_LATENCY, COMPRESSION_FAST_CLEAR, COMPRESSION_DEPTH_PLANES,
                    COMPRESSION_COLOR, COMPRESSION_COLOR_BLOCK_BYTES, COMPRESSION_COLOR_CONSTANT_BYTES,
                    COMPRESSION_COLOR_PARTIAL, COMPRESSION_COLOR_MAX_COMPRESSED_BYTES, COMPRESSION_COLOR_META_BYTES,
                    QUEUE_WAVES, QUEUE_DEPTH, QUEUE_LATENCY, DECODE_CYCLES_PER_BYTE, CP_CLEAR_WAITS, CP_CLEAR_CYCLES, CP_QUERY_CYCLES,
                    CP_TIMESTAMP_CYCLES, CP_RESOLVE_CYCLES, CP_RESOLVE_CYCLES_PER_QUERY, CP_RESOLVE_SERIAL_MAX_QUERIES,
                    CP_RESOLVE_SERIAL_CYCLES, CP_RESOLVE_SERIAL_CYCLES_PER_QUERY, CP_RESOLVE_SMALL_MAX_QUERIES,
                    CP_RESOLVE_SMALL_CYCLES, CP_RESOLVE_SMALL_CYCLES_PER_QUERY)
            // It counts colour samples written a cycle, not pixels: a 4-sample pixel is 4 of them.
            .withRenamed("cb.pixels_per_clock", CB_SAMPLES)
            .withRules(c -> {
                BackEndFactory.checkTileOwners(c);
                CacheParams.checkKeys(c, "db.cache", DB_CACHE_SIZE, DB_CACHE_WAYS, DB_CACHE_LINE, DB_CACHE_SECTOR_BYTES);
                CacheParams.checkKeys(c, "cb.cache", CB_CACHE_SIZE, CB_CACHE_WAYS, CB_CACHE_LINE, CB_CACHE_SECTOR_BYTES);
            });
    // ---- end of the configuration keys ----


    /**
     * The end of the pipe: the fewest cycles between two end-of-pipe timestamps being written
     * ({@code timestamp.interval_cycles}; 0: as soon as each arrives).
     */
    public record EndOfPipeParams(long timestampIntervalCycles) {
    }

    /**
     * A queue engine: command decode, polls, dispatch width, clocks, frame decode, binary early
     * out, where timestamps take the clock, the query commands' costs, whether a clear waits
     * for the pipe on both sides ({@code cp.clear_waits}) and its own cycles after its marker
     * ({@code cp.clear_cycles}).
     */
    public record CommandProcessorParams(long cyclesPerCommand, long pollCycles, long shaderUnits, long clockHz,
                                         long timestampHz, long decodeCyclesPerByte, boolean binaryEarlyOut,
                                         TimestampAt timestampAt, QueryCosts queryCosts, boolean clearWaits,
                                         long clearCycles) {
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
     * {@code clearRates}: a depth clear writes its samples at these rates by the surface's format
     * (a ROP unit's depth writes, rop.clear_at_write_rate); null: at four times
     * {@code samplesPerClock} (a fast clear).
     */
    public record DepthBlockParams(long scanSamplesPerClock, long hizTilesPerClock, long samplesPerClock,
                                   long depthOnlySamplesPerClock, long testOnlySamplesPerClock,
                                   long stencilSamplesPerClock, long latency, int waveQuads,
                                   long uncoveredSamplesPerClock, boolean pipelined, long stencilSamplesPerClockD32s8,
                                   DepthWriteRates clearRates) {
        /** A depth block whose stencil test has one rate for every format and that clears fast. */
        public DepthBlockParams(long scanSamplesPerClock, long hizTilesPerClock, long samplesPerClock,
                                long depthOnlySamplesPerClock, long testOnlySamplesPerClock,
                                long stencilSamplesPerClock, long latency, int waveQuads,
                                long uncoveredSamplesPerClock, boolean pipelined) {
            this(scanSamplesPerClock, hizTilesPerClock, samplesPerClock, depthOnlySamplesPerClock,
                    testOnlySamplesPerClock, stencilSamplesPerClock, latency, waveQuads, uncoveredSamplesPerClock,
                    pipelined, 0, null);
        }

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

        /**
         * The rate of a draw with the stencil test on, on a surface of {@code format}, whose own rate is
         * {@code rate}: the lower of the two (the D32S8 rate for a D32S8 surface where it is set).
         */
        public long withStencil(long rate, gpusim.api.DepthFormat format) {
            long s = StencilRates.byFormat(format, stencilSamplesPerClock, stencilSamplesPerClockD32s8);
            return s > 0 ? Math.min(rate, s) : rate;
        }

        /** The rate of the samples of tiles beyond HiZ's coverage in a draw whose own rate is {@code rate}: the lower of the two. */
        public long uncovered(long rate) {
            return uncoveredSamplesPerClock > 0 ? Math.min(rate, uncoveredSamplesPerClock) : rate;
        }
    }

    /**
     * The shader engines: how many, the units in all (split evenly), a wave's latency, the default
     * quad cost, and the waves an engine holds in its pipe ({@code shader.waves_in_flight}; 0: the
     * queues behind the shaders keep their own capacity).
     */
    public record ShaderArrayParams(int engines, long units, long latency, long psCyclesPerQuad, int wavesInFlight) {
        public ShaderArrayParams(int engines, long units, long latency, long psCyclesPerQuad) {
            this(engines, units, latency, psCyclesPerQuad, 0);
        }

        /** Units of one engine (at least one). */
        public long unitsPerEngine() {
            return Math.max(1, units / engines);
        }

        /**
         * Capacity of the queue from the vertex stage to the clipper, where shaded batches wait out
         * shader.latency: the waves every engine holds, or {@code queueDepth} when unset.
         */
        public int vertexQueueCapacity(int queueDepth) {
            return wavesInFlight > 0 ? (int) Math.min(1 << 20, (long) wavesInFlight * engines) : queueDepth;
        }

        /**
         * Capacity of the queue from a shader engine to one of its {@code owners} tile owners: the
         * engine's waves shared among them (at least one), or {@code queueWaves} when unset.
         */
        public int pixelQueueCapacity(int queueWaves, int owners) {
            return wavesInFlight > 0 ? Math.max(1, wavesInFlight / Math.max(1, owners)) : queueWaves;
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
     * @param reportCycles the cycles an occlusion query's begin or end report takes the unit, in series
     *                   with its waves (rop.report_cycles; 1: as any marker)
     * @param stencil    the stencil plane's reads and writes in series with the colour
     *                   (rop.stencil_read_samples_per_clock*, rop.stencil_write_samples_per_clock*)
     * @param clearAtWriteRate a colour clear writes every sample at {@code samplesPerClock}
     *                   (rop.clear_at_write_rate); false: its pixels at four times that (a fast clear)
     */
    public record ColorBackEndParams(long lateSamplesPerClock, long samplesPerClock, long blendSamplesPerClock,
                                     long latency, DepthWriteRates depthWrites, boolean wholeQuads,
                                     long zropSamplesPerClock, boolean pipelined, long ztestPixelsPerClock,
                                     long reportCycles, StencilRates stencil, boolean clearAtWriteRate) {
        /** A colour block that rounds each wave's cycles up and has no depth half in series. */
        public ColorBackEndParams(long lateSamplesPerClock, long samplesPerClock, long blendSamplesPerClock,
                                  long latency, DepthWriteRates depthWrites, boolean wholeQuads) {
            this(lateSamplesPerClock, samplesPerClock, blendSamplesPerClock, latency, depthWrites, wholeQuads, 0,
                    false, 0, 1, StencilRates.OFF, false);
        }
    }

    /**
     * The stencil plane's work in series with colour on a ROP unit (rop.stencil_read_samples_per_clock*,
     * rop.stencil_write_samples_per_clock*): samples a cycle whose stencil the unit reads (any draw with the
     * stencil test on) and writes (a draw with a stencil write mask), for a D24S8 surface and for a D32S8 one
     * (0: the D24S8 rate); 0 for both: none.
     */
    public record StencilRates(long read, long readD32s8, long write, long writeD32s8) {
        public static final StencilRates OFF = new StencilRates(0, 0, 0, 0);

        /** The read rate for a surface of {@code format} (0: none). */
        public long readRate(gpusim.api.DepthFormat format) {
            return byFormat(format, read, readD32s8);
        }

        /** The write rate for a surface of {@code format} (0: none). */
        public long writeRate(gpusim.api.DepthFormat format) {
            return byFormat(format, write, writeD32s8);
        }

        /** A stencil rate for a surface of {@code format}: {@code d32s8} for a D32S8 one where set, else {@code rate}. */
        static long byFormat(gpusim.api.DepthFormat format, long rate, long d32s8) {
            return format == gpusim.api.DepthFormat.D32_FLOAT_S8X24_UINT && d32s8 > 0 ? d32s8 : rate;
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
            if (!c.flag(SURFACES_IN_MEMORY)) {
                return new SurfaceParams(false, c.getInt(SURFACES_TILES_IN_FLIGHT),
                        c.getInt(SURFACES_WAVES_IN_FLIGHT), null, null,
                        c.flag(COMPRESSION_FAST_CLEAR), c.flag(COMPRESSION_DEPTH_PLANES), null,
                        false);
            }
            return new SurfaceParams(true, c.getInt(SURFACES_TILES_IN_FLIGHT),
                    c.getInt(SURFACES_WAVES_IN_FLIGHT),
                    cache(c, "db.cache", DB_CACHE_SIZE, DB_CACHE_WAYS, DB_CACHE_LINE,
                            DB_CACHE_POLICY, DB_CACHE_MSHRS, DB_CACHE_HIT_LATENCY,
                            DB_CACHE_SECTOR_BYTES, DB_CACHE_BYTE_MASKS),
                    cache(c, "cb.cache", CB_CACHE_SIZE, CB_CACHE_WAYS, CB_CACHE_LINE,
                            CB_CACHE_POLICY, CB_CACHE_MSHRS, CB_CACHE_HIT_LATENCY,
                            CB_CACHE_SECTOR_BYTES, CB_CACHE_BYTE_MASKS),
                    c.flag(COMPRESSION_FAST_CLEAR), c.flag(COMPRESSION_DEPTH_PLANES),
                    !c.flag(COMPRESSION_COLOR) ? null : new ColorCompressionParams(
                            c.getInt(COMPRESSION_COLOR_BLOCK_BYTES),
                            c.getInt(COMPRESSION_COLOR_CONSTANT_BYTES),
                            c.getInt(COMPRESSION_COLOR_META_BYTES),
                            c.flag(COMPRESSION_COLOR_PARTIAL),
                            c.getInt(COMPRESSION_COLOR_MAX_COMPRESSED_BYTES)),
                    c.flag(SURFACES_FLUSH_AT_END));
        }

        private static CacheParams cache(Config c, String name, ConfigKey size, ConfigKey ways, ConfigKey line,
                                         ChoiceKey<CacheParams.WritePolicy> policy, ConfigKey mshrs, ConfigKey hitLatency, ConfigKey sector,
                                         ConfigKey byteMasks) {
            try {
                return new CacheParams(c.get(size), c.getInt(ways), c.getInt(line), c.choice(policy) == CacheParams.WritePolicy.WRITE_BACK,
                        c.getInt(mshrs), c.get(hitLatency), c.getInt(sector), c.flag(byteMasks));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(name + ".*: " + e.getMessage(), e);
            }
        }
    }

    public static PipelineParams of(Config c) {
        return new PipelineParams(
                new CommandProcessorParams(c.get(CP_CYCLES), c.get(POLL_CYCLES),
                        c.get(SHADER_UNITS), c.get(SharedKeys.CLOCK_MHZ) * 1_000_000L,
                        c.get(TIMESTAMP_HZ), c.get(DECODE_CYCLES_PER_BYTE),
                        c.flag(DB_BINARY_EARLY_OUT),
                        c.choice(TIMESTAMP_AT),
                        new QueryCosts(c.get(CP_QUERY_CYCLES), c.get(CP_TIMESTAMP_CYCLES),
                                new ResolvePath(c.get(CP_RESOLVE_SERIAL_MAX_QUERIES),
                                        c.get(CP_RESOLVE_SERIAL_CYCLES),
                                        c.get(CP_RESOLVE_SERIAL_CYCLES_PER_QUERY)),
                                new ResolvePath(c.get(CP_RESOLVE_SMALL_MAX_QUERIES),
                                        c.get(CP_RESOLVE_SMALL_CYCLES),
                                        c.get(CP_RESOLVE_SMALL_CYCLES_PER_QUERY)),
                                new ResolvePath(Long.MAX_VALUE, c.get(CP_RESOLVE_CYCLES),
                                        c.get(CP_RESOLVE_CYCLES_PER_QUERY))),
                        c.flag(CP_CLEAR_WAITS), c.get(CP_CLEAR_CYCLES)),
                new InputAssemblyParams(c.get(IA_VERTS), c.getInt(IA_FETCH_WINDOW)),
                new ShaderParams(c.get(SHADER_UNITS), c.get(VS_CYCLES)),
                new PrimitiveParams(c.get(SETUP_PRIMS), c.get(SETUP_INTERVAL)),
                new RasterParams(c.get(RASTER_TRIS)),
                new DepthBlockParams(c.get(RASTER_SAMPLES), c.get(HizParams.HIZ_TILES),
                        c.get(DB_SAMPLES), c.get(DB_DEPTH_ONLY_SAMPLES),
                        c.get(DB_TEST_ONLY_SAMPLES), 0, c.get(DB_LATENCY),
                        c.getInt(PS_WAVE_QUADS), c.get(HizParams.HIZ_UNCOVERED_SAMPLES)),
                new ShaderArrayParams(c.getInt(SHADER_ENGINES), c.get(SHADER_UNITS),
                        c.get(SHADER_LATENCY), c.get(PS_CYCLES), c.getInt(SHADER_WAVES_IN_FLIGHT)),
                new ColorBackEndParams(c.get(DB_LATE_SAMPLES), c.get(CB_SAMPLES),
                        c.get(CB_BLEND_SAMPLES), c.get(CB_LATENCY), DepthWriteRates.OFF, false),
                c.getInt(QUEUE_WAVES), SurfaceParams.of(c),
                new EndOfPipeParams(c.get(TIMESTAMP_INTERVAL)),
                c.flag(L2Params.MEMORY_FLUSH_AT_HOST_SYNC));
    }
}
