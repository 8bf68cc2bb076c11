package gpusim.memory.dram;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.config.Config;
import gpusim.memory.L2Params;
import gpusim.memory.cache.ReplacementPolicy;
import org.junit.jupiter.api.Test;

/** The plug-ins' configuration keys: each choice names a registered plug-in and each plug-in is a choice, and the key reaches the parameters. */
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

    // A plug-in registered but missing from its key's enum could never be chosen.
    @Test
    void everyRegisteredPlugInIsAChoiceOfItsKey() {
        assertEquals(DramScheduler.REGISTERED.keySet(), java.util.Set.of(DramParams.DRAM_SCHEDULER.choices()));
        assertEquals(DramRefresh.REGISTERED.keySet(), java.util.Set.of(DramParams.DRAM_REFRESH.choices()));
        assertEquals(ReplacementPolicy.REGISTERED.keySet(), java.util.Set.of(L2Params.L2_REPLACEMENT.choices()));
    }

    @Test
    void typedChoicesReadAsTheirConstants() {
        Config c = Config.defaults().with("dram.page_policy=closed").with("l2.policy=write_through")
                .with("memory.hash=xor").with("query.counter_path=l2");
        assertEquals(PagePolicy.CLOSED, c.choice(DramParams.DRAM_PAGE_POLICY));
        assertEquals(gpusim.memory.cache.CacheParams.WritePolicy.WRITE_THROUGH, c.choice(L2Params.L2_POLICY));
        L2Params l2 = L2Params.of(c);
        assertTrue(l2.xorHash());
        assertTrue(!l2.countersDirect());
        assertTrue(!l2.slice().writeBack());
        assertEquals(PagePolicy.CLOSED, DramParams.of(c.with("memory.dram=gddr6")).policy());
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
