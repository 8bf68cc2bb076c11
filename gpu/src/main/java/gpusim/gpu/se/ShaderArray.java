package gpusim.gpu.se;

import gpusim.gpu.PipelineParams.ShaderArrayParams;

/**
 * The shader units of the GPU, split evenly between {@code shader.engines} shader engines.
 * Vertex and pixel work contend for the same units: each engine is a resource that is
 * booked in the order work reaches it, from the cycle it is free (the engine runs one
 * wave's issue after another; waves overlap in its pipe, see {@link ShaderEngine}). Pixel
 * waves go to their render back end's engine; vertex batches to whichever engine is free
 * first (the geometry front end distributes vertex waves across engines, as AMD's
 * multi-engine parts do).
 */
public final class ShaderArray {
    private final long[] freeAt;
    private final long[] vertexCycles;
    private final long[] pixelCycles;
    private final long unitsPerEngine;
    private final long latency;

    private long quadsShaded;
    private final gpusim.sim.StatGroup stats = new gpusim.sim.StatGroup("shaders",
            "the shader engines together: pixel work of every render back end");

    public ShaderArray(ShaderArrayParams p, long[] pipelineCounters) {
        stats.formula("quads_shaded", "quads", "2x2 quads shaded by every engine: with a sample passing "
                + "depth/stencil, or for late-Z pipeline states with a covered sample", () -> (double) quadsShaded);
        stats.formula("ps_invocations", "pixels", "pixels with a sample that passed depth/stencil "
                + "(PSInvocations; counted also for passes that need no pixel shader)",
                () -> (double) pipelineCounters[gpusim.gpu.PipelineCounters.PS_INVOCATIONS]);
        this.freeAt = new long[p.engines()];
        this.vertexCycles = new long[p.engines()];
        this.pixelCycles = new long[p.engines()];
        this.unitsPerEngine = p.unitsPerEngine();
        this.latency = p.latency();
    }

    /** shader.latency: a wave's cycles in an engine's pipe after its issue. */
    public long latency() {
        return latency;
    }

    public int engines() {
        return freeAt.length;
    }

    /** The engine render back end {@code rb} of {@code rbs} belongs to (contiguous groups, as SEs own their RBs). */
    public int engineOf(int rb, int rbs) {
        return (int) ((long) rb * freeAt.length / rbs);
    }

    /** How many of {@code owners} tile owners send their pixel waves to engine {@code e}. */
    public int ownersOf(int e, int owners) {
        int k = 0;
        for (int d = 0; d < owners; d++) {
            if (engineOf(d, owners) == e) {
                k++;
            }
        }
        return k;
    }

    /** Cycles {@code work} unit-cycles take on one engine (at least 1). */
    public long cycles(long work) {
        return Math.max(1, (work + unitsPerEngine - 1) / unitsPerEngine);
    }

    /** Books pixel work of {@code work} unit-cycles on engine {@code e} at {@code now}; returns the cycle it ends. */
    public long bookPixels(int e, long now, long quads, long work) {
        quadsShaded += quads;
        long c = cycles(work);
        pixelCycles[e] += c;
        return book(e, now, c);
    }

    /** Books vertex work on the engine free first (lowest index on a tie); returns the cycle it ends. */
    public long bookVertices(long now, long work) {
        int best = 0;
        for (int e = 1; e < freeAt.length; e++) {
            if (Math.max(now, freeAt[e]) < Math.max(now, freeAt[best])) {
                best = e;
            }
        }
        long c = cycles(work);
        vertexCycles[best] += c;
        return book(best, now, c);
    }

    private long book(int e, long now, long cycles) {
        long end = Math.max(now, freeAt[e]) + cycles;
        freeAt[e] = end;
        return end;
    }

    /** Whole-array figures (quads shaded, PSInvocations). */
    public gpusim.sim.StatGroup stats() {
        return stats;
    }

    /** Cycles engine {@code e} spent issuing vertex work. */
    public long vertexCycles(int e) {
        return vertexCycles[e];
    }

    /** Cycles engine {@code e} spent issuing pixel work. */
    public long pixelCycles(int e) {
        return pixelCycles[e];
    }
}
