package gpusim.calibration;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import gpusim.replay.DeviceInfo;
import gpusim.replay.ReplayResult;
import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * The JSON report of {@code gpusim replay}: the report contract's {@code dumps} and
 * {@code cycles} (0: a device run models no cycles, as {@code --mode functional} reports),
 * the device, and every TIMESTAMP as device ticks, one value per run (docs/replay.md, "Report").
 * A measurement like the calibration set's: {@link TimestampIntervals} reads it back.
 */
public final class ReplayReport {
    private ReplayReport() {
    }

    /** Writes the report of {@code runs}, replays of {@code traceName}, to {@code os} (closed at the end). */
    public static void write(OutputStream os, String traceName, List<ReplayResult> runs) throws IOException {
        ReplayResult first = runs.get(0);
        DeviceInfo d = first.device();
        try (JsonGenerator g = new JsonFactory().createGenerator(os, JsonEncoding.UTF8)) {
            g.useDefaultPrettyPrinter();
            g.writeStartObject();
            g.writeStringField("trace", traceName);
            g.writeNumberField("cycles", 0);
            g.writeObjectFieldStart("device");
            g.writeStringField("name", d.name());
            g.writeStringField("type", d.type());
            g.writeStringField("vendor_id", String.format("0x%04x", d.vendorId()));
            g.writeStringField("driver_name", d.driverName());
            g.writeStringField("driver_info", d.driverInfo());
            g.writeNumberField("driver_version", d.driverVersion());
            g.writeStringField("api_version", d.apiVersion());
            g.writeNumberField("timestamp_period_ns", d.timestampPeriodNs());
            g.writeNumberField("timestamp_valid_bits", d.timestampValidBits());
            g.writeEndObject();
            g.writeNumberField("timestamp_period_ns", d.timestampPeriodNs());
            g.writeNumberField("timestamp_frequency", Math.round(1e9 / d.timestampPeriodNs()));
            g.writeNumberField("repeat", runs.size());
            g.writeArrayFieldStart("dumps");
            for (ReplayResult.Dump dump : first.dumps()) {
                g.writeStartObject();
                g.writeStringField("buffer", dump.buffer());
                g.writeNumberField("offset", dump.offset());
                g.writeArrayFieldStart("values");
                for (long v : dump.values()) {
                    g.writeNumber(Long.toUnsignedString(v));
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("timestamps");
            for (int i = 0; i < first.timestamps().size(); i++) {
                ReplayResult.Timestamp t = first.timestamps().get(i);
                g.writeStartObject();
                g.writeStringField("heap", t.heap());
                g.writeNumberField("index", t.index());
                g.writeNumberField("line", t.line());
                g.writeArrayFieldStart("ticks");
                for (ReplayResult r : runs) {
                    g.writeNumber(Long.toUnsignedString(r.timestamps().get(i).ticks()));
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeArrayFieldStart("host_ms");
            for (ReplayResult r : runs) {
                g.writeNumber(r.hostNanos() / 1e6);
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }
}
