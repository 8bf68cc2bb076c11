package gpusim.gpu.cp;

import gpusim.api.QueryType;
import gpusim.gpu.Resources;
import gpusim.gpu.decode.DecodeStatistics;
import gpusim.sim.Stat;
import gpusim.trace.Command;
import gpusim.trace.Resource;

/**
 * The video decode unit of the VIDEO_DECODE engine: DecodeFrame, and the EndQuery of a
 * VIDEO_DECODE_STATISTICS query that reports on it.
 *
 * <p>DecodeFrame reads the compressed bitstream through memory in 4 KiB pieces (when the
 * command names a bitstream buffer), then decodes at {@code decode.cycles_per_byte}. The
 * frame's decode time (from the command starting to the decoder finishing) is kept for a
 * following VIDEO_DECODE_STATISTICS EndQuery: D3D12 (D3D12_QUERY_TYPE docs) records video decode
 * statistics only for the last DecodeFrame of the list, so a new list starts with none
 * ({@link #reset}).
 */
final class DecodeUnit implements CommandUnit<Command> {
    @Override public gpusim.sim.MemoryClient memoryClient() { return gpusim.sim.MemoryClient.DECODE; }
    private static final long CHUNK = 4096;

    /** The last decode_frame of a command list: its heap, frame size and cycles from start to finish. */
    private record DecodeRecord(Resource.VideoDecoderHeap heap, long bytes, long cycles) {
    }

    /** The steps of a command: a frame reads its bitstream, then decodes; a statistics query writes its words. */
    private enum Step { READ_BITSTREAM, DECODING, STATISTICS_WRITTEN }

    private final EngineServices engine;
    private final Resources res;
    private final long cyclesPerByte;
    private final long clockHz;
    private final Stat.Scalar decodes;
    /** The last decode_frame of the current command list (its statistics), or null. */
    private DecodeRecord lastDecode;

    private Command command;
    private Step step;
    private long decodeStart;
    private long bitstreamRead;

    DecodeUnit(EngineServices engine, Resources res, long cyclesPerByte, long clockHz, Stat.Scalar decodes) {
        this.engine = engine;
        this.res = res;
        this.cyclesPerByte = cyclesPerByte;
        this.clockHz = clockHz;
        this.decodes = decodes;
    }

    /** A new command list: no decode_frame yet. */
    void reset() {
        lastDecode = null;
    }

    /** Whether {@code c} is a command this unit executes. */
    static boolean decodes(Command c) {
        return c instanceof Command.DecodeFrame
                || c instanceof Command.EndQuery q && q.type() == QueryType.VIDEO_DECODE_STATISTICS;
    }

    @Override
    public void start(Command c) {
        command = c;
        step = null;
    }

    @Override
    public boolean step(long now) {
        if (command instanceof Command.DecodeFrame f) {
            return decodeFrame(f, now);
        }
        return endStatistics((Command.EndQuery) command, now);
    }

    private boolean decodeFrame(Command.DecodeFrame f, long now) {
        if (step == null) {
            decodeStart = now;
            bitstreamRead = 0;
            step = Step.READ_BITSTREAM;
        }
        if (step == Step.READ_BITSTREAM) {
            if (f.bitstream() != null && bitstreamRead < f.bytes()) {
                int n = (int) Math.min(CHUNK, f.bytes() - bitstreamRead);
                engine.read(res.address(f.bitstream()) + f.offset() + bitstreamRead, n);
                bitstreamRead += n;
                return false;
            }
            long end = now + f.bytes() * cyclesPerByte;
            engine.busyUntil(end);
            engine.span("decoding", now, end);
            step = Step.DECODING;
            return false;
        }
        lastDecode = new DecodeRecord(f.heap(), f.bytes(), now - decodeStart);
        decodes.inc();
        return true;
    }

    /**
     * EndQuery(VIDEO_DECODE_STATISTICS), EndQuery only (D3D12_QUERY_TYPE docs): the statistics of the list's
     * last decode_frame before it, which has completed (the decode engine runs one command at a
     * time); none: zeros.
     */
    private boolean endStatistics(Command.EndQuery q, long now) {
        if (step == null) {
            long[] words = lastDecode == null ? new long[DecodeStatistics.BYTES / 8]
                    : DecodeStatistics.words(lastDecode.heap(), lastDecode.bytes(), lastDecode.cycles(), clockHz);
            engine.write(res.querySlot(q.heap(), q.index()), words);
            res.queryState(q.heap()).end(q.index(), q.type(), null);
            if (engine.traced()) {
                engine.event("end_query " + q.heap().name() + "[" + q.index() + "]", now);
            }
            step = Step.STATISTICS_WRITTEN;
            return false;
        }
        return true;
    }

    @Override
    public String describe() {
        if (command instanceof Command.DecodeFrame f) {
            return step == Step.DECODING ? "decode_frame: decoding"
                    : "decode_frame: reading the bitstream (" + bitstreamRead + " of " + f.bytes() + " bytes)";
        }
        return "end_query: writing the decode statistics";
    }
}
