package gpusim.cli;

import static gpusim.cli.CliTest.gpusim;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The traces of shared/regressions (copied to test resources with their README): valid input
 * the model once got wrong, each run as its "run" column says and checked against its
 * "expected" column. The long runs the README also names (stress-2k-4x on one DB, an
 * 8192x8192x8 stress trace) are the same mechanism as the 8k clear below with a detector
 * window far shorter than the work; they are measured in docs/performance.md, not run here.
 */
class RegressionTracesTest {
    static final long VALID = 1L << 63;

    @TempDir
    Path tmp;

    Path trace(String name) throws IOException {
        Path p = tmp.resolve(name);
        String dir = name.startsWith("fence-") || name.startsWith("long-") ? "/deadlock/" : "/regressions/";
        try (InputStream in = RegressionTracesTest.class.getResourceAsStream(dir + name)) {
            Files.write(p, in.readAllBytes());
        }
        return p;
    }

    /** Runs {@code gpusim run TRACE --json ... -q EXTRA}: exit 0 required; the report. */
    JsonNode run(String name, String... extra) throws IOException {
        Path json = tmp.resolve(name + "-" + Integer.toHexString(String.join(" ", extra).hashCode()) + ".json");
        List<String> args = new ArrayList<>(List.of("run", trace(name).toString(), "--json", json.toString(), "-q"));
        args.addAll(List.of(extra));
        CliTest.Outcome o = gpusim(args.toArray(new String[0]));
        assertEquals(0, o.status(), o.err());
        return new ObjectMapper().readTree(json.toFile());
    }

    // Found by fuzzing in functional mode: the input assembly's fetch window overflowed (a step
    // ended after one cycle while its batch was still waiting), a window slot was overwritten and
    // the run stopped as a deadlock. Now: exit 0 and the dumps of a timing run.
    @ParameterizedTest
    @ValueSource(strings = {"functional-deadlock-instanced-query.trace", "functional-deadlock-nested-queries.trace",
            "functional-deadlock-fetch-window.trace"})
    void functionalModeRunsToTheTimingModesDumps(String name) throws IOException {
        JsonNode functional = run(name, "--set", "sim.mode=functional", "--set", "sim.threads=1");
        JsonNode timing = run(name);
        assertEquals(timing.get("dumps"), functional.get("dumps"));
        assertEquals(0, functional.get("cycles").asLong());
        // The traces end in wait_idle: their results are the decoded queries.
        assertTrue(timing.get("queries").size() > 0);
        for (int i = 0; i < timing.get("queries").size(); i++) {
            assertEquals(timing.get("queries").get(i).get("values"), functional.get("queries").get(i).get("values"));
        }
    }

    // A resolve behind a depth clear that keeps the DBs busy for longer than the detector's
    // window is no deadlock: the DBs are working all along. An empty OCCLUSION query: 0.
    @Test
    void aResolveBehindAClearLongerThanTheDetectorWindowCompletes() throws IOException {
        JsonNode small = run("timing-false-deadlock-clear8k.trace", "--preset", "small");
        assertEquals(0, small.get("dumps").get(0).get("values").get(0).asLong());
        // 8192 x 8192 samples over 4 DBs at 4 x db.samples_per_clock (16): 262,144 cycles of clear
        // each, against a window of 50,000.
        JsonNode bounded = run("timing-false-deadlock-clear8k.trace", "--set", "sim.deadlock_cycles=50000");
        assertEquals(0, bounded.get("dumps").get(0).get("values").get(0).asLong());
        assertTrue(bounded.get("cycles").asLong() > 262_144, bounded.get("cycles").toString());
        assertEquals(262_144, bounded.get("stats").get("db0").get("busy_cycles").get("value").asLong()
                - 1 /* the begin marker */ - 1 /* the end marker */, "db0's clear");
    }

    // The README's 16384x16384 case itself, with the default configuration (1 GiB of depth).
    @Test
    void aResolveBehindA16kClearCompletes() throws IOException {
        JsonNode r = run("timing-false-deadlock-clear16k.trace");
        assertEquals(0, r.get("dumps").get(0).get("values").get(0).asLong());
    }

    // NO_WAIT reads the counters as the DBs have them when the command processor gets there:
    // with one sample a cycle per colour back end each DB's share of the first draw (a 256x256
    // full-target quad over 4 DBs: 16,384 pixels) takes 16,384 cycles, and the command
    // processor reaches the racy write within the first thousand. A DB runs ahead of its
    // colour back end only by the waves its queues to the shader engine and on to the colour
    // back end hold (queue.waves = 16 each, 16 quads a wave): each DB has counted under a
    // draw's share (the functional core, far ahead, would give all 40 draws). The waiting
    // write (offset 512) sees all 40 draws: 40 x 16,384 a DB.
    @Test
    void noWaitDoesNotSeeTheFunctionalCoresRunAhead() throws IOException {
        JsonNode r = run("nowait-run-ahead.trace", "--set", "cb.samples_per_clock=1", "--set", "queue.depth=64");
        JsonNode v = r.get("dumps").get(0).get("values");
        for (int d = 0; d < 4; d++) {
            long racy = v.get(d * 8).asLong();
            assertEquals(VALID, racy & VALID, "racy word of DB " + d + " is marked written");
            long counted = racy & ~VALID;
            // The two wave queues' 16 waves each, the wave the shader engine and the one the
            // colour back end hold, and the DB's step: 64 samples each.
            assertTrue(counted <= (2 * 16 + 3) * 64, "DB " + d + " counted " + counted
                    + ": at most the waves between it and its colour back end");
            assertEquals(40 * 16_384, v.get(64 + d * 8).asLong(), "waiting word of DB " + d);
        }
    }

    // A real deadlock is still one: the COPY queue signals a fence to 5 and then back to 1 (valid:
    // the validator's optimistic check sees 5 reached), and after the CPU has seen both the DIRECT
    // queue waits for 5. Nothing can run: exit 3 at once, with every component and queue dumped.
    @Test
    void aWaitNoSignalCanSatisfyIsReportedWithTheFullDump() throws IOException {
        CliTest.Outcome o = gpusim("run", trace("fence-lowered.trace").toString(), "-q");
        assertEquals(3, o.status(), o.err());
        assertTrue(o.err().startsWith("gpusim: deadlock at cycle 6: work is pending but nothing moved\n"), o.err());
        assertTrue(o.err().contains("component cp: waiting (wait at line 11) for fence f to reach 5; it is at 1"),
                o.err());
        assertTrue(o.err().contains("component db3: idle (asleep)"), o.err());
        assertTrue(o.err().contains("queue raster->db3: 0/16"), o.err());
        assertTrue(!o.err().contains("\tat "), "no stack trace");
    }

    // A query around layers that keep the DBs busy far longer than the detector's window: the
    // README's case (4 full-target layers at 2048x2048x4, about 2^26 samples, 2.4 M cycles) with
    // the window cut from 10^6 to 10^4 cycles. Every sample passes: 4 x 2048 x 2048 x 4.
    @Test
    void aLongQueryIsNoDeadlock() throws IOException {
        JsonNode r = run("long-query.trace", "--set", "sim.deadlock_cycles=10000");
        assertEquals(4L * 2048 * 2048 * 4, r.get("dumps").get(0).get("values").get(0).asLong());
        assertTrue(r.get("cycles").asLong() > 100 * 10_000, r.get("cycles").toString());
    }
}
