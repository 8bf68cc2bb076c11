package gpusim.gpu.cp;

import static gpusim.gpu.cp.CpRig.MEMORY;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gpusim.gpu.TraceBuilder;
import gpusim.gpu.work.SoTargets;
import gpusim.trace.Resource;
import gpusim.trace.SoTargetView;
import org.junit.jupiter.api.Test;

/**
 * The stream-output targets unit through the engine's ports: SOSetTargets waits for the pipe to
 * drain, reads each bound slot's 32-bit BufferFilledSize through memory, one read at a time (the
 * GPU "accesses this value ... to determine where to append new vertex data": Microsoft, "Stream
 * Output Counters"), then sends the binding down the pipe. The next command list starts with no
 * targets: its first step sends the unbinding.
 */
class StreamOutTargetsUnitTest {

    // Slots 0 and 2 bound, slot 1 not; C = 2. The command steps at 1 (the drain asked for) and 2
    // (the pipe is empty: slot 0's filled size read, leaving at 3, back at 3 + MEMORY = 25); at 25
    // slot 2's (leaving at 26, back at 48); at 48 the binding is sent (arrives at 50) and the command
    // is done. The list ends at 48 + C = 50; the next list's start at 51 sends the unbinding
    // (arrives at 53), and that empty list ends at 52.
    @Test
    void eachBoundSlotsFilledSizeIsReadInTurnThenTheBindingIsSent() {
        TraceBuilder t = new TraceBuilder();
        Resource.Buffer so = t.buffer("so", 1024);
        Resource.Buffer filled = t.buffer("filled", 64);
        t.execute(t.list("a").soTargets(new SoTargetView(so, 0, 512, filled, 0), null,
                new SoTargetView(so, 512, 512, filled, 32)).close(), t.list("b").close());
        CpRig r = new CpRig(t, 1);
        r.u.memory.writeLong(r.res.address(filled), 96);
        r.u.memory.writeLong(r.res.address(filled) + 32, 0xFFFF_FFFF_0000_00C8L); // 200; the high word is not read
        long second = 3 + MEMORY + 1 + MEMORY;
        assertEquals(second + 2 + 1 + 1, r.run());
        var sent = r.sent();
        assertEquals(2, sent.size());
        assertEquals(second + 2, sent.get(0).at());
        SoTargets bind = (SoTargets) sent.get(0).item();
        assertTrue(bind.binding().bound(0));
        assertFalse(bind.binding().bound(1));
        assertEquals(96, bind.binding().filled(0));
        assertEquals(200, bind.binding().filled(2));
        assertEquals(second + 2 + 1 + 2, sent.get(1).at(), "the next list's unbinding");
        assertNull(((SoTargets) sent.get(1).item()).binding());
        assertEquals(2 * MEMORY, r.stat("memory_wait_cycles"));
    }
}
