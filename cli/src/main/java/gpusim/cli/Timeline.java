package gpusim.cli;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import gpusim.sim.Component;
import gpusim.sim.TraceHook;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * A timeline of the run in the Chrome / Perfetto trace-event format (open it in
 * ui.perfetto.dev or chrome://tracing): one track per component with its busy and stalled
 * spans, instant events for query begins, ends and resolves, and a counter per queue for
 * its occupancy. Time is in GPU cycles: one microsecond on the timeline is one cycle.
 * Events are streamed to the file as they happen.
 */
final class Timeline implements TraceHook, AutoCloseable {
    private final JsonGenerator g;
    private final Map<Component, Integer> tracks = new IdentityHashMap<>();

    Timeline(Path file, List<Component> components) throws IOException {
        g = new JsonFactory().createGenerator(file.toFile(), JsonEncoding.UTF8);
        g.writeStartObject();
        g.writeObjectFieldStart("otherData");
        g.writeStringField("time", "1 us on the timeline = 1 GPU cycle");
        g.writeEndObject();
        g.writeArrayFieldStart("traceEvents");
        for (Component c : components) {
            int tid = tracks.size() + 1;
            tracks.put(c, tid);
            g.writeStartObject();
            g.writeStringField("name", "thread_name");
            g.writeStringField("ph", "M");
            g.writeNumberField("pid", 1);
            g.writeNumberField("tid", tid);
            g.writeObjectFieldStart("args");
            g.writeStringField("name", c.name());
            g.writeEndObject();
            g.writeEndObject();
        }
    }

    private int track(Component c) {
        Integer t = tracks.get(c);
        return t == null ? 0 : t;
    }

    @Override
    public void span(Component c, String kind, long start, long end) {
        try {
            g.writeStartObject();
            g.writeStringField("name", kind);
            g.writeStringField("ph", "X");
            g.writeNumberField("ts", start);
            g.writeNumberField("dur", end - start);
            g.writeNumberField("pid", 1);
            g.writeNumberField("tid", track(c));
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void instant(Component c, String name, long cycle) {
        try {
            g.writeStartObject();
            g.writeStringField("name", name);
            g.writeStringField("ph", "i");
            g.writeStringField("s", "t");
            g.writeNumberField("ts", cycle);
            g.writeNumberField("pid", 1);
            g.writeNumberField("tid", track(c));
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void counter(String name, long cycle, long value) {
        try {
            g.writeStartObject();
            g.writeStringField("name", "queue " + name);
            g.writeStringField("ph", "C");
            g.writeNumberField("ts", cycle);
            g.writeNumberField("pid", 1);
            g.writeObjectFieldStart("args");
            g.writeNumberField("entries", value);
            g.writeEndObject();
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        g.writeEndArray();
        g.writeEndObject();
        g.close();
    }
}
