package gpusim.trace;

import java.util.List;

/**
 * The input-assembly work a trace asks for, known before it runs: vertices fetched, a
 * draw's count x instances (IAVertices), summed over every draw of every command list each
 * time it is executed. Predicated draws count too (whether they run is known only at run
 * time), so this is an upper bound the run never exceeds. The validator bounds it with
 * {@code sim.max_vertices}; a run's progress line shows how much of it is done.
 */
public final class TraceWork {
    private TraceWork() {
    }

    /** The vertices one draw fetches: count x instances, saturating at Long.MAX_VALUE. */
    public static long vertices(Command c) {
        if (c instanceof Command.Draw d) {
            return mul(d.vertexCount(), d.instances());
        }
        if (c instanceof Command.DrawIndexed d) {
            return mul(d.indexCount(), d.instances());
        }
        return 0;
    }

    /** The vertices one execution of a command list fetches. */
    public static long vertices(CommandList l) {
        long sum = 0;
        for (Command c : l.commands()) {
            sum = add(sum, vertices(c));
        }
        return sum;
    }

    /** The vertices every execute of the trace fetches, in all. */
    public static long vertices(List<TopCommand> submissions) {
        long sum = 0;
        for (TopCommand t : submissions) {
            if (t instanceof TopCommand.Execute e) {
                for (CommandList l : e.lists()) {
                    sum = add(sum, vertices(l));
                }
            }
        }
        return sum;
    }

    /** a + b for non-negative a and b, saturating. */
    public static long add(long a, long b) {
        long s = a + b;
        return s < 0 ? Long.MAX_VALUE : s;
    }

    /** a x b for non-negative a and b, saturating. */
    public static long mul(long a, long b) {
        long hi = Math.multiplyHigh(a, b);
        long lo = a * b;
        return hi != 0 || lo < 0 ? Long.MAX_VALUE : lo;
    }
}
