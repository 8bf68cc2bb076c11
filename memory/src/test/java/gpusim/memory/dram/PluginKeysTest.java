package gpusim.memory.dram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.config.Config;
import gpusim.memory.L2Params;
import gpusim.memory.cache.ReplacementPolicy;
import org.junit.jupiter.api.Test;

/** The plug-ins' configuration keys: each choice names a registered plug-in, and the key reaches the parameters. */
class PluginKeysTest {
    @Test
    void everyChoiceOfTheKeysIsRegistered() {
        for (String s : DramParams.DRAM_SCHEDULER.choices()) {
            assertTrue(DramScheduler.REGISTERED.containsKey(s), s);
        }
        for (String s : DramParams.DRAM_REFRESH.choices()) {
            assertTrue(DramRefresh.REGISTERED.containsKey(s), s);
        }
        for (String s : L2Params.L2_REPLACEMENT.choices()) {
            assertTrue(ReplacementPolicy.REGISTERED.containsKey(s), s);
        }
    }

    @Test
    void dramSchedulerAndRefreshComeFromTheirKeys() {
        Config hbm = Config.defaults().with("memory.dram=hbm3");
        assertEquals("frfcfs", DramParams.of(hbm).scheduler());
        assertEquals("all_bank", DramParams.of(hbm).refresh());
        DramParams p = DramParams.of(hbm.with("dram.scheduler=fcfs").with("dram.refresh=none"));
        assertEquals("fcfs", p.scheduler());
        assertEquals("none", p.refresh());
        assertThrows(IllegalArgumentException.class, () -> hbm.with("dram.scheduler=bliss"));
    }

    @Test
    void l2ReplacementComesFromItsKey() {
        assertEquals("lru", L2Params.of(Config.defaults()).slice().replacement());
        assertEquals("fifo", L2Params.of(Config.defaults().with("l2.replacement=fifo")).slice().replacement());
    }
}
