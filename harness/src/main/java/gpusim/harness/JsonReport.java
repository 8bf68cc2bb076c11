package gpusim.harness;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import gpusim.config.Config;
import gpusim.gpu.DrawTracker;
import gpusim.gpu.RunResult;
import gpusim.gpu.cp.CommandProcessor;
import gpusim.sim.Stat;
import gpusim.sim.StatGroup;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The JSON report. Its {@code dumps} array and {@code cycles} follow the trace format's
 * report contract; u64 values are written as unsigned JSON numbers (they may exceed 2^53).
 * It also holds the configuration, decoded queries, per-draw cycles and the statistics tree
 * (every statistic with its unit and description; a histogram with its buckets).
 */
public final class JsonReport {
    private JsonReport() {
    }

    /** Writes the report of {@code r}, a run of {@code traceName} on {@code config}, to {@code file}. */
    public static void write(Path file, String traceName, Config config, RunResult r) throws IOException {
        try (OutputStream os = Files.newOutputStream(file)) {
            write(os, traceName, config, r);
        }
    }

    /** As {@link #write(Path, String, Config, RunResult)}, to a stream (closed at the end). */
    public static void write(OutputStream os, String traceName, Config config, RunResult r) throws IOException {
        try (JsonGenerator g = new JsonFactory().createGenerator(os, JsonEncoding.UTF8)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("trace", traceName);
            g.writeNumberField("cycles", r.cycles());
            g.writeNumberField("timestamp_frequency", r.timestampFrequency());
            g.writeArrayFieldStart("dumps");
            for (CommandProcessor.DumpResult d : r.dumps()) {
                g.writeStartObject();
                g.writeStringField("buffer", d.buffer());
                g.writeNumberField("offset", d.offset());
                g.writeArrayFieldStart("values");
                for (long v : d.values()) {
                    g.writeNumber(Long.toUnsignedString(v));
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("queries");
            for (RunResult.QueryReport q : r.queries()) {
                g.writeStartObject();
                g.writeStringField("heap", q.heap());
                g.writeNumberField("index", q.index());
                g.writeStringField("type", q.type());
                g.writeBooleanField("ended", q.ended());
                g.writeArrayFieldStart("values");
                for (long v : q.values()) {
                    g.writeNumber(Long.toUnsignedString(v));
                }
                g.writeEndArray();
                g.writeNumberField("end_to_landed_cycles", q.latency());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("draws");
            for (DrawTracker.DrawRecord d : r.draws()) {
                g.writeStartObject();
                g.writeNumberField("id", d.id);
                g.writeNumberField("line", d.line);
                g.writeNumberField("issued", d.issued);
                g.writeNumberField("finished", d.finished);
                g.writeNumberField("cycles", d.cycles());
                g.writeNumberField("scan_samples", d.scanSamples);
                g.writeNumberField("samples_tested", d.samplesTested);
                g.writeNumberField("samples_passed", d.samplesPassed);
                g.writeNumberField("hiz_tiles", d.hizTiles);
                g.writeNumberField("hiz_rejected_tiles", d.hizRejectedTiles);
                g.writeNumberField("quads", d.quads);
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeObjectFieldStart("config");
            for (Map.Entry<String, Long> e : config.asMap().entrySet()) {
                // A choice is written by name (db.pattern: "checkerboard"), as --set and a preset
                // take it, so the block round-trips; numbers stay numbers.
                gpusim.config.ConfigKey k = gpusim.config.ConfigKeys.find(e.getKey());
                if (k != null && k.choices() != null) {
                    g.writeStringField(e.getKey(), k.format(e.getValue()));
                } else {
                    g.writeNumberField(e.getKey(), e.getValue());
                }
            }
            g.writeEndObject();
            g.writeFieldName("stats");
            writeGroup(g, r.stats());
            g.writeEndObject();
        }
    }

    /**
     * A histogram's distribution besides its value (the mean): gem5's summary (samples, min,
     * max, mean, overflows) and the buckets as two arrays of one length, each bucket's lowest
     * value and its weight, ready for a bar chart.
     */
    private static void writeHistogram(JsonGenerator g, Stat.Histogram h) throws IOException {
        g.writeStringField("weight_unit", h.weightUnit());
        g.writeNumberField("samples", h.samples());
        g.writeNumberField("min", h.min());
        g.writeNumberField("max", h.max());
        double mean = h.mean();
        if (Double.isFinite(mean)) {
            g.writeNumberField("mean", mean);
        } else {
            g.writeNullField("mean");
        }
        g.writeNumberField("bucket_size", h.bucketSize());
        g.writeNumberField("overflows", h.overflows());
        g.writeArrayFieldStart("bucket_low");
        for (int i = 0; i < h.buckets(); i++) {
            g.writeNumber(h.bucketLow(i));
        }
        g.writeEndArray();
        g.writeArrayFieldStart("weights");
        for (int i = 0; i < h.buckets(); i++) {
            g.writeNumber(h.weight(i));
        }
        g.writeEndArray();
    }

    private static void writeGroup(JsonGenerator g, StatGroup group) throws IOException {
        g.writeStartObject();
        g.writeStringField("description", group.description());
        for (Stat s : group.stats()) {
            g.writeObjectFieldStart(s.name());
            Number v = s.value();
            if (v instanceof Double d && !Double.isFinite(d)) {
                // A figure with nothing to measure (a mean over no requests): null, not "NaN".
                g.writeNullField("value");
            } else if (v instanceof Double d) {
                g.writeNumberField("value", d);
            } else {
                g.writeNumberField("value", v.longValue());
            }
            g.writeStringField("unit", s.unit());
            g.writeStringField("description", s.description());
            if (s instanceof Stat.Histogram h) {
                writeHistogram(g, h);
            }
            g.writeEndObject();
        }
        for (StatGroup c : group.children()) {
            g.writeFieldName(c.name());
            writeGroup(g, c);
        }
        g.writeEndObject();
    }
}
