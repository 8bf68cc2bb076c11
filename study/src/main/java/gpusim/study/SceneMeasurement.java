package gpusim.study;

import gpusim.config.Config;
import gpusim.config.SharedKeys;
import gpusim.config.SimKeys;
import gpusim.gpu.PipelineParams;
import gpusim.gpu.RunResult;
import gpusim.harness.Simulation;
import gpusim.scene.CameraPath;
import gpusim.scene.CullingStats;
import gpusim.scene.Scene;
import gpusim.scene.SceneTrace;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import gpusim.trace.Trace;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * One scene's occlusion culling measured on the modelled GPU ({@code gpusim scene --stats} and
 * each row of {@code --study}, docs/workloads.md): the culling trace run for its queries, dumps
 * and time, the exact visibility pass run for what each frame really shows, and the two
 * combined into {@link CullingStats}.
 */
public final class SceneMeasurement {
    private SceneMeasurement() {
    }

    /** Writes the culling trace of {@code scene} seen along {@code path} to {@code file}; its plan. */
    public static SceneTrace.Plan writeTrace(Scene scene, CameraPath path, SceneTrace.Options opts, Path file)
            throws IOException {
        try (Writer w = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 16)) {
            return SceneTrace.write(scene, path, opts, w);
        }
    }

    /** Runs the culling trace and the visibility pass (both with {@code config}) and combines them. */
    public static CullingStats measure(Scene scene, CameraPath path, SceneTrace.Options opts, SceneTrace.Plan plan,
                                       Path traceFile, Config config) throws IOException {
        RunResult main = run(traceFile, config);
        Path visFile = Files.createTempFile("gpusim-scene-vis", ".trace");
        RunResult vis;
        try {
            try (Writer w = new BufferedWriter(Files.newBufferedWriter(visFile, StandardCharsets.UTF_8), 1 << 16)) {
                SceneTrace.writeVisibility(scene, path, opts, w);
            }
            // The visibility pass is for its counts alone: functional mode (results identical, no time).
            vis = run(visFile, config.with(SimKeys.SIM_MODE, SimKeys.Mode.FUNCTIONAL));
        } finally {
            Files.deleteIfExists(visFile);
        }
        int n = plan.objects();
        int g = plan.groups();
        int f = plan.frames();
        long[][] visDumps = new long[f][];
        long[][] gvisDumps = new long[f][];
        long[][] vres = new long[f][];
        long[] times = new long[2 * f];
        int fv = 0;
        int fg = 0;
        for (var d : main.dumps()) {
            switch (d.buffer()) {
                case "vis" -> visDumps[fv++] = d.values();
                case "gvis" -> gvisDumps[fg++] = d.values();
                default -> { }
            }
        }
        int fr = 0;
        for (var d : vis.dumps()) {
            if (d.buffer().equals("vres")) {
                vres[fr++] = d.values();
            }
        }
        long[] latency = new long[f * n + f * g];
        java.util.Arrays.fill(latency, -1);
        for (RunResult.QueryReport q : main.queries()) {
            if (q.ended() && q.heap().equals("occ")) {
                latency[q.index()] = q.latency();
            } else if (q.ended() && q.heap().equals("grp")) {
                latency[f * n + q.index()] = q.latency();
            } else if (q.ended() && q.heap().equals("ts")) {
                times[q.index()] = q.values()[0];
            }
        }
        double cyclesPerTick = config.get(SharedKeys.CLOCK_MHZ) * 1e6 / config.get(PipelineParams.TIMESTAMP_HZ);
        CullingStats.Run run = new CullingStats.Run(visDumps, gvisDumps, latency, times, cyclesPerTick, main.cycles(),
                sum(main.stats(), "predicated_skips"));
        return CullingStats.compute(plan, run, vres);
    }

    private static RunResult run(Path trace, Config config) throws IOException {
        Trace t = Simulation.read(trace, Map.of(), config);
        Simulation.validate(t, config, true);
        return Simulation.simulate(t, config);
    }

    private static long sum(StatGroup g, String name) {
        long s = 0;
        for (Stat st : g.stats()) {
            if (st.name().equals(name)) {
                s += st.value().longValue();
            }
        }
        for (StatGroup c : g.children()) {
            s += sum(c, name);
        }
        return s;
    }
}
