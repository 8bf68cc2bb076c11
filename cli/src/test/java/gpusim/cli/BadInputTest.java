package gpusim.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.harness.ConformanceTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input never crashes: conformance traces mutated at random (lines dropped, duplicated
 * or swapped, numbers replaced by extreme values, tokens deleted or garbled) either run or are
 * refused with FILE:LINE: RULE: explanation and status 2, never with a stack trace or another
 * status, with or without the debug layer. The mutations come from a fixed seed, so the test
 * is deterministic; {@code -Dgpusim.fuzz=N -Dgpusim.fuzzSeed=S} (through surefire's argLine)
 * runs more of them.
 */
class BadInputTest {
    @TempDir
    Path tmp;

    static final String[] EXTREMES = {"0", "-1", "1", "255", "256", "65535", "4294967295", "4294967296",
        "9223372036854775807", "-9223372036854775808", "99999999999999999999", "0x7fffffff", "1e30", "-1e30",
        "NaN", "Infinity", "0.5", "16384", "16385", "3"};

    static String mutate(String text, Random r) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        int edits = 1 + r.nextInt(3);
        for (int e = 0; e < edits; e++) {
            int i = 1 + r.nextInt(Math.max(1, lines.size() - 1));
            if (i >= lines.size()) {
                continue;
            }
            String line = lines.get(i);
            String[] tok = line.trim().split("\\s+");
            switch (r.nextInt(6)) {
                case 0 -> lines.remove(i);
                case 1 -> lines.add(i, line);
                case 2 -> {
                    int j = 1 + r.nextInt(lines.size() - 1);
                    lines.set(i, lines.get(j));
                    lines.set(j, line);
                }
                case 3 -> {
                    int k = r.nextInt(tok.length);
                    String t = tok[k];
                    int eq = t.indexOf('=');
                    tok[k] = (eq > 0 ? t.substring(0, eq + 1) : "") + EXTREMES[r.nextInt(EXTREMES.length)];
                    lines.set(i, String.join(" ", tok));
                }
                case 4 -> {
                    if (tok.length > 1) {
                        int k = r.nextInt(tok.length);
                        List<String> l = new ArrayList<>(List.of(tok));
                        l.remove(k);
                        lines.set(i, String.join(" ", l));
                    }
                }
                default -> lines.set(i, line.replace('_', 'x').replace('=', ' '));
            }
        }
        return String.join("\n", lines);
    }

    @Test
    void mutatedTracesRunOrAreRefusedCleanly() throws IOException {
        Random r = new Random(Long.getLong("gpusim.fuzzSeed", 20261130L));
        String[] seeds = {"case-000", "case-009", "case-020", "case-030", "case-031", "case-045"};
        int refused = 0;
        for (int n = 0; n < Integer.getInteger("gpusim.fuzz", 240); n++) {
            String text = mutate(ConformanceTest.resource(seeds[n % seeds.length] + ".trace"), r);
            Path p = tmp.resolve("m" + n + ".trace");
            Files.writeString(p, text);
            // Every other run without the debug layer: the model must also survive what only it would refuse.
            CliTest.Outcome o = n % 2 == 0
                    ? CliTest.gpusim("run", p.toString(), "-q", "--set", "sim.deadlock_cycles=200000")
                    : CliTest.gpusim("run", p.toString(), "-q", "--no-debug-layer", "--set", "sim.deadlock_cycles=200000");
            assertTrue(o.status() == 0 || o.status() == 2, "mutation " + n + ": status " + o.status() + "\n" + o.err()
                    + "\n--- trace:\n" + text);
            assertFalse(o.err().contains("\tat ") || o.err().contains("Exception"), "mutation " + n
                    + " printed a stack trace:\n" + o.err());
            if (o.status() == 2) {
                refused++;
                assertTrue(o.err().startsWith(p + ":"), "mutation " + n + ": " + o.err());
            }
        }
        assertTrue(refused > 50, "the mutations should break rules often: " + refused);
    }
}
