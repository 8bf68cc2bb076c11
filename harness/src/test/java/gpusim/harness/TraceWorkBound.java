package gpusim.harness;

import gpusim.config.Config;
import gpusim.config.SharedKeys;
import gpusim.gpu.PipelineParams;
import gpusim.memory.MemorySystem;
import gpusim.trace.Command;
import gpusim.trace.CommandList;
import gpusim.trace.PipelineState;
import gpusim.trace.Resource;
import gpusim.trace.TopCommand;
import gpusim.trace.Trace;
import gpusim.trace.TraceWork;

/**
 * A generous upper bound on the cycles a validated trace can take, from what the trace
 * declares, before anything runs. The model bounds vertices (sim.max_vertices, before running)
 * and scanned samples (sim.max_samples, while running), but not the rest of a run's work:
 * clears, copies, dispatches, video decode, shader cycles of a pipeline state. The fuzz target
 * (TraceFuzzTest) refuses inputs over this bound before simulating, so no input runs long,
 * and checks afterwards that the run stayed within it.
 *
 * <p>Every term over-estimates: a primitive for every vertex, every primitive covering the
 * largest surface of the trace, each sample and vertex costing more than any unit of the
 * model spends on it, each command a memory round trip and more.
 */
final class TraceWorkBound {
    /** Cycles a command costs at most beyond the work it carries (decode, a memory round trip, a drain). */
    static final double COMMAND_CYCLES = 2_000;
    /** Per vertex beyond its shader cost: fetch, assembly, clipping, setup, stream-output bytes at 32 B/cycle. */
    static final double VERTEX_CYCLES = 16;
    /** Per covered sample beyond its pixel shader cost: scan, depth test, memory and colour backend. */
    static final double SAMPLE_CYCLES = 4;

    private TraceWorkBound() {
    }

    /** The samples of the largest render target or depth-stencil of {@code t} (0: none). */
    static long largestSurface(Trace t) {
        long max = 0;
        for (Resource r : t.resources()) {
            if (r instanceof Resource.RenderTarget rt) {
                max = Math.max(max, (long) rt.width() * rt.height() * rt.samples());
            } else if (r instanceof Resource.DepthStencil ds) {
                max = Math.max(max, (long) ds.width() * ds.height() * ds.samples());
            }
        }
        return max;
    }

    /** An upper bound on the cycles {@code t} takes on configuration {@code c}. */
    static double cycles(Trace t, Config c) {
        double samples = largestSurface(t);
        double bytesPerCycle = c.get(MemorySystem.MEMORY_BYTES_PER_CYCLE);
        double total = COMMAND_CYCLES * (t.resources().size() + t.submissions().size());
        for (TopCommand top : t.submissions()) {
            if (top instanceof TopCommand.Dump d) {
                total += d.count() * 8 / bytesPerCycle;
            }
            if (!(top instanceof TopCommand.Execute e)) {
                continue;
            }
            for (CommandList l : e.lists()) {
                double vs = c.get(PipelineParams.VS_CYCLES);
                double ps = c.get(PipelineParams.PS_CYCLES);
                double so = 0;
                for (Command cmd : l.commands()) {
                    total += COMMAND_CYCLES;
                    if (cmd instanceof Command.SetPipelineState s) {
                        PipelineState p = s.pso().state();
                        vs = p.vsCycles() >= 0 ? p.vsCycles() : c.get(PipelineParams.VS_CYCLES);
                        ps = p.psCycles() >= 0 ? p.psCycles() : c.get(PipelineParams.PS_CYCLES);
                        so = p.streamOutput() == null ? 0 : p.streamOutput().stride() / bytesPerCycle;
                    }
                    double v = TraceWork.vertices(cmd);
                    total += v * (VERTEX_CYCLES + vs + so) + v * samples * (SAMPLE_CYCLES + ps);
                    total += otherWork(cmd, c, samples, bytesPerCycle);
                }
            }
        }
        return total;
    }

    private static double otherWork(Command cmd, Config c, double samples, double bytesPerCycle) {
        if (cmd instanceof Command.ClearDepthStencil || cmd instanceof Command.ClearRenderTarget) {
            return samples * SAMPLE_CYCLES;
        }
        if (cmd instanceof Command.CopyBufferRegion cp) {
            return 2 * cp.bytes() / bytesPerCycle;
        }
        if (cmd instanceof Command.Dispatch d) {
            return (double) d.x() * d.y() * d.z();
        }
        if (cmd instanceof Command.DecodeFrame f) {
            return f.bytes() * (c.get(PipelineParams.DECODE_CYCLES_PER_BYTE) + 1.0 / bytesPerCycle);
        }
        if (cmd instanceof Command.ResolveQueryData r) {
            // Each query's counters from every DB, read and summed, then written.
            return (double) r.count() * c.get(SharedKeys.DB_COUNT) * 64;
        }
        return 0;
    }
}
