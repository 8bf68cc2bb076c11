package gpusim.harness;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.config.Config;
import gpusim.trace.Trace;
import gpusim.tracefile.Rule;
import gpusim.tracefile.TraceException;
import gpusim.tracefile.TraceWarning;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The fuzz target's seed corpus is itself checked: each {@code bad-RULE[-variant].trace} (the
 * cases of the tracefile module's RuleTest, one file each) is refused by exactly RULE, at the line
 * marked {@code # <-}, as {@code gpusim run} would refuse it with the default configuration;
 * every rule that a file can break has one.
 */
class FuzzCorpusTest {
    static final String MARK = "# <-";

    static Path corpus() throws URISyntaxException {
        return Path.of(FuzzCorpusTest.class.getResource("TraceFuzzTestInputs").toURI());
    }

    static Stream<String> badTraces() throws IOException, URISyntaxException {
        try (Stream<Path> s = Files.list(corpus())) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("bad-")).sorted().toList().stream();
        }
    }

    /** RULE of {@code bad-RULE[-variant].trace} (rule names have no '-'). */
    static Rule rule(String file) {
        String s = file.substring("bad-".length(), file.length() - ".trace".length());
        int dash = s.indexOf('-');
        return Rule.valueOf(dash < 0 ? s : s.substring(0, dash));
    }

    static int markedLine(List<String> lines) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(MARK)) {
                return i + 1;
            }
        }
        throw new IllegalArgumentException("no line marked " + MARK);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badTraces")
    void badTraceBreaksExactlyItsRule(String name) throws Exception {
        Path file = corpus().resolve(name);
        Rule rule = rule(name);
        int line = markedLine(Files.readAllLines(file));
        // The rules that depend on the device: refused on a device without copy queue timestamps, and
        // WriteQuery(OCCLUSION) on the ROP back end (no per-unit counters).
        Config config = rule == Rule.COPY_QUEUE_TIMESTAMP_NOT_SUPPORTED
                ? Config.defaults().with("features.copy_queue_timestamps=off")
                : rule == Rule.WRITE_QUERY_NO_PER_UNIT_COUNTERS ? Config.defaults().with("backend.kind=rops")
                : Config.defaults();
        if (rule.isWarning()) {
            List<TraceWarning> w = Simulation.validate(Simulation.read(file, Map.of(), config), config, true);
            assertEquals(1, w.size(), "warnings: " + w);
            assertEquals(rule, w.get(0).rule());
            assertEquals(line, w.get(0).line());
            return;
        }
        TraceException e = assertThrows(TraceException.class, () -> {
            Trace t = Simulation.read(file, Map.of(), config);
            Simulation.validate(t, config, true);
        });
        assertEquals(rule, e.rule(), e.getMessage());
        assertEquals(line, e.line(), e.getMessage());
        assertEquals(file + ":" + line + ": " + rule.name() + ": " + e.explanation(), e.getMessage());
    }

    @Test
    void everyRuleHasABadTrace() throws Exception {
        Set<Rule> missing = EnumSet.allOf(Rule.class);
        badTraces().forEach(n -> missing.remove(rule(n)));
        // Not a file's doing: an unreadable file (RuleTest.unreadableFile) and a --param value for an undeclared
        // parameter (RuleTest.unknownParameterValue); the fuzz target passes no parameter values.
        missing.remove(Rule.UNREADABLE_FILE);
        missing.remove(Rule.PARAM_UNKNOWN);
        assertTrue(missing.isEmpty(), "rules without a bad trace in the corpus: " + missing);
    }

    /**
     * Every valid seed (the conformance cases, the examples, the regression traces) is valid as
     * {@code gpusim run} reads it, and the harness simulates it to completion, but for the two regression traces whose
     * 16384x16384 and 8192x8192 depth clears are the point: they take about a million cycles, too long for a
     * fuzz input, and the fuzzing machine's 32 MiB budget refuses their depth buffers.
     */
    @Test
    void harnessSimulatesEveryValidSeed() throws Exception {
        Set<String> tooBig = Set.of("regression-timing-false-deadlock-clear16k.trace",
                "regression-timing-false-deadlock-clear8k.trace");
        List<String> valid;
        try (Stream<Path> s = Files.list(corpus())) {
            valid = s.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("conformance-") || n.startsWith("example-") || n.startsWith("regression-"))
                    .sorted().toList();
        }
        // 60 conformance cases, 4 examples, the 6 traces of shared/regressions and one this target found.
        assertEquals(71, valid.size(), "valid seeds: " + valid);
        for (String n : valid) {
            Path file = corpus().resolve(n);
            Simulation.validate(Simulation.read(file, Map.of(), Config.defaults()), Config.defaults(), true);
            if (tooBig.contains(n)) {
                TraceException e = assertThrows(TraceException.class,
                        () -> Simulation.read(file, Map.of(), TraceContract.MACHINE));
                assertEquals(Rule.MEMORY_BUDGET_EXCEEDED, e.rule(), n);
                continue;
            }
            // Within the harness's bounds, and run once on its machine: not stopped by sim.max_samples (TraceFuzzTest
            // runs every seed through the whole contract).
            Trace t = Simulation.read(file, Map.of(), TraceContract.MACHINE);
            Simulation.validate(t, TraceContract.MACHINE, true);
            assertTrue(TraceContract.withinBounds(t), n + " is over the harness's work bounds");
            TraceContract.simulate(t, TraceContract.MACHINE);
        }
    }
}
