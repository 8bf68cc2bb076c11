package gpusim.config;

import java.util.List;
import java.util.Map;

/** Every configuration key of the model, in one list (printed by {@code gpusim config}). */
public final class ConfigKeys {
    private ConfigKeys() {
    }

    public static final ConfigKey CLOCK_MHZ = ConfigKey.range("gpu.clock_mhz", 1000, 1, 10_000, "MHz",
            "core clock; converts cycles to time and to timestamp ticks");
    public static final ConfigKey TIMESTAMP_HZ = ConfigKey.range("timestamp.frequency_hz", 100_000_000L, 1,
            10_000_000_000L, "Hz", "timestamp counter frequency, as GetTimestampFrequency reports it");
    public static final ConfigKey TIMESTAMP_INTERVAL = ConfigKey.range("timestamp.interval_cycles", 0, 0, 1_000_000,
            "cycles", "the end of the pipe writes an end-of-pipe timestamp at least this long after the one before "
                    + "(it takes one such event that often), while the work behind it goes on; 0 = each is written "
                    + "as soon as all earlier work has finished");
    public static final ConfigKey TIMESTAMP_AT = ConfigKey.choice("timestamp.at", "bottom_of_pipe",
            new String[] {"bottom_of_pipe", "top_of_pipe", "drain"},
            "where a DIRECT queue's EndQuery(TIMESTAMP) takes the clock: bottom_of_pipe = an end-of-pipe event "
                    + "written once all earlier work has finished, the command processor going on (D3D12, "
                    + "radeonsi's EVENT_WRITE_EOP); top_of_pipe = when the command processor reaches it; drain = "
                    + "the command processor waits for the pipe to drain first (a serializing timestamp); never "
                    + "changes a result other than the timestamps");
    public static final ConfigKey DB_COUNT = ConfigKey.range("db.count", 4, 1, 32, "depth blocks",
            "number of depth blocks (DBs); each owns an interleaved set of screen tiles");
    public static final ConfigKey DB_TILE = ConfigKey.oneOf("db.tile", 8, new long[] {8, 16, 32}, "pixels",
            "edge of the square screen tile a DB owns");
    public static final ConfigKey DB_PATTERN = ConfigKey.choice("db.pattern", "checkerboard",
            new String[] {"rows", "checkerboard", "hashed"},
            "which enabled DB owns screen tile (tx, ty): rows = ty mod n, checkerboard = (tx + ty) mod n, "
                    + "hashed = an XOR hash of the tile coordinates mod n (n enabled DBs)");
    public static final ConfigKey DB_ENABLED = ConfigKey.mask("db.enabled", 0xFFFF_FFFFL, 0xFFFF_FFFFL, "mask",
            "bit d set: DB d is enabled (bits at or above db.count are ignored; at least one DB must be enabled); "
                    + "a disabled DB owns no tiles");
    public static final ConfigKey DB_BINARY_EARLY_OUT = ConfigKey.flag("db.binary_early_out", false,
            "a DB stops exact counting for a BINARY_OCCLUSION query once one sample passed; never changes results");
    public static final ConfigKey MEMORY_CHANNELS = ConfigKey.range("memory.channels", 4, 1, 32, "channels",
            "memory channels; each serves its own request queue");
    public static final ConfigKey MEMORY_INTERLEAVE = ConfigKey.oneOf("memory.interleave", 256,
            new long[] {32, 64, 128, 256, 512, 1024, 2048, 4096}, "bytes",
            "address interleave granule: byte address a goes to channel (a / this) mod memory.channels");
    public static final ConfigKey MEMORY_LINE = ConfigKey.oneOf("memory.line", 64, new long[] {32, 64, 128}, "bytes",
            "memory line (burst) size: a request is split into parts at line boundaries (and at interleave "
                    + "boundaries when memory.interleave is smaller); the unit a channel transfers and combines "
                    + "writes within");
    public static final ConfigKey MEMORY_WRITE_COMBINING = ConfigKey.flag("memory.write_combining", true,
            "a write to a line that already has a write waiting in the channel's queue, with no other request to "
                    + "that line queued after it, merges into it (byte mask) and takes no queue slot");
    public static final ConfigKey MEMORY_PARTIAL_WRITE = ConfigKey.range("memory.partial_write_cycles", 0, 0, 100_000,
            "cycles", "extra channel cycles for a write that covers only part of a line after combining "
                    + "(a read-modify-write)");
    public static final ConfigKey FEATURE_COPY_QUEUE_TIMESTAMPS = ConfigKey.flag("features.copy_queue_timestamps", true,
            "D3D12_FEATURE_DATA_D3D12_OPTIONS3.CopyQueueTimestampQueriesSupported: whether COPY_QUEUE_TIMESTAMP "
                    + "query heaps may be created");
    public static final ConfigKey DECODE_CYCLES_PER_BYTE = ConfigKey.range("decode.cycles_per_byte", 16, 1, 100_000,
            "cycles/byte", "video decode engine: cycles to decode one byte of compressed bitstream (a frame of B bytes "
                    + "takes B x this cycles after its bitstream is read; 16 at 1 GHz is 500 Mbit/s)");
    public static final ConfigKey DEADLOCK_CYCLES = ConfigKey.range("sim.deadlock_cycles", 1_000_000, 1,
            Long.MAX_VALUE / 4, "cycles", "cycles in which no component changes state (a poll reading the same value is no change) while "
                    + "work is pending and none is part-way through timed work, that count as a deadlock");
    public static final ConfigKey MAX_VERTICES = ConfigKey.range("sim.max_vertices", 1L << 31, 1, 1L << 62,
            "vertices", "input-assembly work one run may do: vertices fetched (a draw's count x instances) over every "
                    + "draw of every executed command list, predicated ones included; checked before running "
                    + "(WORK_LIMIT_EXCEEDED)");
    public static final ConfigKey MAX_SAMPLES = ConfigKey.range("sim.max_samples", 1L << 38, 1, 1L << 62,
            "samples", "depth-block work one run may do: sample positions the DBs scan (their scan_samples, all "
                    + "DBs together); checked while running, the run stops at the draw that passes it "
                    + "(WORK_LIMIT_EXCEEDED)");
    public static final ConfigKey MEMORY_BUDGET = ConfigKey.range("memory.budget", 2L << 30, 1 << 20, 64L << 30,
            "bytes", "largest total size of all resources a trace may create (checked before allocating)");
    public static final ConfigKey MEMORY_ALIGNMENT = ConfigKey.oneOf("memory.alignment", 256,
            new long[] {8, 16, 32, 64, 128, 256, 512, 1024, 4096, 65536}, "bytes",
            "placement alignment of every buffer, vertex buffer, index buffer and query heap in device memory: "
                    + "each starts at the next multiple of this after the previous one, in trace order");
    public static final ConfigKey MEMORY_QUEUE = ConfigKey.range("memory.queue_depth", 64, 1, 1 << 16, "parts",
            "capacity of each memory channel's queue, in line parts; a client whose request does not fit in a "
                    + "channel it needs stalls");
    public static final ConfigKey MEMORY_LATENCY = ConfigKey.range("memory.latency", 100, 1, 100_000, "cycles",
            "cycles from a line part's service ending in its channel to its completion (data returned, or write "
                    + "acknowledged)");
    public static final ConfigKey MEMORY_BYTES_PER_CYCLE = ConfigKey.range("memory.bytes_per_cycle", 64, 1, 4096,
            "bytes/cycle", "bandwidth of each memory channel: a line part of B bytes occupies its channel for "
                    + "max(1, ceil(B / this)) cycles");

    // ---- DRAM behind every memory channel (docs/memory.md "DRAM behind the channels").
    // A DRAM key whose value is 0 takes the memory.dram preset's value (gpusim config lists the
    // values in effect); with memory.dram=none none of them is read.
    public static final ConfigKey MEMORY_DRAM = ConfigKey.choice("memory.dram", "none",
            new String[] {"none", "hbm3", "gddr6"},
            "DRAM behind every channel: none = each channel serves its queue at memory.bytes_per_cycle and "
                    + "memory.latency; hbm3 / gddr6 = each channel is one DRAM channel (an HBM3 pseudo channel, a "
                    + "GDDR6 x16 channel) whose FR-FCFS controller schedules its parts under the dram.* timing "
                    + "(memory.bytes_per_cycle, memory.latency and memory.partial_write_cycles are then unused)");
    public static final ConfigKey DRAM_CLOCK_MHZ = ConfigKey.range("dram.clock_mhz", 0, 0, 100_000, "MHz",
            "DRAM command clock (CK); with gpu.clock_mhz it converts GPU cycles to memory cycles, g -> "
                    + "floor(g x this / gpu.clock_mhz) (0: the preset's, hbm3 1600, gddr6 1754)");
    public static final ConfigKey DRAM_QUEUE = ConfigKey.range("dram.queue_depth", 32, 16, 4096, "accesses",
            "capacity of each channel's DRAM controller queue, in accesses of dram.access_bytes; the FR-FCFS "
                    + "scheduler chooses among the accesses waiting there");
    public static final ConfigKey DRAM_PAGE_POLICY = ConfigKey.choice("dram.page_policy", "open",
            new String[] {"open", "closed"},
            "row-buffer policy: open = a row stays open after an access (the next access to it is a row hit); "
                    + "closed = auto-precharge after every access (every access activates)");
    public static final ConfigKey DRAM_SCHEDULER = ConfigKey.choice("dram.scheduler", "frfcfs",
            new String[] {"frfcfs", "fcfs"},
            "which waiting access each channel's DRAM controller places next: frfcfs = the oldest row hit, else the "
                    + "oldest (first-ready, first-come first-served); fcfs = the oldest");
    public static final ConfigKey DRAM_REFRESH = ConfigKey.choice("dram.refresh", "all_bank",
            new String[] {"all_bank", "none"},
            "refresh of each channel's DRAM: all_bank = every bank closed and refreshed for dram.tRFC every "
                    + "dram.tREFI; none = no refresh (an idealisation, for studies)");
    public static final ConfigKey DRAM_BANK_GROUPS = ConfigKey.oneOf("dram.bank_groups", 0,
            new long[] {0, 1, 2, 4, 8, 16}, "bank groups", "bank groups per channel (0: the preset's, 4)");
    public static final ConfigKey DRAM_BANKS_PER_GROUP = ConfigKey.oneOf("dram.banks_per_group", 0,
            new long[] {0, 1, 2, 4, 8, 16}, "banks", "banks in each bank group (0: the preset's, 4)");
    public static final ConfigKey DRAM_ROW_BYTES = ConfigKey.oneOf("dram.row_bytes", 0,
            new long[] {0, 256, 512, 1024, 2048, 4096, 8192}, "bytes",
            "row (page) size of a bank (0: the preset's, hbm3 1024, gddr6 2048)");
    public static final ConfigKey DRAM_ACCESS_BYTES = ConfigKey.oneOf("dram.access_bytes", 0,
            new long[] {0, 16, 32, 64, 128}, "bytes",
            "bytes one column command moves, bus width x burst length (0: the preset's, 32); a part of a line "
                    + "is one access per such block it touches");
    public static final ConfigKey DRAM_BURST = dramTiming("dram.burst", "data-bus cycles one access occupies");
    public static final ConfigKey DRAM_TCL = dramTiming("dram.tCL", "read latency: RD command to first data");
    public static final ConfigKey DRAM_TCWL = dramTiming("dram.tCWL", "write latency: WR command to first data");
    public static final ConfigKey DRAM_TRCD = dramTiming("dram.tRCD", "ACT to a RD/WR of that bank");
    public static final ConfigKey DRAM_TRP = dramTiming("dram.tRP", "PRE to the next ACT of that bank");
    public static final ConfigKey DRAM_TRAS = dramTiming("dram.tRAS", "ACT to PRE of that bank");
    public static final ConfigKey DRAM_TRTP = dramTiming("dram.tRTP", "RD to PRE of that bank");
    public static final ConfigKey DRAM_TWR = dramTiming("dram.tWR",
            "write recovery: end of write data to PRE of that bank");
    public static final ConfigKey DRAM_TCCD_S = dramTiming("dram.tCCD_S", "column to column, other bank group");
    public static final ConfigKey DRAM_TCCD_L = dramTiming("dram.tCCD_L", "column to column, same bank group");
    public static final ConfigKey DRAM_TRRD_S = dramTiming("dram.tRRD_S", "ACT to ACT, other bank group");
    public static final ConfigKey DRAM_TRRD_L = dramTiming("dram.tRRD_L", "ACT to ACT, same bank group");
    public static final ConfigKey DRAM_TFAW = dramTiming("dram.tFAW", "window in which at most four ACTs issue");
    public static final ConfigKey DRAM_TWTR_S = dramTiming("dram.tWTR_S",
            "end of write data to RD, other bank group");
    public static final ConfigKey DRAM_TWTR_L = dramTiming("dram.tWTR_L", "end of write data to RD, same bank group");
    public static final ConfigKey DRAM_TRTW = dramTiming("dram.tRTW",
            "bus turnaround: end of read data to start of write data");
    public static final ConfigKey DRAM_TREFI = dramTiming("dram.tREFI", "interval between all-bank refreshes");
    public static final ConfigKey DRAM_TRFC = dramTiming("dram.tRFC",
            "duration of an all-bank refresh (must be below dram.tREFI)");

    /** The DRAM timing parameters, in the order of gpusim.memory.dram.DramTiming's components after the clock. */
    public static final List<ConfigKey> DRAM_TIMING = List.of(DRAM_BURST, DRAM_TCL, DRAM_TCWL, DRAM_TRCD, DRAM_TRP,
            DRAM_TRAS, DRAM_TRTP, DRAM_TWR, DRAM_TCCD_S, DRAM_TCCD_L, DRAM_TRRD_S, DRAM_TRRD_L, DRAM_TFAW,
            DRAM_TWTR_S, DRAM_TWTR_L, DRAM_TRTW, DRAM_TREFI, DRAM_TRFC);

    private static ConfigKey dramTiming(String name, String meaning) {
        return ConfigKey.range(name, 0, 0, 1_000_000, "memory cycles", meaning + " (0: the memory.dram preset's)");
    }
    // ---- end of the DRAM keys.
    /** What the three byte_masks keys do, in their meanings. */
    private static final String BYTE_MASKS_WHAT = "a write never fetches (a write miss allocates the line and "
            + "completes as a hit), a read fetches the sectors holding bytes it needs that are not valid and merges "
            + "them under those the cache holds, and a dirty line is written back as its dirty bytes only, one "
            + "write a contiguous run";
    // ---- L2 slices in front of the memory channels (gpusim.memory.L2Slices) ----
    public static final ConfigKey L2_ENABLED = ConfigKey.flag("l2.enabled", false,
            "an L2 slice (a set-associative LRU cache) in front of each memory channel; never changes results, "
                    + "only timing (off: every request goes straight to its channel, as before)");
    public static final ConfigKey L2_SIZE = ConfigKey.range("l2.size", 256 << 10, 16 << 10, 8 << 20,
            "bytes", "capacity of each L2 slice (one slice per memory channel; l2.size x memory.channels in all): "
                    + "l2.ways x l2.line x a power of two sets (an H200's 60 MiB over 32 slices: 15 x 128 x 1024)");
    public static final ConfigKey L2_WAYS = ConfigKey.range("l2.ways", 16, 1, 64,
            "ways", "lines per set of each L2 slice (LRU among them)");
    public static final ConfigKey L2_LINE = ConfigKey.oneOf("l2.line", 128, new long[] {32, 64, 128, 256}, "bytes",
            "L2 line size: the unit a slice allocates, fetches from and writes back to its channel (128 on GFX9+, "
                    + "64 on GFX6-8)");
    public static final ConfigKey L2_SECTOR_BYTES = ConfigKey.oneOf("l2.sector_bytes", 0,
            new long[] {0, 32, 64, 128, 256}, "bytes", "sectors of each L2 line: a line's bytes are valid, fetched and written back "
                    + "in sectors (a write covering whole sectors fetches nothing; only dirty sectors are written "
                    + "back), as NVIDIA's L2 keeps 32-byte sectors of 128-byte lines; 0 or l2.line: whole lines; "
                    + "at most l2.line");
    public static final ConfigKey L2_BYTE_MASKS = ConfigKey.flag("l2.byte_masks", false,
            "a valid and a dirty bit per byte of each L2 line, as GFX9+ L2s keep dirty byte masks so that a "
                    + "partial write (an 8-byte occlusion counter) fetches nothing: %s; write_back only "
                    + "(ignored by write_through, which has no dirty bytes); off: write-allocate fetches the "
                    + "line (or the sectors it writes partly) first".formatted(BYTE_MASKS_WHAT));
    public static final ConfigKey L2_FLUSH_AT_END = ConfigKey.flag("l2.flush_at_end", false,
            "at the end of a run the L2 slices write their dirty lines back to the channels (what a release to "
                    + "the host does before the CPU reads results: PAL's and radeonsi's end-of-submission cache "
                    + "write-back) and the run ends when the channels have taken them; the render back ends' "
                    + "own caches are flushed first with surfaces.flush_at_end; off: dirty lines are left in the slices, no cycles charged");
    public static final ConfigKey MEMORY_FLUSH_AT_HOST_SYNC = ConfigKey.flag("memory.flush_at_host_sync", false,
            "at every wait_idle and dump, once every queue is idle, the render back ends' depth and colour caches "
                    + "(surfaces.in_memory) and then the L2 slices (l2.enabled) write their dirty lines back, and "
                    + "the CPU goes on only when they have landed (a release to the host before it reads); off: "
                    + "the CPU reads as soon as the queues are idle; never changes results");
    public static final ConfigKey L2_POLICY = ConfigKey.choice("l2.policy", "write_back",
            new String[] {"write_back", "write_through"},
            "write_back = write-back with write-allocate (a write miss fetches the line; dirty victims are written "
                    + "back); write_through = every write goes on to the channel, a write miss allocates nothing");
    public static final ConfigKey L2_REPLACEMENT = ConfigKey.choice("l2.replacement", "lru",
            new String[] {"lru", "fifo"},
            "which valid way of a full set an L2 slice's new line replaces: lru = the least recently used; fifo = "
                    + "the one installed first");
    public static final ConfigKey L2_MSHRS = ConfigKey.range("l2.mshrs", 64, 1, 4096, "entries",
            "miss status holding registers per slice: line fetches, write-throughs and write-backs a slice may "
                    + "have outstanding; a request that needs more than are free stalls its client");
    public static final ConfigKey L2_HIT_LATENCY = ConfigKey.range("l2.hit_latency", 30, 1, 100_000, "cycles",
            "cycles from a request reaching its slice to a hit's completion (also the tag lookup a miss pays "
                    + "before its fetch goes to the channel)");
    public static final ConfigKey MEMORY_HASH = ConfigKey.choice("memory.hash", "interleave",
            new String[] {"interleave", "xor"},
            "which channel (and L2 slice) byte address a goes to, g = a / memory.interleave: interleave = g mod "
                    + "memory.channels; xor = (g XOR g>>k XOR g>>2k ...) mod memory.channels, k = ceil(log2 "
                    + "memory.channels) (an XOR fold of the granule number, as GPUs hash channels so that strides "
                    + "spread); never changes results");
    public static final ConfigKey COUNTER_PATH = ConfigKey.choice("query.counter_path", "direct",
            new String[] {"direct", "l2"},
            "how the depth blocks' occlusion counter writes (and WriteQuery's) reach memory when l2.enabled: "
                    + "direct = past the L2 straight to the channel (GFX6-8, Xbox One: RADV's radv_query.c, "
                    + "radv_occlusion_query_use_l2, notes that occlusion query writes do not go through L2 there), "
                    + "l2 = through the slice like any write (GFX9+); "
                    + "the same path when l2.enabled is off; never changes results");
    public static final ConfigKey CP_CYCLES = ConfigKey.range("cp.cycles_per_command", 2, 1, 10_000, "cycles",
            "command processor cost to decode one command");
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
    public static final ConfigKey HIZ_TILES = ConfigKey.range("hiz.tiles_per_clock", 4, 1, 1024, "tiles/cycle",
            "hierarchical Z rate of one DB: triangle tiles tested against their tile's depth bounds");
    public static final ConfigKey CB_SAMPLES = ConfigKey.range("cb.samples_per_clock", 8, 1, 4096, "samples/cycle",
            "colour back end write rate of one render back end: colour samples written a cycle (opaque)");
    public static final ConfigKey CB_BLEND_SAMPLES = ConfigKey.range("cb.blend_samples_per_clock", 4, 1, 4096,
            "samples/cycle", "colour back end rate for a blending pipeline state: each sample is read, blended and "
                    + "written");
    public static final ConfigKey CB_LATENCY = ConfigKey.range("cb.latency", 16, 0, 100_000, "cycles",
            "pipeline latency of a colour back end: from a wave entering its late depth test and blender to its "
                    + "samples being written, beyond its occupancy");
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
    public static final ConfigKey PS_WAVE_QUADS = ConfigKey.oneOf("ps.wave_quads", 16, new long[] {1, 2, 4, 8, 16, 32},
            "quads", "2x2 quads a depth block packs into one pixel wave for its shader engine (16: a 64-lane AMD "
                    + "wave; 8: a 32-thread NVIDIA warp); the unit of work between DB, shader engine and colour "
                    + "back end");
    public static final ConfigKey QUEUE_WAVES = ConfigKey.range("queue.waves", 16, 1, 1 << 16, "waves",
            "capacity of each queue carrying pixel waves (depth block to shader engine, shader engine to colour "
                    + "back end), in waves");
    public static final ConfigKey HIZ_ENABLED = ConfigKey.flag("hiz.enabled", true,
            "hierarchical Z: per-tile depth bounds let a DB reject a triangle's tile whole; never changes results");
    public static final ConfigKey HIZ_ACCEPT = ConfigKey.flag("hiz.accept_tiles", false,
            "trivial accept: in a draw that writes nothing (no colour, depth or stencil: a visibility probe), a "
                    + "tile wholly inside the triangle whose depth bounds prove every sample passes costs its HiZ "
                    + "test only, no fine scan and no per-sample test (its samples are counted from coverage); "
                    + "never changes results");
    public static final ConfigKey HIZ_COVERAGE_PIXELS = ConfigKey.range("hiz.coverage_pixels", 0, 0, 1L << 40,
            "pixels", "how much of a depth surface hierarchical Z covers, in pixels whatever the sample count: its "
                    + "tiles in raster order up to this many pixels are covered, the rest get no HiZ rejection or "
                    + "acceptance and are tested sample by sample (NVIDIA's ZCULL is on-chip storage of a fixed "
                    + "number of aliquots, Mesa nvk's nil zcull.rs; AMD's HTILE is in memory); 0 = no limit; never "
                    + "changes results");
    public static final ConfigKey HIZ_ACCEPT_COVERAGE_PIXELS = ConfigKey.range("hiz.accept_coverage_pixels", 0, 0,
            1L << 40, "pixels", "of the tiles hiz.coverage_pixels covers, how many pixels' worth (raster order) "
                    + "hiz.accept_tiles may accept whole; the tiles beyond are still rejected by HiZ but a pass "
                    + "over them is tested sample by sample (ZCULL keeps what trivial accept needs in its finer "
                    + "formats only); 0 = every covered tile; never changes results");
    public static final ConfigKey HIZ_UNCOVERED_SAMPLES = ConfigKey.range("hiz.uncovered_samples_per_clock", 0, 0, 1 << 16,
            "samples/cycle", "the depth/stencil test rate of the samples of tiles beyond HiZ's coverage "
            + "(hiz.coverage_pixels) in a draw HiZ would otherwise test: with no tile bounds each sample's depth "
            + "is read and tested; the lower of this and the draw's own rate; 0 = the draw's own rate");
    public static final ConfigKey SIM_MODE = ConfigKey.choice("sim.mode", "timing", new String[] {"timing", "functional"},
            "timing: every stage, queue and memory access takes its modelled time; functional: results only, "
                    + "fast: each takes one step, and the report's cycles, per-draw cycles and every statistic in "
                    + "cycles are 0 and query latencies -1 (timestamps count steps)");
    public static final ConfigKey SIM_KERNELS = ConfigKey.choice("sim.kernels", "fast", new String[] {"fast", "reference"},
            "the depth blocks' tile kernels: fast = a fast kernel where the state allows one (one sample and depth "
                    + "only; a provably passing fill), reference = the plain reference kernel everywhere (slower); "
                    + "never changes results, cycles or statistics");
    public static final ConfigKey SIM_THREADS = ConfigKey.range("sim.threads", 0, 0, 256, "threads",
            "host threads for the depth blocks' functional work (0: one per core, up to db.count; 1: none); "
                    + "never changes results or cycles");
    public static final ConfigKey SIM_THREADS_AFTER = ConfigKey.range("sim.threads_after_ms", 1000, 0, 3_600_000,
            "ms", "host time a run works on one thread before it starts its worker threads (a short run is over "
                    + "before they pay off)");
    public static final ConfigKey QUEUE_DEPTH = ConfigKey.range("queue.depth", 16, 1, 1 << 16, "entries",
            "capacity of each queue between pipeline stages");
    public static final ConfigKey QUEUE_LATENCY = ConfigKey.range("queue.latency", 1, 1, 1000, "cycles",
            "cycles an entry takes to cross a queue between pipeline stages");
    public static final ConfigKey POLL_CYCLES = ConfigKey.range("cp.poll_cycles", 16, 1, 100_000, "cycles",
            "interval at which the command processor re-reads memory while waiting on a value (WAIT_REG_MEM)");

    public static final ConfigKey CP_CLEAR_WAITS = ConfigKey.flag("cp.clear_waits", false,
            "a depth-stencil or render-target clear is a pass of its own: it starts once earlier work has left the pipe "
                    + "and later work starts once it has finished (a clear done by a copy or compute engine behind barriers, "
                    + "as radeonsi's compute clears are followed by a CS partial flush and the replay's --clears transfer "
                    + "records them); off: the clear is a marker in the pipe, overlapping the work around it; never changes "
                    + "results");

    // ---- The command processor's query, timestamp and resolve costs (refit to the calibration set), one block ----
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
    // ---- end of the command processor's query costs ----
    // ---- The ROP back end: backend.kind and the rop.* keys, one block ----
    public static final ConfigKey BACKEND_KIND = ConfigKey.choice("backend.kind",
            BackEndKind.RENDER_BACK_ENDS.configName(), BackEndKind.configNames(),
            "the bottom of the pipe: render_back_ends = AMD render back ends (a depth block and a colour back end "
                    + "per db.count tile owner, per-DB occlusion counters in each query slot); rops = NVIDIA-style "
                    + "ROP units on the memory partitions behind a crossbar, occlusion counts summed on chip into "
                    + "one 16-byte report per BeginQuery/EndQuery (docs/model.md, \"The ROP back end\"); never "
                    + "changes results");
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
    public static final ConfigKey ROP_ZROP_SAMPLES = ConfigKey.range("rop.zrop_samples_per_clock", 0, 0, 4096,
            "samples/cycle", "backend.kind=rops: rate at which one ROP unit's depth half (ZROP) takes the samples of "
                    + "a depth-tested wave that also writes colour, in series with the colour half (CROP) and before the "
                    + "wave's depth writes: a depth-tested colour fill that leaves the depth as it was still pays it; "
                    + "0 = none");
    public static final ConfigKey ROP_DEPTH_WRITE_SAMPLES_D32S8 = ConfigKey.range(
            "rop.depth_write_samples_per_clock_d32s8", 0, 0, 4096, "samples/cycle", "backend.kind=rops: "
                    + "rop.depth_write_samples_per_clock for D32_FLOAT_S8X24_UINT; 0 = rop.depth_write_samples_per_clock");
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
    public static final ConfigKey ROP_LATENCY = ConfigKey.range("rop.latency", 16, 0, 100_000, "cycles",
            "backend.kind=rops: pipeline latency of each half of a ROP unit (its depth unit to the shader "
                    + "engine, its colour unit to the end of the pipe), beyond its occupancy");
    public static final ConfigKey ROP_REPORT_LATENCY = ConfigKey.range("rop.report_latency", 32, 1, 100_000, "cycles",
            "backend.kind=rops: cycles from an occlusion marker leaving the last ROP to the on-chip sum of every "
                    + "ROP's counter being written as the query's one report");
    // ---- end of the ROP back end's block ----
    // ---- Surfaces in memory, the render back ends' depth and colour caches, compression ----
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
                    .formatted(BYTE_MASKS_WHAT));
    public static final ConfigKey DB_CACHE_POLICY = ConfigKey.choice("db.cache.policy", "write_back",
            new String[] {"write_back", "write_through"},
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
                    .formatted(BYTE_MASKS_WHAT));
    public static final ConfigKey CB_CACHE_POLICY = ConfigKey.choice("cb.cache.policy", "write_back",
            new String[] {"write_back", "write_through"},
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
    public static final ConfigKey COMPRESSION_COLOR_META_BYTES = ConfigKey.range("compression.color.meta_bytes", 1, 1, 4,
            "bytes", "DCC metadata (key) bytes per block, read and written by the colour back end through its cache");
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

    public static final List<ConfigKey> ALL = List.of(
            CLOCK_MHZ,
            TIMESTAMP_HZ,
            TIMESTAMP_AT,
            TIMESTAMP_INTERVAL,
            DB_COUNT,
            DB_TILE,
            DB_PATTERN,
            DB_ENABLED,
            DB_BINARY_EARLY_OUT,
            DEADLOCK_CYCLES,
            MAX_VERTICES,
            MAX_SAMPLES,
            MEMORY_BUDGET,
            MEMORY_ALIGNMENT,
            MEMORY_QUEUE,
            MEMORY_CHANNELS,
            MEMORY_INTERLEAVE,
            MEMORY_LINE,
            MEMORY_WRITE_COMBINING,
            MEMORY_PARTIAL_WRITE,
            MEMORY_LATENCY,
            MEMORY_BYTES_PER_CYCLE,
            MEMORY_DRAM, DRAM_CLOCK_MHZ, DRAM_QUEUE, DRAM_PAGE_POLICY, DRAM_SCHEDULER, DRAM_REFRESH, DRAM_BANK_GROUPS,
            DRAM_BANKS_PER_GROUP,
            DRAM_ROW_BYTES, DRAM_ACCESS_BYTES, DRAM_BURST, DRAM_TCL, DRAM_TCWL, DRAM_TRCD, DRAM_TRP, DRAM_TRAS,
            DRAM_TRTP, DRAM_TWR, DRAM_TCCD_S, DRAM_TCCD_L, DRAM_TRRD_S, DRAM_TRRD_L, DRAM_TFAW, DRAM_TWTR_S,
            DRAM_TWTR_L, DRAM_TRTW, DRAM_TREFI, DRAM_TRFC,
            L2_ENABLED,
            L2_SIZE,
            L2_WAYS,
            L2_LINE,
            L2_SECTOR_BYTES,
            L2_BYTE_MASKS,
            L2_FLUSH_AT_END,
            MEMORY_FLUSH_AT_HOST_SYNC,
            L2_POLICY,
            L2_REPLACEMENT,
            L2_MSHRS,
            L2_HIT_LATENCY,
            MEMORY_HASH,
            COUNTER_PATH,
            CP_CYCLES,
            POLL_CYCLES,
            IA_VERTS,
            IA_FETCH_WINDOW,
            SHADER_UNITS,
            VS_CYCLES,
            PS_CYCLES,
            SETUP_PRIMS,
            SETUP_INTERVAL,
            RASTER_TRIS,
            RASTER_SAMPLES,
            DB_SAMPLES,
            DB_LATE_SAMPLES,
            HIZ_ENABLED,
            HIZ_TILES,
            HIZ_ACCEPT,
            HIZ_COVERAGE_PIXELS,
            HIZ_ACCEPT_COVERAGE_PIXELS,
            HIZ_UNCOVERED_SAMPLES,
            DB_DEPTH_ONLY_SAMPLES,
            DB_TEST_ONLY_SAMPLES,
            DB_LATENCY,
            SHADER_ENGINES,
            SHADER_LATENCY,
            PS_WAVE_QUADS,
            CB_SAMPLES,
            CB_BLEND_SAMPLES,
            CB_LATENCY,
            SURFACES_IN_MEMORY,
            SURFACES_FLUSH_AT_END,
            SURFACES_TILES_IN_FLIGHT,
            SURFACES_WAVES_IN_FLIGHT,
            DB_CACHE_SIZE,
            DB_CACHE_WAYS,
            DB_CACHE_LINE,
            DB_CACHE_SECTOR_BYTES,
            DB_CACHE_BYTE_MASKS,
            DB_CACHE_POLICY,
            DB_CACHE_MSHRS,
            DB_CACHE_HIT_LATENCY,
            CB_CACHE_SIZE,
            CB_CACHE_WAYS,
            CB_CACHE_LINE,
            CB_CACHE_SECTOR_BYTES,
            CB_CACHE_BYTE_MASKS,
            CB_CACHE_POLICY,
            CB_CACHE_MSHRS,
            CB_CACHE_HIT_LATENCY,
            COMPRESSION_FAST_CLEAR,
            COMPRESSION_DEPTH_PLANES,
            COMPRESSION_COLOR,
            COMPRESSION_COLOR_BLOCK_BYTES,
            COMPRESSION_COLOR_CONSTANT_BYTES,
            COMPRESSION_COLOR_PARTIAL,
            COMPRESSION_COLOR_MAX_COMPRESSED_BYTES,
            COMPRESSION_COLOR_META_BYTES,
            QUEUE_WAVES,
            QUEUE_DEPTH,
            QUEUE_LATENCY,
            SIM_MODE,
            SIM_KERNELS,
            SIM_THREADS,
            SIM_THREADS_AFTER,
            FEATURE_COPY_QUEUE_TIMESTAMPS,
            DECODE_CYCLES_PER_BYTE,
            // the command processor's clears and query costs
            CP_CLEAR_WAITS,
            CP_QUERY_CYCLES, CP_TIMESTAMP_CYCLES, CP_RESOLVE_CYCLES, CP_RESOLVE_CYCLES_PER_QUERY,
            CP_RESOLVE_SERIAL_MAX_QUERIES, CP_RESOLVE_SERIAL_CYCLES, CP_RESOLVE_SERIAL_CYCLES_PER_QUERY,
            CP_RESOLVE_SMALL_MAX_QUERIES, CP_RESOLVE_SMALL_CYCLES, CP_RESOLVE_SMALL_CYCLES_PER_QUERY,
            // the ROP back end's block
            BACKEND_KIND,
            ROP_PARTITIONS,
            ROP_UNITS_PER_PARTITION,
            ROP_CROSSBAR_LATENCY,
            ROP_CROSSBAR_QUADS,
            ROP_Z_SAMPLES,
            ROP_DEPTH_ONLY_SAMPLES,
            ROP_TEST_ONLY_SAMPLES,
            ROP_STENCIL_SAMPLES,
            ROP_COLOR_SAMPLES,
            ROP_BLEND_SAMPLES,
            ROP_DEPTH_WRITE_SAMPLES,
            ROP_DEPTH_WRITE_SAMPLES_D16,
            ROP_DEPTH_WRITE_SAMPLES_D24S8,
            ROP_DEPTH_WRITE_SAMPLES_D32S8,
            ROP_ZROP_SAMPLES,
            ROP_WHOLE_QUADS,
            ROP_ZCULL_WAITS_FOR_WRITES,
            ROP_ZTEST_PIXELS,
            ROP_LATENCY,
            ROP_REPORT_LATENCY);

    /**
     * Keys that were renamed, old name to new: an old name is still accepted for a while (in
     * {@code --set} and preset files), with the notice {@link #renameNotice}
     * gives, so that scripts and preset files keep working while their authors update them.
     */
    public static final Map<String, String> RENAMED = Map.of(
            // It counts colour samples written a cycle, not pixels: a 4-sample pixel is 4 of them.
            "cb.pixels_per_clock", CB_SAMPLES.name());

    /** The key called {@code name}, or null ({@link #lookup} also follows {@link #RENAMED}). */
    public static ConfigKey find(String name) {
        for (ConfigKey k : ALL) {
            if (k.name().equals(name)) {
                return k;
            }
        }
        return null;
    }

    /** The key called {@code name}, or that was called so before a rename ({@link #RENAMED}); else null. */
    public static ConfigKey lookup(String name) {
        ConfigKey k = find(name);
        return k != null || !RENAMED.containsKey(name) ? k : find(RENAMED.get(name));
    }

    /** For an old name of {@link #RENAMED}, the one line that says what it is now called; else null. */
    public static String renameNotice(String name) {
        String now = RENAMED.get(name);
        return now == null ? null : name + " is now " + now + " (accepted for now)";
    }

    /**
     * The message for a name no key has: the nearest keys ({@link #nearest}) when there are any,
     * else where the keys are listed.
     */
    public static String unknown(String name) {
        List<String> near = nearest(name);
        if (near.isEmpty()) {
            return "unknown configuration key '" + name + "' (gpusim config lists them)";
        }
        String last = near.get(near.size() - 1);
        return "unknown configuration key '" + name + "'; did you mean "
                + (near.size() == 1 ? last : String.join(", ", near.subList(0, near.size() - 1)) + " or " + last)
                + "?";
    }

    /**
     * At most three keys near {@code name}, nearest first: those within a few edits of it (one
     * per three characters, at most three; a swap of two neighbours is one edit, as in
     * Damerau's count of spelling errors), and those it begins (a group such as
     * {@code db.cache}). A renamed key's old name leads to its new one.
     */
    public static List<String> nearest(String name) {
        int limit = Math.max(1, Math.min(3, name.length() / 3));
        Map<String, Integer> distance = new java.util.HashMap<>();
        for (ConfigKey k : ALL) {
            int d = editDistance(name, k.name());
            if (d <= limit || (name.length() >= 4 && k.name().startsWith(name))) {
                distance.merge(k.name(), d, Math::min);
            }
        }
        for (Map.Entry<String, String> e : RENAMED.entrySet()) {
            int d = editDistance(name, e.getKey());
            if (d <= limit) {
                distance.merge(e.getValue(), d, Math::min);
            }
        }
        return distance.keySet().stream()
                .sorted(java.util.Comparator.comparing((String k) -> distance.get(k)).thenComparing(k -> k))
                .limit(3).toList();
    }

    /**
     * Edits from {@code a} to {@code b}: characters inserted, deleted, replaced, and neighbours
     * swapped (the optimal string alignment distance; Damerau, "A technique for computer detection
     * and correction of spelling errors", CACM 7(3), 1964).
     */
    static int editDistance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
