package gpusim.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** Presets are valid configurations of the machines they name. */
class PresetTest {
    @Test
    void everyPresetIsAValidConfiguration() {
        for (Preset p : Preset.values()) {
            Config c = p.config(); // with() checks every key and range
            for (var e : p.settings().entrySet()) {
                ConfigKey k = ConfigKeys.find(e.getKey());
                assertNotNull(k, p.id() + " sets an unknown key " + e.getKey());
                assertEquals(k.parse(e.getValue()), c.get(k), p.id() + " " + e.getKey());
            }
        }
    }

    @Test
    void theMachinesTheyName() {
        assertEquals(2, Preset.find("small").config().get(ConfigKeys.DB_COUNT));
        assertEquals(4, Preset.find("console").config().get(ConfigKeys.DB_COUNT));
        assertEquals(16, Preset.find("desktop").config().get(ConfigKeys.DB_COUNT));
        assertNull(Preset.find("mainframe"));
    }
}
