package gpusim.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.config.BackEndKind;
import gpusim.config.Config;
import gpusim.config.SharedKeys;
import gpusim.memory.MemorySystem;
import org.junit.jupiter.api.Test;

/** backend.kind's choices are the kinds, in order; each kind's tile owners and counters are exactly as documented. */
class BackEndKindTest {
    @Test
    void theKeysChoicesAreTheKindsInDeclarationOrder() {
        assertArrayEquals(new String[] {"render_back_ends", "rops"}, SharedKeys.BACKEND_KIND.choices());
        assertEquals(0, SharedKeys.BACKEND_KIND.defaultValue(), "render_back_ends by default");
        for (BackEndKind k : BackEndKind.values()) {
            Config c = Config.defaults().with("backend.kind=" + k.configName());
            assertEquals(k, BackEndKind.of(c));
            assertEquals(k.ordinal(), c.get(SharedKeys.BACKEND_KIND));
        }
    }

    @Test
    void renderBackEndsOwnTilesByDbCountAndKeepPerUnitCounters() {
        BackEndKind k = BackEndKind.RENDER_BACK_ENDS;
        assertTrue(k.hasPerUnitCounters());
        assertEquals(4, BackEndFactory.tileOwners(Config.defaults().with("db.count=4")));
        assertEquals(7, BackEndFactory.tileOwners(Config.defaults().with("db.count=7").with("rop.partitions=9")));
    }

    @Test
    void ropsOwnTilesByPartitionsTimesUnitsAndSumTheirCountsOnChip() {
        BackEndKind k = BackEndKind.ROPS;
        assertFalse(k.hasPerUnitCounters());
        Config c = Config.defaults().with("backend.kind=rops");
        assertEquals(6, BackEndFactory.tileOwners(c.with("rop.partitions=3").with("rop.units_per_partition=2")));
        assertEquals(c.get(MemorySystem.MEMORY_CHANNELS) * 2,
                BackEndFactory.tileOwners(c.with("rop.partitions=0").with("rop.units_per_partition=2")),
                "rop.partitions 0: one partition per memory channel");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BackEndFactory.tileOwners(c.with("rop.partitions=11").with("rop.units_per_partition=3")));
        assertEquals("backend.kind=rops: rop.partitions x rop.units_per_partition = 11 x 3 = 33 ROP units, but at "
                + "most 32 can own screen tiles", e.getMessage());
    }

    @Test
    void dbEnabledIsCheckedAgainstTheKindsTileOwners() {
        IllegalArgumentException rb = assertThrows(IllegalArgumentException.class,
                () -> Config.defaults().with("db.count=2").with("db.enabled=0x4").validate());
        assertEquals("db.enabled 0x4 enables none of the 2 DBs of db.count (bit d enables DB d)", rb.getMessage());
        IllegalArgumentException rop = assertThrows(IllegalArgumentException.class,
                () -> Config.defaults().with("backend.kind=rops").with("rop.partitions=1")
                        .with("rop.units_per_partition=2").with("db.enabled=0x4").validate());
        assertEquals("db.enabled 0x4 enables none of the 2 ROP units (bit u enables ROP unit u)", rop.getMessage());
    }
}
