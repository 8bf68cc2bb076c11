package gpusim.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import gpusim.gpu.PipelineParams;
import gpusim.gpu.db.HizParams;
import gpusim.memory.L2Params;
import gpusim.memory.MemorySystem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Presets are files of KEY = VALUE lines; the bundled ones are valid configurations of the machines they name. */
class PresetTest {
    /** The settings of the three presets as the enum before preset files held them: the files must give the same. */
    private static final Map<String, List<String>> BEFORE_FILES = Map.of(
            "small", List.of("db.count=2", "shader.units=4", "shader.engines=1", "queue.depth=4",
                    "raster.samples_per_clock=16", "db.samples_per_clock=8", "cb.samples_per_clock=4",
                    "memory.bytes_per_cycle=32"),
            "console", List.of("db.count=4", "shader.units=12", "shader.engines=2", "gpu.clock_mhz=853",
                    "raster.samples_per_clock=64", "db.samples_per_clock=16", "cb.samples_per_clock=4",
                    "surfaces.in_memory=on", "memory.channels=4", "memory.bytes_per_cycle=20", "memory.latency=150",
                    "l2.enabled=on", "l2.size=131072", "l2.line=64", "query.counter_path=direct",
                    "db.cache.size=4096", "cb.cache.size=16384", "compression.fast_clear=on",
                    "compression.depth_planes=on"),
            "desktop", List.of("db.count=16", "shader.units=40", "shader.engines=2", "gpu.clock_mhz=1905",
                    "setup.prims_per_clock=4", "raster.tris_per_clock=4", "ia.vertices_per_clock=16",
                    "raster.samples_per_clock=64", "db.samples_per_clock=16", "cb.samples_per_clock=8",
                    "queue.depth=32", "surfaces.in_memory=on", "memory.channels=16", "memory.dram=gddr6",
                    "l2.enabled=on", "l2.size=262144", "query.counter_path=l2", "compression.fast_clear=on",
                    "compression.depth_planes=on", "compression.color=on"));

    @Test
    void everyPresetIsAValidConfiguration() {
        assertEquals(Preset.BUNDLED.size(), Preset.values().size());
        for (Preset p : Preset.values()) {
            Config c = p.config(); // with() checks every key and range
            for (var e : p.settings().entrySet()) {
                ConfigKey k = ConfigKeys.find(e.getKey());
                assertNotNull(k, p.id() + " sets an unknown key " + e.getKey());
                assertEquals(k.parse(e.getValue()), c.get(k), p.id() + " " + e.getKey());
            }
            c.validate();
        }
    }

    @Test
    void theFilesHoldTheValuesTheEnumHad() {
        for (var e : BEFORE_FILES.entrySet()) {
            Config before = Config.defaults();
            for (String s : e.getValue()) {
                before = before.with(s);
            }
            assertEquals(before.asMap(), Preset.find(e.getKey()).config().asMap(), e.getKey()); // every key
        }
    }

    @Test
    void theMachinesTheyName() {
        assertEquals(2, Preset.find("small").config().get(SharedKeys.DB_COUNT));
        assertEquals(4, Preset.find("console").config().get(SharedKeys.DB_COUNT));
        assertEquals(16, Preset.find("desktop").config().get(SharedKeys.DB_COUNT));
        assertEquals(1980, Preset.find("h200").config().get(SharedKeys.CLOCK_MHZ));
        assertEquals(1_000_000_000L, Preset.find("h200").config().get(PipelineParams.TIMESTAMP_HZ));
        // The H100 and H200 differ in their memory systems: 3.35 against 4.8 TB/s, 50 against 60 MiB of L2.
        Config h100 = Preset.find("h100").config();
        Config h200 = Preset.find("h200").config();
        assertEquals(1980, h100.get(SharedKeys.CLOCK_MHZ));
        assertEquals(50L << 20, h100.get(MemorySystem.MEMORY_CHANNELS) * h100.get(L2Params.L2_SIZE));
        assertEquals(60L << 20, h200.get(MemorySystem.MEMORY_CHANNELS) * h200.get(L2Params.L2_SIZE));
        assertEquals(3_358_080_000_000L, h100.get(MemorySystem.MEMORY_CHANNELS) * h100.get(MemorySystem.MEMORY_BYTES_PER_CYCLE)
                * h100.get(SharedKeys.CLOCK_MHZ) * 1_000_000L);
        assertEquals(4_815_360_000_000L, h200.get(MemorySystem.MEMORY_CHANNELS) * h200.get(MemorySystem.MEMORY_BYTES_PER_CYCLE)
                * h200.get(SharedKeys.CLOCK_MHZ) * 1_000_000L);
        for (String p : List.of("console", "desktop", "h100", "h200")) {
            assertEquals(1, Preset.find(p).config().get(PipelineParams.SURFACES_IN_MEMORY), p + ": surfaces in memory");
        }
        assertEquals("a small test GPU: 2 DBs, 4 shader units in 1 shader engine, shallow queues",
                Preset.SMALL.description());
        assertNull(Preset.find("mainframe"));
    }

    @Test
    void theH100IsTheH200ButForItsMemoryAndItsPerQueryCost() {
        var h100 = Preset.find("h100").config().asMap();
        var h200 = Preset.find("h200").config().asMap();
        java.util.Set<String> differ = new java.util.TreeSet<>();
        for (var e : h200.entrySet()) {
            if (!e.getValue().equals(h100.get(e.getKey()))) {
                differ.add(e.getKey());
            }
        }
        assertEquals(java.util.Set.of("memory.bytes_per_cycle", "l2.size", "l2.ways", "cp.query_cycles",
                "rop.report_cycles"), differ);
    }

    @Test
    void aFileByPath(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("mine.preset");
        Files.writeString(f, "# my GPU\n\ndb.count = 8   # eight\ndb.pattern=rows\ndb.enabled = 0xff\n"
                + "hiz.enabled = off\n");
        Preset p = Preset.resolve(f.toString());
        assertEquals("mine", p.id());
        assertEquals("my GPU", p.description());
        Config c = p.config();
        assertEquals(8, c.get(SharedKeys.DB_COUNT));
        assertEquals(0, c.get(PipelineParams.DB_PATTERN));
        assertEquals(0xff, c.get(PipelineParams.DB_ENABLED));
        assertEquals(0, c.get(HizParams.HIZ_ENABLED));
        assertEquals(Config.defaults().get(SharedKeys.CLOCK_MHZ), c.get(SharedKeys.CLOCK_MHZ));
    }

    @Test
    void aRenamedKeyIsReadByItsNewNameWithANotice() {
        Preset p = Preset.parse("old", "old.preset", "# old\ndb.count = 2\ncb.pixels_per_clock = 4\n");
        assertEquals(java.util.Map.of("db.count", "2", "cb.samples_per_clock", "4"), p.settings());
        assertEquals(java.util.List.of("old.preset:3: cb.pixels_per_clock is now cb.samples_per_clock (accepted for now)"),
                p.notices());
        assertEquals(4, p.config().get(PipelineParams.CB_SAMPLES));
        assertEquals(java.util.List.of(), Preset.find("h200").notices());
        PresetException e = assertThrows(PresetException.class, () -> Preset.parse("old", "old.preset",
                "cb.samples_per_clock = 2\ncb.pixels_per_clock = 4\n"));
        assertEquals("old.preset:2: PRESET_DUPLICATE_KEY: cb.samples_per_clock is already set on line 1",
                e.getMessage());
    }

    @Test
    void badFilesNameTheLineAndRule(@TempDir Path dir) throws IOException {
        assertBad(dir, "db.cont = 2\n", "bad.preset:1: PRESET_UNKNOWN_KEY: unknown configuration key 'db.cont'; did "
                + "you mean db.count?");
        assertBad(dir, "# x\ndb.count = 2\nno.such.key = 1\n", "bad.preset:3: PRESET_UNKNOWN_KEY: unknown configuration "
                + "key 'no.such.key' (gpusim config lists them)");
        assertBad(dir, "db.count = 99\n", "bad.preset:1: PRESET_BAD_VALUE: db.count: 99 is out of range 1..32");
        assertBad(dir, "\ndb.count 2\n", "bad.preset:2: PRESET_SYNTAX: expected KEY = VALUE, got 'db.count 2'");
        assertBad(dir, "db.count =\n", "bad.preset:1: PRESET_SYNTAX: expected KEY = VALUE, got 'db.count ='");
        assertBad(dir, "db.count = 2\ndb.count = 3\n", "bad.preset:2: PRESET_DUPLICATE_KEY: db.count is already set on "
                + "line 1");
        assertBad(dir, "db.count = 2\ndb.enabled = 0x4\n", "bad.preset:3: PRESET_INVALID: db.enabled 0x4 enables none of "
                + "the 2 DBs of db.count (bit d enables DB d)");
        PresetException e = assertThrows(PresetException.class, () -> Preset.resolve(dir.resolve("none.preset").toString()));
        assertEquals(PresetException.Rule.PRESET_UNREADABLE, e.rule());
        assertEquals(0, e.line());
        IllegalArgumentException u = assertThrows(IllegalArgumentException.class, () -> Preset.resolve("mainframe"));
        assertEquals("mainframe: unknown preset (one of small, console, desktop, h100, h200, or the path of a preset file)",
                u.getMessage());
    }

    private static void assertBad(Path dir, String text, String message) throws IOException {
        Path f = dir.resolve("bad.preset");
        Files.writeString(f, text);
        PresetException e = assertThrows(PresetException.class, () -> Preset.load(f));
        assertEquals(dir + "/" + message, e.getMessage());
    }
}
