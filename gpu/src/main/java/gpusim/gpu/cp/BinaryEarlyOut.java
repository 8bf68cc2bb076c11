package gpusim.gpu.cp;

import gpusim.api.D3D11Query;
import gpusim.api.StencilOp;
import gpusim.gpu.query.CountedQueryKind;
import gpusim.gpu.work.DrawState;
import gpusim.trace.Command;
import gpusim.trace.CommandList;
import gpusim.trace.PipelineState;
import gpusim.trace.StencilFace;
import gpusim.trace.TopCommand;
import java.util.List;

/**
 * Decides, draw by draw, whether the depth blocks may use binary early out
 * ({@code db.binary_early_out}): stop testing a draw's fragments once a sample has passed
 * since the latest BINARY_OCCLUSION begin. A BINARY_OCCLUSION result is only "some sample
 * passed or none", so the rest of the count is not needed, but only when nothing else can
 * observe it. The command processor allows it when
 * <ul>
 * <li>at least one BINARY_OCCLUSION query is active and no OCCLUSION query (whose exact count
 * would change) nor pipeline-statistics query (whose PSInvocations would change) is;</li>
 * <li>the draw has no side effects beyond the count: no depth write, no stencil write, no
 * colour write;</li>
 * <li>the trace never reads the raw per-DB counters with WriteQuery(OCCLUSION), which would
 * see the skipped samples missing.</li>
 * </ul>
 * So D3D12 results never change with the switch; only the DBs' work and the cycles do.
 */
final class BinaryEarlyOut {
    private final boolean enabled;
    private int activeBinary;
    private int activeBlocking;
    private DrawState lastIn;
    private DrawState lastOut;

    BinaryEarlyOut(boolean configured, List<TopCommand> top) {
        this.enabled = configured && !readsRawCounters(top);
    }

    private static boolean readsRawCounters(List<TopCommand> top) {
        for (TopCommand tc : top) {
            if (tc instanceof TopCommand.Execute ex) {
                for (CommandList l : ex.lists()) {
                    for (Command c : l.commands()) {
                        if (c instanceof Command.WriteQuery w && w.type() == D3D11Query.OCCLUSION) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }

    /** A query began whose kind says {@code role} of binary early out ({@link CountedQueryKind#earlyOut}). */
    void begin(CountedQueryKind.EarlyOut role) {
        change(role, 1);
    }

    void end(CountedQueryKind.EarlyOut role) {
        change(role, -1);
    }

    private void change(CountedQueryKind.EarlyOut role, int delta) {
        switch (role) {
            case ALLOWS -> activeBinary += delta;
            case FORBIDS -> activeBlocking += delta;
            case NONE -> {
            }
        }
    }

    /** The state a draw runs with: {@code st}, or a copy that allows binary early out. */
    DrawState apply(DrawState st) {
        if (!enabled || activeBinary <= 0 || activeBlocking > 0 || hasSideEffects(st)) {
            return st;
        }
        if (st != lastIn) {
            lastIn = st;
            lastOut = st.withBinaryEarlyOut();
        }
        return lastOut;
    }

    private static boolean hasSideEffects(DrawState st) {
        PipelineState p = st.pso();
        if (st.rt() != null && p.colorWriteMask() != 0) {
            return true;
        }
        if (st.ds() == null) {
            return false;
        }
        if (p.depthEnable() && p.depthWrite()) {
            return true;
        }
        return p.stencilEnable() && p.stencilWriteMask() != 0 && st.ds().stencil != null
                && (writes(p.front()) || writes(p.back()));
    }

    private static boolean writes(StencilFace f) {
        return f.passOp() != StencilOp.KEEP || f.failOp() != StencilOp.KEEP || f.depthFailOp() != StencilOp.KEEP;
    }
}
