package gpusim.harness;

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
 *
 * <p>Queue occupancy is sampled when it changes: a queue reports every push and pop, and a
 * counter event is written once its cycle is over (the value it ended the cycle with), and
 * only if that differs from the last value written, so a push and a pop in one cycle leave
 * no event and a long steady stretch costs nothing.
 */
public final class Timeline implements TraceHook, AutoCloseable {
    private final JsonGenerator g;
    private final Map<Component, Integer> tracks = new IdentityHashMap<>();
    /** Per counter: the cycle of its latest report, the value then, and the value last written (-1: none). */
    private final Map<String, long[]> counters = new java.util.LinkedHashMap<>();

    /** Starts the trace-event file {@code file}, with one track for each of {@code components}. */
    public Timeline(Path file, List<Component> components) throws IOException {
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
        event(kind, "X", start, track(c), end - start, null, 0);
    }

    @Override
    public void instant(Component c, String name, long cycle) {
        event(name, "i", cycle, track(c), -1, null, 0);
    }

    @Override
    public void counter(String name, long cycle, long value) {
        long[] c = counters.get(name);
        if (c == null) {
            c = new long[] {cycle, value, -1};
            counters.put(name, c);
        } else if (cycle != c[0]) {
            flush(name, c);
            c[0] = cycle;
        }
        c[1] = value;
    }

    /** Writes a counter's value at the end of its latest reported cycle, if it changed. */
    private void flush(String name, long[] c) {
        if (c[1] != c[2]) {
            event("queue " + name, "C", c[0], -1, -1, "entries", c[1]);
            c[2] = c[1];
        }
    }

    /** One trace event; dur, tid and the counter argument are written only when given. */
    private void event(String name, String phase, long ts, int tid, long dur, String arg, long value) {
        try {
            g.writeStartObject();
            g.writeStringField("name", name);
            g.writeStringField("ph", phase);
            if (phase.equals("i")) {
                g.writeStringField("s", "t");
            }
            g.writeNumberField("ts", ts);
            if (dur >= 0) {
                g.writeNumberField("dur", dur);
            }
            g.writeNumberField("pid", 1);
            if (tid >= 0) {
                g.writeNumberField("tid", tid);
            }
            if (arg != null) {
                g.writeObjectFieldStart("args");
                g.writeNumberField(arg, value);
                g.writeEndObject();
            }
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        for (Map.Entry<String, long[]> e : counters.entrySet()) {
            flush(e.getKey(), e.getValue());
        }
        g.writeEndArray();
        g.writeEndObject();
        g.close();
    }
}
