package gpusim.gpu.so;

import gpusim.gpu.Resources;
import gpusim.trace.SoTargetView;
import gpusim.trace.StreamOutput;

/**
 * The stream-output targets one {@code set_so_targets} binds (SOSetTargets with its
 * D3D12_STREAM_OUTPUT_BUFFER_VIEWs), as device addresses, and each bound slot's current
 * BufferFilledSize. The command processor makes it, reads every bound slot's filled size from
 * memory into it, and sends it down the pipe; from then on the stream-output unit of the vertex
 * stage owns it and advances the filled sizes as it writes.
 */
public final class SoBinding {
    /** BufferFilledSize is a 32-bit quantity (Microsoft, "Stream Output Counters"). */
    public static final long MAX_FILLED = 0xFFFF_FFFFL;

    final long[] address = new long[StreamOutput.SLOT_COUNT];
    final long[] size = new long[StreamOutput.SLOT_COUNT];
    final long[] filledAddress = new long[StreamOutput.SLOT_COUNT];
    final long[] filled = new long[StreamOutput.SLOT_COUNT];
    final boolean[] bound = new boolean[StreamOutput.SLOT_COUNT];
    /** The command processor's progress reading the filled sizes: the slot read last, or -1. */
    private int loading = -1;

    public SoBinding(SoTargetView[] views, Resources res) {
        for (int s = 0; s < StreamOutput.SLOT_COUNT && s < views.length; s++) {
            SoTargetView v = views[s];
            if (v != null && v.size() > 0) {
                bound[s] = true;
                address[s] = res.address(v.buffer()) + v.offset();
                size[s] = v.size();
                filledAddress[s] = res.address(v.filledBuffer()) + v.filledOffset();
            }
        }
    }

    /** Whether any slot has a buffer. */
    public boolean anyBound() {
        for (boolean b : bound) {
            if (b) {
                return true;
            }
        }
        return false;
    }

    /**
     * The next bound slot whose filled size must be read, after the one read last, or -1 when
     * all have been read.
     */
    public int nextToLoad() {
        for (int s = loading + 1; s < StreamOutput.SLOT_COUNT; s++) {
            if (bound[s]) {
                loading = s;
                return s;
            }
        }
        loading = StreamOutput.SLOT_COUNT;
        return -1;
    }

    /** The slot {@link #nextToLoad()} returned last. */
    public int loadingSlot() {
        return loading;
    }

    public long filledAddress(int slot) {
        return filledAddress[slot];
    }

    /** Stores the filled size read for {@code slot}: the little-endian u32 at the start of {@code data}. */
    public void loaded(int slot, byte[] data) {
        filled[slot] = (data[0] & 0xFFL) | (data[1] & 0xFFL) << 8 | (data[2] & 0xFFL) << 16 | (data[3] & 0xFFL) << 24;
    }

    /** The current BufferFilledSize of {@code slot} (0 for an unbound slot). */
    public long filled(int slot) {
        return filled[slot];
    }

    public boolean bound(int slot) {
        return bound[slot];
    }
}
