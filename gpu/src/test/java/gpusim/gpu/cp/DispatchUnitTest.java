package gpusim.gpu.cp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gpusim.api.CommandListType;
import gpusim.gpu.TraceBuilder;
import org.junit.jupiter.api.Test;

/**
 * The dispatch unit through the engine's ports, on a COMPUTE queue: a dispatch of G thread groups
 * counts G compute invocations (one a group: the trace gives no group size) and keeps the engine
 * busy for ceil(G / shader.units) cycles before the next command's decode.
 */
class DispatchUnitTest {

    // shader.units = 4, cp.cycles_per_command C = 3. Dispatch (5, 3, 1) = 15 groups steps at 1:
    // busy ceil(15 / 4) = 4 cycles, then C: the next command at 1 + 4 + 3 = 8. Dispatch (2, 2, 2) =
    // 8 groups: 8 + 2 + 3 = 13. The list's end step at 13.
    @Test
    void aDispatchIsBusyForItsGroupsOverTheUnitsThenTheDecode() {
        TraceBuilder t = new TraceBuilder();
        t.execute(CommandListType.COMPUTE,
                t.list("c", CommandListType.COMPUTE).dispatch(5, 3, 1).dispatch(2, 2, 2).close());
        CpRig r = new CpRig(t, CommandListType.COMPUTE, 1, "shader.units=4", "cp.cycles_per_command=3");
        assertEquals(1 + (4 + 3) + (2 + 3), r.run());
        assertEquals(15 + 8, r.stat("cs_invocations"));
        assertEquals(0, r.sent().size(), "a compute engine sends nothing down the graphics pipe");
    }

    // One group more than the units takes two cycles: 17 groups on 16 units (the default shader.units)
    // = 2 cycles, + C = 2: the list ends at 1 + 2 + 2 = 5.
    @Test
    void aPartialRoundOfGroupsCostsAWholeCycle() {
        TraceBuilder t = new TraceBuilder();
        t.execute(CommandListType.COMPUTE, t.list("c", CommandListType.COMPUTE).dispatch(17, 1, 1).close());
        CpRig r = new CpRig(t, CommandListType.COMPUTE, 1);
        assertEquals(1 + 2 + 2, r.run());
    }
}
