package gpusim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.config.Config;
import gpusim.gpu.RunResult;
import gpusim.harness.ConformanceTest;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import java.io.IOException;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * DRAM behind the channels on real traces: the bytes each client moved add up, per channel,
 * to the bytes the channel moved, with and without DRAM; every request is tagged (nothing is
 * OTHER's, and the surfaces' clients are there on the default machine); the configuration lists the
 * preset's values in effect.
 */
class DramWiringTest {

    // conformance case 20: indexed and plain draws, 8 resolves, 3 SetPredication reads of 8
    // bytes from a buffer, one 32-byte CopyBufferRegion (read and write), occlusion queries.
    @ParameterizedTest
    @ValueSource(strings = {"none", "hbm3", "gddr6"})
    void bytesPerClientAddUpToTheChannelsBytes(String dram) throws IOException {
        RunResult r = ConformanceTest.run("case-020", Config.defaults().with("memory.dram=" + dram));
        ConformanceTest.assertDumps("case-020", r);
        StatGroup memory = child(r.stats(), "memory");
        Set<String> clients = new TreeSet<>();
        long predication = 0;
        long copy = 0;
        for (StatGroup ch : memory.children()) {
            long sum = 0;
            for (Stat s : ch.stats()) {
                if (s.name().startsWith("bytes_") && !s.name().equals("bytes_per_busy_cycle")) {
                    sum += s.value().longValue();
                    clients.add(s.name());
                }
            }
            assertEquals(ch.find("bytes").value().longValue(), sum, ch.name() + ": bytes per client add up");
            predication += value(ch, "bytes_predication");
            copy += value(ch, "bytes_copy");
            assertEquals(!dram.equals("none"), ch.find("row_hits") != null, "DRAM statistics only with DRAM");
        }
        // With the surfaces in memory (the default) the depth blocks and colour back ends are clients too.
        assertEquals(new TreeSet<>(Set.of("bytes_counter", "bytes_query", "bytes_vertex", "bytes_index",
                "bytes_resolve", "bytes_predication", "bytes_copy", "bytes_depth", "bytes_htile", "bytes_color",
                "bytes_color_meta")), clients, "every request is tagged");
        assertEquals(3 * 8, predication);
        assertEquals(2 * 32, copy);
    }

    @Test
    void dramChangesTheCyclesAndCountsItsCommands() throws IOException {
        RunResult none = ConformanceTest.run("case-020", Config.defaults());
        RunResult hbm3 = ConformanceTest.run("case-020", Config.defaults().with("memory.dram=hbm3"));
        assertNotEquals(none.cycles(), hbm3.cycles());
        long accesses = 0;
        long classified = 0;
        for (StatGroup ch : child(hbm3.stats(), "memory").children()) {
            accesses += value(ch, "dram_reads") + value(ch, "dram_writes");
            classified += value(ch, "row_hits") + value(ch, "row_misses") + value(ch, "row_conflicts");
            assertEquals(value(ch, "row_misses") + value(ch, "row_conflicts"), value(ch, "activates"), ch.name());
            // Each miss and conflict is also counted against the client whose access it was.
            long misses = 0;
            long conflicts = 0;
            for (Stat s : ch.stats()) {
                misses += s.name().startsWith("row_misses_") ? s.value().longValue() : 0;
                conflicts += s.name().startsWith("row_conflicts_") ? s.value().longValue() : 0;
            }
            assertEquals(value(ch, "row_misses"), misses, ch.name() + ": row misses by client add up");
            assertEquals(value(ch, "row_conflicts"), conflicts, ch.name() + ": row conflicts by client add up");
        }
        assertTrue(accesses > 0);
        assertEquals(accesses, classified, "every access is a hit, a miss or a conflict");
    }

    @Test
    void configListsThePresetsValuesInEffect() {
        CliTest.Outcome o = CliTest.gpusim("config", "--set", "memory.dram=hbm3", "--set", "dram.tRP=30");
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().lines().anyMatch(l -> l.matches("dram\\.tRCD\\s+23\\s.*")), o.out());
        assertTrue(o.out().lines().anyMatch(l -> l.matches("dram\\.tRP\\s+30\\s.*")), o.out());
        assertTrue(o.out().lines().anyMatch(l -> l.matches("dram\\.clock_mhz\\s+1600\\s.*")), o.out());
        CliTest.Outcome none = CliTest.gpusim("config");
        assertTrue(none.out().lines().anyMatch(l -> l.matches("dram\\.tRCD\\s+0\\s.*")), none.out());
        CliTest.Outcome bad = CliTest.gpusim("config", "--set", "memory.dram=gddr6", "--set", "dram.tRFC=4000");
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("memory.dram=gddr6: DRAM timing: tRFC (4000) must be shorter than tREFI (3333)"),
                bad.err());
    }

    private static StatGroup child(StatGroup g, String name) {
        for (StatGroup c : g.children()) {
            if (c.name().equals(name)) {
                return c;
            }
        }
        throw new AssertionError("no statistics group " + name);
    }

    private static long value(StatGroup g, String name) {
        Stat s = g.find(name);
        return s == null ? 0 : s.value().longValue();
    }
}
