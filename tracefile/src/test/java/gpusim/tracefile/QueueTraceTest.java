package gpusim.tracefile;

import gpusim.config.Config;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.api.CommandListType;
import gpusim.trace.Command;
import gpusim.trace.Resource;
import gpusim.trace.TopCommand;
import gpusim.trace.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The queue, fence and video decode additions to the format: what the reader builds and what it refuses. */
class QueueTraceTest {
    static final String P = TestTraces.PRELUDE;

    @Test
    void fencesSignalsWaitsAndDecodeAreRead() {
        Trace t = TestTraces.parse(P + "fence f\nfence g initial=0x10\n"
                + "video_decoder_heap hd width=1920 height=1080 bitrate=8000000 framerate=30000/1001\n"
                + "video_decoder_heap p width=64 height=48 bitrate=1 framerate=25\n"
                + "command_list d type=VIDEO_DECODE\ndecode_frame hd 1000\ndecode_frame p 8 bitstream=res offset=8\nclose\n"
                + "signal f 1\nwait f 1 queue=VIDEO_DECODE\nexecute d\nsignal g 17 queue=COPY\nwait g 17 queue=COMPUTE\n"
                + "wait_idle\n");
        Resource.Fence f = t.resources(Resource.Fence.class).get(0);
        assertEquals(0, f.initial());
        assertEquals(16, t.resources(Resource.Fence.class).get(1).initial());
        Resource.VideoDecoderHeap hd = t.resources(Resource.VideoDecoderHeap.class).get(0);
        assertEquals(List.of(1920, 1080, 8_000_000L, 30000L, 1001L), List.of(hd.width(), hd.height(), hd.bitRate(),
                hd.frameRateNumerator(), hd.frameRateDenominator()));
        assertEquals(1, t.resources(Resource.VideoDecoderHeap.class).get(1).frameRateDenominator());
        List<Command> cmds = t.commandLists().get(0).commands();
        Command.DecodeFrame a = (Command.DecodeFrame) cmds.get(0);
        assertEquals(1000, a.bytes());
        assertNull(a.bitstream());
        Command.DecodeFrame b = (Command.DecodeFrame) cmds.get(1);
        assertEquals("res", b.bitstream().name());
        assertEquals(8, b.offset());
        List<TopCommand> top = t.submissions();
        assertEquals(new TopCommand.Signal(f, 1, CommandListType.DIRECT, top.get(0).line()), top.get(0));
        assertEquals(new TopCommand.Wait(f, 1, CommandListType.VIDEO_DECODE, top.get(1).line()), top.get(1));
        assertEquals(CommandListType.VIDEO_DECODE, ((TopCommand.Execute) top.get(2)).queue());
        assertEquals(List.of(), TraceValidator.validate(t, true, TraceValidator.Machine.of(Config.defaults())));
    }

    private static TraceException refused(String text) {
        return assertThrows(TraceException.class, () -> TestTraces.check(text, true));
    }

    @Test
    void badValuesAreRefusedWithTheirRule() {
        String heap = "video_decoder_heap h width=64 height=64 bitrate=1 framerate=";
        assertEquals(Rule.VALUE_OUT_OF_RANGE, refused(P + heap + "0\n").rule());
        assertEquals(Rule.VALUE_OUT_OF_RANGE, refused(P + heap + "30/0\n").rule());
        assertEquals(Rule.VALUE_OUT_OF_RANGE, refused(P + heap + "4294967296\n").rule());
        assertEquals(Rule.BAD_NUMBER, refused(P + heap + "a/b\n").rule());
        assertEquals(Rule.MISSING_OPTION, refused(P + "video_decoder_heap h width=64 height=64 bitrate=1\n").rule());
        assertEquals(Rule.TEXTURE_TOO_LARGE, refused(P + "video_decoder_heap h width=0 height=64 bitrate=1 framerate=1\n")
                .rule());
        assertEquals(Rule.BAD_ENUM, refused(P + "fence f\nsignal f 1 queue=BUNDLE\n").rule());
        assertEquals(Rule.VALUE_OUT_OF_RANGE, refused(P + "fence f\nwait f -1\n").rule());
        assertEquals(Rule.VALUE_OUT_OF_RANGE, refused(P + "fence f initial=-1\n").rule());
        assertEquals(Rule.WRONG_RESOURCE_KIND, refused(P + "signal res 1\n").rule());
        assertEquals(Rule.UNDEFINED_NAME, refused(P + "wait nope 1\n").rule());
        assertEquals(Rule.NOT_AT_TOP_LEVEL, refused(P + "fence f\ncommand_list c type=DIRECT\nsignal f 1\nclose\n").rule());
        assertEquals(Rule.NOT_IN_LIST, refused(P + "video_decoder_heap h width=64 height=64 bitrate=1 framerate=1\n"
                + "decode_frame h 10\n").rule());
        assertEquals(Rule.VALUE_OUT_OF_RANGE, refused(P + "video_decoder_heap h width=64 height=64 bitrate=1 "
                + "framerate=1\ncommand_list d type=VIDEO_DECODE\ndecode_frame h 0\nclose\n").rule());
    }

    // Waits that some signal satisfies, on any queue, before the CPU next waits: no deadlock.
    @Test
    void satisfiableWaitsPass() {
        String ok = P + "fence f initial=2\nfence g\n"
                + "wait f 2 queue=COPY\n"                      // the initial value satisfies it
                + "wait g 5 queue=COMPUTE\nsignal g 7 queue=COPY\n" // a later signal on another queue
                + "wait_idle\n"
                + "wait g 7\nsignal g 8 queue=VIDEO_DECODE\nwait g 8 queue=VIDEO_DECODE\n";
        assertEquals(List.of(), TestTraces.check(ok, true));
    }

    // The wait behind a blocked wait on the same queue is blocked too; the first one is reported.
    @Test
    void aChainOfWaitsReportsTheFirstBlockedOne() {
        TraceException e = refused(P + "fence f\nfence g\nwait f 1 queue=COPY\nsignal g 1 queue=COPY\n"
                + "wait g 1 queue=COMPUTE\n");
        assertEquals(Rule.FENCE_WAIT_DEADLOCK, e.rule());
        assertTrue(e.getMessage().contains("queue COPY waits for fence f to reach 1"), e.getMessage());
        assertTrue(e.getMessage().contains("before the end of the trace"), e.getMessage());
    }
}
