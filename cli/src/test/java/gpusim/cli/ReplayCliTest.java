package gpusim.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import gpusim.calibration.CalibrationSet;
import gpusim.calibration.DeviceMeasurement;
import gpusim.gpu.RunResult;
import gpusim.gpu.cp.CommandProcessor;
import gpusim.harness.ConformanceTest;
import gpusim.replay.DeviceInfo;
import gpusim.replay.ReplayException;
import gpusim.replay.ReplayResult;
import gpusim.replay.VulkanDevice;
import gpusim.trace.Trace;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code gpusim replay}, {@code check} and {@code calibrate --device} as a user meets them, on
 * the machine's Vulkan device (CI: lavapipe): the report contract, the exit status of each
 * environment and trace problem with its one-line message, nothing half-written, and the
 * comparison that {@code check} makes.
 */
class ReplayCliTest {
    @TempDir
    Path tmp;

    @BeforeAll
    static void vulkan() {
        try {
            VulkanDevice.list();
        } catch (ReplayException e) {
            if ("true".equalsIgnoreCase(System.getenv("CI"))) {
                fail("no Vulkan for the replay tests: " + e.getMessage());
            }
            Assumptions.abort("no Vulkan: " + e.getMessage());
        }
    }

    private Path write(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void replayWritesTheReportContractWithTimestampsPerRun() throws IOException {
        Path trace = write("t.trace", Files.readString(CalibrationCliTest.DATA.resolve("traces/occq-occ-s1-n4.trace")));
        Path json = tmp.resolve("r.json");
        CliTest.Outcome o = CliTest.gpusim("replay", trace.toString(), "--repeat", "2", "--json", json.toString());
        assertEquals(0, o.status(), o.err());
        JsonNode r = new ObjectMapper().readTree(json.toFile());
        assertEquals(0, r.get("cycles").asLong());
        assertEquals(2, r.get("repeat").asInt());
        // dump tsres [t0, t1], then qres: the 4 queries each see their one covered draw.
        assertEquals("qres", r.get("dumps").get(1).get("buffer").asText());
        assertEquals("[1,1,1,1]", r.get("dumps").get(1).get("values").toString());
        JsonNode ts = r.get("timestamps");
        assertEquals(2, ts.size());
        assertEquals(2, ts.get(0).get("ticks").size());
        assertEquals(ts.get(0).get("ticks").get(0).asLong(), r.get("dumps").get(0).get("values").get(0).asLong());
        assertTrue(r.get("device").get("timestamp_period_ns").asDouble() > 0);
        assertFalse(Files.exists(tmp.resolve("r.json.tmp")));
        assertTrue(o.out().startsWith("device: "), o.out());
    }

    /** --images: each render target as the device left it, resolved by the device, named as run --images names it. */
    @Test
    void replayImagesAreTheDevicesRenderTargets() throws IOException {
        Path trace = write("t.trace", ConformanceTest.resource("case-000.trace"));
        Path dir = tmp.resolve("img");
        CliTest.Outcome o = CliTest.gpusim("replay", trace.toString(), "--images", dir.toString(), "-q");
        assertEquals(0, o.status(), o.err());
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(dir.resolve("rt-rt.png").toFile());
        Path modelDir = tmp.resolve("model");
        assertEquals(0, CliTest.gpusim("run", trace.toString(), "--images", modelDir.toString(), "-q").status());
        java.awt.image.BufferedImage model = javax.imageio.ImageIO.read(modelDir.resolve("rt-rt.png").toFile());
        assertEquals(model.getWidth(), img.getWidth());
        assertEquals(model.getHeight(), img.getHeight());
        int worst = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int a = img.getRGB(x, y);
                int b = model.getRGB(x, y);
                for (int c = 0; c < 24; c += 8) {
                    worst = Math.max(worst, Math.abs(((a >>> c) & 0xFF) - ((b >>> c) & 0xFF)));
                }
            }
        }
        assertTrue(worst <= 1, "device and model pictures within 1/255: " + worst);
    }

    /** Every command's --help formats: picocli warns on System.err about a stray '%' in a description. */
    @Test
    void everyHelpFormatsWithoutPicocliWarnings() {
        java.io.PrintStream saved = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        System.setErr(new java.io.PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            for (String name : Main.commandLine().getSubcommands().keySet()) {
                assertEquals(0, CliTest.gpusim(name, "--help").status(), name);
            }
        } finally {
            System.setErr(saved);
        }
        assertEquals("", captured.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aDeviceThatIsNotThereIsExitFourInOneLine() throws IOException {
        Path trace = write("t.trace", ConformanceTest.resource("case-000.trace"));
        Path json = tmp.resolve("r.json");
        CliTest.Outcome o = CliTest.gpusim("replay", trace.toString(), "--device", "99", "--json", json.toString());
        assertEquals(4, o.status());
        assertTrue(o.err().startsWith("gpusim replay: --device 99: there are "), o.err());
        assertEquals(1, o.err().lines().count(), o.err());
        assertFalse(Files.exists(json), "nothing is written");
        o = CliTest.gpusim("replay", trace.toString(), "--device", "no such gpu");
        assertEquals(4, o.status());
        assertTrue(o.err().contains("no Vulkan device's name contains it"), o.err());
    }

    @Test
    void perUnitCountersAreExitSixAndATraceErrorExitTwo() throws IOException {
        Path wq = write("wq.trace", "gpusim-trace 1\nbuffer res size=4096\ncommand_list cl type=DIRECT\n"
                + "write_query OCCLUSION 0 0 res 0 64\nclose\nexecute cl\ndump res count=1\n");
        Path json = tmp.resolve("r.json");
        CliTest.Outcome o = CliTest.gpusim("replay", wq.toString(), "--json", json.toString());
        assertEquals(6, o.status());
        assertEquals("gpusim replay: line 4: write_query: Vulkan has no per-unit counters written at a stride (the "
                + "Xbox One WriteQuery); the model runs it\n", o.err());
        assertFalse(Files.exists(json));
        Path big = write("big.trace", "gpusim-trace 1\ncommand_list cl type=COMPUTE\ndispatch 65535 65535 65535\n"
                + "close\nexecute cl\nwait_idle\n");
        o = CliTest.gpusim("replay", big.toString());
        assertEquals(5, o.status());
        assertEquals("gpusim replay: line 3: dispatch 65535 65535 65535: 281462092005375 groups, more than the "
                + "4294967296 a replayed dispatch may have\n", o.err());
        Path bad = write("bad.trace", "gpusim-trace 1\nbuffer b size=8\ndump b offset=16\n");
        o = CliTest.gpusim("replay", bad.toString());
        assertEquals(2, o.status());
        assertTrue(o.err().startsWith(bad + ":3: "), o.err());
    }

    /**
     * A sample count the device lacks is exit 5 with the resource's line, not a failure: lavapipe
     * renders 1 and 4 samples only; a device with 8 replays the trace.
     */
    @Test
    void aSampleCountTheDeviceLacksIsExitFive() throws IOException {
        Path trace = write("s8.trace", Files.readString(CalibrationCliTest.DATA.resolve(
                "traces/fill-color-s8-128x128.trace")));
        CliTest.Outcome o = CliTest.gpusim("replay", trace.toString(), "-q");
        String name = VulkanDevice.list().get(0).name();
        if (name.startsWith("llvmpipe")) {
            assertEquals(5, o.status());
            assertEquals("gpusim replay: line 8: render_target rt: " + name + " cannot render RGBA8 at 8 samples\n",
                    o.err());
        } else {
            assertEquals(0, o.status(), o.err());
        }
    }

    /**
     * check over several traces goes on past one the device cannot run: lavapipe has no 8-sample
     * RGBA8, so that trace is listed as unsupported with the reason (also in check.csv), the
     * other is compared, and the status says whether a word differed; with only that trace,
     * nothing is compared and the status is replay's unsupported one (5).
     */
    @Test
    void checkListsATraceTheDeviceCannotRunAndGoesOn() throws IOException {
        Path s8 = write("fill-color-s8-128x128.trace", Files.readString(CalibrationCliTest.DATA.resolve(
                "traces/fill-color-s8-128x128.trace")));
        Path c = write("case-006.trace", ConformanceTest.resource("case-006.trace"));
        String name = VulkanDevice.list().get(0).name();
        Assumptions.assumeTrue(name.startsWith("llvmpipe"), "a device with 8-sample RGBA8 runs every trace: " + name);
        Path out = tmp.resolve("check");
        CliTest.Outcome o = CliTest.gpusim("check", s8.toString(), c.toString(), "-q", "--out", out.toString());
        assertEquals(0, o.status(), o.out() + o.err());
        String reason = "line 8: render_target rt: " + name + " cannot render RGBA8 at 8 samples";
        assertTrue(o.out().contains("\nfill-color-s8-128x128: unsupported: " + reason + "\n"), o.out());
        assertTrue(o.out().contains("\ncase-006: 10 words, 0 differ; 0 timestamp intervals\n"), o.out());
        assertTrue(o.out().endsWith("\n2 traces, 0 words differ; 1 unsupported by the device\n"), o.out());
        assertEquals("", o.err());
        assertTrue(Files.readAllLines(out.resolve("check.csv")).contains("fill-color-s8-128x128,unsupported,,,,\""
                + reason + "\""), out.toString());
        assertTrue(Files.exists(out.resolve("case-006.replay.json")));
        assertFalse(Files.exists(out.resolve("fill-color-s8-128x128.replay.json")));
        CliTest.Outcome only = CliTest.gpusim("check", s8.toString(), "-q");
        assertEquals(5, only.status(), only.out() + only.err());
        assertTrue(only.out().endsWith("\n1 traces, 0 words differ; 1 unsupported by the device\n"), only.out());
    }

    /** A JVM whose Vulkan loader cannot be found, or that finds no driver: exit 3, one line, no stack trace. */
    @Test
    void noLoaderAndNoDriverAreExitThree() throws IOException, InterruptedException {
        Path trace = write("t.trace", ConformanceTest.resource("case-000.trace"));
        Subprocess noLoader = subprocess(List.of("-Dorg.lwjgl.vulkan.libname=/nonexistent/libvulkan.so.1"), null,
                "replay", trace.toString());
        assertEquals(3, noLoader.status, noLoader.err);
        assertTrue(noLoader.err.startsWith("gpusim replay: no Vulkan loader: "), noLoader.err);
        assertEquals(1, noLoader.err.lines().count(), noLoader.err);
        Subprocess noDriver = subprocess(List.of(), tmp.resolve("none.json").toString(), "replay", trace.toString());
        assertTrue(noDriver.status == 3 || noDriver.status == 4, noDriver.status + " " + noDriver.err);
        assertEquals(1, noDriver.err.lines().count(), noDriver.err);
        assertFalse(noDriver.err.contains("Exception"), noDriver.err);
    }

    private record Subprocess(int status, String err) {
    }

    private Subprocess subprocess(List<String> jvm, String driverFiles, String... args)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvm);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("gpusim.cli.Main");
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        if (driverFiles != null) {
            pb.environment().put("VK_DRIVER_FILES", driverFiles);
            pb.environment().put("VK_ICD_FILENAMES", driverFiles);
        }
        File errFile = tmp.resolve("err-" + System.nanoTime()).toFile();
        pb.redirectError(errFile);
        Process p = pb.start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the subprocess ends");
        return new Subprocess(p.exitValue(), Files.readString(errFile.toPath(), StandardCharsets.UTF_8)
                .lines().filter(l -> !l.startsWith("OpenJDK") && !l.startsWith("WARNING")).reduce("", (a, b) -> a + b
                        + "\n"));
    }

    @Test
    void checkAgreesOnEveryWordAndComparesTimestampsAsIntervals() throws IOException {
        Path c = write("case-006.trace", ConformanceTest.resource("case-006.trace"));
        Path t = write("occq-occ-s1-n4.trace", Files.readString(CalibrationCliTest.DATA.resolve(
                "traces/occq-occ-s1-n4.trace")));
        Path out = tmp.resolve("check");
        CliTest.Outcome o = CliTest.gpusim("check", c.toString(), t.toString(), "--preset", "h200", "--out",
                out.toString());
        assertEquals(0, o.status(), o.out() + o.err());
        assertTrue(o.out().contains("case-006: 10 words, 0 differ; 0 timestamp intervals\n"), o.out());
        // Colour too: the model's box-resolved target against the device's resolve, within 1/255.
        assertTrue(o.out().contains("  rt rt: 0 of "), o.out());
        assertTrue(o.out().contains("occq-occ-s1-n4: 4 words, 0 differ; 1 timestamp intervals\n"), o.out());
        assertTrue(o.out().endsWith("2 traces, 0 words differ\n"), o.out());
        List<String> csv = Files.readAllLines(out.resolve("check.csv"));
        assertEquals(4, csv.size(), csv.toString());
        assertTrue(csv.get(1).startsWith("case-006,colour_pixels_differing,"), csv.get(1));
        assertTrue(csv.get(3).startsWith("occq-occ-s1-n4,interval_ns,0,1,"), csv.get(3));
        assertTrue(Files.exists(out.resolve("case-006.replay.json")));
    }

    /**
     * Clears waiting to be an instance's load operation (aspects accumulated), inline in an open
     * instance, skipped under predication, flushed at a list's end, and larger than the instance
     * after them (docs/replay.md, "Clears"): in every form of --clears, the device gives the
     * model's words and pixels.
     */
    @Test
    void clearsInEveryFormGiveTheModelsWordsAndPixels() throws IOException {
        Path t = write("clears.trace", new String(ReplayCliTest.class.getResourceAsStream("/replay/clears.trace")
                .readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
        Path json = tmp.resolve("clears.json");
        assertEquals(0, CliTest.gpusim("run", t.toString(), "--json", json.toString(), "-q").status());
        // 2,048 pass the loaded clears; none the inline clear to 0.25, nor the skipped clear to 1;
        // b's 1,024, then a's other half, whose depth the clear larger than b's instance set.
        assertEquals("[2048,0,0,1024,1024]",
                new com.fasterxml.jackson.databind.ObjectMapper().readTree(json.toFile()).get("dumps").get(0)
                        .get("values").toString());
        for (String form : new String[] {"depth-inline", "deferred", "inline", "transfer"}) {
            CliTest.Outcome o = CliTest.gpusim("check", t.toString(), "--clears", form);
            assertEquals(0, o.status(), form + ": " + o.out() + o.err());
            assertTrue(o.out().contains("clears: 5 words, 0 differ; 0 timestamp intervals\n"), form + ": " + o.out());
            assertTrue(o.out().contains("  rt a: 0 of 2048 pixels differ"), form + ": " + o.out());
            assertTrue(o.out().contains("  rt b: 0 of 1024 pixels differ"), form + ": " + o.out());
        }
        CliTest.Outcome bad = CliTest.gpusim("replay", t.toString(), "--clears", "fast");
        assertEquals(2, bad.status());
        assertTrue(bad.err().contains("'fast' is not a form of clears (depth-inline, deferred, inline, transfer)"), bad.err());
    }

    /** The comparison itself: a word that differs is reported with its dump, buffer and byte; intervals are ns. */
    @Test
    void aDifferingWordIsReportedWithWhereItIs() {
        Trace t = ReplayConformanceTest.trace("ts", "gpusim-trace 1\nquery_heap ts type=TIMESTAMP count=2\n"
                + "buffer b size=32\ncommand_list cl type=DIRECT\nend_query ts TIMESTAMP 0\nend_query ts TIMESTAMP 1\n"
                + "resolve_query_data ts TIMESTAMP 0 2 b 16\nclose\nexecute cl\ndump b\n");
        RunResult model = new RunResult(0, List.of(new CommandProcessor.DumpResult("b", 0,
                new long[] {0, 7, 100, 400}, 10)), List.of(), List.of(), null, 1_000_000_000L, 0, List.of(), List.of(),
                null);
        DeviceInfo dev = new DeviceInfo("d", "cpu", 0, "x", "y", 0, "1.3.0", 2.0, 64);
        ReplayResult device = new ReplayResult(dev, List.of(new ReplayResult.Dump("b", 0, new long[] {0, 9, 5, 65},
                10)), List.of(), 0);
        List<CheckCommand.Difference> d = new ArrayList<>();
        List<CheckCommand.Interval> iv = new ArrayList<>();
        int words = CheckCommand.compare("ts", t, model, List.of(device), d, iv);
        assertEquals(2, words);
        assertEquals(List.of(new CheckCommand.Difference("ts", 0, "b", 8, 7, 9)), d);
        assertEquals("", d.get(0).query(t), "no resolve writes byte 8");
        assertEquals("ts[1] TIMESTAMP word 0", new CheckCommand.Difference("ts", 0, "b", 24, 1, 2).query(t));
        // Pipeline statistics: IAVertices and IAPrimitives count, the other nine are the device's own.
        Trace ps = ReplayConformanceTest.trace("ps", "gpusim-trace 1\nquery_heap ps type=PIPELINE_STATISTICS count=2\n"
                + "buffer pst size=176 state=COPY_DEST\ncommand_list cl type=DIRECT\n"
                + "begin_query ps PIPELINE_STATISTICS 1\nend_query ps PIPELINE_STATISTICS 1\n"
                + "resolve_query_data ps PIPELINE_STATISTICS 0 2 pst 0\nclose\nexecute cl\ndump pst\n");
        CheckCommand.Difference vsInvocations = new CheckCommand.Difference("ps", 0, "pst", 88 + 16, 3, 4);
        assertEquals("ps[1] PIPELINE_STATISTICS word 2", vsInvocations.query(ps));
        assertTrue(vsInvocations.implementationDefined(ps));
        assertFalse(new CheckCommand.Difference("ps", 0, "pst", 88 + 8, 1, 2).implementationDefined(ps));
        assertEquals(List.of(new CheckCommand.Interval("ts", 0, 3, 300.0, 120.0)), iv);
    }

    /**
     * A trace whose clock, read after its runs, is below the device's maximum is measured again,
     * at most DeviceMeasurement.MAX_ATTEMPTS times; the attempt at the highest clock is kept (its
     * reading is the line's graphics_clock_mhz).
     */
    @Test
    void aTraceMeasuredBelowTheMaximumClockIsMeasuredAgain() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("clocks"));
        Files.copy(CalibrationCliTest.DATA.resolve("traces/fill-color-s1-64x64.trace"),
                dir.resolve("fill-color-s1-64x64.trace"));
        java.util.List<CalibrationSet.Case> cases = CalibrationSet.unmeasured(dir);
        JsonNode again = measured(cases, 2, "1515", "1980");
        assertEquals(1980, again.get("graphics_clock_mhz").asInt());
        assertEquals(2, again.get("attempts").asInt());
        assertEquals(2, again.get("runs_ns").size());
        assertEquals("depth-inline", again.get("clears").asText());
        JsonNode once = measured(cases, 1, "1980");
        assertEquals(1980, once.get("graphics_clock_mhz").asInt());
        assertNull(once.get("attempts"));
        // Never at the maximum: three attempts, the best of them kept.
        JsonNode low = measured(cases, 1, "1140", "1515", "1365");
        assertEquals(1515, low.get("graphics_clock_mhz").asInt());
        assertEquals(DeviceMeasurement.MAX_ATTEMPTS, low.get("attempts").asInt());
    }

    /** One trace measured, nvidia-smi answering 1980 MHz as the maximum and then {@code graphics} in turn (all of them). */
    private static JsonNode measured(java.util.List<CalibrationSet.Case> cases, int runs, String... graphics)
            throws IOException {
        java.util.Iterator<String> next = List.of(graphics).iterator();
        String line = DeviceMeasurement.measure(cases, null, gpusim.replay.ClearTranslation.DEPTH_INLINE, runs, null,
                fields -> fields.equals("clocks.max.gr")
                ? new String[] {"1980"} : new String[] {next.next(), "3201"});
        assertFalse(next.hasNext(), "every reading asked for");
        return new ObjectMapper().readTree(line);
    }

    @Test
    void calibrateDeviceMeasuresEachTraceAndWritesTheMeasuredFormat() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("set"));
        for (String n : new String[] {"occq-occ-s1-n1", "fill-color-s1-64x64"}) {
            Files.copy(CalibrationCliTest.DATA.resolve("traces/" + n + ".trace"), dir.resolve(n + ".trace"));
        }
        Path measured = tmp.resolve("m.jsonl");
        CliTest.Outcome o = CliTest.gpusim("calibrate", dir.toString(), measured.toString(), "--device", "--runs", "3",
                "--measure-only");
        assertEquals(0, o.status(), o.err());
        List<String> lines = Files.readAllLines(measured);
        assertEquals(2, lines.size());
        ObjectMapper m = new ObjectMapper();
        JsonNode first = m.readTree(lines.get(0));
        assertEquals("fill-color-s1-64x64", first.get("trace").asText());
        assertEquals(3, first.get("runs_ns").size());
        long[] runs = new long[3];
        for (int i = 0; i < 3; i++) {
            runs[i] = first.get("runs_ns").get(i).asLong();
            assertTrue(runs[i] > 0);
        }
        java.util.Arrays.sort(runs);
        assertEquals(runs[1], first.get("median_ns").asLong());
        // What correlate reads back.
        assertEquals(2, assertDoesNotThrowLoad(dir, measured));
        o = CliTest.gpusim("calibrate", dir.toString(), measured.toString(), "--measure-only");
        assertEquals(2, o.status());
        assertTrue(o.err().contains("--measure-only needs --device"), o.err());
    }

    /** Measure and fit in one command: the preset is written from the device's own measurements. */
    @Test
    void calibrateDeviceMeasuresThenFitsInOneCommand() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("set"));
        for (String n : new String[] {"occq-occ-s1-n1", "occq-occ-s1-n16", "fill-color-s1-64x64"}) {
            Files.copy(CalibrationCliTest.DATA.resolve("traces/" + n + ".trace"), dir.resolve(n + ".trace"));
        }
        Path measured = tmp.resolve("m.jsonl");
        Path out = tmp.resolve("device.preset");
        CliTest.Outcome o = CliTest.gpusim("calibrate", dir.toString(), measured.toString(), "--device", "--runs", "1",
                "--fit", "cp.cycles_per_command", "--from", "h200", "--folds", "0", "--max-evals", "100",
                "--threads", "2", "--out", out.toString());
        assertEquals(0, o.status(), o.err());
        assertEquals(3, Files.readAllLines(measured).size());
        String preset = Files.readString(out);
        assertTrue(preset.contains("cp.cycles_per_command = "), preset);
        assertTrue(preset.contains(measured.getFileName().toString()), preset);
    }

    private static int assertDoesNotThrowLoad(Path dir, Path measured) {
        try {
            return CalibrationSet.load(dir, measured).cases().size();
        } catch (CalibrationSet.BadSetException e) {
            throw new AssertionError(e.getMessage());
        }
    }
}
