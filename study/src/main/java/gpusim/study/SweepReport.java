package gpusim.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import gpusim.harness.AtomicFiles;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * A sweep's tables: {@code results.csv} and {@code results.json}, one row per configuration
 * in sweep order: the varied values, then every {@link SweepMetrics} column (empty / null
 * where a run has no such figure). Rebuilt from all rows at the end of every sweep, each
 * written whole under a temporary name and then renamed.
 */
public final class SweepReport {
    /** The table, one row a configuration. */
    public static final String CSV = "results.csv";
    /** The same rows with the sweep's description. */
    public static final String JSON_FILE = "results.json";

    private SweepReport() {
    }

    static void write(Path dir, Sweep.Table t) throws IOException {
        AtomicFiles.write(dir.resolve(CSV), csv(t).getBytes(StandardCharsets.UTF_8));
        AtomicFiles.write(dir.resolve(JSON_FILE), json(t));
    }

    static String csv(Sweep.Table t) throws IOException {
        List<String> header = new ArrayList<>();
        for (SweepAxis a : t.axes()) {
            header.add(a.key());
        }
        for (SweepMetrics.Metric m : t.columns()) {
            header.add(m.name());
        }
        StringWriter w = new StringWriter();
        try (CSVPrinter p = new CSVPrinter(w, CSVFormat.DEFAULT.builder()
                .setHeader(header.toArray(new String[0])).build())) {
            for (int i = 0; i < t.rows().size(); i++) {
                List<Object> record = new ArrayList<>(t.combinations().get(i).values());
                for (SweepMetrics.Metric m : t.columns()) {
                    Number v = t.rows().get(i).metrics().get(m.name());
                    record.add(v == null ? "" : v.toString());
                }
                p.printRecord(record);
            }
        }
        return w.toString();
    }

    static byte[] json(Sweep.Table t) throws IOException {
        ObjectMapper om = new ObjectMapper();
        ObjectNode root = om.createObjectNode();
        root.put("trace", t.trace());
        root.put("trace_sha256", t.traceHash());
        root.put("order", Sweep.ORDER);
        ArrayNode varied = root.putArray("varied");
        for (SweepAxis a : t.axes()) {
            ObjectNode n = varied.addObject();
            n.put("key", a.key());
            n.put("unit", a.configKey() == null ? "trace parameter" : a.configKey().unit());
            ArrayNode values = n.putArray("values");
            a.values().forEach(values::add);
        }
        ObjectNode bc = root.putObject("base_config");
        t.base().asMap().forEach(bc::put);
        ObjectNode bp = root.putObject("base_params");
        new TreeMap<>(t.baseParams()).forEach(bp::put);
        ArrayNode metrics = root.putArray("metrics");
        for (SweepMetrics.Metric m : t.columns()) {
            ObjectNode n = metrics.addObject();
            n.put("name", m.name());
            n.put("unit", m.unit());
            n.put("description", m.description());
        }
        ArrayNode rows = root.putArray("rows");
        for (int i = 0; i < t.rows().size(); i++) {
            ObjectNode r = rows.addObject();
            List<String> values = t.combinations().get(i).values();
            for (int a = 0; a < t.axes().size(); a++) {
                SweepAxis axis = t.axes().get(a);
                if (axis.numeric()) {
                    r.put(axis.key(), Long.parseLong(values.get(a)));
                } else {
                    r.put(axis.key(), values.get(a));
                }
            }
            for (SweepMetrics.Metric m : t.columns()) {
                Number v = t.rows().get(i).metrics().get(m.name());
                if (v == null) {
                    r.putNull(m.name());
                } else if (v instanceof Double || v instanceof Float) {
                    r.put(m.name(), v.doubleValue());
                } else {
                    r.put(m.name(), v.longValue());
                }
            }
        }
        return om.writerWithDefaultPrettyPrinter().writeValueAsBytes(root);
    }
}
