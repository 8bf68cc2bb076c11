package gpusim.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gpusim.config.Config;
import gpusim.gpu.Gpu;
import gpusim.gpu.RunResult;
import gpusim.gpu.cp.CommandProcessor;
import gpusim.trace.Trace;
import gpusim.tracefile.TraceReader;
import gpusim.tracefile.TraceValidator;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden tests: every conformance case (expected dumps from a conformant Vulkan renderer,
 * which a real NVIDIA GPU matches word for word) and the D3D12PredicationQueries example
 * must give exactly the expected dumps, with the default configuration and with others
 * that change only timing (DB count, tile size, hierarchical Z, queue depths).
 */
public class ConformanceTest {
    public static final String DIR = "conformance/";

    /** The 60 conformance cases and the example. */
    public static Stream<Arguments> cases() {
        return Stream.concat(conformanceCases(), Stream.of(Arguments.of("predication-queries")));
    }

    /** The 60 conformance cases (the 300-frame example is left to the default-configuration test, for speed). */
    public static Stream<Arguments> conformanceCases() {
        List<Arguments> out = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            out.add(Arguments.of(String.format("case-%03d", i)));
        }
        return out.stream();
    }

    public static String resource(String name) throws IOException {
        try (InputStream in = ConformanceTest.class.getClassLoader().getResourceAsStream(DIR + name)) {
            if (in == null) {
                throw new IOException("missing test resource " + DIR + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    public static RunResult run(String name, Config config) throws IOException {
        Trace t = TraceReader.parse(name + ".trace", resource(name + ".trace"), config.get(TraceReader.MEMORY_BUDGET));
        TraceValidator.validate(t, true, TraceValidator.Machine.of(config));
        return new Gpu(t, config).run();
    }

    public static void assertDumps(String name, RunResult r) throws IOException {
        assertDumps(name, resource(name + ".expected.json"), r);
    }

    /** The run's dumps against those of an expected-results file ({@code expectedJson}, its text). */
    public static void assertDumps(String name, String expectedJson, RunResult r) throws IOException {
        JsonNode expected = new ObjectMapper().readTree(expectedJson).get("dumps");
        assertEquals(expected.size(), r.dumps().size(), name + ": number of dumps");
        for (int i = 0; i < expected.size(); i++) {
            JsonNode e = expected.get(i);
            CommandProcessor.DumpResult d = r.dumps().get(i);
            assertEquals(e.get("buffer").asText(), d.buffer(), name + " dump " + i + " buffer");
            assertEquals(e.get("offset").asLong(), d.offset(), name + " dump " + i + " offset");
            JsonNode values = e.get("values");
            assertEquals(values.size(), d.values().length, name + " dump " + i + " word count");
            for (int j = 0; j < values.size(); j++) {
                assertEquals(values.get(j).bigIntegerValue().toString(), Long.toUnsignedString(d.values()[j]),
                        name + " dump " + i + " word " + j);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void matchesTheReferenceRenderer(String name) throws IOException {
        assertDumps(name, run(name, Config.defaults()));
    }

    /** Configurations that change the machine, not the API: results must not move. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("conformanceCases")
    void resultsDoNotDependOnTheMachineShape(String name) throws IOException {
        Config c = Config.defaults().with("db.count=7").with("db.tile=16").with("hiz.enabled=off")
                .with("queue.depth=2").with("memory.latency=7").with("memory.bytes_per_cycle=8")
                .with("memory.channels=3").with("memory.interleave=32").with("memory.line=128")
                .with("memory.partial_write_cycles=5").with("memory.queue_depth=1")
                // The back end's shape: shader engines, wave size, wave queues, latencies.
                .with("shader.engines=3").with("ps.wave_quads=1").with("queue.waves=1").with("db.latency=0")
                .with("shader.latency=500").with("cb.latency=0").with("timestamp.at=drain");
        assertDumps(name, run(name, c));
        Config one = Config.defaults().with("db.count=1").with("db.tile=32").with("memory.channels=1")
                .with("memory.write_combining=off").with("memory.alignment=8").with("shader.engines=64")
                .with("ps.wave_quads=32").with("shader.units=1").with("timestamp.at=top_of_pipe");
        assertDumps(name, run(name, one));
        // Other ownership patterns, with DBs disabled (their query slots preset as written).
        assertDumps(name, run(name, Config.defaults().with("db.count=6").with("db.pattern=rows")
                .with("db.enabled=0x2d")));
        assertDumps(name, run(name, Config.defaults().with("db.count=5").with("db.pattern=hashed")
                .with("db.enabled=0x1e")));
        // DRAM behind the channels (memory.dram), shaped to reorder: closed pages, a small
        // controller queue, 3 channels of 32-byte granules; and GDDR6 at a slow GPU clock.
        assertDumps(name, run(name, Config.defaults().with("memory.dram=hbm3").with("dram.page_policy=closed")
                .with("dram.queue_depth=16").with("memory.channels=3").with("memory.interleave=32")
                .with("dram.tREFI=200").with("dram.tRFC=150")));
        assertDumps(name, run(name, Config.defaults().with("memory.dram=gddr6").with("gpu.clock_mhz=100")
                .with("dram.bank_groups=1").with("dram.banks_per_group=2")));
        // L2 slices: small ones that evict (write-back, XOR channel hash, counter writes past the L2, MSHRs and
        // input queues that stall, flushed at the end of the run), and write-through ones that counter writes go
        // through.
        assertDumps(name, run(name, Config.defaults().with("l2.enabled=on").with("l2.size=16384").with("l2.ways=2")
                .with("l2.line=64").with("l2.mshrs=1").with("memory.queue_depth=1").with("memory.hash=xor")
                .with("memory.interleave=64").with("query.counter_path=direct").with("l2.flush_at_end=on")));
        assertDumps(name, run(name, Config.defaults().with("l2.enabled=on").with("l2.policy=write_through")
                .with("l2.line=256").with("memory.channels=3").with("memory.interleave=128")
                .with("query.counter_path=l2").with("l2.hit_latency=1")));
        for (gpusim.config.Preset p : gpusim.config.Preset.values()) {
            assertDumps(name, run(name, p.config())); // every preset
        }
        // Surfaces in memory: tiny depth caches with one MSHR and one tile in flight,
        // write-through colour caches, starved channels, fast clears, depth planes and colour compression
        // (64-byte blocks, 64-byte payloads, 2-byte keys); then the default caches; then colour compression
        // without fast clears (clears stored as constant blocks) through 32-byte colour lines, partially
        // compressed blocks of at most 64 bytes; the sectored caches with constant blocks only.
        assertDumps(name, run(name, Config.defaults().with("surfaces.in_memory=on").with("compression.fast_clear=on")
                .with("compression.depth_planes=on").with("compression.color=on")
                .with("compression.color.block_bytes=64").with("compression.color.constant_bytes=64")
                .with("compression.color.meta_bytes=2")
                .with("db.cache.size=256").with("db.cache.ways=2").with("db.cache.line=64").with("db.cache.mshrs=1")
                .with("surfaces.tiles_in_flight=1").with("cb.cache.policy=write_through").with("cb.cache.mshrs=1")
                .with("cb.cache.line=256").with("cb.cache.size=1024").with("memory.bytes_per_cycle=4")));
        assertDumps(name, run(name, Config.defaults().with("surfaces.in_memory=on")));
        assertDumps(name, run(name, Config.defaults().with("surfaces.in_memory=on").with("compression.color=on")
                .with("cb.cache.line=32").with("compression.color.max_compressed_bytes=64")));
        // Sectored caches everywhere (Cache's sectors): 32-byte sectors in small depth and colour caches that
        // evict, with few MSHRs, and in write-back L2 slices with counter writes through them.
        assertDumps(name, run(name, Config.defaults().with("surfaces.in_memory=on").with("compression.color=on")
                .with("db.cache.sector_bytes=32").with("db.cache.size=1024").with("db.cache.mshrs=2")
                .with("cb.cache.sector_bytes=32").with("cb.cache.size=1024").with("cb.cache.mshrs=2")
                .with("l2.enabled=on").with("l2.sector_bytes=32").with("l2.size=16384").with("l2.ways=2")
                .with("query.counter_path=l2").with("compression.color.partial=off")));
        // Byte masks in all three caches (a partial write fetches nothing, a write-back writes only dirty bytes):
        // small depth caches of whole lines and colour caches of 32-byte sectors that evict, with few MSHRs, and
        // small L2 slices taking the counter writes.
        assertDumps(name, run(name, Config.defaults().with("surfaces.in_memory=on").with("compression.color=on")
                .with("db.cache.byte_masks=on").with("db.cache.size=1024").with("db.cache.mshrs=2")
                .with("cb.cache.byte_masks=on").with("cb.cache.sector_bytes=32").with("cb.cache.size=1024")
                .with("cb.cache.mshrs=2").with("l2.enabled=on").with("l2.byte_masks=on").with("l2.size=16384")
                .with("l2.ways=2").with("query.counter_path=l2").with("l2.flush_at_end=on")
                .with("surfaces.flush_at_end=on").with("memory.flush_at_host_sync=on")));
    }

    /**
     * A trace that writes query slots and resolves them, through write-back L2 slices large enough that nothing
     * is ever written back: the resolve's reads, the dump and the end-of-run query decode all see the words while
     * they sit dirty in the slices (the bytes land at the L2's front door; the slices model timing only).
     */
    @org.junit.jupiter.api.Test
    void aResolveThroughAWriteBackL2SeesTheWordsStillDirtyThere() throws IOException {
        Config c = Config.defaults().with("l2.enabled=on").with("l2.size=4194304").with("l2.policy=write_back")
                .with("query.counter_path=l2");
        RunResult on = run("case-000", c);
        assertDumps("case-000", on);
        RunResult off = run("case-000", Config.defaults());
        assertEquals(off.queries().size(), on.queries().size());
        for (int i = 0; i < off.queries().size(); i++) {
            org.junit.jupiter.api.Assertions.assertArrayEquals(off.queries().get(i).values(),
                    on.queries().get(i).values(), "query " + i);
        }
        long writeBacks = 0;
        long hits = 0;
        long writes = on.stats().find("memory.writes").value().longValue();
        for (int s = 0; s < 4; s++) {
            writeBacks += on.stats().find("memory.l2_" + s + ".write_backs").value().longValue();
            hits += on.stats().find("memory.l2_" + s + ".hits").value().longValue();
        }
        assertEquals(0, writeBacks, "nothing is evicted from 4 MiB slices");
        org.junit.jupiter.api.Assertions.assertTrue(writes > 0 && hits > 0, "writes " + writes + ", hits " + hits);
        assertEquals(0, on.stats().find("memory.channel0.writes").value().longValue(),
                "no write reached a channel: every word written is still dirty in its slice");
    }

    /**
     * The ROP back end (backend.kind=rops): per-unit tile ownership through the same functional
     * cores, occlusion counts summed on chip into one report per marker; the dumps (resolved
     * query words as the API sees them) must be the expected ones on every shape of it.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("conformanceCases")
    void resultsDoNotDependOnTheBackEnd(String name) throws IOException {
        Config rops = Config.defaults().with("backend.kind=rops");
        assertDumps(name, run(name, rops));
        assertDumps(name, run(name, rops.with("sim.mode=functional")));
        // The ROP units' surfaces through their caches, with the three compressions.
        assertDumps(name, run(name, rops.with("surfaces.in_memory=on").with("compression.fast_clear=on")
                .with("compression.depth_planes=on").with("compression.color=on")));
        // ... and through sectored caches (32-byte sectors, small caches that evict, sectored L2 slices).
        assertDumps(name, run(name, rops.with("surfaces.in_memory=on").with("compression.color=on")
                .with("db.cache.sector_bytes=32").with("db.cache.size=1024").with("cb.cache.sector_bytes=32")
                .with("cb.cache.size=1024").with("l2.enabled=on").with("l2.sector_bytes=32")
                .with("surfaces.flush_at_end=on").with("l2.flush_at_end=on").with("memory.flush_at_host_sync=on")));
        // Six units on three partitions, a one-quad crossbar with no latency, the shortest reduction, one-wave queues.
        assertDumps(name, run(name, rops.with("memory.channels=3").with("rop.units_per_partition=2")
                .with("rop.crossbar_quads_per_clock=1").with("rop.crossbar_latency=0").with("rop.report_latency=1")
                .with("queue.waves=1").with("rop.latency=0").with("timestamp.at=top_of_pipe")));
        // One partition of one unit; five partitions, hashed, with units disabled; a slow wide crossbar.
        assertDumps(name, run(name, rops.with("rop.partitions=1").with("shader.engines=1")));
        assertDumps(name, run(name, rops.with("rop.partitions=5").with("db.pattern=hashed").with("db.enabled=0x1a")
                .with("rop.crossbar_latency=300").with("rop.crossbar_quads_per_clock=64")
                .with("rop.report_latency=500")));
    }

    // Worker threads against one thread: DeterminismTest compares the whole JSON report (dumps, cycles, every
    // statistic), byte for byte.
}
