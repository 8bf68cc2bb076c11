package gpusim.config;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The catalogue gathers the key groups of the modules on the class path: a test of the model
 * module sees the model's own keys, none of the modules above it.
 */
class CatalogueTest {
    @Test
    void onlyTheModelsGroupsAreSeenHereInTheirPositions() {
        assertEquals(List.of(SharedKeys.KEYS, SimKeys.KEYS), ConfigKeys.GROUPS);
        List<ConfigKey> all = new ArrayList<>(SharedKeys.KEYS.keys());
        all.addAll(SimKeys.KEYS.keys());
        assertEquals(all, ConfigKeys.ALL);
        assertEquals(all.size(), Config.defaults().asMap().size());
        assertNull(ConfigKeys.find("memory.channels"), "the memory module's keys are not on this class path");
        Config.defaults().validate();
    }

    @Test
    void aChoiceKeyNamesTheConstantsOfItsEnumAndStoresTheOrdinal() {
        assertArrayEquals(new String[] {"timing", "functional"}, SimKeys.SIM_MODE.choices());
        assertEquals(SimKeys.Mode.TIMING, Config.defaults().choice(SimKeys.SIM_MODE));
        Config f = Config.defaults().with("sim.mode=functional");
        assertEquals(SimKeys.Mode.FUNCTIONAL, f.choice(SimKeys.SIM_MODE));
        assertEquals(1, f.get(SimKeys.SIM_MODE), "the value stored is the ordinal, as reports and presets have it");
        assertEquals(f.asMap(), Config.defaults().with(SimKeys.SIM_MODE, SimKeys.Mode.FUNCTIONAL).asMap());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Config.defaults().with("sim.mode=fast"));
        assertEquals("sim.mode: expected one of timing, functional, got 'fast'", e.getMessage());
        assertEquals("render_back_ends", BackEndKind.RENDER_BACK_ENDS.configName());
    }

    @Test
    void aGroupsRulesRunWhenTheConfigurationIsValidated() {
        KeyGroup g = KeyGroup.of(1, "test", SharedKeys.DB_COUNT).withRules(c -> {
            if (c.get(SharedKeys.DB_COUNT) == 3) {
                throw new IllegalArgumentException("three");
            }
        });
        Config c = Config.defaults().with("db.count=3");
        assertEquals("three", assertThrows(IllegalArgumentException.class, () -> g.rules().accept(c)).getMessage());
    }
}
