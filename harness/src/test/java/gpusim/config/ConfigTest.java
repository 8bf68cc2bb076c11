package gpusim.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.gpu.PipelineParams;
import gpusim.memory.MemorySystem;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Configuration rules: every key is declared with unit, meaning, default and range; bad input is refused clearly. */
class ConfigTest {

    // Every key the model reads is declared once, documented, and its default lies in its own range.
    @Test
    void everyKeyHasUnitMeaningAndADefaultWithinItsOwnRange() {
        Set<String> names = new HashSet<>();
        for (ConfigKey k : ConfigKeys.ALL) {
            assertTrue(names.add(k.name()), "duplicate key " + k.name());
            assertNotNull(k.unit(), k.name());
            assertFalse(k.unit().isBlank(), "unit of " + k.name());
            assertNotNull(k.meaning(), k.name());
            assertFalse(k.meaning().isBlank(), "meaning of " + k.name());
            k.check(k.defaultValue()); // throws if the default is not allowed
            if (k.allowed() == null) {
                assertTrue(k.min() <= k.defaultValue() && k.defaultValue() <= k.max(), k.name());
            }
            assertEquals(k, ConfigKeys.find(k.name()));
        }
    }

    // A key declared beside its record but left out of the record's group would be neither listed
    // nor settable: every public key constant of the classes that declare keys (a new one is added
    // to the list here) is in ALL.
    @Test
    void everyPublicKeyConstantIsListedInAll() throws IllegalAccessException {
        int constants = 0;
        for (Class<?> owner : java.util.List.of(SharedKeys.class, SimKeys.class, MemorySystem.class,
                gpusim.memory.dram.DramParams.class, gpusim.memory.L2Params.class, PipelineParams.class,
                gpusim.gpu.db.HizParams.class, gpusim.gpu.rop.RopParams.class,
                gpusim.tracefile.TraceReader.class, gpusim.tracefile.TraceValidator.class)) {
            for (java.lang.reflect.Field f : owner.getFields()) {
                if (ConfigKey.class.isAssignableFrom(f.getType())) {
                    constants++;
                    assertTrue(ConfigKeys.ALL.contains((ConfigKey) f.get(null)), f.getName() + " missing from ALL");
                }
            }
        }
        assertEquals(constants, ConfigKeys.ALL.size());
    }

    @Test
    void defaultsHoldEveryKeyAtItsDefault() {
        Config c = Config.defaults();
        assertEquals(ConfigKeys.ALL.size(), c.asMap().size());
        for (ConfigKey k : ConfigKeys.ALL) {
            assertEquals(k.defaultValue(), c.get(k), k.name());
        }
        assertEquals(4, c.getInt(SharedKeys.DB_COUNT));
        assertEquals(64, c.get(MemorySystem.MEMORY_BYTES_PER_CYCLE));
    }

    // A cache sector is part of its line: larger is refused when the keys are checked together, with the
    // keys' names; equal to the line (no sectors) and 0 are accepted.
    @Test
    void aSectorLargerThanItsLineIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Config.defaults().with("l2.line=64").with("l2.sector_bytes=128").validate());
        assertEquals("l2.sector_bytes 128 is larger than l2.line 64 (a sector is part of a line; 0: no sectors)",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Config.defaults().with("cb.cache.line=32").with("cb.cache.sector_bytes=64").validate());
        assertTrue(e.getMessage().startsWith("cb.cache.sector_bytes 64 is larger than cb.cache.line 32"), e.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> Config.defaults().with("db.cache.line=128").with("db.cache.sector_bytes=256").validate());
        Config.defaults().with("db.cache.line=128").with("db.cache.sector_bytes=128").validate();
        assertThrows(IllegalArgumentException.class, () -> Config.defaults().with("cb.cache.sector_bytes=16"));
    }

    @Test
    void withReturnsAModifiedCopyAndLeavesTheOriginal() {
        Config base = Config.defaults();
        Config c = base.with("db.count=7").with("memory.latency=0x20");
        assertEquals(7, c.get(SharedKeys.DB_COUNT));
        assertEquals(32, c.get(MemorySystem.MEMORY_LATENCY));
        assertEquals(4, base.get(SharedKeys.DB_COUNT));
        assertEquals(16, base.with(PipelineParams.DB_TILE, 16).get(PipelineParams.DB_TILE));
    }

    @Test
    void unknownKeyIsRejectedNamingTheKey() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Config.defaults().with("db.cuont=4"));
        assertTrue(e.getMessage().contains("unknown configuration key 'db.cuont'"), e.getMessage());
    }

    @Test
    void anUnknownKeyNamesTheNearestKeys() {
        assertEquals("unknown configuration key 'db.cont'; did you mean db.count?", ConfigKeys.unknown("db.cont"));
        // a swap of two neighbours is one edit
        assertEquals(java.util.List.of("db.count"), ConfigKeys.nearest("db.cuont"));
        // a group's prefix names its first keys
        assertEquals("unknown configuration key 'db.cache'; did you mean db.cache.line, db.cache.size or "
                + "db.cache.ways?", ConfigKeys.unknown("db.cache"));
        assertEquals("unknown configuration key 'foo.bar' (gpusim config lists them)", ConfigKeys.unknown("foo.bar"));
        // a misspelt old name leads to the new one
        assertEquals(java.util.List.of("cb.samples_per_clock"), ConfigKeys.nearest("cb.pixel_per_clock"));
        assertEquals(1, ConfigKeys.editDistance("ab", "ba"));
        assertEquals(3, ConfigKeys.editDistance("", "abc"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Config.defaults().with("db.cont=4"));
        assertEquals("unknown configuration key 'db.cont'; did you mean db.count?", e.getMessage());
    }

    @Test
    void aRenamedKeyIsAcceptedByItsOldName() {
        for (var e : ConfigKeys.RENAMED.entrySet()) {
            assertEquals(null, ConfigKeys.find(e.getKey()), e.getKey() + " is no key of its own");
            assertNotNull(ConfigKeys.find(e.getValue()), e.getValue());
        }
        assertEquals(PipelineParams.CB_SAMPLES, ConfigKeys.lookup("cb.pixels_per_clock"));
        assertEquals(PipelineParams.CB_SAMPLES, ConfigKeys.lookup("cb.samples_per_clock"));
        assertEquals(null, ConfigKeys.lookup("cb.pixels"));
        assertEquals(5, Config.defaults().with("cb.pixels_per_clock=5").get(PipelineParams.CB_SAMPLES));
        assertEquals("cb.pixels_per_clock is now cb.samples_per_clock (accepted for now)",
                ConfigKeys.renameNotice("cb.pixels_per_clock"));
        assertEquals(null, ConfigKeys.renameNotice("cb.samples_per_clock"));
    }

    @Test
    void assignmentWithoutEqualsIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Config.defaults().with("db.count"));
        assertTrue(e.getMessage().contains("KEY=VALUE"), e.getMessage());
    }

    @Test
    void outOfRangeValuesAreRejectedWithTheRange() {
        IllegalArgumentException low = assertThrows(IllegalArgumentException.class,
                () -> Config.defaults().with("db.count=0"));
        assertEquals("db.count: 0 is out of range 1..32", low.getMessage());
        IllegalArgumentException high = assertThrows(IllegalArgumentException.class,
                () -> Config.defaults().with("db.count=33"));
        assertEquals("db.count: 33 is out of range 1..32", high.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> Config.defaults().with(PipelineParams.QUEUE_LATENCY, 0));
        assertEquals(32, Config.defaults().with("db.count=32").get(SharedKeys.DB_COUNT), "the bound itself is allowed");
    }

    @Test
    void valueNotInTheAllowedSetIsRejectedListingTheSet() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Config.defaults().with("db.tile=12"));
        assertEquals("db.tile: 12 is not one of 8, 16, 32", e.getMessage());
    }

    @Test
    void nonNumericValueIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Config.defaults().with("memory.latency=fast"));
        assertEquals("memory.latency: expected an integer, got 'fast'", e.getMessage());
    }

    @Test
    void flagKeysParseOnAndOff() {
        ConfigKey f = ConfigKey.flag("x.enable", false, "test flag");
        assertEquals(1, f.parse("on"));
        assertEquals(0, f.parse("off"));
        assertEquals("on/off", f.unit());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> f.parse("yes"));
        assertEquals("x.enable: expected on or off, got 'yes'", e.getMessage());
        assertEquals("on", f.format(1));
    }
}
