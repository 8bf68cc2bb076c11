package gpusim.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import gpusim.config.Config;
import gpusim.config.ConfigKey;
import gpusim.config.ConfigKeys;
import gpusim.harness.AtomicFiles;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A sweep as the Slurm engine hands it to its tasks: {@code DIR/slurm/plan.json} (the trace's
 * name and SHA-256, the base configuration and parameters, the varied keys and values, the
 * metric, the build fingerprint, every configuration's index, ID and values, and the
 * command that starts gpusim) and {@code DIR/slurm/trace} (the trace's bytes, so that a task
 * reads what was hashed even if the file is edited or not visible on the compute node).
 * A task rebuilds the {@link Sweep} from it and takes its configuration by index; the plan's
 * IDs check that it is the same sweep.
 */
public final class SweepPlan {
    static final String DIR = "slurm";
    static final String FILE = "plan.json";
    static final String TRACE = "trace";
    static final String LOGS = "logs";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A plan read back: the sweep, its configurations, the metric to plot and the recorded facts. */
    public record Loaded(Sweep sweep, List<Sweep.Combination> combinations, SweepMetrics.Metric metric, String codeSha256,
                         List<String> command) {
    }

    private SweepPlan() {
    }

    static Path dir(Path out) {
        return out.resolve(DIR);
    }

    /** Writes the plan (and the trace's bytes) into {@code DIR/slurm}, each file atomically. */
    public static void write(Sweep sweep, byte[] traceBytes, List<Sweep.Combination> combos, SweepMetrics.Metric metric,
                             List<String> command) throws IOException {
        Path d = dir(sweep.out());
        Files.createDirectories(d.resolve(LOGS));
        ObjectNode n = JSON.createObjectNode();
        n.put("format", 1);
        n.put("trace", sweep.traceName());
        n.put("trace_sha256", sweep.traceHash());
        n.put("code_sha256", Sweep.codeFingerprint());
        ObjectNode bc = n.putObject("base_config");
        sweep.base().asMap().forEach(bc::put);
        ObjectNode bp = n.putObject("base_params");
        new TreeMap<>(sweep.baseParams()).forEach(bp::put);
        n.put("debug_layer", sweep.debugLayer());
        n.put("metric", metric.name());
        ArrayNode vary = n.putArray("vary");
        for (SweepAxis a : sweep.axes()) {
            ObjectNode v = vary.addObject();
            v.put("key", a.key());
            ArrayNode values = v.putArray("values");
            a.values().forEach(values::add);
        }
        ArrayNode cmd = n.putArray("command");
        command.forEach(cmd::add);
        ArrayNode configs = n.putArray("configurations");
        for (Sweep.Combination c : combos) {
            ObjectNode o = configs.addObject();
            o.put("index", c.index());
            o.put("id", c.id());
            ArrayNode values = o.putArray("values");
            c.values().forEach(values::add);
        }
        AtomicFiles.write(d.resolve(TRACE), traceBytes);
        AtomicFiles.write(d.resolve(FILE), JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(n));
    }

    /**
     * Reads the plan of {@code out}; a missing, damaged or inconsistent plan is a
     * {@link Sweep.SweepException} with status 2 and a one-line message.
     */
    public static Loaded load(Path out) throws Sweep.SweepException {
        Path file = dir(out).resolve(FILE);
        if (!Files.isRegularFile(file)) {
            throw new Sweep.SweepException(2, out + " holds no sweep submitted to Slurm (no " + file + ")");
        }
        try {
            JsonNode n = JSON.readTree(file.toFile());
            if (n == null || n.path("format").asInt() != 1) {
                throw bad(file, "not a plan of this gpusim (format 1)");
            }
            byte[] trace = Files.readAllBytes(dir(out).resolve(TRACE));
            if (!Sweep.sha256(trace).equals(n.path("trace_sha256").asText())) {
                throw bad(file, "the copy of the trace, " + dir(out).resolve(TRACE) + ", is not the trace submitted");
            }
            Config base = Config.defaults();
            for (Iterator<Map.Entry<String, JsonNode>> it = n.path("base_config").fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                ConfigKey k = ConfigKeys.find(e.getKey());
                if (k == null || !e.getValue().canConvertToLong()) {
                    throw bad(file, "base_config " + e.getKey() + " is not a configuration value of this gpusim");
                }
                base = base.with(k, e.getValue().longValue());
            }
            Map<String, String> params = new LinkedHashMap<>();
            n.path("base_params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
            List<SweepAxis> axes = new ArrayList<>();
            for (JsonNode v : n.path("vary")) {
                List<String> values = new ArrayList<>();
                v.path("values").forEach(x -> values.add(x.asText()));
                axes.add(SweepAxis.parse(v.path("key").asText() + "=" + String.join(",", values)));
            }
            SweepMetrics.Metric metric = SweepMetrics.find(n.path("metric").asText());
            if (metric == null) {
                throw bad(file, "metric " + n.path("metric").asText() + " is not a metric of this gpusim");
            }
            List<String> command = new ArrayList<>();
            n.path("command").forEach(x -> command.add(x.asText()));
            Sweep sweep = new Sweep(n.path("trace").asText(), trace, base, params, axes,
                    n.path("debug_layer").asBoolean(true), 1, out);
            List<Sweep.Combination> combos = sweep.plan();
            JsonNode configs = n.path("configurations");
            boolean same = configs.size() == combos.size();
            for (int i = 0; same && i < combos.size(); i++) {
                same = configs.get(i).path("index").asInt(-1) == i
                        && configs.get(i).path("id").asText().equals(combos.get(i).id());
            }
            if (!same) {
                throw bad(file, "its configurations are not those of its trace, base and --vary values");
            }
            return new Loaded(sweep, combos, metric, n.path("code_sha256").asText(), command);
        } catch (IOException | IllegalArgumentException e) {
            throw bad(file, e.getMessage());
        } catch (SweepAxis.BadAxisException e) {
            throw bad(file, e.getMessage());
        }
    }

    private static Sweep.SweepException bad(Path file, String why) {
        return new Sweep.SweepException(2, "damaged sweep plan " + file + ": " + why
                + "; submit the sweep again into a new --out directory");
    }

    /**
     * The command that starts this gpusim on a compute node, with absolute paths: this JVM's
     * {@code java} and {@code -jar} the jar {@code main} came from (the build the plan's
     * fingerprint names), or the class path of a development build and {@code main}'s name.
     * The launcher's collector and heap settings are repeated; {@code GPUSIM_JAVA_OPTS} is
     * read by the job.
     *
     * @param main the command line's main class, whose {@code sweep-task} command runs a task
     */
    public static List<String> command(Class<?> main) {
        List<String> c = new ArrayList<>();
        c.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // The launcher's heap and collector (./gpusim): the memory budget a run may use is what the heap
        // holds (JvmHeap), so a task sizes its heap as a local run does: 75% of the memory it sees (with
        // Slurm's task/cgroup, the job's --mem).
        c.addAll(List.of("-XX:MaxRAMPercentage=75", "-XX:+UseSerialGC", "-XX:-UsePerfData"));
        Path jar = null;
        try {
            var cs = main.getProtectionDomain().getCodeSource();
            if (cs != null && cs.getLocation() != null) {
                Path p = Path.of(cs.getLocation().toURI()).toAbsolutePath();
                if (Files.isRegularFile(p) && p.toString().endsWith(".jar")) {
                    jar = p;
                }
            }
        } catch (URISyntaxException | SecurityException | IllegalArgumentException e) {
            jar = null;
        }
        if (jar != null) {
            c.addAll(List.of("-jar", jar.toString()));
        } else {
            List<String> cp = new ArrayList<>();
            for (String e : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
                if (!e.isEmpty()) {
                    cp.add(Path.of(e).toAbsolutePath().toString());
                }
            }
            c.addAll(List.of("-cp", String.join(java.io.File.pathSeparator, cp), main.getName()));
        }
        return c;
    }

    /**
     * The job script of the array's tasks (or, with {@code merge}, of the final job): runs
     * {@code gpusim sweep-task --batch SEQ DIR $SLURM_ARRAY_TASK_ID} (SEQ, the submission, is
     * the script's argument; or {@code --merge DIR}) with the plan's command. Options for
     * sbatch are given on its command line, not in the script.
     */
    public static String script(Path out, List<String> command, boolean merge) {
        StringBuilder sb = new StringBuilder("#!/bin/sh\n");
        sb.append(merge
                ? "# gpusim sweep --engine slurm: the final job; merges DIR/rows/ into results.csv, results.json "
                        + "and the plot.\n"
                : "# gpusim sweep --engine slurm: task i of the job array of submission $1 runs the configurations "
                        + "DIR/slurm/batch-$1.json lists for task i\n# (of the plan DIR/slurm/plan.json) and writes "
                        + "their rows, DIR/rows/ID.json.\n");
        sb.append("# Written at each submission; sbatch options are on its command line (DIR/slurm/submissions.json).\n");
        sb.append("exec");
        for (String a : command) {
            if (a.equals("-jar") || a.equals("-cp")) {
                // Unquoted, so that the variable's options are words; after the plan's, so that they win.
                sb.append(" ${GPUSIM_JAVA_OPTS:-}");
            }
            sb.append(' ').append(quote(a));
        }
        sb.append(" sweep-task");
        if (merge) {
            sb.append(" --merge ").append(quote(out.toAbsolutePath().toString())).append('\n');
        } else {
            sb.append(" --batch \"$1\" ").append(quote(out.toAbsolutePath().toString()))
                    .append(" \"$SLURM_ARRAY_TASK_ID\"\n");
        }
        return sb.toString();
    }

    /** A word for sh: single-quoted, a quote inside closed, escaped and reopened. */
    public static String quote(String s) {
        return "'" + s.replace("'", "'\\''") + "'";
    }
}
